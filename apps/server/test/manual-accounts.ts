import {
  account,
  CATEGORY,
  type createManualAccountBody,
  type ManualTransactionBody,
  transaction,
} from '@tally/shared';
import type { z } from 'zod';
import { TODAY } from './accounts';
import { bearer, expectJson, type TestApp } from './helpers';

type Auth = { token: string };

/** Adds a manual account through the API: a checking account opened with $1,000.00 unless told otherwise. */
export async function addManualAccount(
  app: TestApp,
  auth: Auth,
  body: Partial<z.input<typeof createManualAccountBody>> = {},
) {
  const payload = { name: 'Cash jar', type: 0, subtype: 'checking', openingBalance: 1000, ...body };
  return expectJson(
    await app.inject({ method: 'POST', url: '/api/accounts/manual', headers: bearer(auth), payload }),
    201,
    account,
  );
}

/** Types a transaction into a manual account through the API: $12.34 of groceries today unless told. */
export async function addManualTransaction(
  app: TestApp,
  auth: Auth,
  body: Partial<ManualTransactionBody> & { accountId: string },
) {
  const payload: ManualTransactionBody = {
    date: TODAY,
    description: 'Farmers market',
    amount: -12.34,
    category: CATEGORY.Groceries,
    ...body,
  };
  return expectJson(
    await app.inject({ method: 'POST', url: '/api/transactions/manual', headers: bearer(auth), payload }),
    201,
    transaction,
  );
}
