import { z } from 'zod';

/**
 * A calendar day, YYYY-MM-DD, that really exists (no 2025-02-30), from 1900 to 2199: past 9999 dates stop
 * sorting as strings, and nothing a person tracks is older or further off.
 */
export const isoDay = z
  .string()
  .regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a real date');

/**
 * Most names are already canonical: the runtime's own list, read once, finds them in any case without
 * building a formatter. 'UTC' is not on that list but is what the runtime resolves UTC, GMT and Etc/UTC to.
 */
let listedZones: Map<string, string> | undefined;
function listedZone(lowerCase: string): string | undefined {
  if (!listedZones) {
    // Older browsers lack the list; every name then takes the slower way below, once.
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    listedZones = new Map(['UTC', ...listed].map((z) => [z.toLowerCase(), z]));
  }
  return listedZones.get(lowerCase);
}

// A zone name resolves to one of a few hundred, whatever its case, so this stays small; the cap only makes
// that a promise. Names the runtime does not know are not kept.
const MAX_RESOLVED_NAMES = 1000;
const resolvedNames = new Map<string, string>();

/**
 * The one spelling of an IANA time zone, or null when the runtime does not know it: any case of a name, and
 * its aliases (US/Eastern, EST5EDT), resolve to the runtime's canonical name (America/New_York), so each zone
 * is stored, cached and compared once. Offsets (+05:00) are refused even where the runtime takes them:
 * PostgreSQL reads them with the opposite sign (POSIX), so the same value would mean two different days.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  const lowerCase = name.toLowerCase();
  const known = listedZone(lowerCase) ?? resolvedNames.get(lowerCase);
  if (known) return known;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(resolved)) return null;
  if (resolvedNames.size >= MAX_RESOLVED_NAMES) resolvedNames.clear();
  resolvedNames.set(lowerCase, resolved);
  return resolved;
}

// Making a formatter costs far more than using one (~28 KB each), and most requests ask for today: one per
// canonical zone, so spellings of a zone share it and the map holds at most the runtime's few hundred zones.
const MAX_DAY_FORMATTERS = 1000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar day in an IANA time zone (any spelling); an unknown zone throws a RangeError. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const zone = canonicalTimeZone(timeZone);
  if (!zone) throw new RangeError(`Invalid time zone specified: ${timeZone.slice(0, 64)}`);
  let format = dayFormatters.get(zone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormatters.size >= MAX_DAY_FORMATTERS) dayFormatters.clear();
    dayFormatters.set(zone, format);
  }
  return format.format(now);
}

/** Adds days to a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(dd, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The day of the week of a YYYY-MM-DD day: 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * Whole days from one YYYY-MM-DD day to another: negative when `to` is earlier. Like addMonths it reads the
 * parts with Date.UTC, which takes years 0–99 as 1900–1999, so both agree on every day they accept.
 */
export function daysBetween(from: string, to: string): number {
  return (utcMidnight(to) - utcMidnight(from)) / DAY_MS;
}

/** The first day of the day's month. */
export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last day of the day's month: 28, 29, 30 or 31. */
export function lastDayOfMonth(day: string): string {
  return addDays(addMonths(startOfMonth(day), 1), -1);
}

const DAY_MS = 86_400_000;

function utcMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/**
 * The whole calendar months inside a day range, as [from, to) first days of months; an open end of the
 * range stays open (undefined). Null when the range holds no whole month.
 */
export function wholeMonths(startDate?: string, endDate?: string): { from?: string; to?: string } | null {
  const from = startDate && (startDate.endsWith('-01') ? startDate : addMonths(startOfMonth(startDate), 1));
  const dayAfter = endDate && addDays(endDate, 1);
  const to = dayAfter && (dayAfter.endsWith('-01') ? dayAfter : startOfMonth(dayAfter));
  if (from && to && from >= to) return null;
  return { from: from || undefined, to: to || undefined };
}

/** The Monday (ISO weeks start on Mondays) of the day's week. */
export function startOfWeek(day: string): string {
  return addDays(day, -((dayOfWeek(day) + 6) % 7));
}

/**
 * The whole weeks (Monday to Sunday) inside a day range, as [from, to) Mondays; an open end stays open
 * (undefined). Null when the range holds no whole week.
 */
export function wholeWeeks(startDate?: string, endDate?: string): { from?: string; to?: string } | null {
  const from = startDate && (dayOfWeek(startDate) === 1 ? startDate : addDays(startOfWeek(startDate), 7));
  const to = endDate && startOfWeek(addDays(endDate, 1));
  if (from && to && from >= to) return null;
  return { from: from || undefined, to: to || undefined };
}

export type DatePreset = 'all' | 'week' | 'month' | 'quarter' | 'year' | 'ytd';

export const DATE_PRESETS: { value: DatePreset; label: string }[] = [
  { value: 'all', label: 'All Time' },
  { value: 'week', label: 'Last 7 Days' },
  { value: 'month', label: 'Last 30 Days' },
  { value: 'quarter', label: 'Last 3 Months' },
  { value: 'ytd', label: 'Year to Date' },
];

/**
 * The date range of a preset, ending today (SPEC §9): week = 7 days back, month = 1 month back,
 * quarter = 3 months back, year = 1 year back, ytd from 1 January. 'all' has no bounds.
 */
export function presetRange(preset: DatePreset, today: string): { startDate?: string; endDate?: string } {
  switch (preset) {
    case 'all':
      return {};
    case 'week':
      return { startDate: addDays(today, -7), endDate: today };
    case 'month':
      return { startDate: addMonths(today, -1), endDate: today };
    case 'quarter':
      return { startDate: addMonths(today, -3), endDate: today };
    case 'year':
      return { startDate: addMonths(today, -12), endDate: today };
    case 'ytd':
      return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
  }
}
