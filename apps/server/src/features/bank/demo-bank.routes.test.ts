import { addDays } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TODAY, testNow, transactionRows, waitForImport } from '../../../test/bank';
import { bearer, createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { startQueue } from '../../jobs/queue';
import { REFRESH_CRON, refreshStaleConnections } from './bank.service';

describe('the built-in demo bank (no Plaid keys)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ now: testNow });
  });
  afterAll(() => app.close());

  it('says it is in demo mode and lists at least three institutions', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().bankMode).toBe('demo');
    const auth = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/api/plaid/institutions', headers: bearer(auth) });
    expect(res.json().length).toBeGreaterThanOrEqual(3);
    expect(res.json()[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        accountTypes: expect.any(Array),
      }),
    );
  });

  it('connects: 30 days at once, two years in the background, and a re-run changes no row', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const institutions = (
      await app.inject({ method: 'GET', url: '/api/plaid/institutions', headers: bearer(auth) })
    ).json();
    const token = await app.inject({
      method: 'POST',
      url: '/api/plaid/sandbox/public-token',
      headers: bearer(auth),
      payload: { institutionId: institutions[0].id },
    });
    const linked = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: { publicToken: token.json().publicToken },
    });
    expect(linked.statusCode).toBe(200);
    const { connection, transactionsImported } = linked.json();
    expect(connection.institutionName).toBe(institutions[0].name);
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
    const list = (
      await app.inject({ method: 'GET', url: '/api/transactions?pageSize=100', headers: bearer(auth) })
    ).json();
    expect(list.pagination.totalItems).toBeGreaterThan(transactionsImported);
    const oldest = (
      await app.inject({
        method: 'GET',
        url: `/api/transactions?pageSize=1&page=${list.pagination.totalItems}`,
        headers: bearer(auth),
      })
    ).json().transactions[0];
    expect(oldest.date <= addDays(TODAY, -700)).toBe(true);

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

  it('answers 400 for an unknown demo institution', async () => {
    const auth = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/plaid/sandbox/public-token',
      headers: bearer(auth),
      payload: { institutionId: 'no_such_bank' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown institution');
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
      const { connection } = (
        await app.inject({
          method: 'POST',
          url: '/api/plaid/exchange-public-token-quick-sync',
          headers: bearer(auth),
          payload: { publicToken: token.json().publicToken },
        })
      ).json();
      await waitForImport(app, auth.token, connection.id);
      const newest = async () =>
        (
          await app.inject({ method: 'GET', url: '/api/transactions?pageSize=1', headers: bearer(auth) })
        ).json().transactions[0].date as string;
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
