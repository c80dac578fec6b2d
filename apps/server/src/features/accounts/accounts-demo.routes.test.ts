import {
  accountList,
  addDays,
  errorBody,
  exchangeResponse,
  institutionList,
  publicConfig,
  sandboxPublicTokenResponse,
  transactionList,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TODAY, testNow, transactionRows, waitForImport } from '../../../test/accounts';
import { bearer, createTestApp, expectJson, putOnPlan, signUp, type TestApp } from '../../../test/helpers';
import { startQueue } from '../../jobs/queue';
import { REFRESH_CRON, refreshStaleConnections } from './accounts.sync';

describe('the built-in demo bank (no Plaid keys)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ now: testNow });
  });
  afterAll(() => app.close());

  it('says it is in demo mode and lists at least three institutions', async () => {
    const config = expectJson(await app.inject({ method: 'GET', url: '/api/config' }), 200, publicConfig);
    expect(config.bankMode).toBe('demo');
    const auth = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/api/plaid/institutions', headers: bearer(auth) });
    const institutions = expectJson(res, 200, institutionList);
    expect(institutions.length).toBeGreaterThanOrEqual(3);
    expect(institutions[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        accountTypes: expect.any(Array),
      }),
    );
  });

  it('connects: 30 days at once, two years in the background, and a re-run changes no row', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const institutions = expectJson(
      await app.inject({ method: 'GET', url: '/api/plaid/institutions', headers: bearer(auth) }),
      200,
      institutionList,
    );
    const token = await app.inject({
      method: 'POST',
      url: '/api/plaid/sandbox/public-token',
      headers: bearer(auth),
      payload: { institutionId: institutions[0]?.id },
    });
    const linked = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: { publicToken: expectJson(token, 200, sandboxPublicTokenResponse).publicToken },
    });
    const { connection, transactionsImported } = expectJson(linked, 200, exchangeResponse);
    expect(connection.institutionName).toBe(institutions[0]?.name);
    expect(transactionsImported).toBeGreaterThan(20);

    await waitForImport(app, auth.token, connection.id);
    // The embedded database has no autovacuum: the two-year import leaves its statistics fresh.
    if (app.database.kind === 'pglite')
      await eventually(async () => {
        const [stats] = await app.database.query<{ analyzed: Date | null }>(
          "select last_analyze as analyzed from pg_stat_user_tables where relname = 'transactions'",
        );
        return stats?.analyzed;
      }, 'statistics after the import');
    const list = expectJson(
      await app.inject({ method: 'GET', url: '/api/transactions?pageSize=100', headers: bearer(auth) }),
      200,
      transactionList,
    );
    expect(list.pagination.totalItems).toBeGreaterThan(transactionsImported);
    const [oldest] = expectJson(
      await app.inject({
        method: 'GET',
        url: `/api/transactions?pageSize=1&page=${list.pagination.totalItems}`,
        headers: bearer(auth),
      }),
      200,
      transactionList,
    ).transactions;
    expect(oldest && oldest.date <= addDays(TODAY, -700)).toBe(true);

    const before = await transactionRows(app, auth.user.id);
    await app.inject({
      method: 'POST',
      url: '/api/plaid/import-historical-data',
      headers: bearer(auth),
      payload: { connectionId: connection.id, range: '2y' },
    });
    await waitForImport(app, auth.token, connection.id);
    expect(await transactionRows(app, auth.user.id)).toEqual(before);
  });

  it('links only the accounts chosen, as many as a Starter plan has room for, and says why when more are', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    // On Starter (2 bank accounts).
    await putOnPlan(app, auth, 'starter');
    const institutions = expectJson(
      await app.inject({ method: 'GET', url: '/api/plaid/institutions', headers: bearer(auth) }),
      200,
      institutionList,
    );
    const harbor = institutions.find((i) => i.id === 'demo_harbor');
    expect(harbor?.accounts.map((a) => `${a.name} ··${a.mask}`)).toEqual([
      'Everyday Checking ··4821',
      'High-Yield Savings ··7788',
      'Cash Rewards Visa ··3316',
    ]);
    const tokenFor = (accountIds: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/plaid/sandbox/public-token',
        headers: bearer(auth),
        payload: { institutionId: 'demo_harbor', accountIds },
      });
    const all = harbor?.accounts.map((a) => a.id) ?? [];
    expect(expectJson(await tokenFor(all), 403, errorBody).message).toBe(
      'Your Starter plan includes up to 2 bank accounts. Upgrade to Pro to link more.',
    );
    expect(expectJson(await tokenFor(['summit_card']), 400, errorBody).message).toBe(
      'Choose accounts of the bank you picked',
    );
    expect(expectJson(await tokenFor([]), 400, errorBody).message).toBe(
      'Choose at least one account to link',
    );

    const chosen = all.slice(0, 2);
    const linked = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: {
        publicToken: expectJson(await tokenFor(chosen), 200, sandboxPublicTokenResponse).publicToken,
      },
    });
    const { connection } = expectJson(linked, 200, exchangeResponse);
    expect(connection.accounts.map((a) => a.name)).toEqual(['Everyday Checking', 'High-Yield Savings']);
    expect(connection.hiddenAccounts ?? 0).toBe(0);
    await waitForImport(app, auth.token, connection.id);
    // The whole history of the two, none of the card's: the item holds only what was chosen.
    const accounts = expectJson(
      await app.inject({ method: 'GET', url: '/api/plaid/accounts', headers: bearer(auth) }),
      200,
      accountList,
    );
    expect(accounts.map((a) => a.name).sort()).toEqual(['Everyday Checking', 'High-Yield Savings']);
    const rows = await app.database.query<{ accounts: number; count: number }>(
      'select count(distinct account_id)::int as accounts, count(*)::int as count from transactions where user_id = $1',
      [auth.user.id],
    );
    expect(rows[0]?.accounts).toBe(2);
    expect(rows[0]?.count).toBeGreaterThan(100);
    // Full now: one more is refused before anything is made.
    expect(expectJson(await tokenFor([all[2] ?? '']), 403, errorBody).message).toMatch(/^Your Starter plan/);
  });

  it('answers 400 for an unknown demo institution', async () => {
    const auth = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/plaid/sandbox/public-token',
      headers: bearer(auth),
      payload: { institutionId: 'no_such_bank' },
    });
    expect(expectJson(res, 400, errorBody).message).toBe('Unknown institution');
  });
});

describe('the scheduled refresh', () => {
  it('syncs connections not synced lately, so new days of transactions arrive on their own', async () => {
    let now = testNow();
    const app = await createTestApp({ now: () => now });
    const queue = await startQueue(app.database);
    try {
      // The app keeps the sweep on the queue's schedule (once across all instances).
      expect(
        await app.database.query("select cron from pgboss.schedule where name = 'bank-refresh'"),
      ).toEqual([{ cron: REFRESH_CRON }]);
      const auth = await signUp(app, { timeZone: 'UTC' });
      const token = await app.inject({
        method: 'POST',
        url: '/api/plaid/sandbox/public-token',
        headers: bearer(auth),
        payload: {},
      });
      const { connection } = expectJson(
        await app.inject({
          method: 'POST',
          url: '/api/plaid/exchange-public-token-quick-sync',
          headers: bearer(auth),
          payload: { publicToken: expectJson(token, 200, sandboxPublicTokenResponse).publicToken },
        }),
        200,
        exchangeResponse,
      );
      await waitForImport(app, auth.token, connection.id);
      const newest = async () =>
        expectJson(
          await app.inject({ method: 'GET', url: '/api/transactions?pageSize=1', headers: bearer(auth) }),
          200,
          transactionList,
        ).transactions[0]?.date;
      expect(await newest()).toBe(TODAY);

      // Just synced: nothing to do.
      expect(await refreshStaleConnections({ db: app.database.db, queue, now: () => now })).toBe(0);

      now = new Date(now.getTime() + 3 * 86_400_000);
      expect(await refreshStaleConnections({ db: app.database.db, queue, now: () => now })).toBe(1);
      await eventually(async () => (await newest()) === addDays(TODAY, 3), 'the new days to arrive');
    } finally {
      await queue.stop();
      await app.close();
    }
  });
});
