import {
  daysBetween,
  lastDayOfMonth,
  SUBSCRIPTION_STATUS,
  type Subscription,
  type SubscriptionStatus,
  startOfMonth,
} from '@tally/shared';

export type SubscriptionView = 'list' | 'calendar';
export type SubscriptionScope = 'month' | 'all';

/**
 * 'Show This Month': the active subscriptions whose next due date falls in the person's current month
 * (a paused, cancelled or expired one is not due). The list keeps the server's order: status, then next
 * due date, then name.
 */
export function dueThisMonth(list: readonly Subscription[], today: string): Subscription[] {
  const first = startOfMonth(today);
  const last = lastDayOfMonth(today);
  return list.filter(
    (s) => s.status === SUBSCRIPTION_STATUS.Active && s.nextDueDate >= first && s.nextDueDate <= last,
  );
}

/** 'Today', 'Tomorrow', 'In 5 days', 'Yesterday', '3 days ago'. */
export function relativeDue(day: string, today: string): string {
  const days = daysBetween(today, day);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return days > 0 ? `In ${days} days` : `${-days} days ago`;
}

/**
 * A card's due-date detail. Active: 'Next due' and how far off it is. Paused: 'Next due' alone (it waits
 * for a resume). Cancelled or expired: nothing more is due, so the date is when it ends, or ended: the
 * renewal it will not (or did not) make.
 */
export function dueDetail(s: Subscription, today: string): { label: string; hint?: string } {
  if (s.status === SUBSCRIPTION_STATUS.Active)
    return { label: 'Next due', hint: relativeDue(s.nextDueDate, today) };
  if (s.status === SUBSCRIPTION_STATUS.Paused) return { label: 'Next due' };
  return { label: s.nextDueDate >= today ? 'Ends' : 'Ended' };
}

/** A price rise to point out: the latest change made it dearer. */
export function priceIncrease(s: Subscription): Subscription['priceChange'] {
  return s.priceChange && s.amount > s.priceChange.previousAmount ? s.priceChange : null;
}

export const isPausable = (s: Subscription) => s.status === SUBSCRIPTION_STATUS.Active;
export const isResumable = (s: Subscription) => s.status === SUBSCRIPTION_STATUS.Paused;

export const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  0: 'brand',
  1: 'orange',
  2: 'red',
  3: 'gray',
};

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 14' in the person's current year, 'Jan 3, 2027' otherwise. */
export function shortDay(day: string, today: string): string {
  const format = day.slice(0, 4) === today.slice(0, 4) ? monthDay : monthDayYear;
  return format.format(new Date(`${day}T00:00:00Z`));
}
