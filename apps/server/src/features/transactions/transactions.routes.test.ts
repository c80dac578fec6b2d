import {
  categoryTotals,
  errorBody,
  type LoginResult,
  spendingByCategory,
  transaction,
  transactionList,
  transactionSummary,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, linkBankAndImport, TODAY, testNow } from '../../../test/accounts';
import { type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { exportTransactions } from './transactions.queries';

type Tx = {
  id: string;
  date: string;
  amount: number;
  category: number;
  description: string;
  merchantName: string | null;
  accountId: string;
  note: string | null;
};

let fake: FakePlaid;
let app: TestApp;
let alice: LoginResult;
let bob: LoginResult;
let total: number;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(120) });
  app = await createTestApp({
    env: fake.env(),
    now: testNow,
  });
  alice = await signUp(app);
  bob = await signUp(app);
  await linkBankAndImport(app, alice);
  total = fake.seed.transactions.length;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const get = (url: string, who: LoginResult = alice) =>
  app.inject({ method: 'GET', url, headers: bearer(who) });
const page = async (query: string, who: LoginResult = alice) =>
  expectJson(await get(`/api/transactions?${query}`, who), 200, transactionList);

describe('GET /api/transactions', () => {
  it('lists newest first in a stable order with the pagination object', async () => {
    const first = await page('page=1&pageSize=10');
    expect(first.pagination).toEqual({
      totalItems: total,
      currentPage: 1,
      pageSize: 10,
      totalPages: Math.ceil(total / 10),
      hasPreviousPage: false,
      hasNextPage: true,
    });
    const dates = first.transactions.map((t: Tx) => t.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Walking every page yields every transaction exactly once, newest first (date, then id, descending),
    // including the pages past the middle, which are read from the oldest end; 7 leaves a partial last page.
    const walked: Tx[] = [];
    const pages = Math.ceil(total / 7);
    for (let p = 1; p <= pages + 1; p += 1) walked.push(...(await page(`page=${p}&pageSize=7`)).transactions);
    expect(new Set(walked.map((t) => t.id)).size).toBe(total);
    const key = (t: Tx) => `${t.date} ${t.id}`;
    expect(walked.map(key)).toEqual(walked.map(key).sort().reverse());
    expect((await page(`page=${pages}&pageSize=7`)).transactions).toHaveLength(total - (pages - 1) * 7);
  });

  it('defaults to 25 per page and caps the page size at 100', async () => {
    expect((await page('')).transactions).toHaveLength(25);
    const res = await get('/api/transactions?pageSize=101');
    expect(expectJson(res, 400, errorBody).message).toBe('Page size must be at most 100');
  });

  it('filters by category, account, dates, amount size and search over description and merchant', async () => {
    const groceries = await page('category=20&pageSize=100');
    expect(groceries.transactions.length).toBeGreaterThan(0);
    expect(groceries.transactions.every((t: Tx) => t.category === 20)).toBe(true);

    const anAccount = groceries.transactions[0]?.accountId;
    const byAccount = await page(`accountId=${anAccount}&pageSize=100`);
    expect(byAccount.transactions.every((t: Tx) => t.accountId === anAccount)).toBe(true);

    const ranged = await page('startDate=2026-11-01&endDate=2026-11-10&pageSize=100');
    expect(ranged.transactions.every((t: Tx) => t.date >= '2026-11-01' && t.date <= '2026-11-10')).toBe(true);
    expect(ranged.pagination.totalItems).toBeGreaterThan(0);

    const sized = await page('minAmount=20&maxAmount=30&pageSize=100');
    expect(sized.transactions.every((t: Tx) => Math.abs(t.amount) >= 20 && Math.abs(t.amount) <= 30)).toBe(
      true,
    );

    const byMerchant = await page('searchTerm=acme&pageSize=100');
    expect(byMerchant.transactions.length).toBeGreaterThan(0);
    expect(byMerchant.transactions.every((t: Tx) => t.amount === 2500.1)).toBe(true);
    const byDescription = await page('searchTerm=TRADER%20JOES%20%23101&pageSize=100');
    expect(byDescription.transactions.every((t: Tx) => t.description === 'TRADER JOES #101')).toBe(true);

    const combined = await page(
      'category=20&startDate=2026-10-01&minAmount=25&searchTerm=trader&pageSize=100',
    );
    expect(
      combined.transactions.every(
        (t: Tx) => t.category === 20 && t.date >= '2026-10-01' && Math.abs(t.amount) >= 25,
      ),
    ).toBe(true);
  });

  it('filters by one merchant by its name, case aside, never a part of another name', async () => {
    const joes = await page(`merchant=${encodeURIComponent("TRADER JOE'S")}&pageSize=100`);
    expect(joes.pagination.totalItems).toBeGreaterThan(0);
    expect(joes.transactions.every((t: Tx) => t.merchantName === "Trader Joe's")).toBe(true);
    // The search finds a part of a name; the merchant filter only the whole name.
    expect((await page('searchTerm=trader&pageSize=1')).pagination.totalItems).toBeGreaterThan(0);
    expect((await page('merchant=trader&pageSize=1')).pagination.totalItems).toBe(0);
    const totals = await get(`/api/transactions/summary?merchant=${encodeURIComponent("trader joe's")}`);
    expect(totals.json().transactionCount).toBe(joes.pagination.totalItems);
  });

  it("filters by a kind of purchase narrower than a category, by the bank's detailed category", async () => {
    const coffee = await page('kind=coffee&pageSize=100');
    expect(coffee.pagination.totalItems).toBeGreaterThan(0);
    expect(coffee.transactions.every((t: Tx) => t.description === 'BLUE BOTTLE COFFEE')).toBe(true);
    // The groceries in the same category (Food and Drink at the bank) are not coffee.
    expect((await page('kind=coffee&category=20&pageSize=1')).pagination.totalItems).toBe(0);
    const totals = await get('/api/transactions/summary?kind=coffee');
    expect(totals.json().transactionCount).toBe(coffee.pagination.totalItems);
    expect((await page('kind=coffee', bob)).pagination.totalItems).toBe(0);
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    expect((await page('searchTerm=%25')).pagination.totalItems).toBe(0);
  });

  it.each([
    ['startDate=2026-11-10&endDate=2026-11-01', 'Start date must be before end date'],
    ['minAmount=50&maxAmount=10', 'Minimum amount must be less than maximum amount'],
    ['category=7', 'Unknown category'],
    ['accountId=abc', 'Unknown account'],
    ['kind=snacks', 'Unknown kind of purchase'],
    ['startDate=2026-02-30', 'Not a real date'],
    ['minAmount=lots', 'Minimum amount must be a number'],
    ['page=0', 'Page must be 1 or more'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await get(`/api/transactions?${query}`);
    expect(expectJson(res, 400, errorBody).message).toBe(message);
  });

  it("shows nobody else's transactions", async () => {
    expect((await page('', bob)).pagination.totalItems).toBe(0);
  });
});

describe('summary and reports', () => {
  it('adds income and expenses exactly in dollars', async () => {
    const all = (await page('pageSize=100&page=1')).pagination.totalPages;
    let income = 0;
    let expenses = 0;
    for (let p = 1; p <= all; p += 1) {
      for (const t of (await page(`pageSize=100&page=${p}`)).transactions as Tx[]) {
        if (t.amount > 0) income += Math.round(t.amount * 100);
        else expenses -= Math.round(t.amount * 100);
      }
    }
    const summary = expectJson(await get('/api/transactions/summary'), 200, transactionSummary);
    expect(summary).toEqual({
      totalIncome: income / 100,
      totalExpenses: expenses / 100,
      netAmount: (income - expenses) / 100,
      transactionCount: total,
    });
    expect(expectJson(await get('/api/transactions/summary', bob), 200, transactionSummary)).toMatchObject({
      totalIncome: 0,
      totalExpenses: 0,
    });
  });

  it('breaks spending down by category, largest first, and honours the date range', async () => {
    const rows = expectJson(await get('/api/reports/spending-by-category'), 200, spendingByCategory);
    expect(rows[0]).toMatchObject({ category: 20, categoryName: 'Groceries' });
    expect(rows.every((r: { amount: number }) => r.amount > 0)).toBe(true);
    const none = expectJson(
      await get('/api/reports/spending-by-category?startDate=2020-01-01&endDate=2020-01-31'),
      200,
      spendingByCategory,
    );
    expect(none).toEqual([]);
    const cats = expectJson(await get('/api/transactions/categories'), 200, categoryTotals);
    expect(cats.map((c: { categoryName: string }) => c.categoryName)).toEqual(
      expect.arrayContaining(['Salary', 'Groceries']),
    );
    const bad = await get('/api/transactions/categories?startDate=2026-02-01&endDate=2026-01-01');
    expect(bad.statusCode).toBe(400);
  });
});

describe('changing transactions', () => {
  it('recategorises, notes, deletes and restores; totals follow', async () => {
    const [t] = (await page('searchTerm=trader&pageSize=1')).transactions as Tx[];
    const put = await app.inject({
      method: 'PUT',
      url: `/api/transactions/${t!.id}/category`,
      headers: bearer(alice),
      payload: { category: 24 },
    });
    expect(expectJson(put, 200, transaction)).toMatchObject({
      id: t!.id,
      category: 24,
      categoryName: 'Shopping',
    });

    const note = await app.inject({
      method: 'PUT',
      url: `/api/transactions/${t!.id}/note`,
      headers: bearer(alice),
      payload: { note: '  birthday gift  ' },
    });
    expect(expectJson(note, 200, transaction).note).toBe('birthday gift');
    expect((await page('searchTerm=trader&pageSize=1')).transactions[0]?.note).toBe('birthday gift');

    const before = expectJson(await get('/api/transactions/summary'), 200, transactionSummary);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${t!.id}`,
      headers: bearer(alice),
    });
    expect(del.statusCode).toBe(204);
    const after = expectJson(await get('/api/transactions/summary'), 200, transactionSummary);
    expect(after.transactionCount).toBe(before.transactionCount - 1);
    expect(after.totalExpenses).toBeCloseTo(before.totalExpenses + t!.amount, 2);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/transactions/${t!.id}`, headers: bearer(alice) }))
        .statusCode,
    ).toBe(404);

    const restored = await app.inject({
      method: 'POST',
      url: `/api/transactions/${t!.id}/restore`,
      headers: bearer(alice),
    });
    expect(expectJson(restored, 200, transaction).id).toBe(t!.id);
    expect(expectJson(await get('/api/transactions/summary'), 200, transactionSummary)).toEqual(before);
  });

  it.each([
    [{ category: 5 }, 'Unknown category'],
    [{}, 'Unknown category'],
  ])('rejects a bad category body %j', async (payload, message) => {
    const [t] = (await page('pageSize=1')).transactions as Tx[];
    const res = await app.inject({
      method: 'PUT',
      url: `/api/transactions/${t!.id}/category`,
      headers: bearer(alice),
      payload,
    });
    expect(expectJson(res, 400, errorBody).message).toBe(message);
  });

  it('rejects a note over 500 characters', async () => {
    const [t] = (await page('pageSize=1')).transactions as Tx[];
    const res = await app.inject({
      method: 'PUT',
      url: `/api/transactions/${t!.id}/note`,
      headers: bearer(alice),
      payload: { note: 'x'.repeat(501) },
    });
    expect(expectJson(res, 400, errorBody).message).toBe('Note must be at most 500 characters');
  });

  it("answers 404 for another user's transaction and changes nothing", async () => {
    const [t] = (await page('pageSize=1')).transactions as Tx[];
    const attempts = [
      app.inject({
        method: 'PUT',
        url: `/api/transactions/${t!.id}/category`,
        headers: bearer(bob),
        payload: { category: 24 },
      }),
      app.inject({
        method: 'PUT',
        url: `/api/transactions/${t!.id}/note`,
        headers: bearer(bob),
        payload: { note: 'mine' },
      }),
      app.inject({ method: 'DELETE', url: `/api/transactions/${t!.id}`, headers: bearer(bob) }),
      app.inject({ method: 'POST', url: `/api/transactions/${t!.id}/restore`, headers: bearer(bob) }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect((await page('pageSize=1')).transactions[0]).toEqual(t);
  });
});

describe('GET /api/transactions/export', () => {
  it('returns the filtered list as CSV with proper quoting and ISO dates', async () => {
    const res = await get('/api/transactions/export?searchTerm=trader&startDate=2026-11-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-transactions-${TODAY}.csv"`);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Description,Merchant,Account,Category,Amount,Pending,Note');
    const expected = (await page('searchTerm=trader&startDate=2026-11-01&pageSize=100')).pagination
      .totalItems;
    expect(lines).toHaveLength(expected + 1);
    // The merchant "Trader Joe's" has an apostrophe but no comma; a note with a comma and quotes must be quoted.
    expect(lines[1]).toMatch(/^2026-11-\d{2},TRADER JOES #\d+,Trader Joe's,/);
  });

  it('quotes commas and quotes inside fields', async () => {
    const [t] = (await page('searchTerm=acme&pageSize=1')).transactions as Tx[];
    await app.inject({
      method: 'PUT',
      url: `/api/transactions/${t!.id}/note`,
      headers: bearer(alice),
      payload: { note: 'bonus, "finally"' },
    });
    const res = await get(`/api/transactions/export?searchTerm=acme&startDate=${t!.date}&endDate=${t!.date}`);
    expect(res.body).toContain('"bonus, ""finally"""');
  });

  it('opens formula-like text as text in a spreadsheet, and keeps amounts as numbers', async () => {
    const t = ((await page('pageSize=50')).transactions as Tx[]).find((x) => x.amount < 0);
    await app.inject({
      method: 'PUT',
      url: `/api/transactions/${t!.id}/note`,
      headers: bearer(alice),
      payload: { note: '=HYPERLINK("http://evil.example","Refund")' },
    });
    const res = await get(`/api/transactions/export?startDate=${t!.date}&endDate=${t!.date}`);
    const line = res.body.split('\n').find((l) => l.includes('HYPERLINK'));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Refund"")"`);
    expect(line).toContain(`,${t!.amount.toFixed(2)},`);
    expect(t!.amount).toBeLessThan(0);
  });

  it('streams every matching row once, newest first, whatever the page size', async () => {
    const read = async (pageSize: number) => {
      const rows = [];
      for await (const chunk of exportTransactions(app.database.db, {
        userId: alice.user.id,
        filters: {},
        limit: 100_000,
        pageSize,
      }))
        rows.push(...chunk.map((t) => t.id));
      return rows;
    };
    const all = await read(100_000);
    expect(all).toHaveLength(total);
    expect(await read(7)).toEqual(all);
    expect(await read(1)).toEqual(all);
  });

  it('exports nothing of another user', async () => {
    const res = await get('/api/transactions/export', bob);
    expect(res.body.trim().split('\n')).toHaveLength(1);
  });

  it("names the file after the person's own day, not the server's UTC day", async () => {
    // 03:00 UTC on March 1st is still the evening of February 28th in Los Angeles.
    const evening = await createTestApp({ now: () => new Date('2026-03-01T03:00:00Z') });
    try {
      const carol = await signUp(evening, { timeZone: 'America/Los_Angeles' });
      const res = await evening.inject({
        method: 'GET',
        url: '/api/transactions/export',
        headers: bearer(carol),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="tally-transactions-2026-02-28.csv"',
      );
    } finally {
      await evening.close();
    }
  });
});
