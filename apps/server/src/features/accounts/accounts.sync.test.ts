import crypto from 'node:crypto';
import { exchangeResponse, type LoginResult, sandboxPublicTokenResponse } from '@tally/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeHistory, testNow, transactionRows } from '../../../test/accounts';
import { type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { createCipher } from '../../lib/crypto';
import { createPlaidProvider } from '../../providers/bank/plaid';
import type { BankProvider, SyncPage } from '../../providers/bank/types';
import { type SyncDeps, syncConnection } from './accounts.sync';

// The cursor sync run directly (no queue), against the real Plaid SDK and the fake Plaid server, with a
// provider that lets a test act between two pages exactly as a concurrent change would.

let fake: FakePlaid;
beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(120) });
});
afterAll(() => fake.close());

const tokenEncryptionKey = crypto.randomBytes(32).toString('hex');
/** Small pages, so one import is many pages and a test can step in between them. */
const PAGE_SIZE = 10;

type SyncCall = { cursor: string | null; page?: SyncPage; error?: string };

let app: TestApp;
let alice: LoginResult;
let connectionId: string;
let calls: SyncCall[];
/** Runs before the provider answers call number `n` (1-based); set by a test. */
let beforeCall: (n: number, cursor: string | null) => Promise<void>;
let real: BankProvider;
let provider: BankProvider;

beforeEach(async () => {
  fake.maxPageSize = PAGE_SIZE;
  // No background worker: the test alone runs the sync, so nothing else moves the cursor unless it says so.
  app = await createTestApp({
    env: fake.env(),
    now: testNow,
    runJobs: false,
    tokenEncryptionKey,
  });
  alice = await signUp(app);
  const token = await app.inject({
    method: 'POST',
    url: '/api/plaid/sandbox/public-token',
    headers: bearer(alice),
    payload: {},
  });
  const { publicToken } = expectJson(token, 200, sandboxPublicTokenResponse);
  const linked = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token',
    headers: bearer(alice),
    payload: { publicToken },
  });
  connectionId = expectJson(linked, 200, exchangeResponse).connection.id;

  real = createPlaidProvider({
    clientId: fake.clientId,
    secret: fake.secret,
    env: 'sandbox',
    baseUrl: fake.url,
  });
  calls = [];
  beforeCall = async () => {};
  provider = {
    ...real,
    syncTransactions: async (accessToken, cursor, options) => {
      const call: SyncCall = { cursor };
      calls.push(call);
      await beforeCall(calls.length, cursor);
      try {
        call.page = await real.syncTransactions(accessToken, cursor, options);
        return call.page;
      } catch (error) {
        call.error = String(Reflect.get(Object(error), 'code'));
        throw error;
      }
    },
  };
});
afterEach(async () => {
  fake.maxPageSize = 500;
  await app.close();
});

const deps = (bank: BankProvider): SyncDeps => ({
  db: app.database.db,
  provider: bank,
  cipher: createCipher(tokenEncryptionKey),
  now: testNow,
});

async function savedConnection() {
  const [row] = await app.database.query<{ cursor: string | null; item_id: string }>(
    'select cursor, item_id from bank_connections where id = $1',
    [connectionId],
  );
  if (!row) throw new Error('the connection is gone');
  return row;
}

/** Provider transaction ids stored for alice, one entry per row, sorted. */
async function storedIds() {
  const rows = await transactionRows(app, alice.user.id);
  return rows.map((r) => String(r.provider_transaction_id)).sort();
}

describe('the cursor sync', () => {
  it('starts the pagination over when the bank changed mid-way: every transaction once, the final cursor saved', async () => {
    const { item_id: itemId } = await savedConnection();
    let newcomerId = '';
    beforeCall = async (n) => {
      if (n !== 3) return;
      // Plaid's answer when the item changed while we paged: the new transaction arrives with the restart.
      newcomerId = fake.addTransactions(itemId, [
        { account: 'checking', amount: 12.34, date: '2026-11-19', name: 'CORNER BAKERY' },
      ])[0]!.transaction_id;
      fake.failNext('/transactions/sync', {
        status: 400,
        errorType: 'TRANSACTIONS_ERROR',
        errorCode: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      });
    };

    const stored = await syncConnection(deps(provider), { userId: alice.user.id, connectionId });

    // Two pages applied, the third answered with the error, then the pagination began again from its start.
    expect(calls[2]?.error).toBe('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION');
    expect(calls[3]?.cursor).toBeNull();
    const ids = await storedIds();
    const expected = [...fake.item(itemId).transactions.keys()].sort();
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(newcomerId);
    expect(stored).toBeGreaterThanOrEqual(expected.length);
    const last = calls.at(-1)?.page;
    expect(last?.hasMore).toBe(false);
    expect((await savedConnection()).cursor).toBe(last?.nextCursor);
  });

  it("drops a page when another worker moved the saved cursor meanwhile, and goes on from that worker's cursor", async () => {
    let otherWorkerCursor: string | null = null;
    beforeCall = async (n) => {
      if (n !== 3) return;
      // Another worker syncs the same connection to the end while this one waits for its third page.
      await syncConnection(deps(real), { userId: alice.user.id, connectionId });
      otherWorkerCursor = (await savedConnection()).cursor;
    };

    await syncConnection(deps(provider), { userId: alice.user.id, connectionId });

    expect(otherWorkerCursor).not.toBeNull();
    // The third page was read from a stale cursor: it is dropped, and the next read starts from the
    // other worker's cursor instead of paging on from the stale one.
    expect(calls[2]?.cursor).toBe(calls[1]?.page?.nextCursor);
    expect(calls.slice(3).map((c) => c.cursor)).toEqual([otherWorkerCursor]);
    expect(calls[3]?.page).toMatchObject({ added: [], modified: [], removed: [], hasMore: false });
    expect((await savedConnection()).cursor).toBe(otherWorkerCursor);
    const ids = await storedIds();
    expect(ids).toEqual([...fake.item((await savedConnection()).item_id).transactions.keys()].sort());
  });
});
