import { z } from 'zod';
import { planCode, user } from '../auth/auth.schema';

/** Who takes payment: nobody (self-hosted, plan changes apply at once) or Stripe. */
export const billingProviderKind = z.enum(['self-hosted', 'stripe']);
export type BillingProviderKind = z.infer<typeof billingProviderKind>;

/** GET /billing: the person's plan as it stands, and what it allows of bank accounts. */
export const billingState = z.object({
  /** The plan whose limits apply now (a running trial reads its plan). */
  plan: planCode,
  planName: z.string(),
  /** The plan paid for (or set by the server's operator); 'starter' while on trial. */
  paidPlan: planCode,
  onTrial: z.boolean(),
  /** Whether choosing a paid plan now starts its free trial: never had one, and nothing paid. */
  trialAvailable: z.boolean(),
  trialDaysLeft: z.number().int().nullable(),
  trialEndsAt: z.string().nullable(),
  provider: billingProviderKind,
  /** Set while a paid plan is cancelled but runs to the end of its period. */
  planCancelsAt: z.string().nullable(),
  /** When a paid plan renews (or ends, if cancelled). */
  planPeriodEndsAt: z.string().nullable(),
  linkedAccounts: z.number().int(),
  /** Null: no limit. */
  accountLimit: z.number().int().nullable(),
});
export type BillingState = z.infer<typeof billingState>;

export const changePlanBody = z.object({
  plan: z.enum(planCode.options, { error: 'Plan must be starter, pro or premium' }),
});
export type ChangePlanBody = z.infer<typeof changePlanBody>;

/**
 * POST /billing/plan and /billing/cancel. Self-hosted, the change has applied: `billing` and `user` say how
 * things stand. With Stripe, a new paid plan is bought at `checkoutUrl` and an existing one changed at
 * `portalUrl`; the plan moves when Stripe's webhook says so.
 */
export const planChangeResult = z.object({
  billing: billingState,
  user,
  checkoutUrl: z.string().nullable(),
  portalUrl: z.string().nullable(),
});
export type PlanChangeResult = z.infer<typeof planChangeResult>;

export const portalResult = z.object({ url: z.string() });
export type PortalResult = z.infer<typeof portalResult>;

export const billingWebhookResponse = z.object({ received: z.literal(true) });
