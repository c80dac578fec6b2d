import { addDays, addMonths, dayOfWeek, daysBetween, lastDayOfMonth, startOfMonth } from '@tally/shared';

/**
 * The demo bank's calendar. The generator walks days as integers (days since 1970-01-01 UTC) so ranges and
 * pending windows are plain subtraction; every conversion and every calendar question goes through the
 * shared day arithmetic of packages/shared/src/dates.ts.
 */

const EPOCH = '1970-01-01';
const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Day number → 'YYYY-MM-DD'. */
export function isoDay(day: number): string {
  return addDays(EPOCH, day);
}

/** 'YYYY-MM-DD' → day number; rejects impossible dates such as 2026-02-30. */
export function dayNumber(iso: string): number {
  if (!ISO_DAY.test(iso)) throw new RangeError(`Not a YYYY-MM-DD day: ${iso}`);
  const day = daysBetween(EPOCH, iso);
  // Date.UTC rolls 2026-02-30 over into March; the round trip catches it.
  if (!Number.isInteger(day) || isoDay(day) !== iso) throw new RangeError(`Not a calendar day: ${iso}`);
  return day;
}

/** The UTC calendar day an instant falls on. */
export function utcDay(instant: Date): number {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid date');
  return Math.floor(ms / DAY_MS);
}

export type DayInfo = {
  day: number;
  iso: string;
  /** YYYYMMDD, for ids. */
  compact: string;
  year: number;
  /** 1–12 */
  month: number;
  dayOfMonth: number;
  /** 0 = Sunday */
  weekday: number;
  daysInMonth: number;
  /** year * 12 + month - 1: consecutive months differ by one. */
  monthIndex: number;
};

export function dayInfo(day: number): DayInfo {
  const iso = isoDay(day);
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  return {
    day,
    iso,
    compact: iso.replaceAll('-', ''),
    year,
    month,
    dayOfMonth: Number(iso.slice(8, 10)),
    weekday: dayOfWeek(iso),
    daysInMonth: Number(lastDayOfMonth(iso).slice(8, 10)),
    monthIndex: year * 12 + month - 1,
  };
}

export function firstOfPreviousMonth(day: number): number {
  return dayNumber(addMonths(startOfMonth(isoDay(day)), -1));
}

// ---------------------------------------------------------------------------------------------------------
// Schedules

export type DemoCadence = 'weekly' | 'biweekly' | 'monthly' | 'annual';

/**
 * When a recurring item falls. `businessDay`: an ACH debit or credit that lands on a weekend moves to the
 * following Monday (only used with days up to 26, so it never spills into the next month).
 */
export type DemoSchedule =
  | { cadence: 'weekly'; weekday: number }
  | { cadence: 'biweekly'; weekday: number; oddWeeks: boolean }
  /** `day` past the month's end means the month's last day (e.g. 30 → 28 February). */
  | { cadence: 'monthly'; day: number; businessDay?: boolean }
  | { cadence: 'annual'; month: number; day: number; businessDay?: boolean };

/** The day of `info`'s month a payment due on `nominal` really lands on. */
export function effectiveDay(nominal: number, info: DayInfo, businessDay: boolean | undefined): number {
  if (!businessDay) return nominal;
  const weekday = dayOfWeek(addDays(info.iso, nominal - info.dayOfMonth));
  return nominal + (weekday === 6 ? 2 : weekday === 0 ? 1 : 0);
}

export function isDue(schedule: DemoSchedule, info: DayInfo): boolean {
  switch (schedule.cadence) {
    case 'weekly':
      return info.weekday === schedule.weekday;
    case 'biweekly': {
      // Weeks counted from the Sunday before the epoch; parity picks every other one.
      const week = Math.floor((info.day + 4) / 7);
      return info.weekday === schedule.weekday && (((week % 2) + 2) % 2 === 1) === schedule.oddWeeks;
    }
    case 'monthly':
      return (
        info.dayOfMonth === effectiveDay(Math.min(schedule.day, info.daysInMonth), info, schedule.businessDay)
      );
    case 'annual':
      return (
        info.month === schedule.month &&
        info.dayOfMonth === effectiveDay(schedule.day, info, schedule.businessDay)
      );
  }
}
