import { z } from 'zod';
import { isoDay } from '../dates';
import { hasAtMostTwoDecimals, money } from '../money';
import { SUBSCRIPTION_FREQUENCIES, type SubscriptionFrequency } from './schedule';

/** Subscription status by its API number (SPEC §3). */
export const SUBSCRIPTION_STATUS = { Active: 0, Paused: 1, Cancelled: 2, Expired: 3 } as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  0: 'Active',
  1: 'Paused',
  2: 'Cancelled',
  3: 'Expired',
};

export const FREQUENCY_LABELS: Record<SubscriptionFrequency, string> = {
  0: 'Weekly',
  1: 'Bi-weekly',
  2: 'Monthly',
  3: 'Quarterly',
  4: 'Semi-annual',
  5: 'Annual',
  99: 'Custom',
};

/** Subscription categories by their API number (SPEC §3); Other is the default. */
export const SUBSCRIPTION_CATEGORY = {
  Streaming: 1,
  Software: 2,
  Utilities: 3,
  Insurance: 4,
  Fitness: 5,
  News: 6,
  Gaming: 7,
  Shopping: 8,
  Education: 9,
  Professional: 10,
  Other: 99,
} as const;
export type SubscriptionCategory = (typeof SUBSCRIPTION_CATEGORY)[keyof typeof SUBSCRIPTION_CATEGORY];
export const SUBSCRIPTION_CATEGORY_LABELS: Record<SubscriptionCategory, string> = {
  1: 'Streaming',
  2: 'Software',
  3: 'Utilities',
  4: 'Insurance',
  5: 'Fitness',
  6: 'News & Media',
  7: 'Gaming',
  8: 'Shopping',
  9: 'Education',
  10: 'Professional',
  99: 'Other',
};

/** SPEC §9: name max 100, description max 500, amount $0.01 to $10,000. */
export const MAX_SUBSCRIPTION_NAME_LENGTH = 100;
export const MAX_SUBSCRIPTION_DESCRIPTION_LENGTH = 500;
export const MAX_SUBSCRIPTION_AMOUNT = 10_000;

const codes = <T extends number>(values: readonly T[], message: string) =>
  z
    .number({ error: message })
    .refine((n): n is T => (values as readonly number[]).includes(n), message) as z.ZodType<T, number>;

export const subscriptionFrequency = codes(
  Object.values(SUBSCRIPTION_FREQUENCIES) as SubscriptionFrequency[],
  'Choose a frequency',
);
export const subscriptionStatus = codes(
  Object.values(SUBSCRIPTION_STATUS) as SubscriptionStatus[],
  'Choose a status',
);
export const subscriptionCategory = codes(
  Object.values(SUBSCRIPTION_CATEGORY) as SubscriptionCategory[],
  'Choose a category',
);

/** Dollars above 0 and below $10,000, with at most two decimals (SPEC §5's messages). */
const amount = z
  .number({ error: 'Amount must be greater than 0' })
  .refine((n) => n > 0, 'Amount must be greater than 0')
  .refine((n) => n <= MAX_SUBSCRIPTION_AMOUNT, 'Amount must be less than $10,000')
  .refine(hasAtMostTwoDecimals, 'Amount can have at most 2 decimals');

/**
 * POST /subscriptions (SPEC §7), with SPEC §5's messages. "Due date cannot be in the past" needs the
 * person's today, so the server checks it (and the form, with the same words). transactionId: the charge
 * "Mark as Recurring" started from; the subscription follows that merchant's later charges.
 */
export const subscriptionBody = z.object({
  name: z
    .string({ error: 'Subscription name is required' })
    .trim()
    .min(1, 'Subscription name is required')
    .max(MAX_SUBSCRIPTION_NAME_LENGTH, 'Name must be less than 100 characters'),
  amount,
  frequency: subscriptionFrequency.default(SUBSCRIPTION_FREQUENCIES.Monthly),
  category: subscriptionCategory.default(SUBSCRIPTION_CATEGORY.Other),
  description: z
    .string()
    .trim()
    .max(MAX_SUBSCRIPTION_DESCRIPTION_LENGTH, 'Description must be less than 500 characters')
    .nullish()
    .transform((d) => d || null),
  nextDueDate: z
    .string({ error: 'Next due date is required' })
    .min(1, 'Next due date is required')
    .pipe(isoDay),
  autoRenew: z.boolean().default(true),
  transactionId: z.uuid('Invalid id').optional(),
});
export type SubscriptionBody = z.input<typeof subscriptionBody>;

/**
 * PUT /subscriptions/{id}: the same fields and a status (the edit dialog can set any; SPEC §4). Frequency,
 * category, status and auto-renew left out stay as they are (SPEC §7's body has no auto-renew).
 */
export const updateSubscriptionBody = subscriptionBody
  .omit({ transactionId: true, frequency: true, category: true, autoRenew: true })
  .extend({
    frequency: subscriptionFrequency.optional(),
    category: subscriptionCategory.optional(),
    autoRenew: z.boolean().optional(),
    status: subscriptionStatus.optional(),
  });
export type UpdateSubscriptionBody = z.input<typeof updateSubscriptionBody>;

/** A subscription as the API answers it (SPEC §3). */
export const subscription = z.object({
  id: z.uuid(),
  name: z.string(),
  amount: money,
  frequency: subscriptionFrequency,
  status: subscriptionStatus,
  category: subscriptionCategory,
  description: z.string().nullable(),
  nextDueDate: isoDay,
  isDetected: z.boolean(),
  autoRenew: z.boolean(),
  /** What one charge is worth per month (SPEC §9's factors). */
  monthlyAmount: money,
  /** The merchant whose charges it follows (detected, or marked from a transaction); null when typed in. */
  merchantName: z.string().nullable(),
  /** The last charge seen for it. */
  lastChargeDate: isoDay.nullable(),
  /** The latest price change: what it cost before, and the day of the first charge at the new price. */
  priceChange: z.object({ previousAmount: money, date: isoDay }).nullable(),
  /**
   * A due date whose charge has still not posted when 5 whole days have passed after it (a failed payment,
   * or a service that stopped billing); null once it posts, and for subscriptions no charge was seen for.
   */
  missedDueDate: isoDay.nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscription>;
export const subscriptionList = z.array(subscription);

/** GET /subscriptions/summary (SPEC §3): active subscriptions only. */
export const subscriptionSummary = z.object({
  monthlyTotal: money,
  yearlyTotal: money,
  activeCount: z.number().int(),
  categoryBreakdown: z.array(
    z.object({
      category: subscriptionCategory,
      categoryName: z.string(),
      count: z.number().int(),
      monthlyTotal: money,
    }),
  ),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

/** The calendar answers at most this many days. */
export const MAX_CALENDAR_DAYS = 400;

/** GET /subscriptions/calendar?startDate&endDate. */
export const calendarQuery = z
  .object({ startDate: isoDay, endDate: isoDay })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'Start date must be before end date',
    path: ['endDate'],
  });

/** Every charge of an active subscription due in the range, by day. */
export const subscriptionCalendar = z.object({
  startDate: isoDay,
  endDate: isoDay,
  occurrences: z.array(
    z.object({
      date: isoDay,
      subscriptionId: z.uuid(),
      name: z.string(),
      amount: money,
      category: subscriptionCategory,
    }),
  ),
});
export type SubscriptionCalendar = z.infer<typeof subscriptionCalendar>;

/** POST /subscriptions/detect (optional body): includeBills also looks at rent, utilities, insurance and loans. */
export const detectBody = z
  .object({ includeBills: z.boolean().default(false) })
  .nullish()
  .transform((b) => b ?? { includeBills: false });

/** A detected subscription (SPEC §3) and the details its row unfolds. */
export const detectedSubscription = z.object({
  /** Dismiss with POST /subscriptions/{id}/dismiss. */
  id: z.uuid(),
  merchantName: z.string(),
  amount: money,
  frequency: subscriptionFrequency,
  confidence: z.number().min(0).max(1),
  estimatedNextDue: isoDay.nullable(),
  relatedTransactionIds: z.array(z.uuid()),
  category: subscriptionCategory,
  /** How many charges, the first and last, the usual gap in days. */
  occurrences: z.number().int(),
  firstChargeDate: isoDay,
  lastChargeDate: isoDay,
  averageIntervalDays: z.number(),
  /** The price before the latest change, and the day it changed; null when the price held. */
  priceChange: z.object({ previousAmount: money, date: isoDay }).nullable(),
});
export type DetectedSubscription = z.infer<typeof detectedSubscription>;
export const detectedSubscriptionList = z.array(detectedSubscription);

/** POST /subscriptions/confirm: the detected item (its id; the rest may be edited before confirming). */
export const confirmSubscriptionBody = z.object({
  id: z.uuid('Invalid id'),
  merchantName: z
    .string()
    .trim()
    .min(1, 'Subscription name is required')
    .max(MAX_SUBSCRIPTION_NAME_LENGTH, 'Name must be less than 100 characters')
    .optional(),
  amount: amount.optional(),
  frequency: subscriptionFrequency.optional(),
  category: subscriptionCategory.optional(),
  estimatedNextDue: isoDay.nullish(),
});
export type ConfirmSubscriptionBody = z.input<typeof confirmSubscriptionBody>;

/**
 * GET /subscriptions/from-transaction/{transactionId}: what "Mark as Recurring" prefills the add dialog
 * with: the merchant, the charge's amount, the cadence its history at that merchant suggests and the next
 * due date after it (from tomorrow on).
 */
export const subscriptionPrefill = z.object({
  transactionId: z.uuid(),
  name: z.string(),
  amount: money,
  frequency: subscriptionFrequency,
  category: subscriptionCategory,
  nextDueDate: isoDay,
});
export type SubscriptionPrefill = z.infer<typeof subscriptionPrefill>;
