import {
  CATEGORY,
  type CategoryCode,
  cashFlowReport,
  errorBody,
  type LoginResult,
  moneyFlowReport,
  netWorthReport,
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
