import {
  budget,
  budgetCategory,
  budgetList,
  CATEGORY,
  countUpResponse,
  exchangeResponse,
  transactionSummary,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp, wire } from '../../../test/helpers';
import { rollDueBudgets } from '../../jobs/budget-roll.job';

const GROCERIES = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' };
const spend = (date: string, amount: number, category = GROCERIES): FakeTransactionInput => ({
  account: 'checking',
  amount,
  date,
  name: `SHOP ${date} ${amount}`,
  category,
});

/** November 2026 as the bank reports it (Plaid's sign: positive = money out). */
const NOVEMBER: FakeTransactionInput[] = [
  spend('2026-10-28', 40),
  spend('2026-11-02', 50),
  spend('2026-11-05', 30.25),
  // A refund at the grocer: money back reduces what the category spent.
  spend('2026-11-10', -10.25),
  spend('2026-11-18', 20),
  spend('2026-11-03', 15.5, { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_RESTAURANT' }),
  // Moving money to one's own savings is Uncategorized but never spending.
  spend('2026-11-04', 500, { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER' }),
  spend('2026-11-06', 3, { primary: 'BANK_FEES', detailed: 'BANK_FEES_OTHER_BANK_FEES' }),
  spend('2026-11-15', -2500, { primary: 'INCOME', detailed: 'INCOME_WAGES' }),
];

const body = (over: Record<string, unknown> = {}) => ({
  name: 'November plan',
  period: 2,
  totalIncome: 3000,
  categories: [
    { category: CATEGORY.Groceries, allocatedAmount: 300, allowRollover: true, countUp: true },
    { category: CATEGORY.DiningOut, allocatedAmount: 100 },
    { category: CATEGORY.Uncategorized, allocatedAmount: 50 },
  ],
  ...over,
});

let clock = new Date('2026-11-20T15:00:00Z');
let app: TestApp;
let fake: FakePlaid;

async function person(timeZone = 'UTC') {
  const auth = await signUp(app, { timeZone });
  fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: NOVEMBER };
  const res = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token-quick-sync',
    headers: bearer(auth),
    payload: { publicToken: fake.createPublicToken() },
  });
  expectJson(res, 200, exchangeResponse);
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
  return { auth, call };
}
type Person = Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  fake = await startFakePlaid({ now: () => new Date('2026-11-20T15:00:00Z') });
  // Without background jobs the quick sync is the whole import, and periods roll only when told to.
  // Sessions outlive the months the clock is moved through.
  app = await createTestApp({
    env: { ...fake.env(), TOKEN_TTL_HOURS: '8760' },
    now: () => clock,
    runJobs: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const periodsOf = async (budgetId: string) =>
  (
    await app.database.query<{ start_date: string }>(
      'select start_date::text from budget_periods where budget_id = $1 order by index',
      [budgetId],
    )
  ).map((r) => r.start_date);

const roll = () => rollDueBudgets({ database: app.database, now: () => clock, log: app.log });

describe('budgets', () => {
  let alice: Person;
  let created: ReturnType<typeof budget.parse>;
  beforeAll(async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    alice = await person();
  });

  it('has none at first: the list is empty and the active one answers 404', async () => {
    expect(expectJson(await alice.call('GET', '/budget'), 200, budgetList)).toEqual([]);
    const res = await alice.call('GET', '/budget/active');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No active budget');
  });

  it.each([
    [{ name: '  ' }, 'Budget name is required'],
    [{ totalIncome: 0 }, 'Total income must be greater than 0'],
    [
      { categories: [{ category: CATEGORY.Groceries, allocatedAmount: 0 }] },
      'Please select at least one budget category',
    ],
    [{ categories: [] }, 'Please select at least one budget category'],
    [
      {
        totalIncome: 100,
        categories: [
          { category: CATEGORY.Groceries, allocatedAmount: 60.01 },
          { category: CATEGORY.Travel, allocatedAmount: 40 },
        ],
      },
      'Total allocated amount cannot exceed total income',
    ],
    [{ categories: [{ category: CATEGORY.Salary, allocatedAmount: 10 }] }, 'Unknown budget category'],
    [{ totalIncome: 10.005 }, 'Total income can have at most 2 decimals'],
    [{ period: 7 }, 'Choose a budget period'],
    [{ startDate: '2024-01-01' }, 'Start date must be within a year of today'],
  ])('refuses %j with its message and writes nothing', async (over, message) => {
    const res = await alice.call('POST', '/budget', body(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await app.database.query('select 1 from budgets')).toHaveLength(0);
  });

  it('creates the month’s budget: spent is money out less refunds, transfers left out', async () => {
    created = expectJson(await alice.call('POST', '/budget', body()), 201, budget);
    expect(created).toMatchObject({
      name: 'November plan',
      period: 2,
      autoReset: true,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      today: '2026-11-20',
      totalIncome: 3000,
      isActive: true,
    });
    expect(
      created.categories.map((c) => [
        c.categoryName,
        c.allocatedAmount,
        c.spentAmount,
        c.remainingAmount,
        c.percentageUsed,
      ]),
    ).toEqual([
      ['Groceries', 300, 90, 210, 30],
      ['Dining Out', 100, 15.5, 84.5, 15.5],
      ['Other', 50, 3, 47, 6],
    ]);
    expect(created.categories[0]).toMatchObject({
      allowRollover: true,
      countUpEnabled: true,
      rolledOverAmount: 0,
    });
    expect(created.categories[1]).toMatchObject({ allowRollover: false, countUpEnabled: false });
  });

  it('spends what the Transactions screen totals for the same category and days', async () => {
    for (const c of created.categories) {
      const summary = expectJson(
        await alice.call(
          'GET',
          `/transactions/summary?category=${c.category}&startDate=2026-11-01&endDate=2026-11-30`,
        ),
        200,
        transactionSummary,
      );
      expect(c.spentAmount).toBe(-summary.netAmount);
    }
  });

  it('answers the active budget, by id, and in the list', async () => {
    expect(expectJson(await alice.call('GET', '/budget/active'), 200, budget)).toEqual(created);
    expect(expectJson(await alice.call('GET', `/budget/${created.id}`), 200, budget)).toEqual(created);
    expect(expectJson(await alice.call('GET', '/budget'), 200, budgetList)).toEqual([
      {
        id: created.id,
        name: 'November plan',
        period: 2,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        totalIncome: 3000,
        isActive: true,
      },
    ]);
  });

  it('counts up: earned by today, spent, available, streaks and the days achievements were earned', async () => {
    const status = expectJson(await alice.call('GET', `/budget/${created.id}/countup`), 200, countUpResponse);
    expect(status).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      today: '2026-11-20',
      daysElapsed: 20,
      totalDays: 30,
    });
    const groceries = status.categories[0];
    expect(groceries).toMatchObject({
      categoryName: 'Groceries',
      countUpEnabled: true,
      dailyAllowance: 10,
      earnedToDate: 200,
      allocatedAmount: 300,
      actualSpent: 90,
      availableBalance: 110,
      isOverEarned: false,
      daysElapsed: 20,
      totalDays: 30,
      consecutiveDaysUnderBudget: 2,
      // 20 days less the three that spent; the refund's day spent nothing.
      zeroSpendingDays: 17,
    });
    expect(groceries?.achievements.map((a) => [a.title, a.earnedDate])).toEqual([
      ['Spending Pause', '2026-11-04'],
      ['Week Warrior', '2026-11-12'],
      ['Budget Monk', '2026-11-12'],
      ['Future Planner', '2026-11-15'],
    ]);
    expect(groceries?.days).toHaveLength(20);
    expect(groceries?.days[1]).toEqual({ date: '2026-11-02', spent: 50, earned: 20 });
    expect(groceries?.days.at(-1)).toEqual({ date: '2026-11-20', spent: 90, earned: 200 });
    // Dining out over-spent its first days' earnings on the 3rd.
    expect(status.categories[1]).toMatchObject({
      countUpEnabled: false,
      actualSpent: 15.5,
      earnedToDate: 66.66,
    });
  });

  it('keeps an achievement once earned, with its first day, when the history changes', async () => {
    const [refund] = (await alice.call('GET', '/transactions?searchTerm=SHOP 2026-11-05')).json()
      .transactions;
    // Recategorising the 5th's shop into Groceries' history elsewhere moves the streak…
    await alice.call('PUT', `/transactions/${refund.id}/category`, { category: CATEGORY.Travel });
    const after = wire(countUpResponse, (await alice.call('GET', `/budget/${created.id}/countup`)).json());
    const titles = after.categories[0]?.achievements.map((a) => [a.title, a.earnedDate]);
    expect(titles).toContainEqual(['Week Warrior', '2026-11-12']);
    await alice.call('PUT', `/transactions/${refund.id}/category`, { category: CATEGORY.Groceries });
    const rows = await app.database.query('select title from budget_achievements where category_id = $1', [
      created.categories[0]?.id,
    ]);
    expect(rows).toHaveLength(4);
  });

  it('toggles count-up and sets a custom daily allowance per category', async () => {
    const dining = created.categories[1]!;
    const on = expectJson(
      await alice.call('POST', `/budget/category/${dining.id}/enable-countup`, {
        categoryId: dining.id,
        enable: true,
      }),
      200,
      budgetCategory,
    );
    expect(on).toMatchObject({ id: dining.id, countUpEnabled: true, spentAmount: 15.5 });
    const custom = expectJson(
      await alice.call('PUT', `/budget/category/${dining.id}/countup-settings`, {
        categoryId: dining.id,
        customDailyAllowance: 2.5,
      }),
      200,
      budgetCategory,
    );
    expect(custom.customDailyAllowance).toBe(2.5);
    const status = wire(countUpResponse, (await alice.call('GET', `/budget/${created.id}/countup`)).json());
    expect(status.categories[1]).toMatchObject({
      countUpEnabled: true,
      dailyAllowance: 2.5,
      earnedToDate: 50,
      availableBalance: 34.5,
    });
    await alice.call('PUT', `/budget/category/${dining.id}/countup-settings`, {
      categoryId: dining.id,
      customDailyAllowance: null,
    });
    const mismatch = await alice.call('POST', `/budget/category/${dining.id}/enable-countup`, {
      categoryId: created.categories[0]?.id,
      enable: false,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('categoryId must be the category in the address');
  });

  it('edits name, income, allocations and flags, adding and removing categories', async () => {
    const edited = expectJson(
      await alice.call(
        'PUT',
        `/budget/${created.id}`,
        body({
          name: 'Lean November',
          totalIncome: 2800,
          categories: [
            { category: CATEGORY.Groceries, allocatedAmount: 250, allowRollover: true, countUp: true },
            { category: CATEGORY.Travel, allocatedAmount: 400 },
            { category: CATEGORY.Uncategorized, allocatedAmount: 0, allowRollover: true },
          ],
        }),
      ),
      200,
      budget,
    );
    expect(edited).toMatchObject({ name: 'Lean November', totalIncome: 2800, startDate: '2026-11-01' });
    expect(edited.categories.map((c) => [c.categoryName, c.allocatedAmount, c.spentAmount])).toEqual([
      ['Groceries', 250, 90],
      ['Travel', 400, 0],
    ]);
    // The same id for a category that stays.
    expect(edited.categories[0]?.id).toBe(created.categories[0]?.id);
  });

  it.each([
    [{ period: 0 }, "A budget's period cannot be changed; create a new budget instead"],
    [{ name: '' }, 'Budget name is required'],
    [{ totalIncome: 100 }, 'Total allocated amount cannot exceed total income'],
  ])('refuses the edit %j and leaves the budget as it was', async (over, message) => {
    const before = (await alice.call('GET', `/budget/${created.id}`)).json();
    const res = await alice.call('PUT', `/budget/${created.id}`, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await alice.call('GET', `/budget/${created.id}`)).json()).toEqual(before);
  });

  it('changes one category’s allocation within the income', async () => {
    const current = wire(budget, (await alice.call('GET', `/budget/${created.id}`)).json());
    const travel = current.categories[1]!;
    const updated = expectJson(
      await alice.call('PUT', `/budget/${created.id}/category/${travel.id}`, {
        allocatedAmount: 500,
        allowRollover: true,
      }),
      200,
      budget,
    );
    expect(updated.categories[1]).toMatchObject({ allocatedAmount: 500, allowRollover: true });
    const over = await alice.call('PUT', `/budget/${created.id}/category/${travel.id}`, {
      allocatedAmount: 2600,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Total allocated amount cannot exceed total income');
    const cleared = expectJson(
      await alice.call('PUT', `/budget/${created.id}/category/${travel.id}`, { allocatedAmount: 0 }),
      200,
      budget,
    );
    expect(cleared.categories.map((c) => c.categoryName)).toEqual(['Groceries']);
    const last = await alice.call('PUT', `/budget/${created.id}/category/${cleared.categories[0]?.id}`, {
      allocatedAmount: 0,
    });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe('Please select at least one budget category');
  });

  it('opens the next period when one ends, carrying what rolling categories left', async () => {
    await alice.call('PUT', `/budget/${created.id}`, body());
    clock = new Date('2026-12-01T10:00:00Z');
    const december = expectJson(await alice.call('GET', '/budget/active'), 200, budget);
    expect(december).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-31', totalIncome: 3000 });
    expect(
      december.categories.map((c) => [c.categoryName, c.allocatedAmount, c.spentAmount, c.rolledOverAmount]),
    ).toEqual([
      ['Groceries', 300, 0, 210],
      ['Dining Out', 100, 0, 0],
      ['Other', 50, 0, 0],
    ]);
    const status = wire(countUpResponse, (await alice.call('GET', `/budget/${created.id}/countup`)).json());
    // Day 1 of 31 earned 300/31 (whole cents), plus the 210 carried in.
    expect(status.categories[0]).toMatchObject({
      daysElapsed: 1,
      totalDays: 31,
      earnedToDate: 9.67,
      availableBalance: 219.67,
    });
    // The job finds nothing left to do: the read opened it, once.
    expect(await roll()).toBe(0);
    expect(await periodsOf(created.id)).toEqual(['2026-11-01', '2026-12-01']);
    // November stays as it was: its own allocations, spent and days.
    expect(
      (
        await app.database.query<{ n: number }>(
          'select count(*)::int as n from budget_period_categories where user_id = $1',
          [alice.auth.user.id],
        )
      )[0]?.n,
    ).toBe(6);
  });

  it('catches up over several periods, rollovers adding up', async () => {
    clock = new Date('2027-02-10T10:00:00Z');
    expect(await roll()).toBe(2);
    expect(await periodsOf(created.id)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    const february = wire(budget, (await alice.call('GET', '/budget/active')).json());
    expect(february.categories[0]?.rolledOverAmount).toBe(810);
    clock = new Date('2026-11-20T15:00:00Z');
  });

  it('archives the active budget when another is created; its history stays readable', async () => {
    const next = expectJson(
      await alice.call('POST', '/budget', body({ name: 'Weekly', period: 0 })),
      201,
      budget,
    );
    expect(next).toMatchObject({ startDate: '2026-11-15', endDate: '2026-11-21', isActive: true });
    const list = expectJson(await alice.call('GET', '/budget'), 200, budgetList);
    expect(list.map((b) => [b.name, b.isActive])).toEqual([
      ['Weekly', true],
      ['November plan', false],
    ]);
    const old = expectJson(await alice.call('GET', `/budget/${created.id}`), 200, budget);
    expect(old).toMatchObject({ isActive: false, startDate: '2027-02-01' });
    const groceries = old.categories[0]!.id;
    for (const [method, url, payload] of [
      ['PUT', `/budget/${created.id}`, body()],
      ['PUT', `/budget/${created.id}/category/${groceries}`, { allocatedAmount: 1 }],
      ['POST', `/budget/category/${groceries}/enable-countup`, { categoryId: groceries, enable: false }],
      [
        'PUT',
        `/budget/category/${groceries}/countup-settings`,
        { categoryId: groceries, customDailyAllowance: 1 },
      ],
    ] as const) {
      const res = await alice.call(method, url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Only the active budget can be edited');
    }
    expect(wire(budget, (await alice.call('GET', `/budget/${created.id}`)).json())).toEqual(old);
    expect((await alice.call('GET', '/budget/active')).json().id).toBe(next.id);
  });

  it('deletes a budget with its periods', async () => {
    const res = await alice.call('DELETE', `/budget/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await alice.call('GET', `/budget/${created.id}`)).statusCode).toBe(404);
    expect(await periodsOf(created.id)).toEqual([]);
  });

  it("answers 404 for another person's budget and categories, and changes nothing", async () => {
    const bob = await person();
    const mine = wire(budget, (await alice.call('GET', '/budget/active')).json());
    const category = mine.categories[0]!.id;
    for (const [method, url, payload] of [
      ['GET', `/budget/${mine.id}`],
      ['GET', `/budget/${mine.id}/countup`],
      ['PUT', `/budget/${mine.id}`, body()],
      ['PUT', `/budget/${mine.id}/category/${category}`, { allocatedAmount: 1 }],
      ['POST', `/budget/category/${category}/enable-countup`, { categoryId: category, enable: false }],
      [
        'PUT',
        `/budget/category/${category}/countup-settings`,
        { categoryId: category, customDailyAllowance: 1 },
      ],
      ['DELETE', `/budget/${mine.id}`],
    ] as const) {
      const res = await bob.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await bob.call('GET', '/budget/active')).statusCode).toBe(404);
    expect(wire(budget, (await alice.call('GET', '/budget/active')).json())).toEqual(mine);
  });
});

describe('the period roll job', () => {
  it('opens due periods once, even run twice at the same time', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const carol = await person();
    const made = wire(budget, (await carol.call('POST', '/budget', body())).json());
    clock = new Date('2026-12-02T00:00:00Z');
    const [a, b] = await Promise.all([roll(), roll()]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await periodsOf(made.id)).toEqual(['2026-11-01', '2026-12-01']);
    expect(await roll()).toBe(0);
  });

  it("follows each person's time zone: Auckland's December starts while UTC is still in November", async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const auckland = await person('Pacific/Auckland');
    const utc = await person('UTC');
    const theirs = wire(budget, (await auckland.call('POST', '/budget', body())).json());
    const ours = wire(budget, (await utc.call('POST', '/budget', body())).json());
    clock = new Date('2026-11-30T12:00:00Z');
    await roll();
    expect(await periodsOf(theirs.id)).toEqual(['2026-11-01', '2026-12-01']);
    expect(await periodsOf(ours.id)).toEqual(['2026-11-01']);
  });

  it('leaves a budget without auto-reset on its last period', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const dave = await person();
    const made = wire(budget, (await dave.call('POST', '/budget', body({ autoReset: false }))).json());
    clock = new Date('2026-12-05T12:00:00Z');
    await roll();
    const shown = wire(budget, (await dave.call('GET', '/budget/active')).json());
    expect(shown).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30', today: '2026-12-05' });
    expect(await periodsOf(made.id)).toEqual(['2026-11-01']);
  });
});
