import type { BillingProviderKind, PlanCode } from '@tally/shared';

export type PaidPlanCode = Exclude<PlanCode, 'starter'>;

/** The person as billing knows them. */
export type BillingAccount = {
  userId: string;
  email: string;
  name: string;
  /** The provider's customer, once there is one. */
  customerId: string | null;
  /** The provider's subscription behind a paid plan, while there is one. */
  subscriptionId: string | null;
};

/** A paid subscription as the provider holds it now. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** Ours, from the metadata the checkout set (client_reference_id's twin); null if absent. */
  userId: string | null;
  /** The plan it pays for; null when its price names none of ours. */
  plan: PaidPlanCode | null;
  /** Whether it still pays for the plan (active, trialing or past due with retries left). */
  isLive: boolean;
  /** In the provider's free trial: nothing has been paid yet. */
  isTrialing: boolean;
  periodEndsAt: Date | null;
  /** When a cancelled subscription ends; null while it renews. */
  cancelsAt: Date | null;
};

/** A verified webhook event, read down to what moves a plan. */
export type BillingEvent = {
  id: string;
  type: string;
  created: Date;
  /** The subscription it is about, if any (a completed checkout names the one it created). */
  subscriptionId: string | null;
  customerId: string | null;
  /** A completed checkout's client_reference_id: the person who paid. */
  userId: string | null;
};

/** What starting a paid plan takes: a visit to the provider's checkout. */
export type CheckoutOutcome =
  | { kind: 'checkout'; url: string; customerId: string }
  /** The customer already has a live subscription (a second tab, a retry after paying): manage it there. */
  | { kind: 'portal'; url: string };

/** A signature that does not verify; the webhook answers 400 and changes nothing. */
export class BillingSignatureError extends Error {
  override readonly name = 'BillingSignatureError';
}

/**
 * What Tally needs from a payment provider. Two implementations: `self-hosted` (no payments: the operator
 * sets every plan, so nothing is ever started, cancelled or managed here) and `stripe` (the official SDK:
 * Checkout, the customer portal, signed webhooks).
 */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** Starts a paid plan for someone without one: Stripe sends them to Checkout. */
  startPlan(
    account: BillingAccount,
    plan: PaidPlanCode,
    options: {
      success: string;
      cancel: string;
      /** Where the portal returns to, when the person turns out to be subscribed already. */
      portalReturn: string;
      /** A running free trial's end, carried into the paid subscription when the provider can. */
      trialEndsAt: Date | null;
      now: Date;
    },
  ): Promise<CheckoutOutcome>;
  /** Where a paying person manages cards, plan switches and cancellation; null when there is no such place. */
  portal(account: BillingAccount, returnUrl: string): Promise<string | null>;
  /** Cancels a paid plan at its period's end; answers the subscription as it now stands (null: nothing to cancel). */
  cancelAtPeriodEnd(account: BillingAccount): Promise<ProviderSubscription | null>;
  /**
   * Ends all billing for the person at once, with no further charge (their account is being deleted).
   * Throws when the provider could not be told; nothing to end is success.
   */
  endBillingNow(account: BillingAccount): Promise<void>;
  /** The subscription as the provider holds it now, or null when unknown. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Verifies a webhook's signature over its exact bytes and reads it; throws BillingSignatureError. */
  readWebhook(raw: Buffer, signature: string | undefined, now: Date): Promise<BillingEvent>;
}
