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

// Making a formatter costs far more than using one, and most requests ask for today: one per time zone.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar day in an IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. An unknown zone throws here, before anything is kept.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, format);
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
