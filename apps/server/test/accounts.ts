import { addDays, exchangeResponse, sandboxPublicTokenResponse } from '@tally/shared';
import type { FakeSeed, FakeTransactionInput } from './fake-plaid';
import { DEFAULT_FAKE_ACCOUNTS } from './fake-plaid';
import { bearer, expectJson, type TestApp } from './helpers';

/** The day tests call "today"; app and fake Plaid share this clock. */
export const TODAY = '2026-11-20';
export const testNow = () => new Date(`${TODAY}T15:00:00Z`);

/** Plaid-style history: one transaction every other day for `days` days, plus a salary and rent each month. */
export function fakeHistory(days = 120): FakeSeed {
  const transactions: FakeTransactionInput[] = [];
  for (let back = 0; back < days; back += 2) {
    const date = addDays(TODAY, -back);
    transactions.push({
      account: back % 4 === 0 ? 'credit' : 'checking',
      amount: 10 + (back % 37) + 0.37,
      date,
      name: `TRADER JOES #${100 + (back % 5)}`,
      merchantName: "Trader Joe's",
      category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
    });
    if (back % 30 === 0) {
      transactions.push({
        account: 'checking',
        amount: -2500.1,
        date,
        name: 'ACME CORP PAYROLL',
        merchantName: 'Acme Corp',
        category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
      });
    }
  }
  transactions.push({
    account: 'checking',
    amount: 4.5,
    date: TODAY,
    name: 'BLUE BOTTLE COFFEE',
    merchantName: 'Blue Bottle Coffee',
    pending: true,
    category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE' },
  });
  return { accounts: DEFAULT_FAKE_ACCOUNTS, transactions };
}

/** Polls until `check` passes: background jobs finish on their own schedule, never on a fixed delay. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 20_000,
) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function waitForImport(app: TestApp, token: string, connectionId: string, status = 'Completed') {
  return eventually(async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/plaid/connections/${connectionId}/import-progress`,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = res.json();
    return body.status === status ? body : undefined;
  }, `import ${status}`);
}

/** Links the fake bank for a person through the API (its quick sync has run, its import not yet); the connection's id. */
export async function linkBank(app: TestApp, auth: { token: string }): Promise<string> {
  const { publicToken } = expectJson(
    await app.inject({
      method: 'POST',
      url: '/api/plaid/sandbox/public-token',
      headers: bearer(auth),
      payload: {},
    }),
    200,
    sandboxPublicTokenResponse,
  );
  const linked = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token',
    headers: bearer(auth),
    payload: { publicToken },
  });
  const connectionId = expectJson(linked, 200, exchangeResponse).connection.id;
  return connectionId;
}

/** Links the fake bank for a person through the API and waits for its import; the connection's id. */
export async function linkBankAndImport(app: TestApp, auth: { token: string }): Promise<string> {
  const connectionId = await linkBank(app, auth);
  await waitForImport(app, auth.token, connectionId);
  return connectionId;
}

/** Every stored transaction row of a user, minus nothing: ids and timestamps included, so any write shows. */
export async function transactionRows(app: TestApp, userId: string) {
  return app.database.query(
    `select id, provider_transaction_id, account_id, date::text, description, merchant_name, amount::text, category,
            category_source, pending, note, deleted_at, updated_at
       from transactions where user_id = $1 order by provider_transaction_id`,
    [userId],
  );
}

/** The same rows without generated ids and timestamps, to compare two separate imports. */
export async function transactionContent(app: TestApp, userId: string) {
  return app.database.query(
    `select provider_transaction_id, date::text, description, merchant_name, amount::text, category, pending, note,
            deleted_at is not null as deleted
       from transactions where user_id = $1 order by provider_transaction_id`,
    [userId],
  );
}
