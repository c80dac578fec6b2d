import {
  addDays,
  errorBody,
  type LoginResult,
  lastDayOfMonth,
  monthlyCashFlow,
  transactionList,
  transactionSummary,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, linkBankAndImport, TODAY, testNow } from '../../../test/accounts';
import { type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

/**
 * GET /reports/monthly-cash-flow: the dashboard's income against expenses, month by month. Checked against
 * the summary for each month's days (the same rule: transfers are neither), so the chart and the stat cards
 * can never tell two stories.
 */

let fake: FakePlaid;
let app: TestApp;
let alice: LoginResult;
let bob: LoginResult;

const history = fakeHistory(120);
history.transactions.push(
  // Money moved between one's own accounts: neither income nor spending.
  {
    account: 'checking',
    amount: 800,
    date: addDays(TODAY, -40),
    name: 'TRANSFER TO SAVINGS',
    merchantName: null,
    category: { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_SAVINGS' },
  },
  // Dated ahead of today, inside this month: it counts once its day comes.
  {
    account: 'checking',
    amount: 99.99,
    date: addDays(TODAY, 3),
    name: 'SCHEDULED PAYMENT',
    merchantName: null,
    category: { primary: 'GENERAL_SERVICES', detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES' },
  },
);

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: history });
  app = await createTestApp({ env: fake.env(), now: testNow });
  alice = await signUp(app);
  bob = await signUp(app);
  await linkBankAndImport(app, alice);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const get = (url: string, who: LoginResult = alice) =>
  app.inject({ method: 'GET', url, headers: bearer(who) });
const cashFlow = async (query = '', who: LoginResult = alice) =>
  expectJson(await get(`/api/reports/monthly-cash-flow${query}`, who), 200, monthlyCashFlow);
const summary = async (startDate: string, endDate: string) =>
  expectJson(
    await get(`/api/transactions/summary?startDate=${startDate}&endDate=${endDate}`),
    200,
    transactionSummary,
  );

describe('GET /reports/monthly-cash-flow', () => {
  it('answers the last 6 months by default, oldest first, this month last, empty months as zeros', async () => {
    const months = await cashFlow();
    expect(months.map((m) => m.month)).toEqual([
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    // The history starts 120 days back, in July: June has nothing.
    expect(months[0]).toEqual({ month: '2026-06-01', income: 0, expenses: 0, net: 0 });
    expect(months.at(-1)!.income).toBeGreaterThan(0);
    expect(months.at(-1)!.expenses).toBeGreaterThan(0);
  });

  it("gives each month the summary's income and expenses for its days, this month up to today", async () => {
    for (const m of await cashFlow('?months=12')) {
      const end = m.month === '2026-11-01' ? TODAY : lastDayOfMonth(m.month);
      const s = await summary(m.month, end);
      expect(m, m.month).toEqual({
        month: m.month,
        income: s.totalIncome,
        expenses: s.totalExpenses,
        net: s.netAmount,
      });
    }
  });

  it('leaves transfers out and counts nothing dated after today', async () => {
    const october = (await cashFlow('?months=2'))[0]!;
    const { transactions } = expectJson(
      await get('/api/transactions?startDate=2026-10-01&endDate=2026-10-31&pageSize=100'),
      200,
      transactionList,
    );
    const spent = transactions.filter((t) => !t.isTransfer && t.amount < 0);
    expect(transactions.some((t) => t.isTransfer)).toBe(true);
    expect(october.expenses).toBeCloseTo(-spent.reduce((n, t) => n + t.amount, 0), 2);

    const november = (await cashFlow('?months=1'))[0]!;
    const upToToday = await summary('2026-11-01', TODAY);
    const wholeMonth = await summary('2026-11-01', '2026-11-30');
    expect(wholeMonth.totalExpenses).toBeGreaterThan(upToToday.totalExpenses);
    expect(november.expenses).toBe(upToToday.totalExpenses);
  });

  it('follows a deleted transaction out of its month', async () => {
    const before = (await cashFlow('?months=3'))[0]!;
    expect(before.month).toBe('2026-09-01');
    const { transactions } = expectJson(
      await get('/api/transactions?startDate=2026-09-01&endDate=2026-09-30&pageSize=100'),
      200,
      transactionList,
    );
    const spend = transactions.find((t) => t.amount < 0 && !t.isTransfer)!;
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${spend.id}`,
      headers: bearer(alice),
    });
    expect(del.statusCode).toBe(204);
    const after = (await cashFlow('?months=3'))[0]!;
    expect(Math.round(after.expenses * 100)).toBe(Math.round((before.expenses + spend.amount) * 100));
    await app.inject({
      method: 'POST',
      url: `/api/transactions/${spend.id}/restore`,
      headers: bearer(alice),
    });
    expect((await cashFlow('?months=3'))[0]).toEqual(before);
  });

  it("shows nobody else's money", async () => {
    const months = await cashFlow('', bob);
    expect(months).toHaveLength(6);
    expect(months.every((m) => m.income === 0 && m.expenses === 0 && m.net === 0)).toBe(true);
  });

  it.each([
    ['months=0', 'Months must be 1 or more'],
    ['months=25', 'Months must be at most 24'],
    ['months=2.5', 'Months must be a whole number'],
    ['months=many', 'Months must be a number'],
  ])('rejects %s with a clear message', async (query, message) => {
    const res = await get(`/api/reports/monthly-cash-flow?${query}`);
    expect(expectJson(res, 400, errorBody).message).toContain(message);
  });

  it('asks for a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reports/monthly-cash-flow' });
    expect(res.statusCode).toBe(401);
  });
});

describe("the person's own months", () => {
  it("puts a late evening in the person's zone in their month, not UTC's", async () => {
    // 03:00 UTC on December 1st is still the evening of November 30th in Los Angeles.
    const evening = await createTestApp({ now: () => new Date('2026-12-01T03:00:00Z') });
    try {
      const west = await signUp(evening, { timeZone: 'America/Los_Angeles' });
      const utc = await signUp(evening, { timeZone: 'UTC' });
      const read = async (who: LoginResult) =>
        expectJson(
          await evening.inject({
            method: 'GET',
            url: '/api/reports/monthly-cash-flow?months=2',
            headers: bearer(who),
          }),
          200,
          monthlyCashFlow,
        ).map((m) => m.month);
      expect(await read(west)).toEqual(['2026-10-01', '2026-11-01']);
      expect(await read(utc)).toEqual(['2026-11-01', '2026-12-01']);
    } finally {
      await evening.close();
    }
  });
});
