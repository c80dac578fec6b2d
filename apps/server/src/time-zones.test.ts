import { budget, CATEGORY, loginResult, savingsGoal } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../test/google';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../test/helpers';
import { scanEveryone } from './features/notifications/notifications.service';
import { rollDueBudgets } from './jobs/budget-roll.job';
import { shareDueLeftovers } from './jobs/savings-share.job';

let clock = new Date('2026-11-20T15:00:00Z');
let app: TestApp;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  app = await createTestApp({
    env: { GOOGLE_JWKS_URL: google.jwksUrl, AUTH_RATE_LIMIT_PER_MINUTE: '10000', TOKEN_TTL_HOURS: '8760' },
    now: () => clock,
    runJobs: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await google.close();
});

const storedZone = async (userId: string) =>
  (await app.database.query<{ time_zone: string }>('select time_zone from users where id = $1', [userId]))[0]
    ?.time_zone;

describe('time zones as they enter', () => {
  it('stores two spellings of one zone the same at sign-up', async () => {
    const lower = await signUp(app, { timeZone: 'america/new_york' });
    const upper = await signUp(app, { timeZone: 'AMERICA/NEW_YORK' });
    const alias = await signUp(app, { timeZone: 'US/Eastern' });
    for (const person of [lower, upper, alias]) {
      expect(person.user.timeZone).toBe('America/New_York');
      expect(await storedZone(person.user.id)).toBe('America/New_York');
    }
  });

  it('stores the canonical spelling at a Google sign-up', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { idToken: await google.sign(aGoogleAccount()), timeZone: 'EUROPE/LONDON' },
    });
    const result = expectJson(res, 200, loginResult);
    expect(result.user.timeZone).toBe('Europe/London');
    expect(await storedZone(result.user.id)).toBe('Europe/London');
  });
});

describe('a stored zone the database does not know', () => {
  const monthly = {
    name: 'November plan',
    period: 2,
    startDate: '2026-11-01',
    totalIncome: 3000,
    categories: [{ category: CATEGORY.DiningOut, allocatedAmount: 200 }],
  };
  const goal = {
    name: 'Emergency fund',
    targetAmount: 5000,
    allocationPercentage: 50,
    targetDate: '2027-06-30',
    iconName: 'heart',
    colorTheme: 'green',
  };
  async function personWithBudgetAndGoal() {
    const auth = await signUp(app, { timeZone: 'UTC' });
    const call = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(auth), payload });
    const created = expectJson(await call('/budget', monthly), 201, budget);
    expectJson(await call('/savings/goals', goal), 201, savingsGoal);
    return { userId: auth.user.id, budgetId: created.id };
  }
  const periodsOf = async (budgetId: string) =>
    (
      await app.database.query<{ start_date: string }>(
        'select start_date::text from budget_periods where budget_id = $1 order by index',
        [budgetId],
      )
    ).map((r) => r.start_date);
  const sharedPeriodsOf = async (userId: string) =>
    Number(
      (
        await app.database.query<{ n: string }>(
          'select count(*) n from savings_period_runs where user_id = $1',
          [userId],
        )
      )[0]?.n,
    );

  it.each([
    // Unknown to the database: it counts as UTC there, so its person's budget moves on too.
    ['the database', 'Mars/Olympus_Mons', ['2026-11-01', '2026-12-01']],
    // Known to PGlite's tz data but not to the runtime's: that person alone is skipped and logged. (A
    // PostgreSQL without it treats it as unknown to the database, and the budget moves on in UTC.)
    ['the runtime', 'Factory', undefined],
  ])(
    'unknown to %s does not stop the budget roll or the leftover share for other people',
    async (_, zone, theirs) => {
      clock = new Date('2026-11-20T15:00:00Z');
      const alice = await personWithBudgetAndGoal();
      const mallory = await personWithBudgetAndGoal();
      // Written past every check, as an old row or a change of either side's tz data could leave it.
      await app.database.query('update users set time_zone = $2 where id = $1', [mallory.userId, zone]);

      clock = new Date('2026-12-01T10:00:00Z');
      const deps = { database: app.database, now: () => clock, log: app.log };
      // Leftovers are shared from ended periods before the roll, as the jobs can run in either order.
      expect(await shareDueLeftovers(deps)).toBeGreaterThanOrEqual(1);
      expect(await sharedPeriodsOf(alice.userId)).toBe(1);
      expect(await rollDueBudgets(deps)).toBeGreaterThanOrEqual(1);
      expect(await periodsOf(alice.budgetId)).toEqual(['2026-11-01', '2026-12-01']);
      if (theirs) expect(await periodsOf(mallory.budgetId)).toEqual(theirs);
    },
  );

  it.each(['Mars/Olympus_Mons', 'Factory'])(
    '%s does not stop the notifications scan for other people',
    async (zone) => {
      clock = new Date('2026-11-20T15:00:00Z');
      const alice = await personWithBudgetAndGoal();
      const mallory = await personWithBudgetAndGoal();
      // Both on a trial ending in two days: the scan tells each, in their own calendar.
      await app.database.query(
        `update users set plan = 'starter', trial_ends_at = $2 where id = any($1::uuid[])`,
        [[alice.userId, mallory.userId], new Date('2026-11-22T15:00:00Z')],
      );
      await app.database.query('update users set time_zone = $2 where id = $1', [mallory.userId, zone]);
      await scanEveryone({ db: app.database.db, now: () => clock });
      const told = await app.database.query<{ user_id: string }>(
        `select user_id from notifications where kind = 'trial_ending' and user_id = any($1::uuid[])`,
        [[alice.userId, mallory.userId]],
      );
      expect(told.map((r) => r.user_id)).toContain(alice.userId);
    },
  );
});
