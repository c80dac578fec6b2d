import { type BillingState, type PlanChangeResult, type PlanCode, planState } from '@tally/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { UserRow } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { countLinkedAccounts } from '../../lib/plans';
import { toUser } from '../../lib/users';
import type {
  BillingAccount,
  BillingEvent,
  BillingProvider,
  ProviderSubscription,
} from '../../providers/billing/types';
import { findUserByCustomer, getUser, isEventApplied, recordEvent, updatePlan } from './billing.queries';

export type BillingDeps = {
  db: Db;
  now: () => Date;
  provider: BillingProvider;
  /** Where people reach the web app: Stripe sends them back here. */
  publicUrl: string;
};

/** The events that move a plan; any other is acknowledged and ignored. */
export const PLAN_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function billingState(deps: BillingDeps, user: UserRow): Promise<BillingState> {
  const state = planState(user, deps.now());
  return {
    plan: state.plan.code,
    planName: state.plan.name,
    paidPlan: user.plan,
    onTrial: state.onTrial,
    trialDaysLeft: state.trialDaysLeft,
    trialEndsAt: iso(user.trialEndsAt),
    provider: deps.provider.kind,
    planCancelsAt: iso(user.planCancelsAt),
    planPeriodEndsAt: iso(user.planPeriodEndsAt),
    linkedAccounts: await countLinkedAccounts(deps.db, { userId: user.id }),
    accountLimit: state.plan.accountLimit,
  };
}

const accountOf = (user: UserRow): BillingAccount => ({
  userId: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`.trim(),
  customerId: user.billingCustomerId,
  subscriptionId: user.billingSubscriptionId,
});

async function result(
  deps: BillingDeps,
  user: UserRow,
  urls: { checkoutUrl?: string; portalUrl?: string } = {},
): Promise<PlanChangeResult> {
  return {
    billing: await billingState(deps, user),
    user: toUser(user),
    checkoutUrl: urls.checkoutUrl ?? null,
    portalUrl: urls.portalUrl ?? null,
  };
}

/** A paid subscription that still pays: its plan is changed or cancelled in the provider's portal. */
const isSubscribed = (user: UserRow) => user.billingSubscriptionId !== null && user.plan !== 'starter';

/**
 * POST /billing/plan. Self-hosted, the plan applies at once. With Stripe, someone without a subscription
 * pays at Checkout and someone with one switches in the portal; the plan moves when the webhook says so.
 * Starter is a cancellation.
 */
export async function changePlan(
  deps: BillingDeps,
  user: UserRow,
  plan: PlanCode,
): Promise<PlanChangeResult> {
  if (plan === 'starter') return cancel(deps, user);
  if (isSubscribed(user)) {
    if (user.plan === plan) return result(deps, user);
    const portalUrl = await deps.provider.portal(accountOf(user), settingsUrl(deps));
    if (portalUrl) return result(deps, user, { portalUrl });
  }
  const outcome = await deps.provider.startPlan(accountOf(user), plan, {
    success: settingsUrl(deps, 'success'),
    cancel: settingsUrl(deps, 'cancelled'),
  });
  if (outcome.kind === 'checkout') {
    const updated =
      user.billingCustomerId === outcome.customerId
        ? user
        : await updatePlan(deps.db, {
            userId: user.id,
            now: deps.now(),
            billingCustomerId: outcome.customerId,
          });
    return result(deps, updated ?? user, { checkoutUrl: outcome.url });
  }
  const updated = await updatePlan(deps.db, {
    userId: user.id,
    now: deps.now(),
    plan,
    trialEndsAt: trialEndedBy(user, deps.now()),
    planCancelsAt: null,
    planPeriodEndsAt: null,
  });
  return result(deps, updated ?? user);
}

/** A paid plan ends a running trial: should the plan end, the person is on Starter, not back on trial. */
const trialEndedBy = (user: UserRow, now: Date) =>
  user.trialEndsAt && user.trialEndsAt > now ? now : user.trialEndsAt;

const settingsUrl = (deps: BillingDeps, outcome?: 'success' | 'cancelled') =>
  `${deps.publicUrl}/settings${outcome ? `?billing=${outcome}` : ''}#plan`;

/**
 * POST /billing/cancel. A paid Stripe plan runs to the end of the period paid for (no fees, SPEC §1) and
 * the webhook returns it to Starter then. Self-hosted, or with nothing paid (a trial), it is Starter now:
 * a running trial ends too.
 */
export async function cancel(deps: BillingDeps, user: UserRow): Promise<PlanChangeResult> {
  const now = deps.now();
  if (isSubscribed(user)) {
    const subscription = await deps.provider.cancelAtPeriodEnd(accountOf(user));
    if (subscription) {
      const updated = await updatePlan(deps.db, {
        userId: user.id,
        now,
        planCancelsAt: subscription.cancelsAt,
        planPeriodEndsAt: subscription.periodEndsAt,
      });
      return result(deps, updated ?? user);
    }
  }
  const updated = await updatePlan(deps.db, {
    userId: user.id,
    now,
    plan: 'starter',
    trialEndsAt: trialEndedBy(user, now),
    billingSubscriptionId: null,
    planCancelsAt: null,
    planPeriodEndsAt: null,
  });
  return result(deps, updated ?? user);
}

/** POST /billing/portal: where a Stripe customer manages their plan. */
export async function portal(deps: BillingDeps, user: UserRow) {
  const url = await deps.provider.portal(accountOf(user), settingsUrl(deps));
  if (!url) {
    throw badRequest(
      deps.provider.kind === 'self-hosted'
        ? 'Plans change here at once on this server; there is no payment portal.'
        : 'There is no payment on file yet. Choose a paid plan first.',
      'NO_BILLING_PORTAL',
    );
  }
  return { url };
}

const uuid = z.uuid();

/**
 * A verified webhook event. Applied once: its id is recorded in the same transaction as the change, so a
 * redelivery (Stripe retries until it hears 2xx) finds it and changes nothing.
 *
 * Order: Stripe does not deliver in order, and two events often share a second (a checkout's
 * subscription.created and checkout.session.completed), so comparing event times cannot say which is
 * newer. Instead every event is taken as "this subscription changed": the subscription is read again from
 * Stripe and its current state applied. A late, older event then applies the same (newest) state as the
 * events before it, whatever order they came in.
 */
export async function applyWebhook(deps: BillingDeps, event: BillingEvent): Promise<void> {
  if (!PLAN_EVENTS.has(event.type) || !event.subscriptionId) return;
  if (await isEventApplied(deps.db, { eventId: event.id })) return;
  const subscription = await deps.provider.getSubscription(event.subscriptionId);
  const subscriptionId = event.subscriptionId;
  await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, { eventId: event.id, type: event.type }))) return;
    const user = await ownerOf(tx, event, subscription);
    if (!user) return;
    const base = { userId: user.id, now: deps.now(), eventAt: event.created };
    if (subscription?.isLive && subscription.plan) {
      await updatePlan(tx, {
        ...base,
        plan: subscription.plan,
        trialEndsAt: trialEndedBy(user, deps.now()),
        billingCustomerId: subscription.customerId || user.billingCustomerId,
        billingSubscriptionId: subscription.id,
        planPeriodEndsAt: subscription.periodEndsAt,
        planCancelsAt: subscription.cancelsAt,
      });
      return;
    }
    // An ended subscription ends the plan only if it is the one the plan stands on: a person who
    // resubscribed keeps the new plan when the old one's end is announced.
    if (user.billingSubscriptionId !== null && user.billingSubscriptionId !== subscriptionId) return;
    await updatePlan(tx, {
      ...base,
      plan: 'starter',
      billingSubscriptionId: null,
      planPeriodEndsAt: null,
      planCancelsAt: null,
    });
  });
}

/** Whose event it is: the checkout's client_reference_id or the subscription's metadata, else its customer. */
async function ownerOf(db: Db, event: BillingEvent, subscription: ProviderSubscription | null) {
  for (const candidate of [event.userId, subscription?.userId]) {
    if (candidate && uuid.safeParse(candidate).success) {
      const user = await getUser(db, { userId: candidate });
      if (user) return user;
    }
  }
  const customerId = subscription?.customerId || event.customerId;
  return customerId ? findUserByCustomer(db, { customerId }) : null;
}
