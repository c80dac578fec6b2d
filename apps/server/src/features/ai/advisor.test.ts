import {
  addDays,
  advisorAnswer,
  budget,
  CATEGORY,
  type CategoryCode,
  exchangeResponse,
  flow,
  type Question,
  savingsGoal,
  subscription,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForImport } from '../../../test/accounts';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { answerQuestion } from './advisor';
import { accountBalances } from './ai.queries';

const TODAY = '2026-11-26';
const DINING = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_RESTAURANT' };
const GROCERIES = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' };
const PAY = { primary: 'INCOME', detailed: 'INCOME_WAGES' };
const TRANSFER = { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER' };
const tx = (date: string, amount: number, merchant: string, category: FakeTransactionInput['category']) => ({
  account: 'checking' as const,
  amount,
  date,
  name: merchant.toUpperCase(),
  merchantName: merchant,
  category,
});

/** October and November (Plaid's sign: positive = money out). */
const HISTORY: FakeTransactionInput[] = [
  tx('2026-10-03', 42.5, "Luigi's", DINING),
  tx('2026-10-17', 57.5, "Luigi's", DINING),
  tx('2026-10-20', 120.25, 'Safeway', GROCERIES),
  // A refund from the grocer: money in, not spending.
  tx('2026-10-22', -20.25, 'Safeway', GROCERIES),
  tx('2026-10-31', -3000, 'Acme', PAY),
  tx('2026-11-02', 80, 'Safeway', GROCERIES),
  tx('2026-11-05', 300, 'Savings transfer', TRANSFER),
  tx('2026-11-14', -3000, 'Acme', PAY),
  tx('2026-11-20', 35, "Luigi's", DINING),
];

const OCTOBER = { startDate: '2026-10-01', endDate: '2026-10-31', label: 'last month' };
const NOVEMBER = { startDate: '2026-11-01', endDate: TODAY, label: 'this month' };

let app: TestApp;
let fake: FakePlaid;
let userId: string;
let budgetId: string;

beforeAll(async () => {
  fake = await startFakePlaid({ now: () => new Date(`${TODAY}T15:00:00Z`) });
  app = await createTestApp({
    env: fake.env(),
    now: () => new Date(`${TODAY}T15:00:00Z`),
  });
  await app.ready();
  const auth = await signUp(app, { timeZone: 'UTC' });
  userId = auth.user.id;
  fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: HISTORY };
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
  const linked = expectJson(
    await call('POST', '/plaid/exchange-public-token-quick-sync', { publicToken: fake.createPublicToken() }),
    200,
    exchangeResponse,
  );
  // The quick sync covers 30 days; October comes with the import job.
  await waitForImport(app, auth.token, linked.connection.id);
  budgetId = expectJson(
    await call('POST', '/budget', {
      name: 'November',
      period: 2,
      startDate: '2026-11-01',
      totalIncome: 5000,
      categories: [
        { category: CATEGORY.Groceries, allocatedAmount: 400 },
        { category: CATEGORY.DiningOut, allocatedAmount: 30 },
      ],
    }),
    201,
    budget,
  ).id;
  expectJson(
    await call('POST', '/subscriptions', {
      name: 'Netflix',
      amount: 17.99,
      frequency: 2,
      nextDueDate: '2026-12-03',
    }),
    201,
    subscription,
  );
  expectJson(
    await call('POST', '/subscriptions', {
      name: 'Gym',
      amount: 10,
      frequency: 0,
      nextDueDate: '2026-11-28',
    }),
    201,
    subscription,
  );
  expectJson(
    await call('POST', '/savings/goals', { name: 'Trip', targetAmount: 1000, targetDate: '2027-05-26' }),
    201,
    savingsGoal,
  );
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** The answer as the API writes it (amounts in dollars), to compare with what the screens' routes answer. */
const ask = async (question: Question) =>
  advisorAnswer.encode(await answerQuestion(app.database.db, { userId, today: TODAY, question }));

describe('the advisor answers from the same numbers the screens show', () => {
  it('spending by category, with the filters the Transactions screen uses', async () => {
    const a = await ask(flow('total', 'spending', OCTOBER, { categories: [CATEGORY.DiningOut] }));
    expect(a.response).toBe(
      'You spent $100.00 on Dining Out last month (Oct 1 – Oct 31, 2026), across 2 transactions.',
    );
    expect(a.figures).toEqual([
      {
        label: 'Spent on Dining Out',
        amount: 100,
        source: expect.objectContaining({
          startDate: '2026-10-01',
          endDate: '2026-10-31',
          category: CATEGORY.DiningOut,
          merchant: null,
          transactionCount: 2,
        }),
      },
    ]);
    expect(a).toMatchObject({ intent: 'flow.total', answeredBy: 'built-in', actions: [], choices: [] });
  });

  it('an account by its name, and one the person does not have said so rather than counted as none', async () => {
    const [first] = await accountBalances(app.database.db, { userId });
    if (!first) throw new Error('no account');
    const mine = await ask(flow('count', 'spending', OCTOBER, { accounts: [first.name.toUpperCase()] }));
    expect(mine.intent).toBe('flow.count');
    expect(mine.response).toContain(`on ${first.name.toUpperCase()}`);
    const other = await ask(flow('total', 'spending', OCTOBER, { accounts: ['Brokerage'] }));
    expect(other.response).toBe(
      `You have no account called “Brokerage” in Tally. Your accounts: ${(
        await accountBalances(app.database.db, { userId })
      )
        .map((a) => a.name)
        .join(', ')}.`,
    );
    expect(other.figures).toEqual([]);
  });

  it('an average a day over complete days, with the average as its figure', async () => {
    const day = (d: string) => ({ startDate: d, endDate: d, label: d });
    const a = await ask({
      kind: 'average',
      subject: 'spending',
      filters: { categories: [], merchants: [], excludeCategories: [], excludeMerchants: [] },
      per: 'day',
      periods: [day('2026-11-19'), day('2026-11-20')],
    });
    expect(a.response).toMatch(
      /^You spent \$17\.50 a day on average over the 2 days \(Nov 19 – Nov 20, 2026\), \$35\.00 in all\.$/,
    );
    expect(a.figures.map((f) => [f.label, f.amount])).toEqual([['Average a day', 17.5]]);
    expect(a.intent).toBe('average');
  });

  it('spending at a merchant, and everything (transfers left out, refunds not netted)', async () => {
    const safeway = await ask(flow('total', 'spending', OCTOBER, { merchants: ['Safeway'] }));
    expect(safeway.figures[0]).toMatchObject({
      amount: 120.25,
      source: { merchant: 'Safeway', transactionCount: 2 },
    });
    const all = await ask(flow('total', 'spending', NOVEMBER));
    expect(all.figures[0]?.amount).toBe(115);
    const none = await ask(flow('total', 'spending', OCTOBER, { categories: [CATEGORY.Travel] }));
    expect(none.response).toBe('I found no spending on Travel last month (Oct 1 – Oct 31, 2026).');
  });

  it('top categories and merchants', async () => {
    const a = await ask({ kind: 'top_spending', range: OCTOBER, by: 'category', limit: 3 });
    expect(a.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Groceries', 120.25],
      ['Dining Out', 100],
    ]);
    const m = await ask({ kind: 'top_spending', range: OCTOBER, by: 'merchant', limit: 1 });
    expect(m.figures.map((f) => [f.label, f.amount])).toEqual([['Safeway', 120.25]]);
  });

  it('income and net', async () => {
    const income = await ask(flow('total', 'income', OCTOBER));
    expect(income.figures[0]?.amount).toBe(3020.25);
    const net = await ask(flow('total', 'net', OCTOBER));
    expect(net.figures.map((f) => f.amount)).toEqual([3020.25, 220.25, 2800]);
    expect(net.response).toContain('you kept $2,800.00');
  });

  it('what is left in the budget, and a proposal to raise an overspent category', async () => {
    const groceries = await ask({ kind: 'budget', measure: 'left', category: CATEGORY.Groceries });
    expect(groceries.response).toBe(
      "You have $320.00 left of your $400.00 Groceries budget, with 4 days to go (you've spent $80.00).",
    );
    // What was spent links to its transactions: the category over the period.
    expect(groceries.figures[1]?.source).toMatchObject({
      category: CATEGORY.Groceries,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      transactionCount: 1,
    });
    const dining = await ask({ kind: 'budget', measure: 'left', category: CATEGORY.DiningOut });
    expect(dining.response).toContain("You're $5.00 over your $30.00 Dining Out budget");
    expect(dining.actions).toEqual([
      expect.objectContaining({
        kind: 'raise_budget_category',
        budgetId,
        category: CATEGORY.DiningOut,
        allocatedAmount: 35,
      }),
    ]);
    const whole = await ask({ kind: 'budget', measure: 'left', category: null });
    expect(whole.figures.map((f) => f.amount)).toEqual([430, 115, 315]);
    expect(whole.response).toContain('Over budget: Dining Out.');
  });

  it('counts the days left as the Budgets screen does, and names the last day rather than counting none', async () => {
    const on = (day: string, category: CategoryCode | null) =>
      answerQuestion(app.database.db, {
        userId,
        today: day,
        question: { kind: 'budget', measure: 'left', category },
      });
    expect((await on('2026-11-29', CATEGORY.Groceries)).response).toContain(', with 1 day to go (');
    expect((await on('2026-11-30', CATEGORY.Groceries)).response).toBe(
      "You have $320.00 left of your $400.00 Groceries budget, and today is its last day (you've spent $80.00).",
    );
    expect((await on('2026-11-30', CATEGORY.DiningOut)).response).toMatch(
      /^You're \$5\.00 over your \$30\.00 Dining Out budget \(spent \$35\.00\), and today is its last day\.$/,
    );
    expect((await on('2026-11-30', null)).response).toContain('($115.00 spent), and today is its last day.');
  });

  it('subscriptions: the monthly total and what is due', async () => {
    const total = await ask({ kind: 'subscriptions', measure: 'monthly', name: null });
    // Netflix 17.99 + the gym weekly 10 × 4.33.
    expect(total.figures[0]?.amount).toBe(61.29);
    const due = await ask({
      kind: 'subscriptions_upcoming',
      range: { startDate: TODAY, endDate: addDays(TODAY, 13), label: 'in the next two weeks' },
    });
    expect(due.figures[0]?.amount).toBe(37.99);
    expect(due.response).toContain('Nov 28: Gym $10.00');
    expect(due.response).toContain('Dec 3: Netflix $17.99');
  });

  it('goals and balance', async () => {
    const goal = await ask({ kind: 'goal', measure: 'progress', goal: 'trip' });
    expect(goal.response).toContain('Trip: $0.00 of $1,000.00 (0%)');
    expect((await ask({ kind: 'goal', measure: 'progress', goal: 'house' })).response).toBe(
      'I couldn\'t find a goal called "house".',
    );
    const bal = await ask({ kind: 'balance', accounts: 'cash' });
    expect(bal.figures[0]?.label).toBe('Cash');
    // One account by its name, whatever its kind says; a name the person has none of is said so.
    const saving = await ask({ kind: 'balance', accounts: 'cash', name: 'plaid saving' });
    expect(saving.response).toBe('You have $210.00 in Plaid Saving.');
    expect(saving.figures).toEqual([expect.objectContaining({ label: 'Plaid Saving', amount: 210 })]);
    const card = await ask({ kind: 'balance', accounts: 'credit', name: 'Plaid Credit Card' });
    expect(card.response).toMatch(/^You owe \$[\d,]+\.\d\d on Plaid Credit Card\.$/);
    expect((await ask({ kind: 'balance', accounts: 'cash', name: 'Piggy Bank' })).response).toBe(
      'You have no account named "Piggy Bank" in Tally.',
    );
  });

  it('whether something fits by a date, with a goal proposed when it does not', async () => {
    const small = await ask({ kind: 'afford', amount: 1_000, byDate: '2026-12-10', what: 'coffee' });
    expect(small.response).toMatch(
      /^Yes\. By Dec 10 you should have about \$[\d,.]+ after pay, subscriptions and everyday spending, so the coffee \(\$10\.00\) would leave about/,
    );
    const plain = await ask({ kind: 'afford', amount: 1_000, byDate: null, what: null });
    expect(plain.response).toMatch(/^Yes\. Today .*, so \$10\.00 would leave about/);
    const big = await ask({ kind: 'afford', amount: 100_000_000, byDate: '2026-12-10', what: 'boat' });
    expect(big.response.startsWith('Not comfortably.')).toBe(true);
    expect(big.actions).toEqual([
      expect.objectContaining({
        kind: 'create_goal',
        name: 'Boat',
        targetAmount: 1_000_000,
        targetDate: '2026-12-10',
      }),
    ]);
  });

  it('declines what it cannot answer, and says what it can', async () => {
    const a = await ask({ kind: 'unknown', reason: 'out_of_scope' });
    expect(a.response).toMatch(/^I can't help with that\. I can answer questions about your own money/);
    expect(a.figures).toEqual([]);
  });
});
