import {
  CATEGORY,
  type CategoryCode,
  type CustomReport,
  cashFlowReport,
  customReport,
  errorBody,
  type LoginResult,
  MAX_SAVED_REPORTS,
  moneyFlowReport,
  netWorthReport,
  savedReport,
  savedReportList,
  spendingReport,
  transactionSummary,
  upgradeMessage,
} from '@tally/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { linkBankAndImport, testNow } from '../../../test/accounts';
import { bearer, createTestApp, expectJson, putOnPlan, signUp, type TestApp } from '../../../test/helpers';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';
import { expectRollupsExact } from '../../../test/rollups';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: testNow, runJobs: false });
});
afterAll(() => app.close());

const get = (auth: LoginResult, url: string) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(auth) });
const cashFlow = async (auth: LoginResult, query: string) =>
  expectJson(await get(auth, `/reports/cash-flow?${query}`), 200, cashFlowReport);

/** Today is 2026-11-20 (testNow): a person with three months of money typed into two accounts. */
async function aPerson() {
  const auth = await signUp(app);
  const checking = (await addManualAccount(app, auth, { name: 'Checking' })).id;
  const card = (await addManualAccount(app, auth, { name: 'Card', type: 2, subtype: 'creditcard' })).id;
  const add = async (accountId: string, date: string, amount: number, category: CategoryCode) =>
    (await addManualTransaction(app, auth, { accountId, date, amount, category, description: 'Row' })).id;
  await add(checking, '2026-07-03', 3000, CATEGORY.Salary);
  await add(checking, '2026-07-10', -200, CATEGORY.DiningOut);
  await add(checking, '2026-09-01', 3000, CATEGORY.Salary);
  await add(card, '2026-09-12', -400, CATEGORY.Groceries);
  await add(checking, '2026-10-01', 3000, CATEGORY.Salary);
  await add(card, '2026-10-15', -450, CATEGORY.DiningOut);
  await add(checking, '2026-11-02', 3200, CATEGORY.Salary);
  await add(card, '2026-11-05', -100.5, CATEGORY.Travel);
  // After today: not counted yet.
  await add(card, '2026-11-25', -999, CATEGORY.Travel);
  // A card payment from checking: a transfer, counted as a row but neither income nor spending.
  const transfer = await add(checking, '2026-11-10', -500, CATEGORY.Uncategorized);
  await app.database.query('update transactions set is_transfer = true where id = $1', [transfer]);
  return { auth, checking, card };
}

describe('GET /api/reports/spending', () => {
  it('gives spending by category per month, the top merchants with their trend, and income sources', async () => {
    const { auth } = await aPerson();
    const name = async (date: string, merchant: string) =>
      app.database.query('update transactions set merchant_name = $3 where user_id = $1 and date = $2', [
        auth.user.id,
        date,
        merchant,
      ]);
    await name('2026-09-12', 'Whole Foods');
    await name('2026-10-15', 'Chez Nous');
    // Spaces around a name, as some banks send them: the same merchant, and Transactions finds it.
    await name('2026-11-05', ' Delta  ');
    // A blank name is no merchant.
    await name('2026-11-02', '  ');
    const report = expectJson(await get(auth, '/reports/spending?period=last_3_months'), 200, spendingReport);
    expect([report.total, report.previousTotal]).toEqual([950.5, 200]);
    expect(report.categories.map((c) => [c.categoryName, c.amount, c.previous, c.transactionCount])).toEqual([
      ['Dining Out', 450, 200, 1],
      ['Groceries', 400, 0, 1],
      ['Travel', 100.5, 0, 1],
    ]);
    expect(report.buckets.map((b) => [b.start, b.total, b.categories.map((c) => c.category)])).toEqual([
      ['2026-09-01', 400, [CATEGORY.Groceries]],
      ['2026-10-01', 450, [CATEGORY.DiningOut]],
      ['2026-11-01', 100.5, [CATEGORY.Travel]],
    ]);
    expect(report.merchants.map((m) => [m.name, m.amount, m.transactionCount, m.trend])).toEqual([
      ['Chez Nous', 450, 1, [0, 450, 0]],
      ['Whole Foods', 400, 1, [400, 0, 0]],
      ['Delta', 100.5, 1, [0, 0, 100.5]],
    ]);
    expect(
      report.incomeSources.map((c) => [c.categoryName, c.amount, c.previous, c.transactionCount]),
    ).toEqual([['Salary', 9200, 3000, 3]]);
    expect(report.changes).toEqual([
      'Spending rose $751 (375%) against the previous period: Groceries +$400, Dining Out +$250.',
    ]);
    // A merchant's figures are what Transactions finds for it.
    const summary = expectJson(
      await get(
        auth,
        `/transactions/summary?merchant=chez%20nous&startDate=${report.startDate}&endDate=${report.endDate}`,
      ),
      200,
      transactionSummary,
    );
    expect([summary.totalExpenses, summary.transactionCount]).toEqual([450, 1]);
    const delta = expectJson(
      await get(
        auth,
        `/transactions/summary?merchant=delta&startDate=${report.startDate}&endDate=${report.endDate}`,
      ),
      200,
      transactionSummary,
    );
    expect([delta.totalExpenses, delta.transactionCount]).toEqual([100.5, 1]);
  });

  it('is Pro, and refuses a period it cannot read', async () => {
    const { auth } = await aPerson();
    const bad = expectJson(await get(auth, '/reports/spending?period=custom'), 400, errorBody);
    expect(bad.message).toContain('Choose a start and an end date');
    await putOnPlan(app, auth, 'starter');
    expect(expectJson(await get(auth, '/reports/spending'), 403, errorBody).message).toBe(
      upgradeMessage('reports'),
    );
  });
});

describe('GET /api/reports/flow', () => {
  it('sends income into spending categories and savings, each node counted as Transactions counts it', async () => {
    const { auth, card } = await aPerson();
    const report = expectJson(
      await get(auth, '/reports/flow?period=last_3_months&compare=year_ago'),
      200,
      moneyFlowReport,
    );
    expect(report.nodes.map((n) => [n.name, n.kind, n.amount, n.transactionCount])).toEqual([
      ['Salary', 'income', 9200, 3],
      ['Income', 'total', 9200, null],
      ['Dining Out', 'spending', 450, 1],
      ['Groceries', 'spending', 400, 1],
      ['Travel', 'spending', 100.5, 1],
      ['Saved', 'saved', 8249.5, null],
    ]);
    expect(report.links.map((l) => [l.source, l.target, l.amount])).toEqual([
      [0, 1, 9200],
      [1, 2, 450],
      [1, 3, 400],
      [1, 4, 100.5],
      [1, 5, 8249.5],
    ]);
    expect(report.totals).toMatchObject({ income: 9200, expenses: 950.5, net: 8249.5, transactionCount: 7 });
    expect(report.previous).toMatchObject({ income: 0, expenses: 0 });
    expect(report.changes).toEqual([
      'Spending was $951, against none in the same period last year.',
      'Income was $9,200, against none in the same period last year.',
    ]);
    // A node's count is what Transactions lists for its category over the period.
    for (const node of report.nodes.filter((n) => n.category !== null)) {
      const summary = expectJson(
        await get(
          auth,
          `/transactions/summary?category=${node.category}&startDate=${report.startDate}&endDate=${report.endDate}`,
        ),
        200,
        transactionSummary,
      );
      expect(summary.transactionCount).toBe(node.transactionCount);
    }

    // A card alone has no income: what it spent came from savings.
    const cardOnly = expectJson(
      await get(auth, `/reports/flow?period=last_3_months&accountId=${card}`),
      200,
      moneyFlowReport,
    );
    expect(cardOnly.nodes.slice(0, 2).map((n) => [n.name, n.kind, n.amount])).toEqual([
      ['From savings', 'shortfall', 950.5],
      ['Money spent', 'total', 950.5],
    ]);
  });

  it('is Pro, and refuses a period it cannot read', async () => {
    const { auth } = await aPerson();
    const bad = expectJson(await get(auth, '/reports/flow?period=someday'), 400, errorBody);
    expect(bad.message).toContain('Unknown period');
    await putOnPlan(app, auth, 'starter');
    expect(expectJson(await get(auth, '/reports/flow'), 403, errorBody).message).toBe(
      upgradeMessage('reports'),
    );
  });
});

describe('GET /api/reports/net-worth', () => {
  const netWorth = async (auth: LoginResult, query: string) =>
    expectJson(await get(auth, `/reports/net-worth?${query}`), 200, netWorthReport);

  it('gives net worth each day from the opening balances and the transactions, and says what moved it', async () => {
    const { auth, card } = await aPerson();
    const report = await netWorth(auth, 'period=last_3_months');
    expect(report).toMatchObject({ startDate: '2026-09-01', endDate: '2026-11-20', step: 'day' });
    expect(report.points).toHaveLength(81);
    // Checking opened with $1,000 and took $3,000 less $200 by September; the card opened owing $1,000.
    expect(report.opening).toEqual({ assets: 3800, liabilities: 1000, netWorth: 2800 });
    // Today's balances: the card's payment dated ahead is not owed yet.
    expect(report.closing).toEqual({ assets: 12500, liabilities: 1950.5, netWorth: 10549.5 });
    expect(report.change).toBe(7749.5);
    const day = (d: string) => report.points.find((p) => p.startDate === d);
    expect(day('2026-11-01')).toMatchObject({ netWorth: 9800 - 1850, transactionCount: 0 });
    expect(day('2026-11-02')).toMatchObject({ netWorth: 13000 - 1850, transactionCount: 1 });
    expect(report.kinds.map((k) => [k.name, k.values.at(-1)])).toEqual([
      ['Cash', 12500],
      ['Credit cards', -1950.5],
    ]);
    expect(
      report.accounts.map((a) => [a.name, a.kind, a.opening, a.closing, a.change, a.transactionCount]),
    ).toEqual([
      ['Checking', 'cash', 3800, 12500, 8700, 4],
      ['Card', 'credit', -1000, -1950.5, -950.5, 3],
    ]);
    expect(report.previousChange).toBe(2800);
    expect(report.changes).toEqual([
      'Net worth rose $7,750 (277%) over the period: Checking +$8,700.',
      'In the previous period it rose $2,800.',
    ]);
    // An account's count is what Transactions lists for it over the period.
    for (const account of report.accounts) {
      const summary = expectJson(
        await get(
          auth,
          `/transactions/summary?accountId=${account.id}&startDate=${report.startDate}&endDate=${report.endDate}`,
        ),
        200,
        transactionSummary,
      );
      expect(summary.transactionCount).toBe(account.transactionCount);
    }
    // One account alone, by month past two years.
    const cardAlone = await netWorth(
      auth,
      `period=custom&startDate=2024-01-01&endDate=2026-12-31&compare=none&accountId=${card}`,
    );
    expect(cardAlone).toMatchObject({ step: 'month', endDate: '2026-11-20', previousChange: null });
    expect(cardAlone.points.at(-1)).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-20',
      netWorth: -1950.5,
    });
    expect(cardAlone.accounts.map((a) => a.id)).toEqual([card]);
  });

  it('keeps the balances the bank reported, runs two years back from them, and stays exact as rows change', async () => {
    // The bank's import is a job: this app runs them.
    const app = await createTestApp({ now: testNow });
    onTestFinished(() => app.close());
    const netWorth = async (auth: LoginResult, query: string) =>
      expectJson(
        await app.inject({ method: 'GET', url: `/api/reports/net-worth?${query}`, headers: bearer(auth) }),
        200,
        netWorthReport,
      );
    const auth = await signUp(app);
    await linkBankAndImport(app, auth);
    const accounts = await app.database.query<{ id: string; type: number; current_balance: string }>(
      'select id, type, current_balance::text from bank_accounts where user_id = $1 and is_active order by id',
      [auth.user.id],
    );
    // The sync kept today's balance of every account.
    const reported = await app.database.query<{ account_id: string; day: string; balance: string }>(
      'select account_id, day::text, balance::text from account_balances where user_id = $1 order by account_id',
      [auth.user.id],
    );
    expect(reported.map((r) => [r.account_id, r.day, r.balance])).toEqual(
      accounts.map((a) => [a.id, '2026-11-20', a.current_balance]),
    );
    const report = await netWorth(auth, 'period=last_12_months&compare=none');
    const held = (a: (typeof accounts)[number]) =>
      ((a.type === 2 || a.type === 4 ? -1 : 1) * Number(a.current_balance)) / 100;
    for (const a of accounts)
      expect(report.accounts.find((r) => r.id === a.id)?.closing).toBeCloseTo(held(a), 2);
    expect(report.closing.netWorth).toBeCloseTo(
      accounts.reduce((n, a) => n + held(a), 0),
      2,
    );
    // Net worth each day is the sum of that day's balances by kind.
    for (const [i, point] of report.points.entries())
      expect(point.netWorth).toBeCloseTo(
        report.kinds.reduce((n, k) => n + (k.values[i] as number), 0),
        2,
      );

    // A balance the bank reported on an earlier day is that day's, whatever the transactions say.
    const [first] = accounts;
    if (!first) throw new Error('the bank has accounts');
    await app.database.query(
      'insert into account_balances (user_id, account_id, day, balance) values ($1, $2, $3, $4)',
      [auth.user.id, first.id, '2026-10-01', 123_456],
    );
    const alone = await netWorth(auth, `period=last_3_months&compare=none&accountId=${first.id}`);
    const sign = first.type === 2 || first.type === 4 ? -1 : 1;
    expect(alone.points.find((p) => p.endDate === '2026-10-01')?.netWorth).toBe(sign * 1234.56);

    // Edits, a pending row, a deleted row and a hard delete keep the days exact.
    const [row] = await app.database.query<{ id: string }>(
      'select id from transactions where user_id = $1 and not pending order by date desc limit 1',
      [auth.user.id],
    );
    await app.database.query(
      'update transactions set amount = amount - 1234, date = date - 3 where id = $1',
      [row?.id],
    );
    await app.database.query(
      `update transactions set deleted_at = now() where id in
         (select id from transactions where user_id = $1 order by id limit 2)`,
      [auth.user.id],
    );
    await app.database.query(
      'update transactions set pending = not pending where user_id = $1 and date = $2',
      [auth.user.id, '2026-11-18'],
    );
    await app.database.query(
      'delete from transactions where id in (select id from transactions where user_id = $1 order by id desc limit 3)',
      [auth.user.id],
    );
    await expectRollupsExact(app);
  });

  it("shows nothing of another person's account, is Pro, and refuses a period it cannot read", async () => {
    const alice = await aPerson();
    const bob = await aPerson();
    const report = await netWorth(bob.auth, `period=last_12_months&accountId=${alice.card}`);
    expect(report.accounts).toEqual([]);
    expect(report.closing.netWorth).toBe(0);
    const bad = expectJson(await get(bob.auth, '/reports/net-worth?period=someday'), 400, errorBody);
    expect(bad.message).toContain('Unknown period');
    // Days still to come have no balances yet.
    const ahead = expectJson(
      await get(bob.auth, '/reports/net-worth?period=custom&startDate=2026-12-01&endDate=2026-12-31'),
      400,
      errorBody,
    );
    expect(ahead.message).toBe('Net worth is known up to today: choose days that have begun');
    await putOnPlan(app, bob.auth, 'starter');
    expect(expectJson(await get(bob.auth, '/reports/net-worth'), 403, errorBody).message).toBe(
      upgradeMessage('reports'),
    );
  });
});

describe('GET /api/reports/cash-flow', () => {
  it('gives income, spending and net per month, totals, averages and the savings rate', async () => {
    const { auth } = await aPerson();
    const report = await cashFlow(auth, 'period=last_3_months&compare=none');
    expect(report).toMatchObject({ startDate: '2026-09-01', endDate: '2026-11-20', interval: 'month' });
    expect(report.buckets.map((b) => [b.start, b.income, b.expenses, b.net, b.transactionCount])).toEqual([
      ['2026-09-01', 3000, 400, 2600, 2],
      ['2026-10-01', 3000, 450, 2550, 2],
      ['2026-11-01', 3200, 100.5, 3099.5, 3],
    ]);
    expect(report.buckets[2]?.savingsRate).toBe(0.9686);
    expect(report.totals).toEqual({
      income: 9200,
      expenses: 950.5,
      net: 8249.5,
      savingsRate: 0.8967,
      transactionCount: 7,
    });
    expect(report.averages).toEqual({ income: 3066.67, expenses: 316.83, net: 2749.83 });
    expect(report.comparison).toBeNull();
    expect(report.changes).toEqual([]);
  });

  it('compares with the previous period and says what moved it', async () => {
    const { auth } = await aPerson();
    const report = await cashFlow(auth, 'period=last_3_months');
    expect(report.comparison).toEqual({
      startDate: '2026-06-01',
      endDate: '2026-08-20',
      label: 'previous period',
    });
    expect(report.previous).toMatchObject({ income: 3000, expenses: 200, transactionCount: 2 });
    expect(report.changes).toEqual([
      'Spending rose $751 (375%) against the previous period: Groceries +$400, Dining Out +$250.',
      'Income rose $6,200 (207%) against the previous period: Salary +$6,200.',
    ]);
  });

  it('narrows to an account or a category, and by week', async () => {
    const { auth, card } = await aPerson();
    const byCard = await cashFlow(auth, `period=this_month&compare=none&accountId=${card}`);
    expect(byCard.totals).toMatchObject({ income: 0, expenses: 100.5, transactionCount: 1 });
    const dining = await cashFlow(auth, `period=last_6_months&compare=none&category=${CATEGORY.DiningOut}`);
    expect(dining.buckets.map((b) => b.expenses)).toEqual([0, 200, 0, 0, 450, 0]);
    const weeks = await cashFlow(auth, 'period=this_month&interval=week&compare=none');
    expect(weeks.buckets.map((b) => [b.start, b.startDate, b.endDate, b.income, b.expenses])).toEqual([
      ['2026-10-26', '2026-11-01', '2026-11-01', 0, 0],
      ['2026-11-02', '2026-11-02', '2026-11-08', 3200, 100.5],
      ['2026-11-09', '2026-11-09', '2026-11-15', 0, 0],
      ['2026-11-16', '2026-11-16', '2026-11-20', 0, 0],
    ]);
  });

  it("shows nothing of another person's account", async () => {
    const alice = await aPerson();
    const bob = await aPerson();
    const report = await cashFlow(bob.auth, `period=last_12_months&accountId=${alice.card}`);
    expect(report.totals.transactionCount).toBe(0);
    expect(report.previous?.transactionCount).toBe(0);
  });

  it('answers 400 with a clear message for a period it cannot read', async () => {
    const { auth } = await aPerson();
    const cases: Array<[string, string]> = [
      ['period=custom', 'Choose a start and an end date'],
      ['period=custom&startDate=2026-11-10&endDate=2026-11-01', 'Start date must be before end date'],
      ['period=custom&startDate=2010-01-01&endDate=2026-11-01', 'A report covers at most ten years'],
      [
        'period=custom&startDate=2023-01-01&endDate=2026-11-01&interval=week',
        'Weekly figures cover at most two years. Choose monthly.',
      ],
      ['period=fortnight', 'Unknown period'],
      ['interval=day', 'Interval must be month or week'],
      ['compare=twice', 'Unknown comparison'],
      ['accountId=nope', 'Unknown account'],
      ['category=7', 'Unknown category'],
      ['period=custom&startDate=2026-02-30&endDate=2026-03-01', 'Not a real date'],
    ];
    for (const [query, message] of cases) {
      const body = expectJson(await get(auth, `/reports/cash-flow?${query}`), 400, errorBody);
      expect(body.message, query).toContain(message);
    }
  });

  it('is Pro: Starter is told to upgrade', async () => {
    const { auth } = await aPerson();
    await putOnPlan(app, auth, 'starter');
    const refused = expectJson(await get(auth, '/reports/cash-flow'), 403, errorBody);
    expect(refused.message).toBe(upgradeMessage('reports'));
    await putOnPlan(app, auth, 'pro');
    await cashFlow(auth, 'period=this_month');
  });

  it('adds up to the Transactions summary for the same filters, per bucket and in total', async () => {
    const auth = await signUp(app);
    const accounts = [
      (await addManualAccount(app, auth, { name: 'A' })).id,
      (await addManualAccount(app, auth, { name: 'B' })).id,
    ];
    const categories = [CATEGORY.Salary, CATEGORY.Groceries, CATEGORY.DiningOut, CATEGORY.Uncategorized];
    // Generated rows, written at once (the rollups' triggers keep up as they would for an import).
    const rows = fc.sample(
      fc.record({
        day: fc.integer({ min: 0, max: 500 }),
        account: fc.constantFrom(...accounts),
        amount: fc.integer({ min: -200_000, max: 200_000 }),
        category: fc.constantFrom(...categories),
        isTransfer: fc.boolean(),
      }),
      { numRuns: 400, seed: 7 },
    );
    await app.database.query(
      `insert into transactions (user_id, account_id, provider_transaction_id, date, description, amount, category, is_transfer)
       select $1, r.account, 'gen-' || r.n, date '2025-07-08' + r.day, 'Generated', r.amount, r.category, r.transfer
       from unnest($2::uuid[], $3::int[], $4::bigint[], $5::smallint[], $6::boolean[]) with ordinality
         as r(account, day, amount, category, transfer, n)`,
      [
        auth.user.id,
        rows.map((r) => r.account),
        rows.map((r) => r.day),
        rows.map((r) => r.amount),
        rows.map((r) => r.category),
        rows.map((r) => r.isTransfer),
      ],
    );
    const summary = async (query: string) =>
      expectJson(await get(auth, `/transactions/summary?${query}`), 200, transactionSummary);
    const day = fc.integer({ min: 0, max: 520 }).map((n) => {
      const d = new Date(Date.UTC(2025, 6, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    await fc.assert(
      fc.asyncProperty(
        day,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('month', 'week'),
        fc.option(fc.constantFrom(...accounts), { nil: undefined }),
        fc.option(fc.constantFrom(...categories), { nil: undefined }),
        async (start, length, interval, accountId, category) => {
          const end = new Date(Date.parse(`${start}T00:00:00Z`) + length * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const filters = `${accountId ? `&accountId=${accountId}` : ''}${category !== undefined ? `&category=${category}` : ''}`;
          const report = await cashFlow(
            auth,
            `period=custom&startDate=${start}&endDate=${end}&interval=${interval}&compare=none${filters}`,
          );
          const whole = await summary(`startDate=${start}&endDate=${end}${filters}`);
          expect([report.totals.income, report.totals.expenses, report.totals.transactionCount]).toEqual([
            whole.totalIncome,
            whole.totalExpenses,
            whole.transactionCount,
          ]);
          const bucket = report.buckets[Math.floor(report.buckets.length / 2)];
          if (!bucket) throw new Error('a range has at least one bucket');
          const part = await summary(`startDate=${bucket.startDate}&endDate=${bucket.endDate}${filters}`);
          expect([bucket.income, bucket.expenses, bucket.transactionCount]).toEqual([
            part.totalIncome,
            part.totalExpenses,
            part.transactionCount,
          ]);
        },
      ),
      { numRuns: 25, seed: 11 },
    );
  });
});

const customOf = async (auth: LoginResult, query: string) =>
  expectJson(await get(auth, `/reports/custom?${query}`), 200, customReport);
const summaryOf = async (auth: LoginResult, query: string) =>
  expectJson(await get(auth, `/transactions/summary?${query}`), 200, transactionSummary);
type Drill = NonNullable<CustomReport['groups'][number]['drill']>;
/** The Transactions summary's query for a group's drill, with the report's own filters. */
const drillQuery = (drill: Drill, filters: { accountId?: string; category?: number } = {}) => {
  const category = drill.category ?? filters.category;
  const accountId = drill.accountId ?? filters.accountId;
  return [
    `startDate=${drill.startDate}`,
    `endDate=${drill.endDate}`,
    category !== undefined ? `category=${category}` : '',
    accountId ? `accountId=${accountId}` : '',
    drill.merchant !== null ? `merchant=${encodeURIComponent(drill.merchant)}` : '',
  ]
    .filter(Boolean)
    .join('&');
};
const cents = (dollars: number) => Math.round(dollars * 100);

describe('GET /api/reports/custom', () => {
  it('groups spending by category, largest first, the transfer counted only in counts, and says what moved it', async () => {
    const { auth } = await aPerson();
    const report = await customOf(auth, 'period=last_3_months');
    expect(report).toMatchObject({
      startDate: '2026-09-01',
      endDate: '2026-11-20',
      measure: 'total',
      amount: 'spending',
      groupBy: 'category',
      chart: 'bars',
      comparison: { startDate: '2026-06-01', endDate: '2026-08-20', label: 'previous period' },
      more: 0,
      series: [],
    });
    expect(report.groups.map((g) => [g.key, g.label, g.total, g.count, g.previous?.total, g.parts])).toEqual([
      [String(CATEGORY.DiningOut), 'Dining Out', 450, 1, 200, []],
      [String(CATEGORY.Groceries), 'Groceries', 400, 1, 0, []],
      [String(CATEGORY.Travel), 'Travel', 100.5, 1, 0, []],
    ]);
    // 81 days: 9 Sep to 20 Nov; the previous period, 1 Jun to 20 Aug, as many.
    expect(report.groups[0]?.average).toBe(5.56);
    expect(report.groups[0]?.previous).toEqual({ total: 200, count: 1, average: 2.47 });
    expect(report.groups.map((g) => g.drill)).toEqual(
      [CATEGORY.DiningOut, CATEGORY.Groceries, CATEGORY.Travel].map((category) => ({
        startDate: '2026-09-01',
        endDate: '2026-11-20',
        category,
        accountId: null,
        merchant: null,
      })),
    );
    // Three salaries, three purchases and the card payment: seven rows, $950.50 of spending.
    expect(report.totals).toEqual({ total: 950.5, count: 7, average: 11.73 });
    expect(report.previous).toEqual({ total: 200, count: 2, average: 2.47 });
    expect(report.changes).toEqual([
      'Spending rose $751 (375%) against the previous period: Groceries +$400, Dining Out +$250.',
    ]);
    for (const group of report.groups) {
      const summary = await summaryOf(auth, drillQuery(group.drill as Drill));
      expect([summary.totalExpenses, summary.transactionCount]).toEqual([group.total, group.count]);
    }

    // Counted: every category with rows shows, the transfer's (Other) too, with no income of its own.
    const counted = await customOf(auth, 'period=last_3_months&measure=count&amount=income');
    expect(counted.groups.map((g) => [g.label, g.count, g.total])).toEqual([
      ['Salary', 3, 9200],
      ['Dining Out', 1, 0],
      ['Groceries', 1, 0],
      ['Other', 1, 0],
      ['Travel', 1, 0],
    ]);
    expect(counted.totals).toEqual({ total: 9200, count: 7, average: 113.58 });
    expect(counted.previous).toEqual({ total: 3000, count: 2, average: 37.04 });
    expect(counted.changes).toEqual([
      'Transactions rose 5 (250%) against the previous period: Salary +2, Groceries +1.',
    ]);
  });

  it('groups by account, merchant, month and day of the week', async () => {
    const { auth, checking, card } = await aPerson();
    // By account: both named, each count what Transactions lists for it.
    const byAccount = await customOf(auth, 'period=last_3_months&groupBy=account&measure=count');
    expect(byAccount.groups.map((g) => [g.key, g.label, g.count, g.total, g.previous?.count])).toEqual([
      [checking, 'Checking', 4, 0, 2],
      [card, 'Card', 3, 950.5, 0],
    ]);
    expect(byAccount.changes).toEqual([
      'Transactions rose 5 (250%) against the previous period: Card +3, Checking +2.',
    ]);
    for (const group of byAccount.groups) {
      expect(group.drill).toMatchObject({ accountId: group.key, category: null, merchant: null });
      const summary = await summaryOf(auth, drillQuery(group.drill as Drill));
      expect(summary.transactionCount).toBe(group.count);
    }
    // Spending alone: the checking account spent nothing this period and is left out.
    const spentByAccount = await customOf(auth, 'period=last_3_months&groupBy=account');
    expect(spentByAccount.groups.map((g) => [g.label, g.total, g.previous?.total])).toEqual([
      ['Card', 950.5, 0],
    ]);
    expect(spentByAccount.changes).toEqual([
      'Spending rose $751 (375%) against the previous period: Card +$951.',
    ]);
    // With a category: the report's own filter.
    const diningByAccount = await customOf(
      auth,
      `period=last_3_months&groupBy=account&category=${CATEGORY.DiningOut}`,
    );
    expect(diningByAccount.groups.map((g) => [g.label, g.total, g.count, g.previous?.total])).toEqual([
      ['Card', 450, 1, 0],
    ]);
    expect(diningByAccount.totals).toEqual({ total: 450, count: 1, average: 5.56 });

    // By merchant, named as the spending test names them.
    const name = async (date: string, merchant: string) =>
      app.database.query('update transactions set merchant_name = $3 where user_id = $1 and date = $2', [
        auth.user.id,
        date,
        merchant,
      ]);
    await name('2026-09-12', 'Whole Foods');
    await name('2026-10-15', 'Chez Nous');
    await name('2026-11-05', ' Delta  ');
    await name('2026-11-02', '  ');
    const byMerchant = await customOf(auth, 'period=last_3_months&groupBy=merchant');
    expect(byMerchant.groups.map((g) => [g.key, g.label, g.total, g.count, g.drill?.merchant])).toEqual([
      ['chez nous', 'Chez Nous', 450, 1, 'Chez Nous'],
      ['whole foods', 'Whole Foods', 400, 1, 'Whole Foods'],
      ['delta', 'Delta', 100.5, 1, 'Delta'],
    ]);
    expect(byMerchant.more).toBe(0);
    // Only rows with a merchant are grouped: none in the previous period.
    expect(byMerchant.totals).toMatchObject({ total: 950.5, count: 3 });
    expect(byMerchant.changes).toEqual(['Spending was $951, against none in the previous period.']);
    for (const group of byMerchant.groups) {
      const summary = await summaryOf(auth, drillQuery(group.drill as Drill));
      expect([summary.totalExpenses, summary.transactionCount]).toEqual([group.total, group.count]);
    }

    // By month: every month of the period in order, each opening its own days.
    const byMonth = await customOf(auth, 'period=last_3_months&groupBy=month&compare=none');
    expect(
      byMonth.groups.map((g) => [g.key, g.label, g.total, g.count, g.average, g.previous, g.drill]),
    ).toEqual([
      ['2026-09-01', 'Sep 2026', 400, 2, 13.33, null, drillOf('2026-09-01', '2026-09-30')],
      ['2026-10-01', 'Oct 2026', 450, 2, 14.52, null, drillOf('2026-10-01', '2026-10-31')],
      ['2026-11-01', 'Nov 2026', 100.5, 3, 5.03, null, drillOf('2026-11-01', '2026-11-20')],
    ]);
    expect([byMonth.comparison, byMonth.previous, byMonth.changes]).toEqual([null, null, []]);
    // A month with nothing still shows.
    const sixMonths = await customOf(auth, 'period=last_6_months&groupBy=month&compare=none');
    expect(sixMonths.groups.map((g) => [g.key, g.total])).toEqual([
      ['2026-06-01', 0],
      ['2026-07-01', 200],
      ['2026-08-01', 0],
      ['2026-09-01', 400],
      ['2026-10-01', 450],
      ['2026-11-01', 100.5],
    ]);

    // By day of the week: all seven, Monday first, none opening on Transactions (it has no such filter).
    const byWeekday = await customOf(auth, 'period=last_3_months&groupBy=weekday');
    expect(byWeekday.groups.map((g) => [g.key, g.label, g.total, g.count, g.drill, g.previous])).toEqual([
      ['1', 'Monday', 0, 1, null, null],
      ['2', 'Tuesday', 0, 2, null, null],
      ['3', 'Wednesday', 0, 0, null, null],
      ['4', 'Thursday', 550.5, 3, null, null],
      ['5', 'Friday', 0, 0, null, null],
      ['6', 'Saturday', 400, 1, null, null],
      ['7', 'Sunday', 0, 0, null, null],
    ]);
    // Per day of those it covers: twelve Thursdays and eleven Saturdays from Tuesday 1 Sep to Friday 20 Nov.
    expect([byWeekday.groups[3]?.average, byWeekday.groups[5]?.average]).toEqual([45.88, 36.36]);
    // Days of the week are other days than the comparison's: the sentence names no group.
    expect(byWeekday.changes).toEqual(['Spending rose $751 (375%) against the previous period.']);
  });

  it('stacks each group by month (grouped by category) or by category, the parts adding up to the group', async () => {
    const { auth } = await aPerson();
    const byCategory = await customOf(auth, 'period=last_3_months&chart=stacked&compare=none');
    expect(byCategory.series).toEqual([
      { key: '2026-09-01', label: 'Sep 2026', category: null },
      { key: '2026-10-01', label: 'Oct 2026', category: null },
      { key: '2026-11-01', label: 'Nov 2026', category: null },
    ]);
    expect(byCategory.groups.map((g) => [g.label, g.parts.map((p) => p.total)])).toEqual([
      ['Dining Out', [0, 450, 0]],
      ['Groceries', [400, 0, 0]],
      ['Travel', [0, 0, 100.5]],
    ]);
    const byMonth = await customOf(auth, 'period=last_3_months&groupBy=month&chart=stacked&compare=none');
    // The salaries and the transfer have no spending: they stack as the rest, so the counts add up too.
    expect(byMonth.series).toEqual([
      { key: String(CATEGORY.DiningOut), label: 'Dining Out', category: CATEGORY.DiningOut },
      { key: String(CATEGORY.Groceries), label: 'Groceries', category: CATEGORY.Groceries },
      { key: String(CATEGORY.Travel), label: 'Travel', category: CATEGORY.Travel },
      { key: 'other', label: 'Other categories', category: null },
    ]);
    expect(byMonth.groups.map((g) => [g.key, g.parts.map((p) => [p.total, p.count])])).toEqual([
      [
        '2026-09-01',
        [
          [0, 0],
          [400, 1],
          [0, 0],
          [0, 1],
        ],
      ],
      [
        '2026-10-01',
        [
          [450, 1],
          [0, 0],
          [0, 0],
          [0, 1],
        ],
      ],
      [
        '2026-11-01',
        [
          [0, 0],
          [0, 0],
          [100.5, 1],
          [0, 2],
        ],
      ],
    ]);
    for (const report of [byCategory, byMonth])
      for (const group of report.groups) {
        expect(group.parts).toHaveLength(report.series.length);
        expect(group.parts.reduce((n, p) => n + cents(p.total), 0)).toBe(cents(group.total));
        expect(group.parts.reduce((n, p) => n + p.count, 0)).toBe(group.count);
      }
  });

  it('opens each group on the transactions it counts: the count shown there equals the count in the chart', async () => {
    const auth = await signUp(app);
    const accounts = [
      (await addManualAccount(app, auth, { name: 'A' })).id,
      (await addManualAccount(app, auth, { name: 'B' })).id,
    ];
    const categories = [CATEGORY.Salary, CATEGORY.Groceries, CATEGORY.DiningOut, CATEGORY.Uncategorized];
    // One merchant spelled in several ways, another, a blank name and none.
    const merchants = ['Cafe', ' cafe ', 'CAFE', 'Book Shop', 'book shop  ', '  ', null];
    const rows = fc.sample(
      fc.record({
        day: fc.integer({ min: 0, max: 500 }),
        account: fc.constantFrom(...accounts),
        amount: fc.integer({ min: -200_000, max: 200_000 }),
        category: fc.constantFrom(...categories),
        isTransfer: fc.boolean(),
        merchant: fc.constantFrom(...merchants),
      }),
      { numRuns: 400, seed: 13 },
    );
    await app.database.query(
      `insert into transactions (user_id, account_id, provider_transaction_id, date, description, amount, category, is_transfer, merchant_name)
       select $1, r.account, 'gen-' || r.n, date '2025-07-08' + r.day, 'Generated', r.amount, r.category, r.transfer, r.merchant
       from unnest($2::uuid[], $3::int[], $4::bigint[], $5::smallint[], $6::boolean[], $7::text[]) with ordinality
         as r(account, day, amount, category, transfer, merchant, n)`,
      [
        auth.user.id,
        rows.map((r) => r.account),
        rows.map((r) => r.day),
        rows.map((r) => r.amount),
        rows.map((r) => r.category),
        rows.map((r) => r.isTransfer),
        rows.map((r) => r.merchant),
      ],
    );
    const day = fc.integer({ min: 0, max: 520 }).map((n) => {
      const d = new Date(Date.UTC(2025, 6, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    const amountOf = (
      s: { totalIncome: number; totalExpenses: number; netAmount: number },
      amount: 'spending' | 'income' | 'net',
    ) => (amount === 'spending' ? s.totalExpenses : amount === 'income' ? s.totalIncome : s.netAmount);
    const opened = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        day,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('category', 'account', 'merchant', 'month', 'week', 'weekday'),
        fc.constantFrom('total', 'count'),
        fc.constantFrom('spending', 'income', 'net'),
        fc.option(fc.constantFrom(...accounts), { nil: undefined }),
        fc.option(fc.constantFrom(...categories), { nil: undefined }),
        async (start, length, groupBy, measure, amount, accountId, category) => {
          const end = new Date(Date.parse(`${start}T00:00:00Z`) + length * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const filters = `${accountId ? `&accountId=${accountId}` : ''}${category !== undefined ? `&category=${category}` : ''}`;
          const report = await customOf(
            auth,
            `period=custom&startDate=${start}&endDate=${end}&groupBy=${groupBy}&measure=${measure}&amount=${amount}&compare=none${filters}`,
          );
          // The whole period: what Transactions finds (merchants: the rows with one).
          const wholes =
            groupBy === 'merchant'
              ? await Promise.all(
                  ['cafe', 'book%20shop'].map((m) =>
                    summaryOf(auth, `startDate=${start}&endDate=${end}&merchant=${m}${filters}`),
                  ),
                )
              : [await summaryOf(auth, `startDate=${start}&endDate=${end}${filters}`)];
          expect(report.totals.count).toBe(wholes.reduce((n, s) => n + s.transactionCount, 0));
          expect(cents(report.totals.total)).toBe(wholes.reduce((n, s) => n + cents(amountOf(s, amount)), 0));
          if (groupBy === 'weekday') {
            expect(report.groups.map((g) => g.drill)).toEqual(Array(7).fill(null));
            expect(report.groups.reduce((n, g) => n + g.count, 0)).toBe(report.totals.count);
            return;
          }
          const picks = [...new Set([0, Math.floor(report.groups.length / 2), report.groups.length - 1])];
          for (const group of picks.map((i) => report.groups[i]).filter((g) => g !== undefined)) {
            if (!group.drill) throw new Error(`a ${groupBy} group opens on its transactions`);
            const summary = await summaryOf(auth, drillQuery(group.drill, { accountId, category }));
            expect([group.count, group.total], `${group.label} ${drillQuery(group.drill)}`).toEqual([
              summary.transactionCount,
              amountOf(summary, amount),
            ]);
            opened.add(groupBy);
          }
        },
      ),
      { numRuns: 30, seed: 17 },
    );
    // The runs opened groups of every grouping that has them.
    expect([...opened].sort()).toEqual(['account', 'category', 'merchant', 'month', 'week']);
  });

  // BUG (it.fails): a merchant name with a tab or a no-break space at its edges. The report groups by
  // lower(btrim(merchant_name)) (btrim takes off spaces only) and names the drill '\tCafe\u00a0'; the
  // Transactions filter trims the query with JavaScript's trim (every white space) to 'cafe' and compares it
  // with lower(btrim(merchant_name)) = '\tcafe\u00a0': the group counts 1, its drill opens on none. The
  // spending report's merchants open the same way.
  it.fails('opens a merchant whose name has white space other than spaces at its edges', async () => {
    const { auth } = await aPerson();
    await app.database.query('update transactions set merchant_name = $3 where user_id = $1 and date = $2', [
      auth.user.id,
      '2026-09-12',
      '\tCafe\u00a0',
    ]);
    const report = await customOf(auth, 'period=last_3_months&groupBy=merchant');
    const [group] = report.groups;
    expect(group).toMatchObject({ total: 400, count: 1 });
    const summary = await summaryOf(auth, drillQuery(group?.drill as Drill));
    expect([summary.totalExpenses, summary.transactionCount]).toEqual([400, 1]);
  });

  it("shows the twenty merchants spent at most, counts the rest, and nothing of another person's account", async () => {
    const auth = await signUp(app);
    const account = (await addManualAccount(app, auth, { name: 'A' })).id;
    // Merchant n spent n dollars on 2026-10-n; the 25th twice, once as a transfer that only counts.
    await app.database.query(
      `insert into transactions (user_id, account_id, provider_transaction_id, date, description, amount, category, merchant_name, is_transfer)
       select $1::uuid, $2::uuid, 'm-' || n, date '2026-10-01' + (n - 1), 'Shop', -100 * n, 20, 'Shop ' || lpad(n::text, 2, '0'), false
       from generate_series(1, 25) n
       union all select $1::uuid, $2::uuid, 'm-t', date '2026-10-25', 'Shop', -99900, 20, 'Shop 25', true`,
      [auth.user.id, account],
    );
    const report = await customOf(
      auth,
      'period=custom&startDate=2026-10-01&endDate=2026-10-31&groupBy=merchant',
    );
    expect(report.groups.map((g) => [g.label, g.total])).toEqual(
      Array.from({ length: 20 }, (_, i) => [`Shop ${String(25 - i).padStart(2, '0')}`, 25 - i]),
    );
    expect(report.groups[0]?.count).toBe(2);
    expect(report.more).toBe(5);
    // The totals are every merchant's, those left out too.
    expect(report.totals).toMatchObject({ total: 325, count: 26 });

    const bob = await aPerson();
    const none = await customOf(bob.auth, `period=last_12_months&groupBy=account&accountId=${account}`);
    expect([none.groups, none.totals]).toEqual([[], { total: 0, count: 0, average: 0 }]);
  });

  it('answers 400 with a clear message for what it cannot read, and is Pro', async () => {
    const { auth } = await aPerson();
    const cases: Array<[string, string]> = [
      [
        'period=custom&startDate=2024-01-01&endDate=2026-11-01&groupBy=week',
        'Weekly figures cover at most two years. Choose monthly.',
      ],
      ['measure=median', 'Measure must be total, count or average'],
      ['amount=savings', 'Amount must be spending, income or net'],
      ['groupBy=payee', 'Group by category, merchant, account, month, week or weekday'],
      ['chart=pie', 'Chart must be bars, lines, stacked or table'],
      ['period=custom&startDate=2026-01-01', 'Choose a start and an end date'],
    ];
    for (const [query, message] of cases) {
      const body = expectJson(await get(auth, `/reports/custom?${query}`), 400, errorBody);
      expect(body.message, query).toBe(message);
    }
    // Two years of weeks are fine.
    const weeks = await customOf(auth, 'period=custom&startDate=2024-11-21&endDate=2026-11-20&groupBy=week');
    expect(weeks.groups.at(-1)).toMatchObject({ key: '2026-11-16', label: 'Week of Nov 16' });
    await putOnPlan(app, auth, 'starter');
    expect(expectJson(await get(auth, '/reports/custom'), 403, errorBody).message).toBe(
      upgradeMessage('reports'),
    );
  });
});

/** A month's (or week's) drill: its days, no other filter. */
function drillOf(startDate: string, endDate: string): Drill {
  return { startDate, endDate, category: null, accountId: null, merchant: null };
}

describe('/api/reports/saved', () => {
  const send = (auth: LoginResult, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(auth),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (auth: LoginResult) =>
    expectJson(await get(auth, '/reports/saved'), 200, savedReportList);
  const save = async (auth: LoginResult, body: unknown) =>
    expectJson(await send(auth, 'POST', '/reports/saved', body), 201, savedReport);
  const defaults = {
    compare: 'previous',
    measure: 'total',
    amount: 'spending',
    groupBy: 'category',
    chart: 'bars',
  };

  it('saves a report with its choices filled in, lists it, changes and deletes it', async () => {
    const auth = await signUp(app);
    expect(await list(auth)).toEqual([]);
    const saved = await save(auth, {
      name: '  Dining by month  ',
      definition: { groupBy: 'month', chart: 'lines', period: 'last_3_months', category: CATEGORY.DiningOut },
      onDashboard: true,
    });
    expect(saved).toMatchObject({ name: 'Dining by month', onDashboard: true });
    expect(saved.definition).toEqual({
      ...defaults,
      period: 'last_3_months',
      groupBy: 'month',
      chart: 'lines',
      category: CATEGORY.DiningOut,
    });
    expect(saved.createdAt).toBe(testNow().toISOString());
    expect(saved.updatedAt).toBe(saved.createdAt);
    // Off the dashboard unless asked.
    const second = await save(auth, { name: 'Everything', definition: {} });
    expect(second).toMatchObject({
      onDashboard: false,
      definition: { ...defaults, period: 'last_6_months' },
    });
    // Oldest first: the second as if saved a minute later (the test's clock stands still).
    await app.database.query(
      `update saved_reports set created_at = created_at + interval '1 minute' where id = $1`,
      [second.id],
    );
    expect((await list(auth)).map((r) => [r.id, r.name])).toEqual([
      [saved.id, 'Dining by month'],
      [second.id, 'Everything'],
    ]);

    // Each change moves updatedAt on (written a day earlier first: the test's clock stands still).
    const change = async (body: unknown) => {
      await app.database.query(
        `update saved_reports set updated_at = updated_at - interval '1 day' where id = $1`,
        [saved.id],
      );
      const changed = expectJson(
        await send(auth, 'PATCH', `/reports/saved/${saved.id}`, body),
        200,
        savedReport,
      );
      expect(changed.updatedAt).toBe(testNow().toISOString());
      expect(changed.createdAt).toBe(saved.createdAt);
      return changed;
    };
    expect(await change({ name: ' Dining, monthly ' })).toMatchObject({
      name: 'Dining, monthly',
      onDashboard: true,
      definition: saved.definition,
    });
    expect(await change({ onDashboard: false })).toMatchObject({
      name: 'Dining, monthly',
      onDashboard: false,
    });
    const redefined = await change({
      definition: { period: 'custom', startDate: '2026-01-01', endDate: '2026-06-30', measure: 'count' },
    });
    expect(redefined.definition).toEqual({
      ...defaults,
      period: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      measure: 'count',
    });
    // Its own name in other letters is still its own.
    expect(await change({ name: 'DINING, MONTHLY' })).toMatchObject({ name: 'DINING, MONTHLY' });
    expect((await list(auth)).find((r) => r.id === saved.id)).toMatchObject({
      name: 'DINING, MONTHLY',
      onDashboard: false,
      definition: redefined.definition,
    });

    expect((await send(auth, 'DELETE', `/reports/saved/${saved.id}`)).statusCode).toBe(204);
    expect((await list(auth)).map((r) => r.id)).toEqual([second.id]);
    for (const res of [
      await send(auth, 'PATCH', `/reports/saved/${saved.id}`, { onDashboard: true }),
      await send(auth, 'DELETE', `/reports/saved/${saved.id}`),
    ])
      expect(expectJson(res, 404, errorBody).message).toBe('Report not found');
    expect(expectJson(await send(auth, 'DELETE', '/reports/saved/nope'), 400, errorBody).message).toBe(
      'Invalid id',
    );
    expect(
      expectJson(await send(auth, 'DELETE', `/reports/saved/${crypto.randomUUID()}`), 404, errorBody).message,
    ).toBe('Report not found');
  });

  it('keeps one name per person, case aside, and refuses what it cannot read', async () => {
    const auth = await signUp(app);
    const first = await save(auth, { name: 'Groceries', definition: { groupBy: 'merchant' } });
    const other = await save(auth, { name: 'Travel', definition: {} });
    const taken = expectJson(
      await send(auth, 'POST', '/reports/saved', { name: ' GROCERIES ', definition: {} }),
      409,
      errorBody,
    );
    expect(taken.message).toBe('You already have a report named "GROCERIES". Choose another name.');
    const renamed = expectJson(
      await send(auth, 'PATCH', `/reports/saved/${other.id}`, { name: 'groceries' }),
      409,
      errorBody,
    );
    expect(renamed.message).toBe('You already have a report named "groceries". Choose another name.');
    // Two saves of one name at once: one takes it.
    const both = await Promise.all(
      ['Same', ' SAME'].map((name) => send(auth, 'POST', '/reports/saved', { name, definition: {} })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const [same] = both.filter((res) => res.statusCode === 201).map((res) => res.json() as { id: string });
    expect((await send(auth, 'DELETE', `/reports/saved/${same?.id}`)).statusCode).toBe(204);
    // Nothing written (saved at the same moment: by name here).
    const byName = async () => (await list(auth)).sort((a, b) => a.name.localeCompare(b.name));
    expect((await byName()).map((r) => [r.id, r.name])).toEqual([
      [first.id, 'Groceries'],
      [other.id, 'Travel'],
    ]);

    const refused: Array<['POST' | 'PATCH', unknown, string]> = [
      ['PATCH', {}, 'Nothing to change'],
      ['POST', { name: '   ', definition: {} }, 'Name is required'],
      ['POST', { name: 'x'.repeat(61), definition: {} }, 'Name must be 60 characters or fewer'],
      ['POST', { name: 'Custom', definition: { period: 'custom' } }, 'Choose a start and an end date'],
      [
        'PATCH',
        { definition: { period: 'custom', endDate: '2026-01-31' } },
        'Choose a start and an end date',
      ],
      [
        'POST',
        {
          name: 'Weeks',
          definition: { period: 'custom', startDate: '2020-01-01', endDate: '2026-01-01', groupBy: 'week' },
        },
        'Weekly figures cover at most two years. Choose monthly.',
      ],
      [
        'POST',
        { name: 'Median', definition: { measure: 'median' } },
        'Measure must be total, count or average',
      ],
      ['PATCH', { onDashboard: 'yes' }, 'On dashboard must be true or false'],
    ];
    for (const [method, body, message] of refused) {
      const res = await send(
        auth,
        method,
        method === 'POST' ? '/reports/saved' : `/reports/saved/${first.id}`,
        body,
      );
      expect(expectJson(res, 400, errorBody).message, JSON.stringify(body)).toBe(message);
    }
    // A key the builder does not have, in the definition or beside it.
    for (const [method, body] of [
      ['POST', { name: 'Colour', definition: { colour: 'red' } }],
      ['PATCH', { definition: { groupBy: 'month', colour: 'red' } }],
      ['POST', { name: 'Colour', definition: {}, colour: 'red' }],
      ['PATCH', { name: 'Colour', colour: 'red' }],
    ] as const) {
      const res = await send(
        auth,
        method,
        method === 'POST' ? '/reports/saved' : `/reports/saved/${first.id}`,
        body,
      );
      expect(expectJson(res, 400, errorBody).message, JSON.stringify(body)).toContain('colour');
    }
    expect((await byName()).map((r) => [r.name, r.definition])).toEqual([
      ['Groceries', { ...defaults, period: 'last_6_months', groupBy: 'merchant' }],
      ['Travel', { ...defaults, period: 'last_6_months' }],
    ]);
  });

  it("answers 404 for another person's report, keeps fifty at most, and is Pro", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const report = await save(alice, { name: 'Mine', definition: { groupBy: 'account' } });
    expect(await list(bob)).toEqual([]);
    for (const res of [
      await send(bob, 'PATCH', `/reports/saved/${report.id}`, { name: 'Yours now' }),
      await send(bob, 'DELETE', `/reports/saved/${report.id}`),
    ])
      expect(expectJson(res, 404, errorBody).message).toBe('Report not found');
    expect(await list(alice)).toEqual([report]);
    // The same name is Bob's to take.
    await save(bob, { name: 'MINE', definition: {} });

    await app.database.query(
      `insert into saved_reports (user_id, name, definition, on_dashboard)
       select user_id, 'Report ' || n, definition, false from saved_reports, generate_series(2, $2::int) n
       where id = $1`,
      [report.id, MAX_SAVED_REPORTS - 1],
    );
    // One short of the limit, two saves at once: one takes the last place.
    const both = await Promise.all(
      ['Last place', 'Too many'].map((name) =>
        send(alice, 'POST', '/reports/saved', { name, definition: {} }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await list(alice)).toHaveLength(MAX_SAVED_REPORTS);
    const full = expectJson(
      await send(alice, 'POST', '/reports/saved', { name: 'One more', definition: {} }),
      409,
      errorBody,
    );
    expect(full.message).toBe(
      `You can save up to ${MAX_SAVED_REPORTS} reports. Delete one you no longer use first.`,
    );
    expect(await list(alice)).toHaveLength(MAX_SAVED_REPORTS);
    // Changing one at the limit is fine; deleting one makes room.
    expectJson(
      await send(alice, 'PATCH', `/reports/saved/${report.id}`, { onDashboard: true }),
      200,
      savedReport,
    );
    expect((await send(alice, 'DELETE', `/reports/saved/${report.id}`)).statusCode).toBe(204);
    await save(alice, { name: 'One more', definition: {} });

    await putOnPlan(app, bob, 'starter');
    const [bobs] = await app.database.query<{ id: string }>(
      'select id from saved_reports where user_id = $1',
      [bob.user.id],
    );
    for (const res of [
      await get(bob, '/reports/saved'),
      await send(bob, 'POST', '/reports/saved', { name: 'Starter', definition: {} }),
      await send(bob, 'PATCH', `/reports/saved/${bobs?.id}`, { onDashboard: true }),
      await send(bob, 'DELETE', `/reports/saved/${bobs?.id}`),
    ])
      expect(expectJson(res, 403, errorBody).message).toBe(upgradeMessage('reports'));
  });
});
