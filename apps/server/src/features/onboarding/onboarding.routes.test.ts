import {
  budgetProposal,
  CATEGORY,
  type CategoryCode,
  categorisedMerchants,
  errorBody,
  type LoginResult,
  onboardingState,
  ruleList,
  uncategorisedMerchants,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, testNow } from '../../../test/accounts';
import {
  bearer,
  createTestApp,
  expectJson,
  putOnPlan,
  putOnTrial,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import { csvOf, importOk, insertManualAccount } from '../../../test/imports';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';
import { prepareSetup } from './onboarding.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: testNow, runJobs: false });
});
afterAll(() => app.close());

const call = (auth: LoginResult, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });
const state = async (auth: LoginResult) =>
  expectJson(await call(auth, 'GET', '/onboarding'), 200, onboardingState);
const statuses = async (auth: LoginResult) =>
  Object.fromEntries((await state(auth)).steps.map((s) => [s.step, s.status]));

/** Three months of spending before the test's today (2026-11-20): August, September and October. */
async function withHistory(auth: LoginResult) {
  const { id: accountId } = await addManualAccount(app, auth, { name: 'Checking' });
  const add = (date: string, description: string, amount: number, category: CategoryCode) =>
    addManualTransaction(app, auth, { accountId, date, description, amount, category });
  for (const month of ['08', '09', '10']) {
    await add(`2026-${month}-03`, 'Acme payroll', 3000, CATEGORY.Salary);
    await add(`2026-${month}-05`, 'Fresh Market', -301, CATEGORY.Groceries);
    await add(`2026-${month}-09`, 'Corner Cafe', -44, CATEGORY.Uncategorized);
  }
  await add('2026-10-12', 'Bright Dental', -250, CATEGORY.Uncategorized);
  // This month's and older spending does not count toward the proposal.
  await add('2026-11-02', 'Fresh Market', -999, CATEGORY.Groceries);
  await add('2026-04-02', 'Fresh Market', -999, CATEGORY.Groceries);
}

describe('the first-run guide', () => {
  it('starts with every step to do, and reads a step done from the data behind it', async () => {
    const ada = await signUp(app);
    expect(await state(ada)).toEqual({
      steps: [
        { step: 'connect', status: 'todo' },
        { step: 'categories', status: 'todo' },
        { step: 'budget', status: 'todo' },
        { step: 'subscriptions', status: 'todo' },
        { step: 'goal', status: 'todo' },
      ],
      finished: false,
      prepared: null,
    });
    await withHistory(ada);
    expect(await statuses(ada)).toMatchObject({ connect: 'done', categories: 'todo' });
  });

  it('remembers skips (and takes one back), and is finished when every step is done or skipped', async () => {
    const bo = await signUp(app);
    for (const step of ['connect', 'categories', 'budget', 'subscriptions']) {
      expectJson(
        await call(bo, 'POST', '/onboarding/steps', { step, status: 'skipped' }),
        200,
        onboardingState,
      );
    }
    expect((await state(bo)).finished).toBe(false);
    const back = expectJson(
      await call(bo, 'POST', '/onboarding/steps', { step: 'budget', status: 'todo' }),
      200,
      onboardingState,
    );
    expect(back.steps.find((s) => s.step === 'budget')?.status).toBe('todo');
    await call(bo, 'POST', '/onboarding/steps', { step: 'budget', status: 'skipped' });
    const last = expectJson(
      await call(bo, 'POST', '/onboarding/steps', { step: 'goal', status: 'done' }),
      200,
      onboardingState,
    );
    expect(last.finished).toBe(true);
  });

  it('lists the largest uncategorised merchants and categorises them in one go, with rules', async () => {
    const cy = await signUp(app);
    await withHistory(cy);
    const { merchants } = expectJson(
      await call(cy, 'GET', '/onboarding/merchants'),
      200,
      uncategorisedMerchants,
    );
    expect(merchants).toEqual([
      { merchant: 'Bright Dental', count: 1, spent: 250 },
      { merchant: 'Corner Cafe', count: 3, spent: 132 },
    ]);
    const saved = expectJson(
      await call(cy, 'POST', '/onboarding/merchants', {
        merchants: [
          { merchant: 'corner cafe', category: CATEGORY.DiningOut, rule: true },
          { merchant: 'Bright Dental', category: CATEGORY.Healthcare, rule: false },
        ],
      }),
      200,
      categorisedMerchants,
    );
    expect(saved).toEqual({ transactions: 4, rules: 1 });
    expect((await call(cy, 'GET', '/onboarding/merchants')).json()).toEqual({ merchants: [] });
    const rules = expectJson(await call(cy, 'GET', '/rules'), 200, ruleList);
    expect(rules).toEqual([
      expect.objectContaining({
        pattern: 'corner cafe',
        operator: 'equals',
        setCategory: CATEGORY.DiningOut,
      }),
    ]);
    expect(await statuses(cy)).toMatchObject({ categories: 'done' });
  });

  it('proposes a monthly budget from the last three whole months, rounded up to $10', async () => {
    const di = await signUp(app);
    expect(expectJson(await call(di, 'GET', '/onboarding/budget-proposal'), 200, budgetProposal)).toEqual({
      months: [],
      totalIncome: 0,
      categories: [],
    });
    await withHistory(di);
    const proposal = expectJson(await call(di, 'GET', '/onboarding/budget-proposal'), 200, budgetProposal);
    expect(proposal.months).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(proposal.totalIncome).toBe(3000);
    // Groceries: $301 a month → $310; Other: ($44 × 3 + $250) / 3 = $127.33 → $130.
    expect(proposal.categories).toEqual([
      { category: CATEGORY.Groceries, allocatedAmount: 310, averageSpent: 301 },
      { category: CATEGORY.Uncategorized, allocatedAmount: 130, averageSpent: 127.33 },
    ]);
  });

  it('refuses bad input with a message, and never touches another person', async () => {
    const eve = await signUp(app);
    const other = await signUp(app);
    await withHistory(other);
    for (const [url, body, message] of [
      ['/onboarding/steps', { step: 'dance', status: 'done' }, 'Step must be one of'],
      ['/onboarding/steps', { step: 'goal', status: 'maybe' }, 'Status must be done, skipped or todo'],
      ['/onboarding/merchants', { merchants: [] }, 'Choose a category for at least one merchant'],
    ] as const) {
      const res = await call(eve, 'POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(errorBody.parse(res.json()).message).toContain(message);
    }
    // Another person's merchant: nothing of theirs moves.
    const saved = await call(eve, 'POST', '/onboarding/merchants', {
      merchants: [{ merchant: 'Corner Cafe', category: CATEGORY.DiningOut, rule: false }],
    });
    expect(saved.json()).toEqual({ transactions: 0, rules: 0 });
    const theirs = expectJson(await call(other, 'GET', '/onboarding/merchants'), 200, uncategorisedMerchants);
    expect(theirs.merchants.map((m) => m.merchant)).toContain('Corner Cafe');
  });
});

/** A statement of three months before the test's today: pay, groceries, and a streaming charge monthly. */
const statement = csvOf(
  (
    [
      ['08', '-412.50'],
      ['09', '-398.20'],
      ['10', '-431.80'],
    ] as const
  ).flatMap(([month, groceries]) => [
    [`2026-${month}-01`, 'Acme payroll', '4000.00'],
    [`2026-${month}-04`, 'Fresh Market', groceries],
    [`2026-${month}-14`, 'Streamly', '-15.99'],
  ]),
);

describe("Premium's prepared setup (white-glove onboarding)", () => {
  let jobs: TestApp;
  beforeAll(async () => {
    // The queue's workers run here: the preparation is the job a first import queues.
    jobs = await createTestApp({ now: testNow });
  });
  afterAll(() => jobs.close());
  const get = async (auth: LoginResult, url: string) =>
    jobs.inject({ method: 'GET', url: `/api${url}`, headers: bearer(auth) });

  it("prepares the first budget and the subscriptions found after a Premium person's first import", async () => {
    const fay = await signUp(jobs);
    const accountId = await insertManualAccount(jobs, fay.user.id, { name: 'Checking' });
    await importOk(jobs, fay, { accountId, content: statement });
    const state = await eventually(async () => {
      const body = expectJson(await get(fay, '/onboarding'), 200, onboardingState);
      return body.prepared ? body : undefined;
    }, 'the setup to be prepared');
    expect(state.prepared).toMatchObject({
      // The file's rows come uncategorised: $414.17 + $15.99 a month → $440 in one category.
      budget: { categories: 1, total: 440 },
      subscriptions: [{ merchantName: 'Streamly', amount: 15.99, frequency: 2 }],
    });
    // The guide offers the prepared budget; suggestions are made only when the person opens them.
    const offered = expectJson(await get(fay, '/onboarding/budget-proposal'), 200, budgetProposal);
    expect(offered).toMatchObject({ months: ['2026-08', '2026-09', '2026-10'], totalIncome: 4000 });
    const [open] = await jobs.database.query<{ n: number }>(
      'select count(*)::int as n from detected_subscriptions where user_id = $1',
      [fay.user.id],
    );
    expect(open?.n).toBe(0);

    // Once: a second import (or the job again) keeps what was prepared.
    const before = state.prepared?.preparedAt;
    expect(await prepareSetup({ db: jobs.database.db, now: testNow }, { userId: fay.user.id })).toBe(false);
    const after = expectJson(await get(fay, '/onboarding'), 200, onboardingState);
    expect(after.prepared?.preparedAt).toBe(before);
  });

  it("prepares nothing on Pro, and does on Premium's trial", async () => {
    const deps = { db: jobs.database.db, now: testNow };
    const gus = await signUp(jobs);
    await putOnPlan(jobs, gus, 'pro');
    const checking = await insertManualAccount(jobs, gus.user.id, { name: 'Checking' });
    await importOk(jobs, gus, { accountId: checking, content: statement });
    expect(await prepareSetup(deps, { userId: gus.user.id })).toBe(false);
    expect(expectJson(await get(gus, '/onboarding'), 200, onboardingState).prepared).toBeNull();

    const hal = await signUp(jobs);
    await putOnTrial(jobs, hal, 'premium', new Date(testNow().getTime() + 7 * 86_400_000));
    expect(await prepareSetup(deps, { userId: hal.user.id })).toBe(true);
    expect(expectJson(await get(hal, '/onboarding'), 200, onboardingState).prepared).toMatchObject({
      budget: { categories: 0, total: 0 },
      subscriptions: [],
    });
  });
});
