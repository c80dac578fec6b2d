import type { Cents } from '@tally/shared';

const signed = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'exceptZero',
});
const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Cents with an explicit + for money in, as the transaction table shows amounts (plain amounts: formatMoney). */
export function formatSignedMoney(cents: Cents): string {
  return signed.format(cents / 100);
}

/** Cents in short form, as a chart's axis labels them: $950.0, $1.5K, $2.3M. */
export function formatCompactMoney(cents: Cents): string {
  return compact.format(cents / 100);
}

/** A calendar day (YYYY-MM-DD) as "Jan 5, 2026"; it is a day, so no time zone shifts it. */
export function formatDay(day: string): string {
  return shortDate.format(new Date(`${day}T00:00:00Z`));
}

/** "Ns ago", "Nm ago", else the clock time (the Transactions 'Last updated' text). */
export function formatUpdatedAgo(at: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  return clock.format(at);
}

/** The Accounts 'last synced' text (SPEC §2). */
export function formatLastSynced(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never synced';
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  return shortDate.format(at);
}
