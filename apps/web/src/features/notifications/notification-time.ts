const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then the date: how long ago it was told. */
export function timeAgo(createdAt: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(createdAt).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return relative.format(-Math.floor(seconds / 86_400), 'day');
  return dateOnly.format(new Date(createdAt));
}
