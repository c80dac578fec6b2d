import {
  achievementCheck,
  budget,
  budgetLeftover,
  CATEGORY,
  dollarsToCents,
  exchangeResponse,
  goalProgressView,
  processResult,
  savingsAchievementList,
  savingsGoal,
  savingsGoalList,
  savingsOverview,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { shareDueLeftovers } from '../../jobs/savings-share.job';

const DINING = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_RESTAURANT' };
const GROCERIES = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' };
const spend = (date: string, amount: number, category = DINING): FakeTransactionInput => ({
  account: 'checking',
  amount,
  date,
  name: `SHOP ${date} ${amount}`,
  category,
});

/** November 2026 (Plaid's sign: positive = money out): $40.30 at restaurants, groceries over their budget. */
const NOVEMBER: FakeTransactionInput[] = [
  spend('2026-11-02', 25.1),
  spend('2026-11-12', 15.2),
  spend('2026-11-05', 400, GROCERIES),
];

const monthlyBudget = {
  name: 'November plan',
  period: 2,
  startDate: '2026-11-01',
  totalIncome: 3000,
  categories: [
    // Rolls over: its overspending is carried to December's groceries, not taken from the goals.
    { category: CATEGORY.Groceries, allocatedAmount: 300, allowRollover: true },
    { category: CATEGORY.DiningOut, allocatedAmount: 200 },
    { category: CATEGORY.Entertainment, allocatedAmount: 100.01 },
  ],
};
/** What November leaves: dining 200 − 40.30, entertainment 100.01 (groceries roll over). */
const NOVEMBER_LEFTOVER = 25_971;

const goal = (over: Record<string, unknown> = {}) => ({
  name: 'Emergency fund',
  description: 'Three months of rent',
  targetAmount: 5000,
  allocationPercentage: 50,
  targetDate: '2027-06-30',
  iconName: 'heart',
  colorTheme: 'green',
  ...over,
});

let clock = new Date('2026-11-20T15:00:00Z');
let app: TestApp;
let fake: FakePlaid;

async function person({ bank = false, timeZone = 'UTC' } = {}) {
  const auth = await signUp(app, { timeZone });
  if (bank) {
    fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: NOVEMBER };
    const res = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: { publicToken: fake.createPublicToken() },
    });
    expectJson(res, 200, exchangeResponse);
  }
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
  return { auth, call };
}
type Person = Awaited<ReturnType<typeof person>>;

const share = () => shareDueLeftovers({ database: app.database, now: () => clock, log: app.log });
const ledgerRows = async (userId?: string) =>
  Number(
    (
      await app.database.query<{ n: string }>(
        userId
          ? 'select count(*) n from savings_contributions where user_id = $1'
          : 'select count(*) n from savings_contributions',
        userId ? [userId] : [],
      )
    )[0]?.n,
  );

beforeAll(async () => {
  fake = await startFakePlaid({ now: () => new Date('2026-11-20T15:00:00Z') });
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

describe('savings goals', () => {
  let alice: Person;
  beforeAll(async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    alice = await person();
  });

  it('starts empty: no goals, nothing saved, no budget period', async () => {
    expect(expectJson(await alice.call('GET', '/savings/goals'), 200, savingsGoalList)).toEqual([]);
    const view = expectJson(await alice.call('GET', '/savings/overview'), 200, savingsOverview);
    expect(view).toMatchObject({
      goals: [],
      totalSaved: 0,
      totalAllocatedPerPeriod: 0,
      activeGoalsCount: 0,
      completedGoalsCount: 0,
      currentPeriodLeftover: 0,
      unallocatedAmount: 0,
      monthlyGrowth: 0,
      period: null,
    });
  });

  it.each([
    [{ name: ' ' }, 'Goal name is required'],
    [{ name: undefined }, 'Goal name is required'],
    [{ name: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
    [{ targetAmount: 0 }, 'Target amount must be greater than 0'],
    [{ targetAmount: -5 }, 'Target amount must be greater than 0'],
    [{ targetAmount: 10.001 }, 'Amount can have at most 2 decimals'],
    [{ targetAmount: 10_000_001 }, 'Target amount must be at most $10,000,000'],
    [{ allocationPercentage: 0.5 }, 'Allocation must be between 1% and 100%'],
    [{ allocationPercentage: 101 }, 'Allocation must be between 1% and 100%'],
    [{ targetDate: '2026-11-20' }, 'Target date must be in the future'],
    [{ targetDate: '2025-01-01' }, 'Target date must be in the future'],
    [{ targetDate: '2026-02-30' }, 'Not a real date'],
    [{ iconName: 'rocket' }, 'Choose an icon'],
    [{ colorTheme: 'magenta' }, 'Choose a colour'],
  ])('refuses %j with its message and writes nothing', async (over, message) => {
    const res = await alice.call('POST', '/savings/goals', goal(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(expectJson(await alice.call('GET', '/savings/goals'), 200, savingsGoalList)).toEqual([]);
  });

  it('creates a goal with SPEC §9 defaults and its figures', async () => {
    const created = expectJson(
      await alice.call('POST', '/savings/goals', {
        name: 'Trip',
        targetAmount: 1200,
        targetDate: '2027-05-20',
      }),
      201,
      savingsGoal,
    );
    expect(created).toMatchObject({
      name: 'Trip',
      description: null,
      targetAmount: 1200,
      currentAmount: 0,
      allocationPercentage: 10,
      iconName: 'target',
      colorTheme: 'blue',
      isActive: true,
      isCompleted: false,
      progressPercentage: 0,
      // Nov 20 → May 20: 181 days, 6 months; on track on its first day.
      daysRemaining: 181,
      dailyRequiredSavings: 6.63,
      monthlyContribution: 200,
      progressStatus: 'on_track',
      startDate: '2026-11-20',
      completedDate: null,
    });
    expect(expectJson(await alice.call('GET', `/savings/goals/${created.id}`), 200, savingsGoal)).toEqual(
      created,
    );
    const open = expectJson(
      await alice.call('POST', '/savings/goals', goal({ targetDate: null, allocationPercentage: 12.5 })),
      201,
      savingsGoal,
    );
    expect(open).toMatchObject({
      targetDate: null,
      daysRemaining: null,
      dailyRequiredSavings: null,
      monthlyContribution: null,
      progressStatus: 'active',
      allocationPercentage: 12.5,
    });
  });

  it('caps active goals at 100% together, counting the goal being edited once', async () => {
    // 10 + 12.5 so far.
    const big = expectJson(
      await alice.call('POST', '/savings/goals', goal({ name: 'House', allocationPercentage: 70 })),
      201,
      savingsGoal,
    );
    const refused = await alice.call(
      'POST',
      '/savings/goals',
      goal({ name: 'Car', allocationPercentage: 8 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Total allocation would exceed 100%. Available: 7.5%');
    expect(expectJson(await alice.call('GET', '/savings/goals'), 200, savingsGoalList)).toHaveLength(3);

    // Editing House to 77.5% fits (its own 70% is replaced, not added); 77.51% does not.
    const edit = (over: Record<string, unknown>) =>
      alice.call('PUT', `/savings/goals/${big.id}`, { ...goal({ name: 'House' }), isActive: true, ...over });
    expect(
      expectJson(await edit({ allocationPercentage: 77.5 }), 200, savingsGoal).allocationPercentage,
    ).toBe(77.5);
    const over = await edit({ allocationPercentage: 77.51 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Total allocation would exceed 100%. Available: 77.5%');

    // A paused goal leaves the cap: with House paused, Car fits.
    expect(expectJson(await edit({ isActive: false }), 200, savingsGoal).isActive).toBe(false);
    const car = expectJson(
      await alice.call('POST', '/savings/goals', goal({ name: 'Car', allocationPercentage: 8 })),
      201,
      savingsGoal,
    );
    // Resuming it would pass 100% again.
    const resume = await edit({ isActive: true, allocationPercentage: 77.5 });
    expect(resume.json().message).toBe('Total allocation would exceed 100%. Available: 69.5%');
    expect((await alice.call('DELETE', `/savings/goals/${car.id}`)).statusCode).toBe(204);
    expect((await alice.call('GET', `/savings/goals/${car.id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/savings/goals/${big.id}`)).statusCode).toBe(204);
  });

  it('edits a goal whose date has passed without moving it, but a new date must be ahead', async () => {
    const [trip] = expectJson(await alice.call('GET', '/savings/goals'), 200, savingsGoalList);
    if (!trip) throw new Error('no goal');
    clock = new Date('2027-06-01T12:00:00Z');
    try {
      const body = {
        ...goal({ name: 'Trip', targetAmount: 1200, targetDate: trip.targetDate, allocationPercentage: 10 }),
        isActive: true,
      };
      const kept = expectJson(await alice.call('PUT', `/savings/goals/${trip.id}`, body), 200, savingsGoal);
      expect(kept).toMatchObject({ targetDate: '2027-05-20', daysRemaining: 0, progressStatus: 'behind' });
      const moved = await alice.call('PUT', `/savings/goals/${trip.id}`, {
        ...body,
        targetDate: '2027-05-31',
      });
      expect(moved.json().message).toBe('Target date must be in the future');
    } finally {
      clock = new Date('2026-11-20T15:00:00Z');
    }
  });

  it('adds money by hand: a ledger row, the goal and its chart history follow', async () => {
    const [trip] = expectJson(await alice.call('GET', '/savings/goals'), 200, savingsGoalList);
    if (!trip) throw new Error('no goal');
    const refused = await alice.call('POST', `/savings/goals/${trip.id}/allocate`, { amount: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Amount must be greater than 0');
    const first = expectJson(
      await alice.call('POST', `/savings/goals/${trip.id}/allocate`, {
        amount: 100.1,
        note: 'Birthday money',
      }),
      201,
      goalProgressView,
    );
    expect(first.goal.currentAmount).toBe(100.1);
    expect(first.contributions).toEqual([
      expect.objectContaining({
        amount: 100.1,
        source: 'manual',
        date: '2026-11-20',
        note: 'Birthday money',
      }),
    ]);
    clock = new Date('2026-11-22T15:00:00Z');
    await alice.call('POST', `/savings/goals/${trip.id}/allocate`, { amount: 0.2 });
    await alice.call('POST', `/savings/goals/${trip.id}/allocate`, { amount: 199.7 });
    const progress = expectJson(
      await alice.call('GET', `/savings/goals/${trip.id}/progress`),
      200,
      goalProgressView,
    );
    expect(progress.goal).toMatchObject({ currentAmount: 300, progressPercentage: 25 });
    expect(progress.history).toEqual([
      { date: '2026-11-20', total: 100.1 },
      { date: '2026-11-22', total: 300 },
    ]);
    expect(progress.contributions.map((c) => c.amount)).toEqual([199.7, 0.2, 100.1]);
    const view = expectJson(await alice.call('GET', '/savings/overview'), 200, savingsOverview);
    expect(view).toMatchObject({ totalSaved: 300, monthlyGrowth: 300, activeGoalsCount: 2 });
  });

  it('records achievements once, dated the day they were first true', async () => {
    const check = expectJson(await alice.call('POST', '/savings/achievements/check'), 200, achievementCheck);
    expect(check.newlyEarned).toEqual([]);
    const all = expectJson(await alice.call('GET', '/savings/achievements'), 200, savingsAchievementList);
    expect(all.map((a) => [a.kind, a.earnedDate, a.goalName])).toEqual([
      ['first_goal', '2026-11-20', null],
      ['progress_25', '2026-11-22', 'Trip'],
    ]);
    expect(all[0]?.title).toBe('First Goal');
  });
});

describe('period end shares the leftover into goals', () => {
  let bob: Person;
  let budgetId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    bob = await person({ bank: true });
    budgetId = expectJson(await bob.call('POST', '/budget', monthlyBudget), 201, budget).id;
    for (const [key, body] of [
      ['fund', goal({ allocationPercentage: 50 })],
      // Needs only $10: it takes that much and completes, and the rest of its share stays unallocated.
      ['gift', goal({ name: 'Gift', targetAmount: 10, allocationPercentage: 25, targetDate: null })],
      ['paused', goal({ name: 'Paused', allocationPercentage: 10 })],
    ] as const) {
      ids[key] = expectJson(await bob.call('POST', '/savings/goals', body), 201, savingsGoal).id;
    }
    await bob.call('PUT', `/savings/goals/${ids.paused}`, {
      ...goal({ name: 'Paused', allocationPercentage: 10 }),
      isActive: false,
    });
  });

  it('shows the current period so far: allocations earned by day less spending', async () => {
    const view = expectJson(await bob.call('GET', '/savings/overview'), 200, savingsOverview);
    // 20 of 30 days: dining floor(20000 × 20/30) − 4030, entertainment floor(10001 × 20/30).
    const soFar = Math.floor((20_000 * 20) / 30) - 4030 + Math.floor((10_001 * 20) / 30);
    expect(dollarsToCents(view.currentPeriodLeftover)).toBe(soFar);
    expect(view.period).toMatchObject({
      budgetId,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      daysElapsed: 20,
      totalDays: 30,
      leftoverIfNoMoreSpending: NOVEMBER_LEFTOVER / 100,
    });
    const fund = view.goals.find((g) => g.id === ids.fund);
    expect(dollarsToCents(fund?.currentPeriodShare ?? -1)).toBe(Math.floor(soFar / 2));
    expect(view.goals.find((g) => g.id === ids.gift)?.currentPeriodShare).toBe(10);
    expect(view.goals.find((g) => g.id === ids.paused)?.currentPeriodShare).toBe(0);
    expect(view.totalAllocationPercentage).toBe(75);
    expect(dollarsToCents(view.totalAllocatedPerPeriod)).toBe(Math.floor(soFar / 2) + 1000);
    expect(dollarsToCents(view.unallocatedAmount)).toBe(soFar - Math.floor(soFar / 2) - 1000);
    // Nothing has ended, so nothing is shared.
    expect(await share()).toBe(0);
    expect(
      expectJson(await bob.call('POST', `/savings/allocations/process/${budgetId}`), 200, processResult),
    ).toEqual({ processed: [] });
  });

  it('at the period end, the job shares it once, however often it runs and from two processes at once', async () => {
    clock = new Date('2026-12-01T09:00:00Z');
    const before = await ledgerRows();
    const [a, b] = await Promise.all([share(), share()]);
    expect(a + b).toBe(1);
    expect(await share()).toBe(0);
    expect(
      expectJson(await bob.call('POST', `/savings/allocations/process/${budgetId}`), 200, processResult),
    ).toEqual({ processed: [] });
    expect(await ledgerRows()).toBe(before + 2);

    const fund = expectJson(
      await bob.call('GET', `/savings/goals/${ids.fund}/progress`),
      200,
      goalProgressView,
    );
    expect(dollarsToCents(fund.goal.currentAmount)).toBe(Math.floor(NOVEMBER_LEFTOVER / 2));
    expect(fund.contributions).toEqual([
      expect.objectContaining({
        source: 'period',
        date: '2026-11-30',
        periodStartDate: '2026-11-01',
        periodEndDate: '2026-11-30',
      }),
    ]);
    const gift = expectJson(await bob.call('GET', `/savings/goals/${ids.gift}`), 200, savingsGoal);
    expect(gift).toMatchObject({
      currentAmount: 10,
      isCompleted: true,
      completedDate: '2026-11-30',
      progressStatus: 'completed',
      progressPercentage: 100,
      currentPeriodShare: 0,
    });
    expect(
      expectJson(await bob.call('GET', `/savings/goals/${ids.paused}`), 200, savingsGoal).currentAmount,
    ).toBe(0);

    const leftover = expectJson(await bob.call('GET', `/savings/leftover/${budgetId}`), 200, budgetLeftover);
    expect(leftover.current).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(leftover.periods).toEqual([
      expect.objectContaining({
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        leftover: NOVEMBER_LEFTOVER / 100,
        allocated: (Math.floor(NOVEMBER_LEFTOVER / 2) + 1000) / 100,
        allocations: expect.arrayContaining([
          { goalId: ids.gift, goalName: 'Gift', amount: 10 },
          expect.objectContaining({ goalId: ids.fund }),
        ]),
      }),
    ]);

    // A completed goal leaves the cap, and the overview counts it.
    const view = expectJson(await bob.call('GET', '/savings/overview'), 200, savingsOverview);
    expect(view).toMatchObject({
      activeGoalsCount: 1,
      completedGoalsCount: 1,
      totalAllocationPercentage: 50,
    });
    const kinds = expectJson(await bob.call('GET', '/savings/achievements'), 200, savingsAchievementList).map(
      (a) => [a.kind, a.goalName, a.earnedDate],
    );
    expect(kinds).toContainEqual(['progress_100', 'Gift', '2026-11-30']);
  });

  it('a read shares an ended period when the job has not run yet', async () => {
    clock = new Date('2027-01-01T09:00:00Z');
    const view = expectJson(await bob.call('GET', '/savings/overview'), 200, savingsOverview);
    // December: nothing spent, so every non-rolling dollar is left; half goes to the fund.
    const fund = view.goals.find((g) => g.id === ids.fund);
    expect(dollarsToCents(fund?.currentAmount ?? 0)).toBe(
      Math.floor(NOVEMBER_LEFTOVER / 2) + Math.floor(30_001 / 2),
    );
    expect(await share()).toBe(0);
  });

  it('streaks: three periods in a row that funded goals', async () => {
    clock = new Date('2027-02-01T09:00:00Z');
    const check = expectJson(await bob.call('POST', '/savings/achievements/check'), 200, achievementCheck);
    expect(check.achievements.map((a) => a.kind)).toContain('streak_3');
    expect(check.achievements.find((a) => a.kind === 'streak_3')?.earnedDate).toBe('2027-01-31');
    expect(
      expectJson(await bob.call('POST', '/savings/achievements/check'), 200, achievementCheck).newlyEarned,
    ).toEqual([]);
  });

  it('another person gets 404 for every goal and budget id, and the person nothing of theirs', async () => {
    const eve = await person();
    for (const [method, url, payload] of [
      ['GET', `/savings/goals/${ids.fund}`],
      ['PUT', `/savings/goals/${ids.fund}`, { ...goal(), isActive: true }],
      ['DELETE', `/savings/goals/${ids.fund}`],
      ['POST', `/savings/goals/${ids.fund}/allocate`, { amount: 5 }],
      ['GET', `/savings/goals/${ids.fund}/progress`],
      ['GET', `/savings/leftover/${budgetId}`],
      ['POST', `/savings/allocations/process/${budgetId}`],
    ] as const) {
      const res = await eve.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(expectJson(await eve.call('GET', '/savings/goals'), 200, savingsGoalList)).toEqual([]);
    expect(expectJson(await eve.call('GET', '/savings/achievements'), 200, savingsAchievementList)).toEqual(
      [],
    );
  });

  it('deleting a goal removes its ledger; its achievements stay, without the goal', async () => {
    const before = await ledgerRows();
    expect((await bob.call('DELETE', `/savings/goals/${ids.gift}`)).statusCode).toBe(204);
    expect(await ledgerRows()).toBe(before - 1);
    const gift = expectJson(await bob.call('GET', '/savings/achievements'), 200, savingsAchievementList).find(
      (a) => a.kind === 'progress_100',
    );
    expect(gift).toMatchObject({ goalId: null, goalName: 'Gift' });
  });
});

describe('a replaced budget', () => {
  it('shares only periods that ended while their budget was in use', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const carol = await person();
    const november = expectJson(await carol.call('POST', '/budget', monthlyBudget), 201, budget).id;
    expectJson(
      await carol.call('POST', '/savings/goals', goal({ allocationPercentage: 100 })),
      201,
      savingsGoal,
    );
    // A weekly budget from Sunday the 22nd replaces November's on the 23rd.
    clock = new Date('2026-11-23T15:00:00Z');
    const weekly = expectJson(
      await carol.call('POST', '/budget', {
        ...monthlyBudget,
        name: 'Weekly',
        period: 0,
        startDate: '2026-11-22',
        categories: [{ category: CATEGORY.DiningOut, allocatedAmount: 70 }],
      }),
      201,
      budget,
    ).id;
    clock = new Date('2026-12-02T15:00:00Z');
    const view = expectJson(await carol.call('GET', '/savings/overview'), 200, savingsOverview);
    // Only the weekly budget's Nov 22–28: $70 unspent.
    expect(view.totalSaved).toBe(70);
    const old = expectJson(await carol.call('GET', `/savings/leftover/${november}`), 200, budgetLeftover);
    expect(old.current).toBeNull();
    expect(old.periods).toEqual([
      expect.objectContaining({ endDate: '2026-11-30', processedAt: null, allocated: 0, allocations: [] }),
    ]);
    const processed = expectJson(
      await carol.call('POST', `/savings/allocations/process/${november}`),
      200,
      processResult,
    );
    expect(processed.processed).toEqual([]);
    const current = expectJson(await carol.call('GET', `/savings/leftover/${weekly}`), 200, budgetLeftover);
    expect(current.periods.map((p) => [p.startDate, p.allocated])).toEqual([['2026-11-22', 70]]);
    expect(current.current).toMatchObject({ startDate: '2026-11-29', endDate: '2026-12-05' });
  });
});
