import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe on 127.0.0.1 that speaks Stripe's form-encoded requests and JSON answers for exactly
 * the endpoints Tally calls (customers, Checkout sessions, portal sessions, subscriptions), so tests run the
 * real `stripe` SDK over HTTP. Tests play the person at Checkout and in the portal through its helpers, and
 * deliver webhooks signed as Stripe signs them.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_stripe_key';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_stripe_webhook_secret';

type Plan = 'pro' | 'premium';

/** One call as the fake received it: form fields flattened as sent (`line_items[0][price_data][unit_amount]`). */
export type FakeStripeRequest = { method: string; path: string; params: Record<string, string> };

type FakeProduct = { id: string; object: 'product'; name: string; metadata: Record<string, string> };
type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  created: number;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price'; unit_amount: number; currency: string; product: string };
    }>;
  };
};
type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  customer: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  status: 'open' | 'complete';
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
};

const DAY = 86_400;
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

export class FakeStripe {
  private server: http.Server | null = null;
  private failures = new Map<string, number>();
  private holds = new Map<string, { arrived: () => void; released: Promise<void> }>();
  url = '';

  /** The settings of a server that takes payments through this fake (where new people are on Starter). */
  env(): Record<string, string> {
    return {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: this.url,
    };
  }
  readonly requests: FakeStripeRequest[] = [];
  readonly customers = new Map<
    string,
    { id: string; email: string; name: string; metadata: Record<string, string> }
  >();
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly products = new Map<string, FakeProduct>();
  /** Seconds since the epoch on Stripe's side: subscriptions' periods and events' `created`. */
  clock = () => Math.floor(Date.now() / 1000);
  private readonly signer = new Stripe(FAKE_STRIPE_SECRET_KEY);
  private sessionPlans = new Map<string, { plan: Plan; amount: number; name: string }>();

  async start() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', async () => {
        const answer = this.handle(req, body);
        const hold = this.holds.get(`${req.method} ${new URL(req.url ?? '/', 'http://fake').pathname}`);
        if (hold) {
          this.holds.delete(`${req.method} ${new URL(req.url ?? '/', 'http://fake').pathname}`);
          hold.arrived();
          await hold.released;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next request to `key` (e.g. 'DELETE /v1/subscriptions/sub_1') answers Stripe's 500. */
  failNext(key: string) {
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  /**
   * The next request to `key` is answered as things stand when it arrives, but the answer is held back until
   * `release()`: a slow network between a read and its use. `arrived` resolves once the request is in.
   */
  holdNext(key: string) {
    let arrived = () => {};
    let release = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.set(key, { arrived, released });
    return { arrived: arrival, release };
  }

  /** Requests to one endpoint, e.g. 'POST /v1/checkout/sessions'. */
  calls(key: string) {
    return this.requests.filter((r) => `${r.method} ${r.path}` === key);
  }

  private handle(req: http.IncomingMessage, body: string): { status: number; body: unknown } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(
      new URLSearchParams(req.method === 'GET' ? url.search : body).entries(),
    );
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const expand = Object.entries(params)
      .filter(([key]) => key.startsWith('expand['))
      .map(([, value]) => value);
    const route = `${method} ${url.pathname}`;
    const failures = this.failures.get(route) ?? 0;
    if (failures > 0) {
      this.failures.set(route, failures - 1);
      return stripeError(500, 'api_error', 'Something went wrong on our end.');
    }
    if (route === 'POST /v1/customers') return { status: 200, body: this.createCustomer(params) };
    if (route === 'POST /v1/checkout/sessions') return this.createSession(params);
    if (route === 'POST /v1/billing_portal/sessions') {
      const customer = params.customer ?? '';
      if (!this.customers.has(customer)) return missing('customer', customer);
      return {
        status: 200,
        body: {
          id: newId('bps'),
          object: 'billing_portal.session',
          customer,
          return_url: params.return_url ?? null,
          url: `${this.url}/portal/${customer}`,
        },
      };
    }
    if (route === 'GET /v1/subscriptions') {
      // Stripe's default (no status) leaves out cancelled ones; 'all' lists every one.
      const data = [...this.subscriptions.values()]
        .filter((s) => !params.customer || s.customer === params.customer)
        .filter((s) =>
          params.status === 'all'
            ? true
            : params.status
              ? s.status === params.status
              : s.status !== 'canceled',
        )
        .map((s) => this.view(s, expand));
      return { status: 200, body: { object: 'list', url: '/v1/subscriptions', has_more: false, data } };
    }
    const match = url.pathname.match(/^\/v1\/subscriptions\/(\w+)$/);
    if (match) {
      const id = match[1] ?? '';
      const subscription = this.subscriptions.get(id);
      if (!subscription) return missing('subscription', id);
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return stripeError(400, 'invalid_request_error', `This subscription is already canceled.`);
        }
        return { status: 200, body: this.updateSubscription(id, { status: 'canceled' }) };
      }
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        this.updateSubscription(id, { cancelAtPeriodEnd: params.cancel_at_period_end === 'true' });
      }
      if (method === 'GET' || method === 'POST') {
        return { status: 200, body: this.view(this.subscriptions.get(id) ?? subscription, expand) };
      }
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${route})`);
  }

  private createCustomer(params: Record<string, string>) {
    const customer = {
      id: newId('cus'),
      email: params.email ?? '',
      name: params.name ?? '',
      metadata: metadataOf(params, 'metadata'),
    };
    this.customers.set(customer.id, customer);
    return { object: 'customer', ...customer };
  }

  private createSession(params: Record<string, string>) {
    const customer = params.customer ?? null;
    if (customer && !this.customers.has(customer)) return missing('customer', customer);
    const price = 'line_items[0][price_data]';
    const plan = params[`${price}[product_data][metadata][plan]`];
    if (plan !== 'pro' && plan !== 'premium') {
      return stripeError(400, 'invalid_request_error', 'This fake expects product_data.metadata.plan');
    }
    const id = newId('cs');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: params.mode ?? 'payment',
      url: `${this.url}/checkout/${id}`,
      customer,
      client_reference_id: params.client_reference_id ?? null,
      subscription: null,
      status: 'open',
      metadata: metadataOf(params, 'metadata'),
      success_url: params.success_url ?? '',
      cancel_url: params.cancel_url ?? '',
    };
    this.sessions.set(id, session);
    this.sessionPlans.set(id, {
      plan,
      amount: Number(params[`${price}[unit_amount]`]),
      name: params[`${price}[product_data][name]`] ?? plan,
    });
    this.subscriptionMetadata.set(id, metadataOf(params, 'subscription_data[metadata]'));
    const trialEnd = params['subscription_data[trial_end]'];
    if (trialEnd !== undefined) this.sessionTrialEnds.set(id, Number(trialEnd));
    return { status: 200, body: session };
  }
  private subscriptionMetadata = new Map<string, Record<string, string>>();
  private sessionTrialEnds = new Map<string, number>();

  /** The person pays at Checkout: the session completes with a new active subscription. */
  completeCheckout(sessionId: string) {
    const session = this.sessions.get(sessionId);
    const bought = this.sessionPlans.get(sessionId);
    if (!session || !bought || !session.customer) throw new Error(`no open checkout ${sessionId}`);
    const subscription = this.createSubscription(
      session.customer,
      bought.plan,
      this.subscriptionMetadata.get(sessionId) ?? {},
      this.sessionTrialEnds.get(sessionId),
    );
    session.subscription = subscription.id;
    session.status = 'complete';
    return { session: { ...session }, subscription: this.view(subscription, []) };
  }

  /** A new subscription, in its free trial until `trialEnd` (seconds) when one is given. */
  createSubscription(customer: string, plan: Plan, metadata: Record<string, string> = {}, trialEnd?: number) {
    const now = this.clock();
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: trialEnd ? 'trialing' : 'active',
      metadata: { ...metadata },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      created: now,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_start: now,
            current_period_end: trialEnd ?? now + 30 * DAY,
            price: this.priceFor(plan),
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  private priceFor(plan: Plan) {
    const product: FakeProduct = {
      id: newId('prod'),
      object: 'product',
      name: `Tally ${plan === 'pro' ? 'Pro' : 'Premium'}`,
      metadata: { plan },
    };
    this.products.set(product.id, product);
    return {
      id: newId('price'),
      object: 'price' as const,
      unit_amount: plan === 'pro' ? 500 : 1500,
      currency: 'usd',
      product: product.id,
    };
  }

  /** What the portal (or Stripe's billing) does to a subscription: switch plan, cancel at period end, end it. */
  updateSubscription(
    id: string,
    change: {
      plan?: Plan;
      cancelAtPeriodEnd?: boolean;
      status?: 'active' | 'trialing' | 'past_due' | 'canceled';
    },
  ) {
    const subscription = this.subscriptions.get(id);
    const item = subscription?.items.data[0];
    if (!subscription || !item) throw new Error(`no subscription ${id}`);
    if (change.plan) item.price = this.priceFor(change.plan);
    if (change.cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? item.current_period_end : null;
    }
    if (change.status) {
      subscription.status = change.status;
      if (change.status === 'canceled') subscription.canceled_at = this.clock();
    }
    return this.view(subscription, []);
  }

  private view(subscription: FakeSubscription, expand: string[]) {
    const copy: FakeSubscription = structuredClone(subscription);
    if (!expand.includes('items.data.price.product')) return copy;
    return {
      ...copy,
      items: {
        ...copy.items,
        data: copy.items.data.map((item) => ({
          ...item,
          price: { ...item.price, product: this.products.get(item.price.product) ?? item.price.product },
        })),
      },
    };
  }

  /** A Stripe event around an object, as the webhook receives it. */
  event(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
    return {
      id: options.id ?? newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? this.clock(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  /** The subscription as an event's data carries it (its state at the time the event was made). */
  subscriptionObject(id: string) {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return this.view(subscription, []);
  }

  /** A webhook delivery signed as Stripe signs it (the SDK's own test header), `timestamp` in seconds. */
  signed(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const header = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
      timestamp: options.timestamp ?? this.clock(),
    });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}

/** Stripe's nested form fields `prefix[key]=value` as an object. */
function metadataOf(params: Record<string, string>, prefix: string) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) {
      const name = key.slice(prefix.length + 1, -1);
      if (!name.includes('[')) out[name] = value;
    }
  }
  return out;
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

const missing = (what: string, id: string) =>
  stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');
