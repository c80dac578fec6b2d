import {
  accountsRoom,
  type BillingState,
  type PlanChangeResult,
  type PlanCode,
  planOf,
  planState,
  TRIAL_DAYS,
} from '@tally/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { UserRow } from '../../lib/auth';
import { AppError, badRequest } from '../../lib/errors';
import type { JobQueue } from '../../lib/job-queue';
import type { BillingAccount, BillingEvent, BillingProvider } from '../../providers/billing/types';
import { getUser, toUser } from '../auth';
import {
  connectionsHidingAccounts,
  countLinkedAccounts,
  countSubscribers,
  endUnpaidPlans,
  findUserByCustomer,
  giveEveryone,
  isEventApplied,
  lockUser,
  recordEvent,
  startTrial,
  updatePlan,
} from './billing.queries';
import { planInForce } from './plans';

export type BillingDeps = {
  db: Db;
  now: () => Date;
  /** Where the syncs that show accounts a bigger plan allows are queued. */
  queue: Pick<JobQueue, 'send'>;
  provider: BillingProvider;
  /** Where people reach the web app: Stripe sends them back here. */
  publicUrl: string;
  /** Without a payment provider, the plan the operator gives every account; null when Stripe takes payments. */
  selfHostedPlan: PlanCode | null;
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
    trialAvailable: trialAvailable(deps, user),
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

/** One free trial per person, for someone who never had one and never paid; none where the operator sets plans. */
const trialAvailable = (deps: BillingDeps, user: UserRow) =>
  deps.selfHostedPlan === null && user.trialEndsAt === null && user.plan === 'starter';

/** On a server without payments nobody changes their own plan: the operator set it for every account. */
function refuseOnSelfHosted(deps: BillingDeps) {
  if (deps.selfHostedPlan === null) return;
  throw new AppError(
    403,
    'PLAN_SET_BY_SERVER',
    `Plans on this server are set by whoever runs it: every account has ${planOf(deps.selfHostedPlan).name}.`,
  );
}

/**
 * POST /billing/plan (403 where the operator sets plans). The first paid plan a person chooses starts its
 * 14-day trial at once, nothing paid; after that, someone without a subscription pays at Checkout (a running
 * trial's days carried over) and someone with one switches in the portal; the plan moves when the webhook
 * says so. Starter is a cancellation.
 */
export async function changePlan(
  deps: BillingDeps,
  user: UserRow,
  plan: PlanCode,
): Promise<PlanChangeResult> {
  refuseOnSelfHosted(deps);
  if (plan === 'starter') return cancel(deps, user);
  const now = deps.now();
  if (trialAvailable(deps, user)) {
    const ends = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
    // Two clicks at once start one trial: the second finds it started and answers it.
    const trial =
      (await startTrial(deps.db, { userId: user.id, now, plan, ends })) ??
      (await getUser(deps.db, { userId: user.id })) ??
      user;
    await showHiddenAccounts(deps, trial);
    return result(deps, trial);
  }
  if (isSubscribed(user)) {
    // The plan already paid for and renewing: nothing to do. Chosen again while it is cancelled, it is
    // resumed (or changed) in the portal, where the person sees what they will be charged.
    if (user.plan === plan && user.planCancelsAt === null) return result(deps, user);
    const portalUrl = await deps.provider.portal(accountOf(user), settingsUrl(deps));
    if (portalUrl) return result(deps, user, { portalUrl });
  }
  const trial = planState(user, now);
  const outcome = await deps.provider.startPlan(accountOf(user), plan, {
    success: settingsUrl(deps, 'success'),
    cancel: settingsUrl(deps, 'cancelled'),
    portalReturn: settingsUrl(deps),
    trialEndsAt: trial.onTrial ? user.trialEndsAt : null,
    now,
  });
  if (outcome.kind === 'portal') return result(deps, user, { portalUrl: outcome.url });
  const updated =
    user.billingCustomerId === outcome.customerId
      ? user
      : await updatePlan(deps.db, {
          userId: user.id,
          now,
          billingCustomerId: outcome.customerId,
        });
  return result(deps, updated ?? user, { checkoutUrl: outcome.url });
}

/**
 * A plan that allows more bank accounts shows the ones a sync kept hidden past the old limit: each bank
 * holding some is synced now (the accounts feature's 'bank-sync' job), and that sync shows those that fit and
 * reads their history from the start, so the transactions skipped while they were hidden arrive.
 */
async function showHiddenAccounts(deps: BillingDeps, user: UserRow) {
  const plan = planInForce(user, deps.now());
  if (accountsRoom(plan, await countLinkedAccounts(deps.db, { userId: user.id })) === 0) return;
  for (const connectionId of await connectionsHidingAccounts(deps.db, { userId: user.id })) {
    await deps.queue.send('bank-sync', { userId: user.id, connectionId }, { singletonKey: connectionId });
  }
}

/**
 * A paid plan ends a running trial, and uses up one never started: should the plan end, the person is on
 * Starter, neither back on trial nor offered a new one.
 */
const trialUsedBy = (user: UserRow, now: Date) =>
  user.trialEndsAt === null || user.trialEndsAt > now ? now : user.trialEndsAt;

/** Cancelling ends a running trial; one never started stays theirs to start. */
const trialEndedBy = (user: UserRow, now: Date) =>
  user.trialEndsAt && user.trialEndsAt > now ? now : user.trialEndsAt;

const settingsUrl = (deps: BillingDeps, outcome?: 'success' | 'cancelled') =>
  `${deps.publicUrl}/settings${outcome ? `?billing=${outcome}` : ''}#plan`;

/**
 * POST /billing/cancel (403 where the operator sets plans). A paid Stripe plan runs to the end of the period
 * paid for (no fees, SPEC §1) and the webhook returns it to Starter then. With nothing paid (a trial) it is
 * Starter now: a running trial ends too.
 */
export async function cancel(deps: BillingDeps, user: UserRow): Promise<PlanChangeResult> {
  refuseOnSelfHosted(deps);
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
  refuseOnSelfHosted(deps);
  const url = await deps.provider.portal(accountOf(user), settingsUrl(deps));
  if (!url)
    throw badRequest('There is no payment on file yet. Choose a paid plan first.', 'NO_BILLING_PORTAL');
  return { url };
}

/**
 * Run as the server starts. Without payments, every account gets the operator's plan and no trial runs.
 * With Stripe, a paid plan stands on a subscription: one the server handed out before payments were
 * switched on (none has a subscription) ends, and its holder may start their one trial.
 */
export async function alignPlans(
  deps: Pick<BillingDeps, 'db' | 'now' | 'selfHostedPlan'>,
  log: { warn: (obj: object, msg: string) => void },
) {
  if (!deps.selfHostedPlan) return endUnpaidPlans(deps.db, { now: deps.now() });
  await giveEveryone(deps.db, { plan: deps.selfHostedPlan, now: deps.now() });
  // Stripe is not told: subscriptions taken while it was on keep charging until cancelled there.
  const subscribers = await countSubscribers(deps.db);
  if (subscribers > 0) {
    log.warn(
      { subscribers },
      'billing: running without payments while people hold Stripe subscriptions; cancel them in Stripe, or set BILLING_PROVIDER=stripe',
    );
  }
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
  const subscriptionId = event.subscriptionId;
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, { eventId: event.id, type: event.type }))) return null;
    const owner = await ownerOf(tx, event);
    if (!owner) return null;
    // Two events about one person at once (Stripe sends several around a checkout) take turns here: each
    // reads Stripe only once the one before has written, so none writes a state older than the one it
    // overwrites. A failed read rolls the event back and Stripe delivers it again.
    const user = await lockUser(tx, { userId: owner.id });
    if (!user) return null;
    const subscription = await deps.provider.getSubscription(subscriptionId);
    const now = deps.now();
    if (subscription?.isLive && subscription.plan) {
      return updatePlan(tx, {
        userId: user.id,
        now,
        plan: subscription.plan,
        // While Stripe's subscription is still in its free trial nothing has been paid, and its trial ends
        // when ours does (Checkout carries it over), so ours is kept: should the person cancel during it,
        // they are back on the trial they had rather than losing its rest. Once paid for, it ends.
        trialEndsAt: subscription.isTrialing ? user.trialEndsAt : trialUsedBy(user, now),
        billingCustomerId: subscription.customerId || user.billingCustomerId,
        billingSubscriptionId: subscription.id,
        planPeriodEndsAt: subscription.periodEndsAt,
        planCancelsAt: subscription.cancelsAt,
      });
    }
    // An ended subscription ends the plan only if it is the one the plan stands on: a person who
    // resubscribed keeps the new plan when the old one's end is announced.
    if (user.billingSubscriptionId !== null && user.billingSubscriptionId !== subscriptionId) return null;
    await updatePlan(tx, {
      userId: user.id,
      now,
      plan: 'starter',
      billingSubscriptionId: null,
      planPeriodEndsAt: null,
      planCancelsAt: null,
    });
    return null;
  });
  // Once the new plan is committed, so the syncs it queues read it.
  if (changed) await showHiddenAccounts(deps, changed);
}

/** Whose event it is: the checkout's client_reference_id or the subscription's metadata, else its customer. */
async function ownerOf(db: Db, event: BillingEvent) {
  if (event.userId && uuid.safeParse(event.userId).success) {
    const user = await getUser(db, { userId: event.userId });
    if (user) return user;
  }
  return event.customerId ? findUserByCustomer(db, { customerId: event.customerId }) : null;
}
