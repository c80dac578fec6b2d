import { addDays, centsToDollars, type LoginResult } from '@tally/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TODAY, testNow, waitForImport } from '../../../test/accounts';
import { bearer, createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { expectRollupsExact } from '../../../test/rollups';

const toQuery = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)] as [string, string]],
    ),
  ).toString();

/** Totals over whole months come from transaction_rollups; these tests hold them to counting every row. */
describe('totals from the monthly rollups', () => {
  let app: TestApp;
  let auth: LoginResult;
  let connectionId: string;
  beforeAll(async () => {
    app = await createTestApp({ now: testNow });
    auth = await signUp(app, { timeZone: 'UTC' });
    const token = await app.inject({
      method: 'POST',
      url: '/api/plaid/sandbox/public-token',
      headers: bearer(auth),
      payload: {},
    });
    // Imports both years before answering.
    const linked = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-with-historical-data',
      headers: bearer(auth),
      payload: { publicToken: token.json().publicToken },
    });
    expect(linked.statusCode).toBe(200);
    connectionId = linked.json().connection.id;
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });

  it('stay exact through imports, recategorising, notes, deletes, restores, disconnect and reconnect', async () => {
    expect(await expectRollupsExact(app)).toBeGreaterThan(20);
    const [a, b, c] = (await call('GET', '/transactions?pageSize=3')).json().transactions;

    expect((await call('PUT', `/transactions/${a.id}/category`, { category: 25 })).statusCode).toBe(200);
    expect((await call('PUT', `/transactions/${b.id}/note`, { note: 'split with Sam' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/transactions/${b.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/transactions/${c.id}`)).statusCode).toBe(204);
    await expectRollupsExact(app);
    expect((await call('POST', `/transactions/${c.id}/restore`)).statusCode).toBe(200);
    await expectRollupsExact(app);

    // A re-import rewrites nothing, so the rollups stay as they are.
    await call('POST', '/plaid/import-historical-data', { connectionId, range: '2y' });
    await waitForImport(app, auth.token, connectionId);
    await expectRollupsExact(app);

    expect((await call('DELETE', `/plaid/connections/${connectionId}`)).statusCode).toBe(200);
    await expectRollupsExact(app);
    expect(
      await app.database.query('select 1 from transaction_rollups where user_id = $1', [auth.user.id]),
    ).toEqual([]);
    expect(
      await app.database.query('select 1 from daily_spending where user_id = $1', [auth.user.id]),
    ).toEqual([]);

    expect((await call('POST', `/plaid/connections/${connectionId}/reconnect`)).statusCode).toBe(200);
    await waitForImport(app, auth.token, connectionId);
    expect(await expectRollupsExact(app)).toBeGreaterThan(20);
  });

  it('let the planner see how amounts are spread, so amount filters do not look rarer than they are', async () => {
    await app.database.query('ANALYZE transactions');
    const where = `user_id = '${auth.user.id}' and deleted_at is null and abs(amount) between 100 and 100000`;
    const [counted] = await app.database.query<{ n: number }>(
      `select count(*)::int as n from transactions where ${where}`,
    );
    const n = counted!.n;
    const [plan] = await app.database.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) select id from transactions where ${where}`,
    );
    const estimate = plan!['QUERY PLAN'][0].Plan['Plan Rows'];
    // Without statistics on abs(amount) the guess is 0.5 % of rows, whatever the range.
    expect(n).toBeGreaterThan(500);
    expect(estimate).toBeGreaterThan(n / 2);
    expect(estimate).toBeLessThan(n * 2);
  });

  it('give the same count, summary and spending as adding up every transaction, for any filters', async () => {
    type Row = { date: string; amount: number; category: number; accountId: string; isTransfer: boolean };
    const rows = (
      await app.database.query<Row & { amount: string }>(
        `select date::text, amount::text, category, account_id as "accountId", is_transfer as "isTransfer"
           from transactions where user_id = $1 and deleted_at is null`,
        [auth.user.id],
      )
    ).map((r) => ({ ...r, amount: Number(r.amount) }));
    const categories = [...new Set(rows.map((r) => r.category))];
    const accounts = [...new Set(rows.map((r) => r.accountId))];
    const day = fc.integer({ min: -760, max: 5 }).map((n) => addDays(TODAY, n));
    const filters = fc.record(
      {
        startDate: day,
        length: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 800 })),
        category: fc.constantFrom(...categories),
        accountId: fc.constantFrom(...accounts),
        minAmount: fc.constantFrom(5, 50),
      },
      { requiredKeys: [] },
    );

    await fc.assert(
      fc.asyncProperty(filters, async ({ length, ...f }) => {
        const endDate =
          f.startDate !== undefined && length !== undefined ? addDays(f.startDate, length) : undefined;
        const query = { ...f, endDate };
        const match = rows.filter(
          (r) =>
            (!query.startDate || r.date >= query.startDate) &&
            (!query.endDate || r.date <= query.endDate) &&
            (query.category === undefined || r.category === query.category) &&
            (!query.accountId || r.accountId === query.accountId) &&
            (query.minAmount === undefined || Math.abs(r.amount) >= query.minAmount * 100),
        );
        const spendable = match.filter((r) => !r.isTransfer);
        const income = spendable.reduce((n, r) => n + Math.max(r.amount, 0), 0);
        const expenses = spendable.reduce((n, r) => n - Math.min(r.amount, 0), 0);
        const qs = toQuery(query);

        const list = (await call('GET', `/transactions?pageSize=1&${qs}`)).json();
        expect(list.pagination.totalItems).toBe(match.length);
        expect((await call('GET', `/transactions/summary?${qs}`)).json()).toEqual({
          totalIncome: centsToDollars(income),
          totalExpenses: centsToDollars(expenses),
          netAmount: centsToDollars(income - expenses),
          transactionCount: match.length,
        });

        const byDate = toQuery({ startDate: query.startDate, endDate });
        const spent = new Map<number, number>();
        for (const r of rows)
          if (
            !r.isTransfer &&
            r.amount < 0 &&
            (!query.startDate || r.date >= query.startDate) &&
            (!endDate || r.date <= endDate)
          )
            spent.set(r.category, (spent.get(r.category) ?? 0) - r.amount);
        const spending = (await call('GET', `/reports/spending-by-category?${byDate}`)).json();
        expect(
          Object.fromEntries(
            spending.map((s: { category: number; amount: number }) => [s.category, s.amount]),
          ),
        ).toEqual(
          Object.fromEntries([...spent].map(([category, cents]) => [category, centsToDollars(cents)])),
        );
      }),
      { numRuns: 60 },
    );
  });
});
