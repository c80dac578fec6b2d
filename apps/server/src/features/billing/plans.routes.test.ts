import {
  accountLimitMessage,
  billingState,
  budget,
  CATEGORY,
  errorBody,
  type LoginResult,
  loginResult,
  planChangeResult,
  planOf,
  TRIAL_DAYS,
  upgradeMessage,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_ACCOUNTS, type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../../../test/google';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  expectJson,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import { BILLING_CALLS_PER_MINUTE } from './billing.routes';

const DAY = 86_400_000;
const START = new Date('2026-11-26T12:00:00Z');
let clock = START;
/** A server taking payments through Stripe: plans, trials and limits as the price table sells them. */
let app: TestApp;
let fake: FakePlaid;
let google: FakeGoogle;
let stripe: FakeStripe;

beforeAll(async () => {
  fake = await startFakePlaid({ now: () => clock });
  google = await startFakeGoogle();
  stripe = await startFakeStripe();
  app = await createTestApp({
    env: { ...fake.env(), ...stripe.env(), GOOGLE_JWKS_URL: google.jwksUrl, TOKEN_TTL_HOURS: '8760' },
    now: () => clock,
    runJobs: false,
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
  await google.close();
  await stripe.close();
});

const call = (
  auth: LoginResult,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  on: TestApp = app,
) => on.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });

/** Starts the person's free trial: the first paid plan they choose. */
const startTrial = async (auth: LoginResult, plan: 'pro' | 'premium' = 'pro') =>
  expectJson(await call(auth, 'POST', '/billing/plan', { plan }), 200, planChangeResult);

const billing = async (auth: LoginResult, on: TestApp = app) =>
  expectJson(await call(auth, 'GET', '/billing', undefined, on), 200, billingState);

/** Links a fake bank whose item holds `accounts` accounts; answers the exchange's response. */
async function link(auth: LoginResult, accounts: number) {
  fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS.slice(0, accounts), transactions: [] };
  return call(auth, 'POST', '/plaid/exchange-public-token-quick-sync', {
    publicToken: fake.createPublicToken(),
  });
}

async function connectionCount(userId: string) {
  const rows = await app.database.query<{ n: number }>(
    'select count(*)::int as n from bank_connections where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.n);
}

async function aBudget(auth: LoginResult) {
  const res = await call(auth, 'POST', '/budget', {
    name: 'November',
    period: 2,
    startDate: '2026-11-01',
    totalIncome: 3000,
    categories: [{ category: CATEGORY.DiningOut, allocatedAmount: 200 }],
  });
  const created = expectJson(res, 201, budget);
  const category = created.categories[0];
  if (!category) throw new Error('budget without its category');
  return { budgetId: created.id, categoryId: category.id };
}

/** Every Pro feature's route, called as `auth`; answers each status with its message. */
async function proFeatures(auth: LoginResult, ids: { budgetId: string; categoryId: string }) {
  const calls = {
    subscriptions: await call(auth, 'GET', '/subscriptions'),
    subscriptionSummary: await call(auth, 'GET', '/subscriptions/summary'),
    addSubscription: await call(auth, 'POST', '/subscriptions', {
      name: 'Netflix',
      amount: 15.49,
      nextDueDate: '2026-12-01',
    }),
    countUp: await call(auth, 'GET', `/budget/${ids.budgetId}/countup`),
    enableCountUp: await call(auth, 'POST', `/budget/category/${ids.categoryId}/enable-countup`, {
      categoryId: ids.categoryId,
      enable: true,
    }),
    countUpSettings: await call(auth, 'PUT', `/budget/category/${ids.categoryId}/countup-settings`, {
      categoryId: ids.categoryId,
      customDailyAllowance: 5,
    }),
    advisor: await call(auth, 'POST', '/ai/query', { query: 'How much did I spend this month?' }),
  };
  return Object.fromEntries(
    Object.entries(calls).map(([name, res]) => [
      name,
      res.statusCode === 403 ? `403 ${errorBody.parse(res.json()).message}` : res.statusCode,
    ]),
  );
}

describe('a new person, on a server taking payments', () => {
  it('is on Starter with a free trial to start, on password registration', async () => {
    clock = START;
    const ada = await signUp(app);
    expect(ada.user).toMatchObject({ plan: 'starter', trialEndsAt: null });
    expect(await billing(ada)).toEqual({
      plan: 'starter',
      planName: 'Starter',
      paidPlan: 'starter',
      onTrial: false,
      trialAvailable: true,
      trialDaysLeft: null,
      trialEndsAt: null,
      provider: 'stripe',
      planCancelsAt: null,
      planPeriodEndsAt: null,
      linkedAccounts: 0,
      accountLimit: 2,
    });
  });

  it('and the same on Google sign-up', async () => {
    clock = START;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { idToken: await google.sign(aGoogleAccount()) },
    });
    const grace = expectJson(res, 200, loginResult);
    expect(grace.user).toMatchObject({ plan: 'starter', trialEndsAt: null });
    expect(await billing(grace)).toMatchObject({ plan: 'starter', onTrial: false, trialAvailable: true });
  });

  it.each(['pro', 'premium'] as const)(
    'starts a 14-day trial of %s, the paid plan first chosen, with nothing paid',
    async (plan) => {
      clock = START;
      const ada = await signUp(app);
      const checkoutsBefore = stripe.calls('POST /v1/checkout/sessions').length;
      const started = await startTrial(ada, plan);
      expect(started).toMatchObject({
        checkoutUrl: null,
        portalUrl: null,
        user: {
          plan: 'starter',
          trialPlan: plan,
          trialEndsAt: new Date(START.getTime() + TRIAL_DAYS * DAY).toISOString(),
        },
        billing: {
          plan,
          planName: planOf(plan).name,
          paidPlan: 'starter',
          onTrial: true,
          trialAvailable: false,
          trialDaysLeft: 14,
          accountLimit: null,
        },
      });
      expect(stripe.calls('POST /v1/checkout/sessions')).toHaveLength(checkoutsBefore);
      expect(await billing(ada)).toMatchObject({ plan, onTrial: true });
      // The AI quota follows the trial's plan too.
      expect((await call(ada, 'GET', '/ai/usage')).json()).toMatchObject({
        subscriptionTier: planOf(plan).name,
        dailyLimit: planOf(plan).aiDailyLimit,
      });
    },
  );

  it('gives one trial per person: ended early or run out, the next paid plan goes to Checkout', async () => {
    clock = START;
    const bo = await signUp(app);
    await startTrial(bo, 'premium');
    const ended = expectJson(await call(bo, 'POST', '/billing/cancel'), 200, planChangeResult);
    expect(ended.billing).toMatchObject({ plan: 'starter', onTrial: false, trialAvailable: false });
    const again = expectJson(await call(bo, 'POST', '/billing/plan', { plan: 'pro' }), 200, planChangeResult);
    expect(again.checkoutUrl).toMatch(/\/checkout\/cs_/);
    expect(again.billing).toMatchObject({ plan: 'starter', onTrial: false });
    // Nothing left of a trial to carry into Stripe's subscription.
    expect(stripe.calls('POST /v1/checkout/sessions').at(-1)?.params).not.toHaveProperty(
      'subscription_data[trial_end]',
    );

    const cy = await signUp(app);
    await startTrial(cy, 'pro');
    clock = new Date(START.getTime() + TRIAL_DAYS * DAY);
    expect(await billing(cy)).toMatchObject({ plan: 'starter', trialAvailable: false });
    expect((await call(cy, 'POST', '/billing/plan', { plan: 'premium' })).json()).toMatchObject({
      checkoutUrl: expect.stringMatching(/\/checkout\/cs_/),
    });
    clock = START;
  });

  it('keeps the trial for someone on Starter who cancels before ever starting it', async () => {
    clock = START;
    const fe = await signUp(app);
    expectJson(await call(fe, 'POST', '/billing/cancel'), 200, planChangeResult);
    expectJson(await call(fe, 'POST', '/billing/plan', { plan: 'starter' }), 200, planChangeResult);
    expect(await billing(fe)).toMatchObject({ plan: 'starter', trialAvailable: true, trialEndsAt: null });
    expect((await startTrial(fe, 'premium')).billing).toMatchObject({ plan: 'premium', onTrial: true });
  });

  it('starts one trial from two clicks at once', async () => {
    clock = START;
    const di = await signUp(app);
    const [a, b] = await Promise.all([
      call(di, 'POST', '/billing/plan', { plan: 'pro' }),
      call(di, 'POST', '/billing/plan', { plan: 'premium' }),
    ]);
    const answers = [a, b].map((res) => expectJson(res, 200, planChangeResult));
    const plans = answers.map((r) => r.billing.plan);
    expect(plans[0]).toBe(plans[1]);
    expect(answers.every((r) => r.billing.onTrial)).toBe(true);
  });

  it('during a trial, choosing its plan again subscribes at Checkout, the trial days carried over', async () => {
    clock = START;
    const ed = await signUp(app);
    await startTrial(ed, 'premium');
    clock = new Date(START.getTime() + 4 * DAY);
    const subscribe = expectJson(
      await call(ed, 'POST', '/billing/plan', { plan: 'premium' }),
      200,
      planChangeResult,
    );
    expect(subscribe.checkoutUrl).toMatch(/\/checkout\/cs_/);
    expect(stripe.calls('POST /v1/checkout/sessions').at(-1)?.params).toMatchObject({
      'subscription_data[metadata][plan]': 'premium',
      'subscription_data[trial_end]': String((START.getTime() + TRIAL_DAYS * DAY) / 1000),
    });
    clock = START;
  });
});

describe('plan enforcement', () => {
  const refused = (feature: Parameters<typeof upgradeMessage>[0]) => `403 ${upgradeMessage(feature)}`;

  it('opens every Pro feature during the trial and closes them on Starter once it ends', async () => {
    clock = START;
    const ada = await signUp(app);
    await startTrial(ada);
    const ids = await aBudget(ada);
    const during = await proFeatures(ada, ids);
    expect(during).toEqual({
      subscriptions: 200,
      subscriptionSummary: 200,
      addSubscription: 201,
      countUp: 200,
      enableCountUp: 200,
      countUpSettings: 200,
      advisor: 200,
    });

    // The trial's last moment still counts; a moment later the plan is Starter.
    clock = new Date(START.getTime() + TRIAL_DAYS * DAY - 1);
    expect(await billing(ada)).toMatchObject({ plan: 'pro', onTrial: true, trialDaysLeft: 0 });
    clock = new Date(START.getTime() + TRIAL_DAYS * DAY);
    expect(await billing(ada)).toMatchObject({ plan: 'starter', onTrial: false, trialDaysLeft: null });

    expect(await proFeatures(ada, ids)).toEqual({
      subscriptions: refused('subscriptions'),
      subscriptionSummary: refused('subscriptions'),
      addSubscription: refused('subscriptions'),
      countUp: refused('count-up'),
      enableCountUp: refused('count-up'),
      countUpSettings: refused('count-up'),
      advisor: refused('advisor'),
    });
    // A category left on count-up can still be turned off; the budget itself stays open.
    const off = await call(ada, 'POST', `/budget/category/${ids.categoryId}/enable-countup`, {
      categoryId: ids.categoryId,
      enable: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await call(ada, 'GET', `/budget/${ids.budgetId}`)).statusCode).toBe(200);
    // The advisor refused before counting: the day's AI usage is untouched by the refusals.
    expect((await call(ada, 'GET', '/ai/usage')).json()).toMatchObject({ subscriptionTier: 'Starter' });

    // A paid plan (as Stripe's webhook sets it once paid) opens them all again.
    await app.database.query(`update users set plan = 'pro' where id = $1`, [ada.user.id]);
    expect(await proFeatures(ada, ids)).toEqual({ ...during, addSubscription: expect.any(Number) });
  });

  it('lets Starter keep the count-up a trial left on in a budget, but not turn it on anew', async () => {
    clock = START;
    const fay = await signUp(app);
    await startTrial(fay);
    const body = (diningCountsUp: boolean, groceriesCountUp: boolean) => ({
      name: 'November',
      period: 2,
      startDate: '2026-11-01',
      totalIncome: 3000,
      categories: [
        { category: CATEGORY.DiningOut, allocatedAmount: 200, countUp: diningCountsUp },
        { category: CATEGORY.Groceries, allocatedAmount: 300, countUp: groceriesCountUp },
      ],
    });
    const created = expectJson(await call(fay, 'POST', '/budget', body(true, false)), 201, budget);
    await call(fay, 'POST', '/billing/cancel');

    expect((await call(fay, 'PUT', `/budget/${created.id}`, body(true, false))).statusCode).toBe(200);
    const turnedOn = await call(fay, 'PUT', `/budget/${created.id}`, body(true, true));
    expect(turnedOn.statusCode).toBe(403);
    expect(errorBody.parse(turnedOn.json()).message).toBe(upgradeMessage('count-up'));
    expect((await call(fay, 'POST', '/budget', body(false, true))).statusCode).toBe(403);
    expect((await call(fay, 'PUT', `/budget/${created.id}`, body(false, false))).statusCode).toBe(200);
  });

  it("counts the trial's days left in the person's calendar, as the trial-ending notification does", async () => {
    clock = START;
    const utc = await signUp(app, { timeZone: 'UTC' });
    const pacific = await signUp(app, { timeZone: 'America/Los_Angeles' });
    await startTrial(utc);
    await startTrial(pacific);
    // Half a day before it ends at noon UTC: midnight on its last day in UTC, the afternoon before in LA.
    clock = new Date(START.getTime() + (TRIAL_DAYS - 0.5) * DAY);
    expect(await billing(utc)).toMatchObject({ onTrial: true, trialDaysLeft: 0 });
    expect(await billing(pacific)).toMatchObject({ onTrial: true, trialDaysLeft: 1 });
    clock = START;
  });

  it('keeps accounts linked during the trial, and holds Starter to 2 bank accounts', async () => {
    clock = START;
    const ada = await signUp(app);
    await startTrial(ada);
    expect((await link(ada, 3)).statusCode).toBe(200);
    expect((await link(ada, 2)).statusCode).toBe(200);
    expect(await billing(ada)).toMatchObject({ linkedAccounts: 5, accountLimit: null });

    clock = new Date(START.getTime() + (TRIAL_DAYS + 1) * DAY);
    // Nothing already linked is taken away when the trial ends.
    expect(await billing(ada)).toMatchObject({ plan: 'starter', linkedAccounts: 5, accountLimit: 2 });
    expect((await call(ada, 'GET', '/plaid/accounts')).json()).toHaveLength(5);

    const message = accountLimitMessage(planOf('starter'));
    expect(message).toBe('Your Starter plan includes up to 2 bank accounts. Upgrade to Pro to link more.');
    for (const url of ['/plaid/create-link-token', '/plaid/sandbox/public-token']) {
      const res = await call(ada, 'POST', url, {});
      expect(res.statusCode, url).toBe(403);
      expect(errorBody.parse(res.json())).toMatchObject({ message, code: 'ACCOUNT_LIMIT' });
    }
  });

  it('refuses an exchange that would pass the limit, removes the item at the bank and saves nothing', async () => {
    clock = START;
    const bea = await signUp(app);
    expect(await billing(bea)).toMatchObject({ plan: 'starter', onTrial: false, accountLimit: 2 });

    expect((await link(bea, 1)).statusCode).toBe(200);
    const removedBefore = fake.removedItemIds.length;
    const refused = await link(bea, 2);
    expect(refused.statusCode).toBe(403);
    expect(errorBody.parse(refused.json()).message).toBe(accountLimitMessage(planOf('starter')));
    expect(fake.removedItemIds.length).toBe(removedBefore + 1);
    expect(await connectionCount(bea.user.id)).toBe(1);
    expect(await billing(bea)).toMatchObject({ linkedAccounts: 1 });

    // One more fits exactly; then Link itself is refused.
    expect((await link(bea, 1)).statusCode).toBe(200);
    expect(await billing(bea)).toMatchObject({ linkedAccounts: 2 });
    expect((await call(bea, 'POST', '/plaid/create-link-token', {})).statusCode).toBe(403);
  });

  it('refuses reconnecting a disconnected bank whose accounts no longer fit', async () => {
    clock = START;
    const cy = await signUp(app);
    const first = (await link(cy, 2)).json() as { connection: { id: string } };
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/plaid/connections/${first.connection.id}`,
      headers: bearer(cy),
    });
    expect(gone.statusCode).toBe(200);
    expect((await link(cy, 1)).statusCode).toBe(200);
    // The bank still holds both accounts: with the one linked since, three would be linked.
    fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS.slice(0, 2), transactions: [] };
    const removedBefore = fake.removedItemIds.length;
    const back = await call(cy, 'POST', `/plaid/connections/${first.connection.id}/reconnect`);
    expect(back.statusCode).toBe(403);
    expect(errorBody.parse(back.json()).code).toBe('ACCOUNT_LIMIT');
    // The item made again at the bank for it is removed there, and the connection stays disconnected.
    expect(fake.removedItemIds.length).toBe(removedBefore + 1);
    const [row] = await app.database.query<{ is_active: boolean }>(
      'select is_active from bank_connections where id = $1',
      [first.connection.id],
    );
    expect(row?.is_active).toBe(false);
    expect(await billing(cy)).toMatchObject({ linkedAccounts: 1 });
  });

  it('counts only the accounts a reconnected bank still has, not ones gone since', async () => {
    clock = START;
    const dee = await signUp(app);
    const first = (await link(dee, 2)).json() as { connection: { id: string } };
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/plaid/connections/${first.connection.id}`,
      headers: bearer(dee),
    });
    expect(gone.statusCode).toBe(200);
    expect((await link(dee, 1)).statusCode).toBe(200);
    // One of the two accounts was closed at the bank meanwhile: one comes back, two in all, which fits.
    fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS.slice(0, 1), transactions: [] };
    const back = await call(dee, 'POST', `/plaid/connections/${first.connection.id}/reconnect`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await billing(dee)).toMatchObject({ linkedAccounts: 2, accountLimit: 2 });
  });
});

describe('a server without payments: the operator sets the plan', () => {
  const SET_BY_SERVER = 'Plans on this server are set by whoever runs it: every account has Premium.';

  it('gives every account Premium (SELF_HOSTED_PLAN unset), no trial, and refuses changing it', async () => {
    const server = await createTestApp({ now: () => clock, runJobs: false });
    try {
      const eve = await signUp(server);
      expect(eve.user).toMatchObject({ plan: 'premium', trialEndsAt: null });
      const before = await billing(eve, server);
      expect(before).toEqual({
        plan: 'premium',
        planName: 'Premium',
        paidPlan: 'premium',
        onTrial: false,
        trialAvailable: false,
        trialDaysLeft: null,
        trialEndsAt: null,
        provider: 'self-hosted',
        planCancelsAt: null,
        planPeriodEndsAt: null,
        linkedAccounts: 0,
        accountLimit: null,
      });
      for (const [url, body] of [
        ['/billing/plan', { plan: 'starter' }],
        ['/billing/plan', { plan: 'pro' }],
        ['/billing/plan', { plan: 'premium' }],
        ['/billing/cancel', undefined],
        ['/billing/portal', undefined],
      ] as const) {
        const res = await call(eve, 'POST', url, body, server);
        expect(res.statusCode, url).toBe(403);
        expect(errorBody.parse(res.json())).toEqual({ message: SET_BY_SERVER, code: 'PLAN_SET_BY_SERVER' });
      }
      expect(await billing(eve, server)).toEqual(before);

      const bad = await call(eve, 'POST', '/billing/plan', { plan: 'gold' }, server);
      expect(bad.statusCode).toBe(400);
      expect(errorBody.parse(bad.json()).message).toBe('Plan must be starter, pro or premium');
      expect((await server.inject({ method: 'GET', url: '/api/billing' })).statusCode).toBe(401);
      // Nothing is signed on such a server, so no webhook is believed.
      const hook = await server.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: JSON.stringify({ id: 'evt_1', type: 'customer.subscription.updated' }),
      });
      expect(hook.statusCode).toBe(400);
    } finally {
      await server.close();
    }
  });

  it("applies the operator's plan to accounts made before, and payments switched on end what it gave", async () => {
    const database = await createTestDatabase();
    // One signing key over the restarts: the session outlives them.
    const SECRET = 'k'.repeat(64);
    const start = (env: Record<string, string>) =>
      createTestApp({
        env,
        database,
        keepDatabase: true,
        now: () => clock,
        runJobs: false,
        jwtSecret: SECRET,
      });
    try {
      let server = await start({ SELF_HOSTED_PLAN: 'starter' });
      const fi = await signUp(server);
      expect(await billing(fi, server)).toMatchObject({
        plan: 'starter',
        accountLimit: 2,
        trialAvailable: false,
      });
      await server.close();

      server = await start({ SELF_HOSTED_PLAN: 'pro' });
      expect(await billing(fi, server)).toMatchObject({ plan: 'pro', paidPlan: 'pro', onTrial: false });
      await server.close();

      // Stripe from now on: a plan nobody paid for ends, and the person may start their one trial.
      server = await start(stripe.env());
      expect(await billing(fi, server)).toMatchObject({
        plan: 'starter',
        provider: 'stripe',
        trialAvailable: true,
      });
      await server.close();
    } finally {
      await database.close();
    }
  });
});

describe('calls to the payment provider', () => {
  it.each([
    ['a plan change', '/billing/plan', (i: number) => ({ plan: i % 2 ? 'pro' : 'premium' })],
    ['a portal session', '/billing/portal', () => undefined],
    ['a cancellation', '/billing/cancel', () => undefined],
  ])('answers 429 to %s past its limit, counted per person', async (_, url, body) => {
    const [fay, gus] = await Promise.all([signUp(app), signUp(app)]);
    for (let i = 0; i < BILLING_CALLS_PER_MINUTE; i++) {
      expect((await call(fay, 'POST', url, body(i))).statusCode).not.toBe(429);
    }
    const limited = await call(fay, 'POST', url, body(0));
    expect(expectJson(limited, 429, errorBody).code).toBe('RATE_LIMITED');
    expect((await call(gus, 'POST', url, body(0))).statusCode).not.toBe(429);
  });
});
