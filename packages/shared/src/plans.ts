import type { Plan } from './config.schema';

export const TRIAL_DAYS = 14;

/** The plans on the landing page; prices in dollars per month. */
export const PLANS: Plan[] = [
  {
    code: 'starter',
    name: 'Starter',
    priceMonthly: 0,
    trialDays: 0,
    accountLimit: 2,
    aiDailyLimit: 20,
    features: ['2 accounts', 'Basic budgeting', 'Transaction tracking', 'Mobile access'],
  },
  {
    code: 'pro',
    name: 'Pro',
    priceMonthly: 5,
    trialDays: TRIAL_DAYS,
    accountLimit: null,
    aiDailyLimit: 200,
    features: [
      'Unlimited accounts',
      'Count-up budgeting',
      'AI advisor',
      'Subscription tracking',
      'Advanced analytics',
      'Priority support',
    ],
  },
  {
    code: 'premium',
    name: 'Premium',
    priceMonthly: 15,
    trialDays: TRIAL_DAYS,
    accountLimit: null,
    aiDailyLimit: 1000,
    features: [
      'Everything in Pro',
      'Investment tracking',
      'Tax optimization',
      'Custom AI models',
      'Assistant integration',
      'White-glove onboarding',
    ],
  },
];

/** The plan by its code; an unknown code is the free one. */
export const planOf = (code: string): Plan => PLANS.find((p) => p.code === code) ?? (PLANS[0] as Plan);

/** What only a paid plan (or a running trial of one) unlocks; Starter has none of these. */
export const PAID_FEATURES = [
  'count-up',
  'advisor',
  'subscriptions',
  'tax-report',
  'prepared-setup',
  'access-tokens',
  'reports',
] as const;
export type PaidFeature = (typeof PAID_FEATURES)[number];

/**
 * The price table's gating, in one place: the cheapest plan that includes each paid feature. Premium
 * includes everything Pro does. The server refuses the rest with a 403 and the web shows the upgrade.
 */
export const FEATURE_PLAN: Record<PaidFeature, 'pro' | 'premium'> = {
  'count-up': 'pro',
  advisor: 'pro',
  subscriptions: 'pro',
  'tax-report': 'premium',
  /** White-glove onboarding: the first budget and subscriptions prepared after the first import. */
  'prepared-setup': 'premium',
  /** Assistant integration: personal access tokens for the person's own apps and assistants. */
  'access-tokens': 'premium',
  /** Advanced analytics: the reports screen. */
  reports: 'pro',
};

/** The paid plans, cheapest first: what a Starter is offered. */
export const PAID_PLANS: Plan[] = PLANS.filter((p) => p.priceMonthly > 0);
