import { dayLabel } from '../ai/insight-text';
import { daysBetween } from '../dates';
import { trialDaysLeft } from '../entitlements';
import { type Cents, formatMoney } from '../money';
import type { NotificationKind } from './notifications.schema';

/** A notification before it is stored: `key` names its event, so the same event is told once. */
export type NewNotification = {
  kind: NotificationKind;
  key: string;
  title: string;
  body: string;
  link: string;
};

/** SPEC §9's budget colours: orange from 80% of the allocation, red beyond it. */
export const BUDGET_WARNING_PERCENT = 80;
/** Subscriptions due and trials ending are told this many days ahead (or fewer, when found later). */
export const DUE_SOON_DAYS = 3;

export type BudgetLevel = 'warning' | 'over';

/**
 * Where a category stands against its allocation this period: 'over' once spending is above it, 'warning'
 * from 80% up to and including 100%, else null. A category with nothing allocated has no level.
 */
export function budgetLevel({ allocated, spent }: { allocated: Cents; spent: Cents }): BudgetLevel | null {
  if (allocated <= 0) return null;
  if (spent > allocated) return 'over';
  // Whole cents compared as integers: 80% of $0.05 is reached at 4 cents, not "3.99…".
  if (spent * 100 >= allocated * BUDGET_WARNING_PERCENT) return 'warning';
  return null;
}

/**
 * Days from the person's today to a day: 0 today, 1 tomorrow; null when it has passed or is further off
 * than `within` days.
 */
export function daysUntilWithin(today: string, day: string, within = DUE_SOON_DAYS): number | null {
  const days = daysBetween(today, day);
  return days >= 0 && days <= within ? days : null;
}

/**
 * Days left of a trial in the person's calendar (the day it ends in their time zone, counted from their
 * today, as Settings shows them): null when it has already ended or ends more than `within` days ahead.
 */
export function trialEndsWithin(
  trialEndsAt: Date,
  timeZone: string,
  now: Date,
  within = DUE_SOON_DAYS,
): number | null {
  const days = trialDaysLeft(trialEndsAt, timeZone, now);
  return days !== null && days <= within ? days : null;
}

const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);
const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function importCompletedNotice(run: {
  id: string;
  institution: string;
  stored: number;
}): NewNotification {
  return {
    kind: 'import_completed',
    key: `import:${run.id}`,
    title: `${run.institution} import completed`,
    body: `${plural(run.stored, 'transaction', 'transactions')} imported. Your accounts are up to date.`,
    link: '/accounts',
  };
}

export function importFailedNotice(run: { id: string; institution: string }): NewNotification {
  return {
    kind: 'import_failed',
    key: `import:${run.id}`,
    title: `${run.institution} import failed`,
    body: 'The import could not finish. Open Accounts to try again.',
    link: '/accounts',
  };
}

/** Keyed by the period and the category's code (one per budget), so each level is told once a period. */
export function budgetNotice(c: {
  category: number;
  periodId: string;
  name: string;
  level: BudgetLevel;
  allocated: Cents;
  spent: Cents;
}): NewNotification {
  const of = `${formatMoney(c.spent)} of ${formatMoney(c.allocated)}`;
  return c.level === 'over'
    ? {
        kind: 'budget_over',
        key: `budget:${c.periodId}:${c.category}:over`,
        title: `${c.name} is over budget`,
        body: `You've spent ${of} this period, ${formatMoney(c.spent - c.allocated)} over.`,
        link: '/budgets',
      }
    : {
        kind: 'budget_warning',
        key: `budget:${c.periodId}:${c.category}:warning`,
        title: `${c.name} is at ${Math.floor((c.spent * 100) / c.allocated)}% of its budget`,
        body: `You've spent ${of} this period.`,
        link: '/budgets',
      };
}

export function subscriptionDueNotice(s: {
  id: string;
  name: string;
  amount: Cents;
  dueDate: string;
  today: string;
}): NewNotification {
  const days = daysBetween(s.today, s.dueDate);
  return {
    kind: 'subscription_due',
    key: `subscription-due:${s.id}:${s.dueDate}`,
    title: `${s.name} is due ${inDays(days)}`,
    body: `${formatMoney(s.amount)} on ${dayLabel(s.dueDate, s.today)}.`,
    link: '/subscriptions',
  };
}

export function priceIncreaseNotice(s: {
  id: string;
  name: string;
  previousAmount: Cents;
  amount: Cents;
  changedOn: string;
}): NewNotification {
  return {
    kind: 'subscription_price_increase',
    key: `subscription-price:${s.id}:${s.changedOn}`,
    title: `${s.name} costs more`,
    body: `Now ${formatMoney(s.amount)}, up from ${formatMoney(s.previousAmount)} (+${formatMoney(s.amount - s.previousAmount)}).`,
    link: '/subscriptions',
  };
}

export function goalCompletedNotice(g: { id: string; name: string; target: Cents }): NewNotification {
  return {
    kind: 'goal_completed',
    key: `goal-completed:${g.id}`,
    title: `Goal reached: ${g.name}`,
    body: `You saved ${formatMoney(g.target)}. Well done!`,
    link: `/savings/${g.id}`,
  };
}

export function trialEndingNotice(t: { trialEndsAt: Date; days: number; planName: string }): NewNotification {
  return {
    kind: 'trial_ending',
    // One per trial: a trial given a new end is told again.
    key: `trial-ending:${t.trialEndsAt.toISOString()}`,
    title: `Your ${t.planName} trial ends ${inDays(t.days)}`,
    body: `Subscribe in Settings to keep ${t.planName} features.`,
    link: '/settings',
  };
}
