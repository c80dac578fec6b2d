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

const STATUS_ORDER: Record<SubscriptionStatus, number> = { 0: 0, 1: 1, 2: 2, 3: 3 };

/** Active ones first, then paused, cancelled and expired; within each, the soonest due first. */
export function sortSubscriptions(list: readonly Subscription[]): Subscription[] {
  return [...list].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      a.nextDueDate.localeCompare(b.nextDueDate) ||
      a.name.localeCompare(b.name),
  );
}

/** 'Show This Month': the subscriptions whose next due date falls in the person's current month. */
export function dueThisMonth(list: readonly Subscription[], today: string): Subscription[] {
  const first = startOfMonth(today);
  const last = lastDayOfMonth(today);
  return list.filter((s) => s.nextDueDate >= first && s.nextDueDate <= last);
}

/** 'Today', 'Tomorrow', 'In 5 days', 'Yesterday', '3 days ago'. */
export function relativeDue(day: string, today: string): string {
  const days = daysBetween(today, day);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return days > 0 ? `In ${days} days` : `${-days} days ago`;
}

/** A price rise to point out: the latest change made it dearer. */
export function priceIncrease(s: Subscription): { previousAmount: number; date: string } | null {
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
