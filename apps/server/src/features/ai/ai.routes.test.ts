import {
  addDays,
  advisorAnswer,
  aiUsage,
  budget,
  CATEGORY,
  exchangeResponse,
  insight,
  insightList,
  planOf,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/accounts';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import {
  bearer,
  createTestApp,
  expectJson,
  putOnPlan,
  putOnTrial,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import { addManualAccount } from '../../../test/manual-accounts';
import { withUserLock } from '../../lib/user-lock';
import { storeInsights } from './ai.queries';

const TODAY = '2026-11-20';
const DINING = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_RESTAURANT' };
const PAY = { primary: 'INCOME', detailed: 'INCOME_WAGES' };
const row = (
  date: string,
  amount: number,
  name: string,
  merchantName: string | null,
  category = DINING,
): FakeTransactionInput => ({ account: 'checking', amount, date, name, merchantName, category });

/**
 * Four months of a person (Plaid's sign: positive = money out): restaurants about $47 a month until the
 * last 30 days, when they spent $320 at Luigi's; pay of $2,500 every other Friday.
 */
function history(): FakeTransactionInput[] {
  const rows: FakeTransactionInput[] = [];
  for (let back = 35; back <= 119; back += 14)
    rows.push(row(addDays(TODAY, -back), 20, 'CAFE ROMA', 'Cafe Roma'));
  for (let back = 1; back <= 29; back += 4)
    rows.push(row(addDays(TODAY, -back), 40, "LUIGI'S TRATTORIA", "Luigi's"));
  for (let back = 6; back <= 119; back += 14)
    rows.push(row(addDays(TODAY, -back), -2500, 'ACME PAYROLL', 'Acme', PAY));
  return rows;
}

let clock = new Date(`${TODAY}T15:00:00Z`);
let app: TestApp;
let fake: FakePlaid;

async function person() {
  const auth = await signUp(app, { timeZone: 'UTC' });
  fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: history() };
  expectJson(
    await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: { publicToken: fake.createPublicToken() },
    }),
    200,
    exchangeResponse,
  );
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
  return { auth, call };
}
type Person = Awaited<ReturnType<typeof person>>;

const requestsToday = async (p: Person) =>
  expectJson(await p.call('GET', '/ai/usage'), 200, aiUsage).requestsToday;

beforeAll(async () => {
  fake = await startFakePlaid({ now: () => new Date(`${TODAY}T15:00:00Z`) });
  // The quick sync covers 30 days; the import of the rest runs as a job, so jobs run here.
  app = await createTestApp({ env: { ...fake.env(), TOKEN_TTL_HOURS: '8760' }, now: () => clock });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function imported(p: Person) {
  for (let i = 0; i < 200; i += 1) {
    const rows = await app.database.query<{ n: string }>(
      'select count(*) n from transactions where user_id = $1',
      [p.auth.user.id],
    );
    if (Number(rows[0]?.n) >= history().length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the history did not import');
}

describe('AI insights', () => {
  let ana: Person;
  beforeAll(async () => {
    clock = new Date(`${TODAY}T15:00:00Z`);
    ana = await person();
    await imported(ana);
    expectJson(
      await ana.call('POST', '/budget', {
        name: 'November',
        period: 2,
        startDate: '2026-11-01',
        totalIncome: 5000,
        categories: [{ category: CATEGORY.DiningOut, allocatedAmount: 200 }],
      }),
      201,
      budget,
    );
  });

  it('finds what the numbers show, each insight with the figures behind it', async () => {
    const all = expectJson(
      await ana.call('POST', '/ai/insights', { context: 'dashboard', maxInsights: 20 }),
      200,
      insightList,
    );
    // Generating them was one of the day's AI requests.
    expect(await requestsToday(ana)).toBe(1);
    // Restaurants: $320 in the last 30 days against $46.67 a month usual ($140 over the 90 days before).
    const spike = all.find((i) => i.type === 'spending');
    expect(spike?.message).toContain('$320.00');
    expect(spike?.message).toContain('$46.67');
    expect(spike?.figures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: 320,
          source: expect.objectContaining({
            startDate: addDays(TODAY, -29),
            endDate: TODAY,
            transactionCount: 8,
          }),
        }),
      ]),
    );
    // November's dining: $200 budgeted, all of it spent by the 19th ($40 on the 3rd … 19th): on pace to go over.
    const budgetInsight = all.find((i) => i.type === 'budget');
    expect(budgetInsight?.message).toContain('$100.00 over');
    expect(budgetInsight?.context).toBe('budget');
    expect(budgetInsight?.figures.length).toBeGreaterThan(0);
    // Its spending links to November's dining, counted as Transactions counts it: Luigi's on the 3rd … 19th.
    expect(budgetInsight?.figures[0]?.source).toEqual(
      expect.objectContaining({
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        category: CATEGORY.DiningOut,
        transactionCount: 5,
      }),
    );
    for (const i of all) {
      expect(i.confidence).toBeGreaterThanOrEqual(0);
      expect(i.confidence).toBeLessThanOrEqual(1);
      expect(i.figures.length).toBeGreaterThan(0);
    }
  });

  it('serves stored insights while fresh; recomputes when the numbers change or the day does', async () => {
    const before = await requestsToday(ana);
    const stamp = async () =>
      expectJson(await ana.call('POST', '/ai/insights', {}), 200, insightList)[0]?.generatedAt;
    const first = await stamp();
    clock = new Date(`${TODAY}T15:05:00Z`);
    expect(await stamp()).toBe(first);
    // A new transaction category changes the numbers: the next read recomputes.
    const [row] = await app.database.query<{ id: string }>(
      "select id from transactions where user_id = $1 and merchant_name = 'Cafe Roma' limit 1",
      [ana.auth.user.id],
    );
    expect(
      (await ana.call('PUT', `/transactions/${row?.id}/category`, { category: CATEGORY.Groceries }))
        .statusCode,
    ).toBe(200);
    const afterEdit = await stamp();
    expect(afterEdit).not.toBe(first);
    // Hours later, nothing changed: still the stored ones.
    clock = new Date(`${TODAY}T22:10:00Z`);
    expect(await stamp()).toBe(afterEdit);
    // The cash they read changes with the accounts: a new one, then its removal.
    const jar = await addManualAccount(app, ana.auth, { openingBalance: 250 });
    const afterAccount = await stamp();
    expect(afterAccount).not.toBe(afterEdit);
    clock = new Date(`${TODAY}T22:20:00Z`);
    expect((await ana.call('DELETE', `/accounts/manual/${jar.id}`)).statusCode).toBe(204);
    const afterRemoval = await stamp();
    expect(afterRemoval).not.toBe(afterAccount);
    // Another day's windows and pace are other numbers (not the 21st: a later test counts that day from 0).
    clock = new Date(`${addDays(TODAY, 3)}T00:05:00Z`);
    expect(await stamp()).not.toBe(afterRemoval);
    clock = new Date(`${TODAY}T15:00:00Z`);
    // Each of the day's generations counted (the edit, the account, its removal); fresh reads did not.
    expect(await requestsToday(ana)).toBe(before + 3);
  });

  it('insights computed from numbers read before a change committed do not pass as current', async () => {
    const stamp = async () =>
      expectJson(await ana.call('POST', '/ai/insights', {}), 200, insightList)[0]?.generatedAt;
    clock = new Date(`${TODAY}T15:40:00Z`);
    expect(await stamp()).toBe(clock.toISOString());
    const versionOf = async () =>
      Number(
        (
          await app.database.query<{ version: string }>(
            'select version from ai_insight_runs where user_id = $1',
            [ana.auth.user.id],
          )
        )[0]?.version,
      );
    // A recompute reads the numbers at this version; meanwhile a change commits.
    const read = await versionOf();
    // (The Cafe Roma row the test above moved out of dining: dining's numbers stay as the tests below read them.)
    const [row] = await app.database.query<{ id: string }>(
      "select id from transactions where user_id = $1 and merchant_name = 'Cafe Roma' and category = $2",
      [ana.auth.user.id, CATEGORY.Groceries],
    );
    expect(
      (await ana.call('PUT', `/transactions/${row?.id}/category`, { category: CATEGORY.Shopping }))
        .statusCode,
    ).toBe(200);
    expect(await versionOf()).toBeGreaterThan(read);
    // The recompute stores what it found, after the change: newer than what was stored, so a screen asking
    // now is shown it rather than nothing...
    const found = {
      key: 'computed-mid-change',
      type: 'spending_pattern',
      priority: 'low',
      context: 'dashboard',
      title: 'Found as the numbers changed',
      message: 'Read before the change committed.',
      confidence: 0.5,
      actionSuggestion: null,
      figures: [],
      rank: 0,
    } as const;
    await withUserLock(app.database.db, 'ai', ana.auth.user.id, (tx) =>
      storeInsights(tx, { userId: ana.auth.user.id, rows: [found], now: clock, version: read }),
    );
    expect(
      await app.database.query<{ key: string }>(
        'select key from ai_insights where user_id = $1 and is_current',
        [ana.auth.user.id],
      ),
    ).toEqual([{ key: found.key }]);
    // ...but a set read from numbers older still never replaces it.
    await withUserLock(app.database.db, 'ai', ana.auth.user.id, (tx) =>
      storeInsights(tx, { userId: ana.auth.user.id, rows: [], now: clock, version: read - 1 }),
    );
    expect(
      await app.database.query('select key from ai_insights where user_id = $1 and is_current', [
        ana.auth.user.id,
      ]),
    ).toHaveLength(1);
    // Not current: the next read computes them again, from the changed numbers.
    clock = new Date(`${TODAY}T15:45:00Z`);
    expect(await stamp()).toBe(clock.toISOString());
    clock = new Date(`${TODAY}T15:50:00Z`);
    expect(await stamp()).toBe(`${TODAY}T15:45:00.000Z`);
    clock = new Date(`${TODAY}T15:00:00Z`);
  });

  it('keeps to the screen asked for, the count and the type', async () => {
    const budgetOnly = expectJson(
      await ana.call('POST', '/ai/insights', { context: 'budget', maxInsights: 3 }),
      200,
      insightList,
    );
    expect(budgetOnly.length).toBeGreaterThan(0);
    expect(budgetOnly.every((i) => i.context === 'budget')).toBe(true);
    const one = expectJson(await ana.call('POST', '/ai/insights', { maxInsights: 1 }), 200, insightList);
    expect(one).toHaveLength(1);
    const specific = expectJson(
      await ana.call('POST', '/ai/insights/specific', { context: 'dashboard', specificType: 'spending' }),
      200,
      insightList,
    );
    expect(specific).toHaveLength(1);
    expect(specific[0]?.type).toBe('spending');
  });

  it.each([
    [{ maxInsights: 0 }, 'Too small: expected number to be >=1'],
    [{ maxInsights: 21 }, 'At most 20 insights'],
    [{ context: 'weather' }, 'Unknown context'],
  ])('refuses %j with a clear message', async (body, message) => {
    const res = await ana.call('POST', '/ai/insights', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('dismissing hides an insight for good, through regeneration', async () => {
    const [first] = expectJson(await ana.call('POST', '/ai/insights', { maxInsights: 20 }), 200, insightList);
    if (!first) throw new Error('no insight');
    expect((await ana.call('POST', '/ai/insights/dismiss', { insightId: first.id })).statusCode).toBe(204);
    const refreshed = expectJson(await ana.call('POST', '/ai/insights/refresh/dashboard'), 200, insightList);
    expect(refreshed.map((i) => i.id)).not.toContain(first.id);
    const [kept] = refreshed;
    if (!kept) throw new Error('no insight left');
    const regenerated = expectJson(await ana.call('POST', `/ai/insights/generate/${kept.id}`), 200, insight);
    expect(regenerated).toMatchObject({ id: kept.id, title: kept.title });
  });

  it("a Pro trial gets Pro's daily AI requests, and Starter's once it ends", async () => {
    const tia = await person();
    const trialUntil = (at: string) => putOnTrial(app, tia.auth, 'pro', new Date(at));
    await trialUntil('2026-11-19T00:00:00Z');
    expect(expectJson(await tia.call('GET', '/ai/usage'), 200, aiUsage)).toMatchObject({
      subscriptionTier: 'Starter',
      dailyLimit: planOf('starter').aiDailyLimit,
    });
    await trialUntil('2026-11-29T00:00:00Z');
    expect(expectJson(await tia.call('GET', '/ai/usage'), 200, aiUsage)).toMatchObject({
      subscriptionTier: 'Pro',
      dailyLimit: planOf('pro').aiDailyLimit,
    });
  });

  it("another person's insight ids answer 404", async () => {
    const [mine] = expectJson(await ana.call('POST', '/ai/insights', {}), 200, insightList);
    const ben = await person();
    expect((await ben.call('POST', '/ai/insights/dismiss', { insightId: mine?.id })).statusCode).toBe(404);
    expect((await ben.call('POST', `/ai/insights/generate/${mine?.id}`)).statusCode).toBe(404);
  });

  it('the advisor answers questions as people ask them, from the same numbers, and declines the rest', async () => {
    const before = await requestsToday(ana);
    const answer = expectJson(
      await ana.call('POST', '/ai/query', { query: "how much did i spend at luigi's in the last 30 days?" }),
      200,
      advisorAnswer,
    );
    expect(answer).toMatchObject({ intent: 'flow.total', answeredBy: 'built-in' });
    expect(answer.figures[0]).toMatchObject({
      amount: 320,
      source: { merchant: "Luigi's", transactionCount: 8 },
    });
    expect(await requestsToday(ana)).toBe(before + 1);
    const declined = expectJson(
      await ana.call('POST', '/ai/query', { query: 'Should I buy Tesla stock?' }),
      200,
      advisorAnswer,
    );
    expect(declined).toMatchObject({ intent: 'unknown', figures: [] });
    expect(declined.response).toMatch(/^I can't help with that\./);
    const empty = await ana.call('POST', '/ai/query', { query: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Ask a question');
  });

  it('advice answers with the findings the screens show: stored while fresh, a dismissed one left out, recomputed once stale', async () => {
    clock = new Date(`${TODAY}T16:00:00Z`);
    const ada = await person();
    await imported(ada);
    const shown = expectJson(await ada.call('POST', '/ai/insights', { maxInsights: 20 }), 200, insightList);
    const [top, next] = shown;
    if (!top || !next) throw new Error('too few insights');
    const runOf = async () =>
      (
        await app.database.query<{ at: Date }>(
          'select generated_at at from ai_insight_runs where user_id = $1',
          [ada.auth.user.id],
        )
      )[0]?.at?.toISOString() ?? null;
    const ask = async () =>
      expectJson(await ada.call('POST', '/ai/query', { query: 'how can I save more?' }), 200, advisorAnswer);
    const stored = await runOf();
    const before = await requestsToday(ada);
    const first = await ask();
    expect(first.intent).toBe('advice');
    expect(first.response).toContain(`1. ${top.title}.`);
    // Fresh: read as stored, not recomputed; the question is the one request counted.
    expect(await runOf()).toBe(stored);
    expect(await requestsToday(ada)).toBe(before + 1);

    expect((await ada.call('POST', '/ai/insights/dismiss', { insightId: top.id })).statusCode).toBe(204);
    const afterDismiss = await ask();
    expect(afterDismiss.response).not.toContain(top.title);
    expect(afterDismiss.response).toContain(`1. ${next.title}.`);

    // A change to the numbers marks them stale: the question computes them afresh, still counted once, and
    // they are stored once the answer has gone.
    clock = new Date(`${TODAY}T16:05:00Z`);
    const [row] = await app.database.query<{ id: string }>(
      "select id from transactions where user_id = $1 and merchant_name = 'Cafe Roma' limit 1",
      [ada.auth.user.id],
    );
    await ada.call('PUT', `/transactions/${row?.id}/category`, { category: CATEGORY.Groceries });
    const [run] = await app.database.query<{ current: boolean }>(
      'select generated_version = version as current from ai_insight_runs where user_id = $1',
      [ada.auth.user.id],
    );
    expect(run?.current).toBe(false);
    const counted = await requestsToday(ada);
    const afterChange = await ask();
    expect(afterChange.intent).toBe('advice');
    expect(afterChange.response).not.toContain(top.title);
    await eventually(
      async () => (await runOf()) === clock.toISOString(),
      'the insights stored after the answer',
    );
    expect(await requestsToday(ada)).toBe(counted + 1);
  });

  it('counts generations against the plan, then answers 429 — but still shows what is stored', async () => {
    // On Starter, the smallest limit.
    await putOnPlan(app, ana.auth, 'starter');
    const limit = planOf('starter').aiDailyLimit;
    const usage = expectJson(await ana.call('GET', '/ai/usage'), 200, aiUsage);
    expect(usage).toMatchObject({ subscriptionTier: 'Starter', dailyLimit: limit, costToday: 0 });
    for (let i = usage.requestsToday; i < limit; i += 1) {
      expect((await ana.call('POST', '/ai/insights/refresh/budget')).statusCode).toBe(200);
    }
    const refused = await ana.call('POST', '/ai/insights/refresh/budget');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `You have used today's ${limit} AI requests on the Starter plan. They renew at midnight.`,
    );
    clock = new Date(`${TODAY}T18:00:00Z`);
    expect(expectJson(await ana.call('POST', '/ai/insights', {}), 200, insightList).length).toBeGreaterThan(
      0,
    );
    expect(await requestsToday(ana)).toBe(limit);
    // A new day, a new allowance.
    clock = new Date('2026-11-21T09:00:00Z');
    expect(await requestsToday(ana)).toBe(0);
    expect((await ana.call('POST', '/ai/insights/refresh/budget')).statusCode).toBe(200);
  });
});
