import { addDays, addMonths, startOfMonth } from '../dates';

/** SPEC §9: the dashboard's period is the last 30 days, compared with the 30 days before. */
export const DASHBOARD_PERIOD_DAYS = 30;

export type PeriodRange = { startDate: string; endDate: string };

/**
 * The dashboard's two periods for the person's today: the current one is today and the 29 days before it;
 * the previous one is days 30 to 59 back, so the two are the same length, meet without a gap and never
 * share a day.
 */
export function dashboardPeriods(today: string): { current: PeriodRange; previous: PeriodRange } {
  const days = DASHBOARD_PERIOD_DAYS;
  return {
    current: { startDate: addDays(today, -(days - 1)), endDate: today },
    previous: { startDate: addDays(today, -(2 * days - 1)), endDate: addDays(today, -days) },
  };
}

/** The first days of the last `count` calendar months up to today's, oldest first (today's month last). */
export function recentMonths(today: string, count: number): string[] {
  const current = startOfMonth(today);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - (count - 1)));
}
