import crypto from 'node:crypto';
import {
  accountList,
  billingState,
  connectionStatus,
  errorBody,
  exchangeResponse,
  type LoginResult,
  resetAndResyncResponse,
  transactionList,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, linkBankAndImport, testNow, waitForImport } from '../../../test/accounts';
import { DEFAULT_FAKE_ACCOUNTS, type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, putOnPlan, signUp, type TestApp } from '../../../test/helpers';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';
import { recordingQueue } from '../../../test/recording-queue';
import { resumeUnfinishedHistorySyncs } from '../../jobs/bank-sync.job';
import { createCipher } from '../../lib/crypto';
import { createPlaidProvider } from '../../providers/bank/plaid';
import type { BankProvider } from '../../providers/bank/types';
import { getConnectionsByItem } from './accounts.queries';
import { MANUAL_REFUSALS } from './accounts.routes';
import { refreshStaleConnections, syncConnectionHistory } from './accounts.sync';

// The person's manual accounts sit on a connection of provider 'manual' with no bank behind it and no
// token: everything that reads a bank must pass it by, and everything else must treat it as any other.

let fake: FakePlaid;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(30) });
  app = await createTestApp({ env: fake.env(), now: testNow });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (auth: LoginResult, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });

/** A person with a manual account holding one typed transaction; answers its ids. */
async function withManualAccount(auth: LoginResult) {
  const cash = await addManualAccount(app, auth, { name: 'Cash', openingBalance: 300 });
  const typed = await addManualTransaction(app, auth, { accountId: cash.id, amount: -20 });
  return { connectionId: cash.connectionId, accountId: cash.id, transactionId: typed.id };
}

/** What a person sees of their manual account: the account and its transactions. */
async function manualView(auth: LoginResult) {
  const accounts = expectJson(await call(auth, 'GET', '/plaid/accounts'), 200, accountList);
  const listed = expectJson(await call(auth, 'GET', '/transactions?pageSize=100'), 200, transactionList);
  return {
    accounts: accounts.filter((a) => a.isManual),
    transactions: listed.transactions.filter((t) => t.isManual),
  };
}

describe('bank-only requests on the manual connection', () => {
  it('answer 400 with what to do instead, and change nothing', async () => {
    const ada = await signUp(app);
    const { connectionId } = await withManualAccount(ada);
    const before = await manualView(ada);
    const attempts: Array<[Method, string, object | undefined, string]> = [
      ['POST', '/plaid/import-historical-data', { connectionId, range: '1y' }, MANUAL_REFUSALS.import],
      ['DELETE', `/plaid/connections/${connectionId}`, undefined, MANUAL_REFUSALS.disconnect],
      ['POST', `/plaid/connections/${connectionId}/reconnect`, undefined, MANUAL_REFUSALS.reconnect],
      ['POST', '/transactions/reset-and-resync', { connectionId }, MANUAL_REFUSALS.resync],
    ];
    for (const [method, url, payload, message] of attempts) {
      const res = await call(ada, method, url, payload);
      expect(expectJson(res, 400, errorBody), `${method} ${url}`).toEqual({
        message,
        code: 'MANUAL_CONNECTION',
      });
    }
    expect(MANUAL_REFUSALS).toEqual({
      import:
        'Manual accounts are not linked to a bank, so there is no history to import. Import a file instead.',
      disconnect:
        'Manual accounts are not linked to a bank, so there is nothing to disconnect. Delete the accounts one by one instead.',
      reconnect: 'Manual accounts are not linked to a bank, so there is nothing to reconnect.',
      resync: 'Manual accounts are not linked to a bank, so there is nothing to resync.',
    });
    expect(await manualView(ada)).toEqual(before);
    const [runs] = await app.database.query<{ n: number }>(
      'select count(*)::int as n from history_syncs where user_id = $1',
      [ada.user.id],
    );
    expect(Number(runs?.n)).toBe(0);
  });

  it('another person’s manual connection is not found, whatever is asked of it', async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const { connectionId } = await withManualAccount(ada);
    for (const [method, url, payload] of [
      ['POST', '/plaid/import-historical-data', { connectionId, range: '1y' }],
      ['DELETE', `/plaid/connections/${connectionId}`, undefined],
      ['POST', `/plaid/connections/${connectionId}/reconnect`, undefined],
      ['POST', '/transactions/reset-and-resync', { connectionId }],
      ['GET', `/plaid/connections/${connectionId}/status`, undefined],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(expectJson(res, 404, errorBody).message, `${method} ${url}`).toBe('Connection not found');
    }
  });

  it('its status is read like any connection’s, without an import', async () => {
    const ada = await signUp(app);
    const { connectionId } = await withManualAccount(ada);
    await addManualAccount(app, ada, { name: 'Jar' });
    const status = expectJson(
      await call(ada, 'GET', `/plaid/connections/${connectionId}/status`),
      200,
      connectionStatus,
    );
    expect(status).toEqual({
      id: connectionId,
      isActive: true,
      lastSyncAt: null,
      accountCount: 2,
      transactionCount: 1,
      importProgress: null,
    });
    const progress = await call(ada, 'GET', `/plaid/connections/${connectionId}/import-progress`);
    expect(expectJson(progress, 404, errorBody).message).toBe('No import for this connection');
  });

  it('resyncing every connection resyncs the banks and leaves the typed transactions alone', async () => {
    const ada = await signUp(app);
    const bankId = await linkBankAndImport(app, ada);
    await withManualAccount(ada);
    // A row imported from a file into the linked bank's account: no bank would bring it back either.
    const [linked] = await app.database.query<{ id: string }>(
      'select id from bank_accounts where user_id = $1 and connection_id = $2 order by id limit 1',
      [ada.user.id, bankId],
    );
    const [fromFile] = await app.database.query<{ id: string }>(
      `insert into transactions (user_id, account_id, provider_transaction_id, date, description, amount, category)
       values ($1, $2, $3, '2020-01-02', 'Old statement line', -1234, 20) returning id`,
      [ada.user.id, linked!.id, `file:${linked!.id}:fp:${'a'.repeat(64)}`],
    );
    const before = await manualView(ada);
    const bankCount = async () => {
      const [row] = await app.database.query<{ n: number }>(
        `select count(*)::int as n from transactions where user_id = $1 and provider_transaction_id not like 'file:%'
            and account_id in (select id from bank_accounts where connection_id = $2)`,
        [ada.user.id, bankId],
      );
      return Number(row?.n);
    };
    const imported = await bankCount();
    expect(imported).toBeGreaterThan(0);
    const res = await call(ada, 'POST', '/transactions/reset-and-resync', {});
    expect(expectJson(res, 200, resetAndResyncResponse)).toEqual({ connectionsResynced: 1 });
    await waitForImport(app, ada.token, bankId);
    expect(await manualView(ada)).toEqual(before);
    expect(await bankCount()).toBe(imported);
    const [kept] = await app.database.query<{ id: string }>(
      "select id from transactions where user_id = $1 and provider_transaction_id like 'file:%'",
      [ada.user.id],
    );
    expect(kept?.id).toBe(fromFile?.id);
  });
});

describe('the background work passes the manual connection by', () => {
  it('the scheduled refresh queues banks only, and a webhook’s item never names it', async () => {
    const ada = await signUp(app);
    const bankId = await linkBankAndImport(app, ada);
    const { connectionId } = await withManualAccount(ada);
    const { queue, sent } = recordingQueue();
    // Days later every connection is stale, and the manual one has never synced at all.
    const later = () => new Date(testNow().getTime() + 3 * 86_400_000);
    await refreshStaleConnections({ db: app.database.db, queue, now: later });
    const mine = sent.filter((job) => job.data.userId === ada.user.id);
    expect(mine).toEqual([{ name: 'bank-sync', data: { userId: ada.user.id, connectionId: bankId } }]);
    expect(sent.some((job) => job.data.connectionId === connectionId)).toBe(false);
    expect(await getConnectionsByItem(app.database.db, { itemId: 'manual' })).toEqual([]);
  });

  it('an import job naming it ends without asking any bank or opening any token', async () => {
    const ada = await signUp(app);
    const { connectionId } = await withManualAccount(ada);
    // As a run would look had anything queued one for it: open and unclaimed.
    const [run] = await app.database.query<{ id: string }>(
      'insert into history_syncs (user_id, connection_id) values ($1, $2) returning id',
      [ada.user.id, connectionId],
    );
    const runId = run!.id;

    // The hourly resume of unfinished imports does not queue it...
    const { queue, sent } = recordingQueue();
    await resumeUnfinishedHistorySyncs({ db: app.database.db, queue, now: testNow });
    expect(sent.filter((job) => job.data.runId === runId)).toEqual([]);

    // ...and a job that names it anyway finds nothing to do.
    const asked: string[] = [];
    const real = createPlaidProvider({
      clientId: fake.clientId,
      secret: fake.secret,
      env: 'sandbox',
      baseUrl: fake.url,
    });
    const provider: BankProvider = {
      ...real,
      getAccounts: async (token) => {
        asked.push('getAccounts');
        return real.getAccounts(token);
      },
      syncTransactions: async (token, cursor, options) => {
        asked.push('syncTransactions');
        return real.syncTransactions(token, cursor, options);
      },
    };
    const cipher = createCipher(crypto.randomBytes(32).toString('hex'));
    const stored = await syncConnectionHistory(
      { db: app.database.db, provider, cipher, now: testNow },
      { userId: ada.user.id, connectionId, runId, owner: 'test' },
    );
    expect(stored).toBe(0);
    expect(asked).toEqual([]);
    const [after] = await app.database.query<{ status: string; message: string }>(
      'select status, message from history_syncs where id = $1',
      [runId],
    );
    expect(after).toEqual({ status: 'Failed', message: 'Import cancelled' });
    const [row] = await app.database.query<{ cursor: string | null; last_sync_at: string | null }>(
      'select cursor, last_sync_at from bank_connections where id = $1',
      [connectionId],
    );
    expect(row).toEqual({ cursor: null, last_sync_at: null });
  });
});

describe('the Starter plan’s bank accounts', () => {
  const billing = async (auth: LoginResult) =>
    expectJson(await call(auth, 'GET', '/billing'), 200, billingState);

  it('counts linked banks only: manual accounts neither count nor are refused', async () => {
    const ada = await signUp(app);
    await putOnPlan(app, ada, 'starter');
    expect(await billing(ada)).toMatchObject({ plan: 'starter', accountLimit: 2, linkedAccounts: 0 });
    for (const name of ['Cash', 'Jar', 'Card', 'House']) await addManualAccount(app, ada, { name });
    expect(await billing(ada)).toMatchObject({ linkedAccounts: 0 });

    // Link still opens, and a bank with two accounts fits beside the four kept by hand.
    expect((await call(ada, 'POST', '/plaid/create-link-token', {})).statusCode).toBe(200);
    fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS.slice(0, 2), transactions: [] };
    const linked = await call(ada, 'POST', '/plaid/exchange-public-token-quick-sync', {
      publicToken: fake.createPublicToken(),
    });
    expectJson(linked, 200, exchangeResponse);
    expect(await billing(ada)).toMatchObject({ linkedAccounts: 2 });

    // Now the plan's two are linked: no more banks, but manual accounts are still welcome.
    const refused = await call(ada, 'POST', '/plaid/create-link-token', {});
    expect(expectJson(refused, 403, errorBody).code).toBe('ACCOUNT_LIMIT');
    await addManualAccount(app, ada, { name: 'Envelope' });
    expect(await billing(ada)).toMatchObject({ linkedAccounts: 2 });
    fake.seed = fakeHistory(30);
  });
});

describe('deleting the person’s whole account', () => {
  it('deletes the manual accounts with everything else and removes only real banks at Plaid', async () => {
    const ada = await signUp(app);
    await linkBankAndImport(app, ada);
    const itemId = fake.items.get([...fake.items.keys()].at(-1) ?? '')?.itemId;
    await withManualAccount(ada);
    const removedBefore = fake.removedItemIds.length;
    const res = await call(ada, 'DELETE', '/user', { password: 'correct horse' });
    expect(res.statusCode, res.body).toBe(204);
    expect(fake.removedItemIds.slice(removedBefore)).toEqual([itemId]);
    for (const table of ['bank_connections', 'bank_accounts', 'transactions']) {
      const [row] = await app.database.query<{ n: number }>(
        `select count(*)::int as n from ${table} where user_id = $1`,
        [ada.user.id],
      );
      expect(Number(row?.n), table).toBe(0);
    }
  });

  it('works for a person with manual accounts only', async () => {
    const bea = await signUp(app);
    await withManualAccount(bea);
    const removedBefore = fake.removedItemIds.length;
    const res = await call(bea, 'DELETE', '/user', { password: 'correct horse' });
    expect(res.statusCode, res.body).toBe(204);
    expect(fake.removedItemIds.length).toBe(removedBefore);
    const [row] = await app.database.query<{ n: number }>(
      'select count(*)::int as n from bank_connections where user_id = $1',
      [bea.user.id],
    );
    expect(Number(row?.n)).toBe(0);
  });
});
