import { planCode, planOf } from '@tally/shared';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { lazily } from '../../lib/lazily';
import {
  type BillingEvent,
  type BillingProvider,
  BillingSignatureError,
  type PaidPlanCode,
  type ProviderSubscription,
} from './types';

export type StripeBillingOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Overrides Stripe's API address (host, port, protocol), e.g. the local fake Stripe server in tests. */
  apiBase?: string;
  log?: { error: (obj: object, msg: string) => void };
};

/** A signed webhook older than this (by our clock) is refused, as Stripe's own default does. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Stripe refuses a Checkout trial_end less than 48 hours off; so short a rest of a trial is not carried. */
const MIN_TRIAL_MS = 48 * 3_600_000;
/** Statuses in which a subscription still pays for its plan; past_due is still being retried by Stripe. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

const unavailable = () =>
  new AppError(
    502,
    'BILLING_UNAVAILABLE',
    'The payment service did not answer. Please try again in a moment.',
  );

const fromSeconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Our plan from metadata {plan}, on the product first (a portal switch changes it), then the subscription. */
function planFrom(subscription: Stripe.Subscription): PaidPlanCode | null {
  const product = subscription.items.data[0]?.price.product;
  const candidates = [
    product && typeof product === 'object' && !('deleted' in product && product.deleted)
      ? product.metadata?.plan
      : undefined,
    subscription.metadata?.plan,
  ];
  for (const candidate of candidates) {
    const parsed = planCode.safeParse(candidate);
    if (parsed.success && parsed.data !== 'starter') return parsed.data;
  }
  return null;
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: subscription.metadata?.userId ?? null,
    plan: planFrom(subscription),
    isLive: LIVE_STATUSES.has(subscription.status),
    isTrialing: subscription.status === 'trialing',
    periodEndsAt: fromSeconds(item?.current_period_end),
    cancelsAt: subscription.cancel_at_period_end
      ? fromSeconds(item?.current_period_end ?? subscription.cancel_at)
      : fromSeconds(subscription.cancel_at),
  };
}

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 10_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** Payments through Stripe with the official SDK: Checkout to start a plan, the portal to manage it. */
export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  const load = lazily(async () => {
    const { default: Stripe } = await import('stripe');
    return { Stripe, stripe: new Stripe(options.secretKey, clientOptions(options.apiBase)) };
  });
  const client = async () => (await load()).stripe;
  const isNotFound = async (error: unknown) =>
    error instanceof (await load()).Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
  // Stripe's failures reach the person as a 502 without Stripe's words; the log keeps them.
  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      options.log?.error({ err: error }, `stripe: ${what} failed`);
      throw unavailable();
    }
  };
  const expand = ['items.data.price.product'];

  /** The customer's subscriptions that still pay (or will): active, trialing, past due. */
  const liveSubscriptions = async (customer: string) => {
    const list = await call('listing subscriptions', async () =>
      (await client()).subscriptions.list({ customer, status: 'all', limit: 100 }),
    );
    return list.data.filter((subscription) => LIVE_STATUSES.has(subscription.status));
  };
  const portalUrl = async (customer: string, returnUrl: string) => {
    const session = await call('opening the customer portal', async () =>
      (await client()).billingPortal.sessions.create({ customer, return_url: returnUrl }),
    );
    return session.url;
  };

  return {
    kind: 'stripe',

    async startPlan(account, plan, urls) {
      // A webhook may not have landed yet after paying (or a second tab is open): a customer who already
      // has a live subscription manages it in the portal rather than paying for a second one.
      if (account.customerId && (await liveSubscriptions(account.customerId)).length > 0) {
        return { kind: 'portal', url: await portalUrl(account.customerId, urls.portalReturn) };
      }
      const customerId =
        account.customerId ??
        (
          await call('creating a customer', async () =>
            (
              await client()
            ).customers.create({
              email: account.email,
              name: account.name,
              metadata: { userId: account.userId },
            }),
          )
        ).id;
      const { name, priceMonthly } = planOf(plan);
      const session = await call('creating a checkout session', async () =>
        (await client()).checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: account.userId,
          // Prices inline, so a new Stripe account needs no products set up in its dashboard.
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: Math.round(priceMonthly * 100),
                recurring: { interval: 'month' },
                product_data: { name: `Tally ${name}`, metadata: { plan } },
              },
            },
          ],
          subscription_data: {
            metadata: { plan, userId: account.userId },
            // The rest of the free trial (SPEC §1): Stripe charges first when it ends.
            ...(urls.trialEndsAt && urls.trialEndsAt.getTime() - urls.now.getTime() > MIN_TRIAL_MS
              ? { trial_end: Math.floor(urls.trialEndsAt.getTime() / 1000) }
              : {}),
          },
          metadata: { plan, userId: account.userId },
          success_url: urls.success,
          cancel_url: urls.cancel,
        }),
      );
      if (!session.url) throw unavailable();
      return { kind: 'checkout', url: session.url, customerId };
    },

    async portal(account, returnUrl) {
      if (!account.customerId) return null;
      return portalUrl(account.customerId, returnUrl);
    },

    async endBillingNow(account) {
      const ids = new Set<string>();
      if (account.customerId) {
        for (const subscription of await liveSubscriptions(account.customerId)) ids.add(subscription.id);
      } else if (account.subscriptionId) {
        ids.add(account.subscriptionId);
      }
      for (const id of ids) {
        try {
          await (await client()).subscriptions.cancel(id);
        } catch (error) {
          // Already gone at Stripe: nothing left to charge.
          if (await isNotFound(error)) continue;
          options.log?.error({ err: error }, 'stripe: cancelling a subscription at once failed');
          throw unavailable();
        }
      }
    },

    async cancelAtPeriodEnd(account) {
      const id = account.subscriptionId;
      if (!id) return null;
      const subscription = await call('cancelling a subscription', async () =>
        (await client()).subscriptions.update(id, { cancel_at_period_end: true, expand }),
      );
      return toProviderSubscription(subscription);
    },

    async getSubscription(id) {
      try {
        return toProviderSubscription(await (await client()).subscriptions.retrieve(id, { expand }));
      } catch (error) {
        if (await isNotFound(error)) return null;
        options.log?.error({ err: error }, 'stripe: reading a subscription failed');
        throw unavailable();
      }
    },

    async readWebhook(raw, signature, now) {
      const stripe = await client();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          raw,
          signature ?? '',
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          // Milliseconds: the SDK divides by 1000 itself.
          now.getTime(),
        );
      } catch (error) {
        throw new BillingSignatureError(error instanceof Error ? error.message : 'Bad signature');
      }
      return readEvent(event);
    },
  };
}

function readEvent(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        userId: session.client_reference_id,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        userId: subscription.metadata?.userId ?? null,
      };
    }
    default:
      return { ...base, subscriptionId: null, customerId: null, userId: null };
  }
}
