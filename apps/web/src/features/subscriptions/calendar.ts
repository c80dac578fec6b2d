import {
  addDays,
  addMonths,
  type Cents,
  dayOfWeek,
  lastDayOfMonth,
  type SubscriptionCalendar,
  startOfMonth,
} from '@tally/shared';

/** SPEC §9: a calendar page is six weeks, Sunday to Saturday. */
export const CALENDAR_DAYS = 42;
/** SPEC §9: a day cell shows at most this many amounts, then '+N more'. */
export const MAX_AMOUNTS_PER_DAY = 2;

export type CalendarCharge = SubscriptionCalendar['occurrences'][number];

export type CalendarPage = {
  /** The month shown, as its first day. */
  month: string;
  /** The Sunday on or before the 1st, and the 42nd day from it. */
  startDate: string;
  endDate: string;
  days: string[];
};

/** The six weeks that show the month holding `day`. */
export function calendarPage(day: string): CalendarPage {
  const month = startOfMonth(day);
  const startDate = addDays(month, -dayOfWeek(month));
  const days = Array.from({ length: CALENDAR_DAYS }, (_, i) => addDays(startDate, i));
  return { month, startDate, endDate: days[CALENDAR_DAYS - 1] ?? startDate, days };
}

/** The first day of the month `months` away from `month`. */
export const shiftMonth = (month: string, months: number) => startOfMonth(addMonths(month, months));

/** The charges of each day, the largest first (what a glance at a day should tell). */
export function chargesByDay(charges: readonly CalendarCharge[]): Map<string, CalendarCharge[]> {
  const byDay = new Map<string, CalendarCharge[]>();
  for (const charge of charges) {
    const list = byDay.get(charge.date);
    if (list) list.push(charge);
    else byDay.set(charge.date, [charge]);
  }
  for (const list of byDay.values()) list.sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
  return byDay;
}

export type DayCell = { shown: CalendarCharge[]; more: number; total: Cents };

/** What a day cell shows: up to two amounts, how many more there are, and the day's total. */
export function dayCell(charges: readonly CalendarCharge[] = []): DayCell {
  return {
    shown: charges.slice(0, MAX_AMOUNTS_PER_DAY),
    more: Math.max(0, charges.length - MAX_AMOUNTS_PER_DAY),
    total: totalOf(charges),
  };
}

export const totalOf = (charges: readonly { amount: Cents }[]): Cents =>
  charges.reduce((sum, c) => sum + c.amount, 0);

/** What is due inside the month itself (the page's leading and trailing days belong to its neighbours). */
export function monthTotal(charges: readonly CalendarCharge[], month: string): Cents {
  const last = lastDayOfMonth(month);
  return totalOf(charges.filter((c) => c.date >= month && c.date <= last));
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'November 2026'. */
export const monthLabel = (month: string) => monthFormat.format(utc(month));
/** 'Saturday, November 14, 2026'. */
export const longDayLabel = (day: string) => longDay.format(utc(day));

/**
 * An amount short enough for a day cell: cents under $1,000, whole dollars from there ('$1,250'), so a
 * phone's narrow cells still fit it.
 */
export function cellAmount(cents: Cents): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: cents >= 100_000 ? 0 : 2,
    minimumFractionDigits: cents >= 100_000 ? 0 : 2,
  }).format(cents / 100);
}
