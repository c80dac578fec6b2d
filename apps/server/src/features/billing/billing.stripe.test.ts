import {
  billingState,
  errorBody,
  type LoginResult,
  planChangeResult,
  portalResult,
  profileResponse,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../../../test/fake-stripe';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

const clock = new Date('2026-11-26T12:00:00Z');
let app: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  stripe.clock = () => Math.floor(clock.getTime() / 1000);
  app = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: 'https://tally.example',
      TOKEN_TTL_HOURS: '8760',
    },
    now: () => clock,
    runJobs: false,
  });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const call = (auth: LoginResult, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });
const billing = async (auth: LoginResult) =>
  expectJson(await call(auth, 'GET', '/billing'), 200, billingState);
const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
  app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: delivery.headers,
    payload: delivery.payload,
  });

async function billingRow(userId: string) {
  const [row] = await app.database.query<{
    plan: string;
    billing_customer_id: string | null;
    billing_subscription_id: string | null;
  }>('select plan, billing_customer_id, billing_subscription_id from users where id = $1', [userId]);
  return row;
}

/** A new person who started their free Pro trial (the first paid plan chosen starts it, nothing paid). */
async function onTrial() {
  const auth = await signUp(app);
  const trial = expectJson(await call(auth, 'POST', '/billing/plan', { plan: 'pro' }), 200, planChangeResult);
  expect(trial).toMatchObject({ checkoutUrl: null, billing: { onTrial: true, plan: 'pro' } });
  return auth;
}

/** Ends a person's free trial yesterday, so what they buy is paid for at once. */
const trialOver = (userId: string) =>
  app.database.query('update users set trial_ends_at = $1 where id = $2', [
    new Date(clock.getTime() - 86_400_000),
    userId,
  ]);

/**
 * Signs up (trial over, so the plan is paid at once), buys `plan` at Checkout and delivers
 * checkout.session.completed; answers the subscription id.
 */
async function subscribed(plan: 'pro' | 'premium') {
  const auth = await signUp(app);
  await trialOver(auth.user.id);
  const started = expectJson(await call(auth, 'POST', '/billing/plan', { plan }), 200, planChangeResult);
  const sessionId = started.checkoutUrl?.split('/').at(-1) ?? '';
  const { session, subscription } = stripe.completeCheckout(sessionId);
  const res = await deliver(stripe.signed(stripe.event('checkout.session.completed', session)));
  expect(res.statusCode, res.body).toBe(200);
  return { auth, subscriptionId: subscription.id };
}

describe('Stripe Checkout', () => {
  it('creates a subscription checkout for Pro at $5 a month, for a customer it stores and reuses', async () => {
    const ada = await onTrial();
    const res = await call(ada, 'POST', '/billing/plan', { plan: 'pro' });
    const started = expectJson(res, 200, planChangeResult);
    expect(started.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`));
    expect(started.portalUrl).toBeNull();
    // Nothing is paid yet: still the trial, on Stripe.
    expect(started.billing).toMatchObject({
      plan: 'pro',
      paidPlan: 'starter',
      onTrial: true,
      provider: 'stripe',
    });

    const [customer] = stripe.calls('POST /v1/customers');
    expect(customer?.params).toMatchObject({ email: ada.user.email, 'metadata[userId]': ada.user.id });
    const row = await billingRow(ada.user.id);
    expect(row?.billing_customer_id).toMatch(/^cus_/);

    const [checkout] = stripe.calls('POST /v1/checkout/sessions');
    expect(checkout?.params).toMatchObject({
      mode: 'subscription',
      customer: row?.billing_customer_id,
      client_reference_id: ada.user.id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][metadata][plan]': 'pro',
      'subscription_data[metadata][plan]': 'pro',
      success_url: 'https://tally.example/settings?billing=success#plan',
      cancel_url: 'https://tally.example/settings?billing=cancelled#plan',
    });

    const again = expectJson(
      await call(ada, 'POST', '/billing/plan', { plan: 'premium' }),
      200,
      planChangeResult,
    );
    expect(again.checkoutUrl).toMatch(/\/checkout\/cs_/);
    expect(stripe.calls('POST /v1/customers')).toHaveLength(1);
    expect(stripe.calls('POST /v1/checkout/sessions').at(-1)?.params).toMatchObject({
      customer: row?.billing_customer_id,
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][metadata][plan]': 'premium',
    });
  });
});

describe('Stripe Checkout: the free trial and one subscription', () => {
  it("carries the rest of the free trial into Stripe's subscription, and keeps it should that end unpaid", async () => {
    const ada = await onTrial();
    const trialEndsAt = (await billing(ada)).trialEndsAt ?? '';
    const started = expectJson(
      await call(ada, 'POST', '/billing/plan', { plan: 'pro' }),
      200,
      planChangeResult,
    );
    expect(stripe.calls('POST /v1/checkout/sessions').at(-1)?.params).toMatchObject({
      'subscription_data[trial_end]': String(new Date(trialEndsAt).getTime() / 1000),
    });
    const { session, subscription } = stripe.completeCheckout(started.checkoutUrl?.split('/').at(-1) ?? '');
    expect(subscription.status).toBe('trialing');
    expect(
      (await deliver(stripe.signed(stripe.event('checkout.session.completed', session)))).statusCode,
    ).toBe(200);
    expect(await billing(ada)).toMatchObject({ plan: 'pro', paidPlan: 'pro', onTrial: false, trialEndsAt });

    // Cancelled before the trial ended, nothing paid: the person is back on the trial they had.
    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    const ended = stripe.event('customer.subscription.deleted', stripe.subscriptionObject(subscription.id));
    expect((await deliver(stripe.signed(ended))).statusCode).toBe(200);
    expect(await billing(ada)).toMatchObject({
      plan: 'pro',
      paidPlan: 'starter',
      onTrial: true,
      trialEndsAt,
    });
  });

  it('carries no trial shorter than Stripe takes (48 hours), nor one already over', async () => {
    for (const hoursLeft of [47, -1]) {
      const bea = await signUp(app);
      await app.database.query('update users set trial_ends_at = $1 where id = $2', [
        new Date(clock.getTime() + hoursLeft * 3_600_000),
        bea.user.id,
      ]);
      expectJson(await call(bea, 'POST', '/billing/plan', { plan: 'pro' }), 200, planChangeResult);
      const params = stripe.calls('POST /v1/checkout/sessions').at(-1)?.params ?? {};
      expect(params.client_reference_id).toBe(bea.user.id);
      expect(params, `${hoursLeft} hours left`).not.toHaveProperty(['subscription_data[trial_end]']);
    }
  });

  it('sends someone who paid but whose webhook has not landed to the portal, not to a second Checkout', async () => {
    const cy = await onTrial();
    const started = expectJson(
      await call(cy, 'POST', '/billing/plan', { plan: 'pro' }),
      200,
      planChangeResult,
    );
    stripe.completeCheckout(started.checkoutUrl?.split('/').at(-1) ?? '');
    const checkouts = stripe.calls('POST /v1/checkout/sessions').length;
    // A second tab, or a retry after paying: Stripe already has a live subscription for this customer.
    for (const plan of ['pro', 'premium'] as const) {
      const again = expectJson(await call(cy, 'POST', '/billing/plan', { plan }), 200, planChangeResult);
      expect(again.checkoutUrl).toBeNull();
      expect(again.portalUrl).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
    }
    expect(stripe.calls('POST /v1/checkout/sessions')).toHaveLength(checkouts);
    expect(stripe.calls('GET /v1/subscriptions').at(-1)?.params).toMatchObject({
      customer: expect.any(String),
    });
  });

  it('sends a person choosing their cancelled plan again to the portal, where it is resumed', async () => {
    const { auth } = await subscribed('pro');
    expectJson(await call(auth, 'POST', '/billing/cancel'), 200, planChangeResult);
    const again = expectJson(
      await call(auth, 'POST', '/billing/plan', { plan: 'pro' }),
      200,
      planChangeResult,
    );
    expect(again.portalUrl).toMatch(/\/portal\/cus_/);
    expect(again.checkoutUrl).toBeNull();
    expect(again.billing.planCancelsAt).not.toBeNull();
  });
});

describe('Stripe webhooks', () => {
  it('apply concurrent events one after another, each on the subscription as it is once its turn comes', async () => {
    const { auth, subscriptionId } = await subscribed('pro');
    const key = `GET /v1/subscriptions/${subscriptionId}`;
    const first = stripe.event('customer.subscription.updated', stripe.subscriptionObject(subscriptionId));
    // The first event's read of the subscription (still Pro) is slow to come back...
    const held = stripe.holdNext(key);
    const firstDone = deliver(stripe.signed(first));
    await held.arrived;
    // ...meanwhile the person switches to Premium and Stripe tells of it.
    stripe.updateSubscription(subscriptionId, { plan: 'premium' });
    const second = stripe.event('customer.subscription.updated', stripe.subscriptionObject(subscriptionId));
    const secondDone = deliver(stripe.signed(second));
    // The second waits for the first's turn to end (with no lock it would finish now, and the first's stale
    // Pro would then be written over it); give it the chance either way before the first's read returns.
    await Promise.race([secondDone, new Promise((resolve) => setTimeout(resolve, 300))]);
    held.release();
    expect((await firstDone).statusCode).toBe(200);
    expect((await secondDone).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ plan: 'premium', paidPlan: 'premium' });
  });

  it('move the plan when the checkout completes', async () => {
    const { auth, subscriptionId } = await subscribed('premium');
    const state = await billing(auth);
    expect(state).toMatchObject({
      plan: 'premium',
      paidPlan: 'premium',
      onTrial: false,
      planCancelsAt: null,
    });
    expect(new Date(state.planPeriodEndsAt ?? '').getTime()).toBe(clock.getTime() + 30 * 86_400_000);
    expect((await billingRow(auth.user.id))?.billing_subscription_id).toBe(subscriptionId);
    const profile = profileResponse.parse((await call(auth, 'GET', '/user/profile')).json());
    expect(profile.data.plan).toBe('premium');
  });

  it('apply an event once: a redelivered id changes nothing, a new one applies', async () => {
    const { auth, subscriptionId } = await subscribed('pro');
    // The person switches to Premium in the portal; Stripe's event about it is delivered twice...
    const event = stripe.event('customer.subscription.updated', stripe.subscriptionObject(subscriptionId));
    const applied = await app.database.query('select id from billing_events where id = $1', [event.id]);
    expect(applied).toHaveLength(0);
    stripe.updateSubscription(subscriptionId, { plan: 'premium' });
    expect((await deliver(stripe.signed(event))).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ paidPlan: 'premium' });
    // ...and once more after a downgrade was made elsewhere: the old id is not applied again.
    stripe.updateSubscription(subscriptionId, { plan: 'pro' });
    expect((await deliver(stripe.signed(event))).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ paidPlan: 'premium' });
    expect(await app.database.query('select id from billing_events where id = $1', [event.id])).toHaveLength(
      1,
    );
    const next = stripe.event('customer.subscription.updated', stripe.subscriptionObject(subscriptionId));
    expect((await deliver(stripe.signed(next))).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ paidPlan: 'pro' });
  });

  it('follow Stripe, not the order events arrive in', async () => {
    const { auth, subscriptionId } = await subscribed('pro');
    const earlier = stripe.event('customer.subscription.updated', stripe.subscriptionObject(subscriptionId), {
      created: stripe.clock() - 60,
    });
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const deleted = stripe.event('customer.subscription.deleted', stripe.subscriptionObject(subscriptionId));
    expect((await deliver(stripe.signed(deleted))).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({
      plan: 'starter',
      paidPlan: 'starter',
      planPeriodEndsAt: null,
    });
    // The older "updated" (it still read active) arrives late: the subscription is over, so nothing moves.
    expect((await deliver(stripe.signed(earlier))).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ plan: 'starter', paidPlan: 'starter' });
    expect((await billingRow(auth.user.id))?.billing_subscription_id).toBeNull();
  });

  it('apply a subscription that arrives before its checkout completes', async () => {
    const bea = await onTrial();
    const started = expectJson(
      await call(bea, 'POST', '/billing/plan', { plan: 'pro' }),
      200,
      planChangeResult,
    );
    const { session, subscription } = stripe.completeCheckout(started.checkoutUrl?.split('/').at(-1) ?? '');
    const created = stripe.event('customer.subscription.created', subscription);
    expect((await deliver(stripe.signed(created))).statusCode).toBe(200);
    expect(await billing(bea)).toMatchObject({ paidPlan: 'pro' });
    expect(
      (await deliver(stripe.signed(stripe.event('checkout.session.completed', session)))).statusCode,
    ).toBe(200);
    expect(await billing(bea)).toMatchObject({ paidPlan: 'pro', onTrial: false });
  });

  it('answer 400 and change nothing when the signature does not verify', async () => {
    const { auth, subscriptionId } = await subscribed('pro');
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const event = stripe.event('customer.subscription.deleted', stripe.subscriptionObject(subscriptionId));
    const good = stripe.signed(event);
    const deliveries = {
      'wrong secret': stripe.signed(event, { secret: 'whsec_someone_else' }),
      'body changed after signing': {
        ...good,
        payload: good.payload.replace('"livemode":false', '"livemode":true'),
      },
      'no signature': { payload: good.payload, headers: { 'content-type': 'application/json' } },
      'signed too long ago': stripe.signed(event, { timestamp: stripe.clock() - 3600 }),
    };
    for (const [name, delivery] of Object.entries(deliveries)) {
      const res = await deliver(delivery);
      expect(res.statusCode, name).toBe(400);
      expect(errorBody.parse(res.json()).message, name).toBe('Invalid webhook signature');
    }
    expect(await billing(auth)).toMatchObject({ paidPlan: 'pro' });
    expect(await app.database.query('select id from billing_events where id = $1', [event.id])).toHaveLength(
      0,
    );
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ paidPlan: 'starter' });
  });

  it('acknowledge events that move no plan', async () => {
    const res = await deliver(stripe.signed(stripe.event('invoice.paid', { id: 'in_1', object: 'invoice' })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });
});

describe('Stripe portal and cancellation', () => {
  it('sends a subscriber to the portal, for a plan switch too', async () => {
    const { auth } = await subscribed('pro');
    const portal = expectJson(await call(auth, 'POST', '/billing/portal'), 200, portalResult);
    expect(portal.url).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
    expect(stripe.calls('POST /v1/billing_portal/sessions').at(-1)?.params).toMatchObject({
      return_url: 'https://tally.example/settings#plan',
    });
    const checkouts = stripe.calls('POST /v1/checkout/sessions').length;
    const switched = expectJson(
      await call(auth, 'POST', '/billing/plan', { plan: 'premium' }),
      200,
      planChangeResult,
    );
    expect(switched.portalUrl).toMatch(/\/portal\/cus_/);
    expect(switched.checkoutUrl).toBeNull();
    expect(stripe.calls('POST /v1/checkout/sessions')).toHaveLength(checkouts);
  });

  it('has no portal for someone who never paid', async () => {
    const cy = await signUp(app);
    const res = await call(cy, 'POST', '/billing/portal');
    expect(res.statusCode).toBe(400);
    expect(errorBody.parse(res.json()).message).toBe(
      'There is no payment on file yet. Choose a paid plan first.',
    );
  });

  it('cancels at the end of the period paid for, and the deletion returns the person to Starter', async () => {
    const { auth, subscriptionId } = await subscribed('pro');
    const cancelled = expectJson(await call(auth, 'POST', '/billing/cancel'), 200, planChangeResult);
    expect(cancelled.billing).toMatchObject({ plan: 'pro', paidPlan: 'pro' });
    expect(cancelled.billing.planCancelsAt).toBe(cancelled.billing.planPeriodEndsAt);
    expect(stripe.subscriptionObject(subscriptionId).cancel_at_period_end).toBe(true);

    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const ended = stripe.event('customer.subscription.deleted', stripe.subscriptionObject(subscriptionId));
    expect((await deliver(stripe.signed(ended))).statusCode).toBe(200);
    expect(await billing(auth)).toMatchObject({ plan: 'starter', paidPlan: 'starter', planCancelsAt: null });
  });

  it('ends a trial at once when nothing was paid', async () => {
    const dee = await signUp(app);
    const cancelled = expectJson(await call(dee, 'POST', '/billing/cancel'), 200, planChangeResult);
    expect(cancelled.billing).toMatchObject({ plan: 'starter', onTrial: false, provider: 'stripe' });
  });
});

describe('Deleting an account with Stripe', () => {
  const remove = (auth: LoginResult) =>
    app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(auth),
      payload: { password: 'correct horse' },
    });

  it("cancels the person's subscription at once, so nothing more is charged", async () => {
    const { auth, subscriptionId } = await subscribed('premium');
    expect((await remove(auth)).statusCode).toBe(204);
    expect(stripe.calls(`DELETE /v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptionObject(subscriptionId).status).toBe('canceled');
    expect(await billingRow(auth.user.id)).toBeUndefined();
  });

  it('deletes nothing while Stripe will not cancel, and everything when tried again', async () => {
    const { auth, subscriptionId } = await subscribed('pro');
    stripe.failNext(`DELETE /v1/subscriptions/${subscriptionId}`);
    // The SDK retries once on a 500; both fail.
    stripe.failNext(`DELETE /v1/subscriptions/${subscriptionId}`);
    const refused = await remove(auth);
    expect(expectJson(refused, 502, errorBody)).toEqual({
      code: 'BILLING_CANCEL_FAILED',
      message:
        "We couldn't cancel your subscription with the payment service just now. Nothing was deleted; please try again in a few minutes.",
    });
    expect(stripe.subscriptionObject(subscriptionId).status).toBe('active');
    expect(await billing(auth)).toMatchObject({ paidPlan: 'pro' });

    expect((await remove(auth)).statusCode).toBe(204);
    expect(stripe.subscriptionObject(subscriptionId).status).toBe('canceled');
    expect(await billingRow(auth.user.id)).toBeUndefined();
  });

  it('deletes someone who never paid without asking Stripe to cancel anything', async () => {
    const dee = await signUp(app);
    const cancels = stripe.requests.filter((r) => r.method === 'DELETE').length;
    expect((await remove(dee)).statusCode).toBe(204);
    expect(stripe.requests.filter((r) => r.method === 'DELETE')).toHaveLength(cancels);
  });
});
