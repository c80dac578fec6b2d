import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates';
import { dashboardPeriods, recentMonths } from './dashboard-periods';

const day = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2150-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('dashboardPeriods', () => {
  it.each([
    // today → current start, previous start, previous end
    ['2026-11-26', '2026-10-28', '2026-09-28', '2026-10-27'],
    ['2026-03-01', '2026-01-31', '2026-01-01', '2026-01-30'],
    // Leap year: Feb 29 is one of the days.
    ['2024-03-15', '2024-02-15', '2024-01-16', '2024-02-14'],
    ['2026-01-05', '2025-12-07', '2025-11-07', '2025-12-06'],
  ])('today %s → current from %s, previous %s to %s', (today, currentStart, previousStart, previousEnd) => {
    const { current, previous } = dashboardPeriods(today);
    expect(current).toEqual({ startDate: currentStart, endDate: today });
    expect(previous).toEqual({ startDate: previousStart, endDate: previousEnd });
  });

  it('two periods of 30 days each that meet without a gap or an overlap', () => {
    fc.assert(
      fc.property(day, (today) => {
        const { current, previous } = dashboardPeriods(today);
        expect(daysBetween(current.startDate, current.endDate)).toBe(29);
        expect(daysBetween(previous.startDate, previous.endDate)).toBe(29);
        expect(addDays(previous.endDate, 1)).toBe(current.startDate);
        expect(current.endDate).toBe(today);
      }),
    );
  });
});

describe('recentMonths', () => {
  it.each([
    ['2026-11-26', 6, ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01']],
    // Across a year's end, and from a month's last day (no clamping drift).
    ['2026-02-28', 3, ['2025-12-01', '2026-01-01', '2026-02-01']],
    ['2026-03-31', 2, ['2026-02-01', '2026-03-01']],
    ['2026-01-01', 1, ['2026-01-01']],
  ])('%s, %i months → %j', (today, count, expected) => {
    expect(recentMonths(today, count)).toEqual(expected);
  });

  it('consecutive first days of months, ending with today’s month', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 24 }), (today, count) => {
        const months = recentMonths(today, count);
        expect(months).toHaveLength(count);
        expect(months.at(-1)).toBe(`${today.slice(0, 7)}-01`);
        for (const [i, m] of months.entries()) {
          expect(m.endsWith('-01')).toBe(true);
          if (i > 0) expect(m > months[i - 1]!).toBe(true);
          if (i > 0) expect(daysBetween(months[i - 1]!, m)).toBeGreaterThanOrEqual(28);
          if (i > 0) expect(daysBetween(months[i - 1]!, m)).toBeLessThanOrEqual(31);
        }
      }),
    );
  });
});
