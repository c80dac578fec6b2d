import { addDays, addMonths, daysBetween } from '../dates';
import type { Cents } from '../money';

/** Subscription frequencies by their API number (SPEC §3). */
export const SUBSCRIPTION_FREQUENCIES = {
  Weekly: 0,
  BiWeekly: 1,
  Monthly: 2,
  Quarterly: 3,
  SemiAnnual: 4,
  Annual: 5,
  Custom: 99,
} as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[keyof typeof SUBSCRIPTION_FREQUENCIES];

/** How far apart charges are: days, or calendar months. Custom repeats monthly (SPEC §9). */
const STEP: Record<SubscriptionFrequency, { days: number } | { months: number }> = {
  0: { days: 7 },
  1: { days: 14 },
  2: { months: 1 },
  3: { months: 3 },
  4: { months: 6 },
  5: { months: 12 },
  99: { months: 1 },
};

/** What one charge is worth per month (SPEC §9: weekly × 4.33, bi-weekly × 2.17 as built; custom as is). */
const MONTHLY_FACTOR: Record<SubscriptionFrequency, number> = {
  0: 4.33,
  1: 2.17,
  2: 1,
  3: 1 / 3,
  4: 1 / 6,
  5: 1 / 12,
  99: 1,
};

/** A charge's monthly equivalent, to the cent. */
export const monthlyEquivalent = (amount: Cents, frequency: SubscriptionFrequency): Cents =>
  Math.round(amount * MONTHLY_FACTOR[frequency]);

/** A charge's yearly total: twelve months at the monthly factor, rounded once (an annual $100 is $100.00). */
export const yearlyTotal = (amount: Cents, frequency: SubscriptionFrequency): Cents =>
  Math.round(amount * MONTHLY_FACTOR[frequency] * 12);

/**
 * The `index`th charge counted from `anchor` (index 0 = anchor). Months count from the anchor, so a charge
 * on Jan 31 falls on Feb 28 (or 29) and then on Mar 31 again, never drifting to the 28th.
 */
export function chargeAt(anchor: string, frequency: SubscriptionFrequency, index: number): string {
  const step = STEP[frequency];
  return 'days' in step ? addDays(anchor, index * step.days) : addMonths(anchor, index * step.months);
}

/** The due date after `due` (SPEC §9: weekly +7 days … annual +1 year; month ends clamp). */
export const nextDueDate = (due: string, frequency: SubscriptionFrequency) => chargeAt(due, frequency, 1);

/** The charges from `anchor` on that fall within [startDate, endDate], in order (for the calendar). */
export function occurrencesBetween(
  anchor: string,
  frequency: SubscriptionFrequency,
  startDate: string,
  endDate: string,
): string[] {
  const out: string[] = [];
  for (let day = dueAfter(anchor, frequency, addDays(startDate, -1)); day <= endDate; ) {
    out.push(day);
    day = dueAfter(anchor, frequency, day);
  }
  return out;
}

/** A due date is shown as missed once this many whole days have passed after it without its charge. */
export const MISSED_AFTER_DAYS = 5;

/**
 * The due date whose charge has still not posted MISSED_AFTER_DAYS after it (a failed payment, or a
 * service that stopped billing); null when none, and for subscriptions no charge was ever seen for.
 */
export function missedDueDate(
  s: { lastChargeDate: string | null; unpaidDueDate: string | null },
  today: string,
): string | null {
  return s.lastChargeDate !== null &&
    s.unpaidDueDate !== null &&
    daysBetween(s.unpaidDueDate, today) > MISSED_AFTER_DAYS
    ? s.unpaidDueDate
    : null;
}

/** SPEC §9: 80% and above High, 60% and above Medium, else Low. */
export function confidenceLabel(confidence: number): 'High' | 'Medium' | 'Low' {
  const percent = Math.round(confidence * 100);
  return percent >= 80 ? 'High' : percent >= 60 ? 'Medium' : 'Low';
}

/**
 * The first charge counted from `anchor` that falls after `day` (the anchor itself when `day` is before
 * it). Jumps close to the answer first, so an old anchor costs no more than a new one.
 */
export function dueAfter(anchor: string, frequency: SubscriptionFrequency, day: string): string {
  if (day < anchor) return anchor;
  const step = STEP[frequency];
  const span = daysBetween(anchor, day);
  let index = Math.max(0, Math.floor('days' in step ? span / step.days : span / (31 * step.months)));
  while (chargeAt(anchor, frequency, index) <= day) index += 1;
  return chargeAt(anchor, frequency, index);
}
