import {
  accountList,
  connectionList,
  connection as connectionResponse,
  connectionStatus,
  errorBody,
  type LoginResult,
  linkTokenResponse,
  reconnectResponse,
  resetAndResyncResponse,
  transactionList,
  webhookResponse,
} from '@tally/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  eventually,
  fakePlaidForFile,
  linkFakeBank,
  plaidAgainst,
  SHARED_SECRETS,
  TODAY,
  testNow,
  transactionContent,
  transactionRows,
  waitForImport,
} from '../../../test/accounts';
import { EVERY_TRY, PLAID_DOWN } from '../../../test/fake-plaid';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  expectJson,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import type { BankProvider } from '../../providers/bank/types';

const fake = fakePlaidForFile();

/** Asks for a 2-year backfill of the connection and waits until its run has completed. */
async function backfillAndWait(app: TestApp, auth: LoginResult, connectionId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/plaid/import-historical-data',
    headers: bearer(auth),
    payload: { connectionId, range: '2y' },
  });
  expect(res.statusCode).toBe(200);
  await waitForImport(app, auth.token, connectionId);
}

/** Plaid tells us, with a signed webhook, that the item has new changes. */
async function syncUpdates(app: TestApp, itemId: string) {
  const { body, plaidVerification } = await fake().syncUpdatesWebhook(itemId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/plaid/webhook',
    headers: { 'content-type': 'application/json', 'plaid-verification': plaidVerification },
    payload: body,
  });
  expect(expectJson(res, 200, webhookResponse)).toEqual({ received: true });
}

const connect = (app: TestApp, auth: LoginResult, url = '/api/plaid/exchange-public-token-quick-sync') =>
  linkFakeBank(app, auth, url);

const list = async (app: TestApp, auth: LoginResult, query = '') =>
  expectJson(
    await app.inject({ method: 'GET', url: `/api/transactions?pageSize=100${query}`, headers: bearer(auth) }),
    200,
    transactionList,
  );

describe('bank linking through Plaid (real SDK against the fake Plaid server)', () => {
  let app: TestApp;
  let alice: LoginResult;
  beforeEach(async () => {
    app = await createTestApp({ env: fake().env(), now: testNow });
    alice = await signUp(app, { timeZone: 'America/New_York' });
  });
  afterEach(() => app.close());

  it('stores the connection, its accounts and the last 30 days before answering, then imports the rest', async () => {
    const body = await connect(app, alice);
    expect(body.connection.institutionName).toBe('First Platypus Bank');
    expect(body.connection.accounts.map((a: { type: number }) => a.type).sort()).toEqual([0, 0, 2, 3, 4]);
    expect(body.importProgress?.quickSyncCompletedAt).not.toBeNull();
    expect(body.transactionsImported).toBeGreaterThan(10);
    expect(JSON.stringify(body)).not.toContain('access-');

    // Today in New York is the 20th, so the quick sync covers the 30 days from Oct 21.
    const recent = fake().seed.transactions.filter((t) => t.date >= '2026-10-21');
    expect(body.transactionsImported).toBe(recent.length);

    const done = await waitForImport(app, alice.token, body.connection.id);
    expect(done).toMatchObject({
      progress: 100,
      message: 'Import completed successfully!',
      canDismiss: true,
    });
    const all = await list(app, alice);
    expect(all.pagination.totalItems).toBe(fake().seed.transactions.length);
    expect(all.transactions.at(-1)!.date < '2026-10-01').toBe(true);
  });

  it('converts Plaid amounts exactly and flips their sign', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const salary = (await list(app, alice, '&searchTerm=payroll')).transactions[0];
    expect(salary).toMatchObject({
      amount: 2500.1,
      category: 1,
      categoryName: 'Salary',
      merchantName: 'Acme Corp',
    });
    const grocery = (await list(app, alice, '&searchTerm=trader')).transactions[0]!;
    expect(grocery.amount).toBeLessThan(0);
    expect(grocery.categoryName).toBe('Groceries');
    expect(Math.round(grocery.amount * 100) / 100).toBe(grocery.amount);
  });

  it('keeps the access token encrypted at rest', async () => {
    const { connection } = await connect(app, alice);
    const [row] = await app.database.query<{ access_token_encrypted: string }>(
      'select access_token_encrypted from bank_connections where id = $1',
      [connection.id],
    );
    const accessToken = fake().items.values().next().value?.accessToken;
    expect(accessToken).toBeTruthy();
    expect(row?.access_token_encrypted).not.toContain(accessToken);
    expect(row?.access_token_encrypted.startsWith('v2.')).toBe(true);
  });

  it('leaves exactly the same rows when the whole history is imported again', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const before = await transactionRows(app, alice.user.id);
    await backfillAndWait(app, alice, connection.id);
    expect(await transactionRows(app, alice.user.id)).toEqual(before);
  });

  it('applies a webhook delivered five times exactly once', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const item = [...fake().items.values()].at(-1)!;
    fake().addTransactions(item.itemId, [
      { account: 'checking', amount: 12.34, date: TODAY, name: 'NEW SHOP', merchantName: 'New Shop' },
    ]);
    const { body, plaidVerification } = await fake().syncUpdatesWebhook(item.itemId);
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/plaid/webhook',
        headers: { 'content-type': 'application/json', 'plaid-verification': plaidVerification },
        payload: body,
      });
      expect(expectJson(res, 200, webhookResponse)).toEqual({ received: true });
    }
    const found = await eventually(async () => {
      const rows = (await list(app, alice, '&searchTerm=new%20shop')).transactions;
      return rows.length > 0 ? rows : undefined;
    }, 'webhook sync');
    expect(found).toHaveLength(1);
    // Let every queued delivery run, then check nothing was duplicated or rewritten.
    const settled = await transactionRows(app, alice.user.id);
    await eventually(async () => {
      const jobs = await app.database.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name like 'bank-%' and state in ('created','retry','active')",
      );
      return Number(jobs[0]?.n) === 0;
    }, 'queued syncs');
    expect(await transactionRows(app, alice.user.id)).toEqual(settled);
  });

  it('stores descriptions and merchant names exactly, whatever characters they hold', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const item = [...fake().items.values()].at(-1)!;
    const odd = [
      { name: 'JOE\'S "CAFÉ" {1,2} \\ NULL', merchantName: null },
      { name: 'a,b;c\ttab NULL', merchantName: '{"braces"}, \\ and \'quotes\'' },
      { name: 'NULL', merchantName: '' },
    ];
    fake().addTransactions(
      item.itemId,
      odd.map((t, i) => ({ account: 'checking', amount: 1 + i, date: TODAY, ...t })),
    );
    await syncUpdates(app, item.itemId);
    const stored = await eventually(async () => {
      const rows = await app.database.query<{ description: string; merchantName: string | null }>(
        `select description, merchant_name as "merchantName" from transactions
          where user_id = $1 and date = $2 and amount in (-100, -200, -300) order by amount desc`,
        [alice.user.id, TODAY],
      );
      return rows.length === 3 ? rows : undefined;
    }, 'odd descriptions');
    expect(stored).toEqual(odd.map((t) => ({ description: t.name, merchantName: t.merchantName })));
  });

  it('rejects webhooks that are unsigned, forged, stale or tampered', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const item = [...fake().items.values()].at(-1)!;
    const { body } = await fake().syncUpdatesWebhook(item.itemId);
    const cases = [
      {},
      { 'plaid-verification': 'not-a-jwt' },
      { 'plaid-verification': await fake().signWebhook(body, { wrongKey: true }) },
      {
        'plaid-verification': await fake().signWebhook(body, {
          issuedAt: Math.floor(testNow().getTime() / 1000) - 600,
        }),
      },
      { 'plaid-verification': await fake().signWebhook(`${body} `) },
      { 'plaid-verification': await fake().signWebhook(body, { alg: 'HS256' }) },
    ];
    for (const headers of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/plaid/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it("carries the person's category and note from a pending transaction to the posted one", async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const pending = (await list(app, alice, '&searchTerm=blue%20bottle')).transactions[0]!;
    expect(pending.pending).toBe(true);
    await app.inject({
      method: 'PUT',
      url: `/api/transactions/${pending.id}/category`,
      headers: bearer(alice),
      payload: { category: 23 },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/transactions/${pending.id}/note`,
      headers: bearer(alice),
      payload: { note: 'with Sam' },
    });

    const item = [...fake().items.values()].at(-1)!;
    const pendingId = [...item.transactions.values()].find((t) => t.pending)!.transaction_id;
    fake().postPending(item.itemId, pendingId, { amount: 5.5 });
    await syncUpdates(app, item.itemId);
    const posted = await eventually(async () => {
      const rows = (await list(app, alice, '&searchTerm=blue%20bottle')).transactions;
      return rows.length === 1 && !rows[0]!.pending ? rows[0] : undefined;
    }, 'posted transaction');
    expect(posted).toMatchObject({
      amount: -5.5,
      category: 23,
      categoryName: 'Entertainment',
      note: 'with Sam',
    });
  });

  it('keeps a pending transaction the person deleted deleted once it posts', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const pending = (await list(app, alice, '&searchTerm=blue%20bottle')).transactions[0]!;
    expect(pending.pending).toBe(true);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${pending.id}`,
      headers: bearer(alice),
    });
    expect(deleted.statusCode).toBe(204);

    const item = [...fake().items.values()].at(-1)!;
    const pendingId = [...item.transactions.values()].find((t) => t.pending)!.transaction_id;
    const postedId = fake().postPending(item.itemId, pendingId, { amount: 5.5 }).transaction_id;
    await syncUpdates(app, item.itemId);
    const posted = await eventually(async () => {
      const rows = await app.database.query<{ deleted: boolean; pending: boolean }>(
        `select deleted_at is not null as deleted, pending from transactions
          where user_id = $1 and provider_transaction_id = $2`,
        [alice.user.id, postedId],
      );
      return rows[0];
    }, 'posted transaction');
    expect(posted).toEqual({ deleted: true, pending: false });
    expect((await list(app, alice, '&searchTerm=blue%20bottle')).transactions).toEqual([]);
  });

  it('deletes what the bank removes, and a deleted transaction stays deleted after another import', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const item = [...fake().items.values()].at(-1)!;
    const [first, second] = [...item.transactions.values()].filter((t) => !t.pending);
    fake().removeTransactions(item.itemId, [first!.transaction_id]);
    const mine = (await list(app, alice)).transactions.find(
      (t: { description: string; date: string; amount: number }) =>
        t.date === second!.date && t.amount === -second!.amount,
    );
    await app.inject({ method: 'DELETE', url: `/api/transactions/${mine!.id}`, headers: bearer(alice) });
    const before = (await list(app, alice)).pagination.totalItems;

    await syncUpdates(app, item.itemId);
    await eventually(async () => (await list(app, alice)).pagination.totalItems === before - 1, 'removal');
    await backfillAndWait(app, alice, connection.id);
    expect((await list(app, alice)).pagination.totalItems).toBe(before - 1);
  });

  it('uses the category a person chose for a merchant on later imports', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const coffee = (await list(app, alice, '&searchTerm=blue%20bottle')).transactions[0]!;
    await app.inject({
      method: 'PUT',
      url: `/api/transactions/${coffee.id}/category`,
      headers: bearer(alice),
      payload: { category: 24 },
    });
    const item = [...fake().items.values()].at(-1)!;
    fake().addTransactions(item.itemId, [
      {
        account: 'checking',
        amount: 3.75,
        date: TODAY,
        name: 'BLUE BOTTLE COFFEE #2',
        merchantName: 'Blue Bottle Coffee',
        category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE' },
      },
    ]);
    await syncUpdates(app, item.itemId);
    const rows = await eventually(async () => {
      const r = (await list(app, alice, '&searchTerm=blue%20bottle')).transactions;
      return r.length === 2 ? r : undefined;
    }, 'new coffee');
    expect(rows.map((t: { category: number }) => t.category)).toEqual([24, 24]);
  });

  it('disconnects (history deleted, connection inactive) and reconnects with a fresh import', async () => {
    const { connection } = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/transactions/reset-and-resync',
      headers: bearer(alice),
      payload: { connectionId: connection.id },
    });
    expect(reset.statusCode).toBe(200);
    // SPEC §7 calls it with no body at all: that means every active connection.
    for (const headers of [bearer(alice), { ...bearer(alice), 'content-type': 'application/json' }]) {
      const all = await app.inject({ method: 'POST', url: '/api/transactions/reset-and-resync', headers });
      expect(expectJson(all, 200, resetAndResyncResponse)).toEqual({ connectionsResynced: 1 });
    }
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/plaid/connections/${connection.id}`,
      headers: bearer(alice),
    });
    expect(expectJson(del, 200, connectionResponse).isActive).toBe(false);
    expect((await list(app, alice)).pagination.totalItems).toBe(0);
    expect(
      expectJson(
        await app.inject({ method: 'GET', url: '/api/plaid/accounts', headers: bearer(alice) }),
        200,
        accountList,
      ),
    ).toEqual([]);

    const again = await app.inject({
      method: 'POST',
      url: `/api/plaid/connections/${connection.id}/reconnect`,
      headers: bearer(alice),
    });
    expect(expectJson(again, 200, reconnectResponse).connection.isActive).toBe(true);
    await waitForImport(app, alice.token, connection.id);
    expect((await list(app, alice)).pagination.totalItems).toBe(fake().seed.transactions.length);
  });

  it("answers 404 for another user's connection on every route", async () => {
    const { connection } = await connect(app, alice);
    const bob = await signUp(app);
    const routes = [
      ['GET', `/api/plaid/connections/${connection.id}/status`],
      ['GET', `/api/plaid/connections/${connection.id}/import-progress`],
      ['POST', `/api/plaid/connections/${connection.id}/reconnect`],
      ['DELETE', `/api/plaid/connections/${connection.id}`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await app.inject({ method, url, headers: bearer(bob) })).statusCode).toBe(404);
    }
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: bearer(bob), payload });
    expect(
      (await post('/api/plaid/import-historical-data', { connectionId: connection.id })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/transactions/reset-and-resync', { connectionId: connection.id })).statusCode,
    ).toBe(404);
    expect(
      expectJson(
        await app.inject({ method: 'GET', url: '/api/plaid/connections', headers: bearer(bob) }),
        200,
        connectionList,
      ),
    ).toEqual([]);
    // And Alice's connection is untouched.
    const status = await app.inject({
      method: 'GET',
      url: `/api/plaid/connections/${connection.id}/status`,
      headers: bearer(alice),
    });
    expect(expectJson(status, 200, connectionStatus).isActive).toBe(true);
  });

  it('creates a link token through Plaid, and answers 502 without internals when Plaid fails', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/plaid/create-link-token',
      headers: bearer(alice),
    });
    expect(expectJson(ok, 200, linkTokenResponse).linkToken).toMatch(/^link-/);
    fake().failNext('/link/token/create', PLAID_DOWN, EVERY_TRY);
    const failed = await app.inject({
      method: 'POST',
      url: '/api/plaid/create-link-token',
      headers: bearer(alice),
    });
    expect(expectJson(failed, 502, errorBody)).toEqual({
      message: 'Your bank did not answer as expected. Please try again in a moment.',
      code: 'BANK_UNAVAILABLE',
    });
  });

  it('answers 400 with a message for bad bodies and a rejected public token', async () => {
    const cases: [string, object, string][] = [
      ['/api/plaid/exchange-public-token-quick-sync', {}, 'publicToken is required'],
      [
        '/api/plaid/exchange-public-token-quick-sync',
        { publicToken: 'public-sandbox-nope' },
        'The bank connection could not be completed. Please try again.',
      ],
      ['/api/plaid/import-historical-data', { connectionId: 'nope' }, 'connectionId must be a connection id'],
      [
        '/api/plaid/import-historical-data',
        {
          connectionId: '00000000-0000-4000-8000-000000000000',
          range: 'custom',
          customStartDate: '2026-02-01',
          customEndDate: '2026-01-31',
        },
        'Start date must be before end date',
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url, headers: bearer(alice), payload });
      expect(expectJson(res, 400, errorBody).message).toBe(message);
    }
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/plaid/connections/not-a-uuid/status',
          headers: bearer(alice),
        })
      ).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/plaid/connections' })).statusCode).toBe(401);
  });
});

describe('an import interrupted by a stopped server', () => {
  it('resumes from the saved cursor after a restart and ends with the same rows as an uninterrupted import', async () => {
    const database = await createTestDatabase();
    fake().maxPageSize = 10;
    const real = plaidAgainst(fake());
    let calls = 0;
    // The first process dies while fetching its second page.
    const dying: BankProvider = {
      ...real,
      syncTransactions: async (...args) => {
        calls += 1;
        if (calls >= 2) throw new Error('process killed');
        return real.syncTransactions(...args);
      },
    };
    const first = await createTestApp({
      env: fake().env(),
      now: testNow,
      database,
      keepDatabase: true,
      bankProvider: dying,
      ...SHARED_SECRETS,
    });
    const alice = await signUp(first);
    const { connection } = await connect(first, alice, '/api/plaid/exchange-public-token');
    await eventually(async () => calls >= 2, 'the interrupted import');
    const partial = await transactionRows(first, alice.user.id);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(fake().seed.transactions.length);
    await first.close();
    // A killed process never marks its import failed: it is left in progress, its job waiting for a retry.
    const [run] = await database.query<{ status: string }>(
      'select status from history_syncs where connection_id = $1',
      [connection.id],
    );
    expect(run?.status).toBe('InProgress');

    const second = await createTestApp({ env: fake().env(), now: testNow, database, ...SHARED_SECRETS });
    try {
      await waitForImport(second, alice.token, connection.id);
      const resumed = await transactionContent(second, alice.user.id);

      const clean = await createTestApp({ env: fake().env(), now: testNow });
      try {
        const bob = await signUp(clean);
        const other = await connect(clean, bob, '/api/plaid/exchange-public-token');
        await waitForImport(clean, bob.token, other.connection.id);
        const expected = await transactionContent(clean, bob.user.id);
        const strip = (rows: Record<string, unknown>[]) =>
          rows.map(({ provider_transaction_id: _, ...r }) => r);
        expect(strip(resumed).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
          strip(expected).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        );
        expect(resumed).toHaveLength(fake().seed.transactions.length);
      } finally {
        await clean.close();
      }
    } finally {
      fake().maxPageSize = 500;
      await second.close();
    }
  });
});

describe('disconnecting while an import runs', () => {
  it('stops a re-import: no rows land on the disconnected connection and the run says cancelled', async () => {
    fake().maxPageSize = 10;
    const real = plaidAgainst(fake());
    let onThirdPage: (() => Promise<void>) | null = null;
    let calls = 0;
    const provider: BankProvider = {
      ...real,
      syncTransactions: async (...args) => {
        calls += 1;
        if (calls === 3 && onThirdPage) await onThirdPage();
        return real.syncTransactions(...args);
      },
    };
    const app = await createTestApp({ env: fake().env(), now: testNow, bankProvider: provider });
    try {
      const alice = await signUp(app);
      const { connection } = await connect(app, alice, '/api/plaid/exchange-public-token');
      await waitForImport(app, alice.token, connection.id);
      // A ranged re-import reads the history again; the person disconnects on its third page.
      calls = 0;
      onThirdPage = async () => {
        const res = await app.inject({
          method: 'DELETE',
          url: `/api/plaid/connections/${connection.id}`,
          headers: bearer(alice),
        });
        expect(res.statusCode).toBe(200);
      };
      const res = await app.inject({
        method: 'POST',
        url: '/api/plaid/import-historical-data',
        headers: bearer(alice),
        payload: { connectionId: connection.id, range: '2y' },
      });
      expect(res.statusCode).toBe(200);
      const run = await eventually(async () => {
        const [row] = await app.database.query<{ status: string; message: string }>(
          'select status, message from history_syncs where connection_id = $1 order by created_at desc limit 1',
          [connection.id],
        );
        return row?.status === 'Failed' ? row : undefined;
      }, 'the cancelled import');
      expect(run.message).toBe('Import cancelled');
      expect(await transactionRows(app, alice.user.id)).toEqual([]);
      const accounts = await app.inject({
        method: 'GET',
        url: '/api/plaid/accounts',
        headers: bearer(alice),
      });
      expect(expectJson(accounts, 200, accountList)).toEqual([]);
    } finally {
      fake().maxPageSize = 500;
      await app.close();
    }
  });
});
