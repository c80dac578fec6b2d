// Made on first use: the first RelativeTimeFormat loads its locale data, ~40 ms of a phone's start when made
// at import by the shell, while the bell's list is rarely open then.
let relative: Intl.RelativeTimeFormat | undefined;
function ago(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  return relative.format(value, unit);
}
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then the date: how long ago it was told. */
export function timeAgo(createdAt: string, now: Date): string {
  const seconds = Math.max(0, (now.getTime() - new Date(createdAt).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return ago(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return ago(-Math.floor(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return ago(-Math.floor(seconds / 86_400), 'day');
  return dateOnly.format(new Date(createdAt));
}
