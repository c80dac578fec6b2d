import { addDays, exchangeResponse, historySyncProgress, sandboxPublicTokenResponse } from '@tally/shared';
import { afterAll, beforeAll } from 'vitest';
import { createPlaidProvider } from '../src/providers/bank/plaid';
import type { BankProvider } from '../src/providers/bank/types';
import type { FakePlaid, FakeSeed, FakeTransactionInput } from './fake-plaid';
import { DEFAULT_FAKE_ACCOUNTS, startFakePlaid } from './fake-plaid';
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

/**
 * The fake Plaid server a test file shares, on the tests' clock and holding `seed`: started before the
 * file's tests, closed after them. Call it at the file's top level; what it answers gives the server to the
 * tests and hooks that run after it started.
 */
export function fakePlaidForFile(seed: FakeSeed = fakeHistory()): () => FakePlaid {
  let fake: FakePlaid | undefined;
  beforeAll(async () => {
    fake = await startFakePlaid({ now: testNow, seed });
  });
  afterAll(() => fake?.close());
  return () => {
    if (!fake) throw new Error('the fake Plaid server starts before the tests: read it inside one');
    return fake;
  };
}

/** The real Plaid SDK, pointed at a fake Plaid server. */
export function plaidAgainst(fake: FakePlaid): BankProvider {
  return createPlaidProvider({
    clientId: fake.clientId,
    secret: fake.secret,
    env: 'sandbox',
    baseUrl: fake.url,
  });
}

/** Two app instances with these secrets act as two server processes of one deployment (as read from DATA_DIR). */
export const SHARED_SECRETS = { jwtSecret: 'j'.repeat(40), tokenEncryptionKey: 'k'.repeat(40) };

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

/** A connection's import as its banner reads it. */
export async function importProgress(app: TestApp, auth: { token: string }, connectionId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/plaid/connections/${connectionId}/import-progress`,
    headers: bearer(auth),
  });
  return expectJson(res, 200, historySyncProgress);
}

export async function waitForImport(app: TestApp, token: string, connectionId: string, status = 'Completed') {
  return eventually(async () => {
    const body = await importProgress(app, { token }, connectionId);
    return body.status === status ? body : undefined;
  }, `import ${status}`);
}

/**
 * Links the fake bank for a person through the API: a sandbox public token, exchanged at `exchangeUrl` (one
 * of the exchange endpoints); the exchange's answer.
 */
export async function linkFakeBank(
  app: TestApp,
  auth: { token: string },
  exchangeUrl = '/api/plaid/exchange-public-token',
) {
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
    url: exchangeUrl,
    headers: bearer(auth),
    payload: { publicToken },
  });
  return expectJson(linked, 200, exchangeResponse);
}

/** Links the fake bank for a person through the API (its quick sync has run, its import not yet); the connection's id. */
export async function linkBank(app: TestApp, auth: { token: string }): Promise<string> {
  return (await linkFakeBank(app, auth)).connection.id;
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
