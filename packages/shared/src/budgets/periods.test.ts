import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates';
import {
  type BudgetPeriod,
  daysElapsed,
  defaultBudgetStart,
  nextPeriod,
  periodAt,
  periodContaining,
  totalDays,
} from './periods';

describe('budget periods', () => {
  it.each([
    // period, anchor, index, start, end
    [0, '2026-03-02', 0, '2026-03-02', '2026-03-08'],
    [0, '2026-03-02', 2, '2026-03-16', '2026-03-22'],
    [1, '2026-03-02', 1, '2026-03-16', '2026-03-29'],
    [2, '2026-01-15', 0, '2026-01-15', '2026-02-14'],
    // Month ends: a Jan 31 start keeps to the month's end instead of drifting to the 28th.
    [2, '2026-01-31', 0, '2026-01-31', '2026-02-27'],
    [2, '2026-01-31', 1, '2026-02-28', '2026-03-30'],
    [2, '2026-01-31', 2, '2026-03-31', '2026-04-29'],
    // Leap years: February has 29 days in 2028.
    [2, '2028-01-31', 0, '2028-01-31', '2028-02-28'],
    [2, '2028-01-31', 1, '2028-02-29', '2028-03-30'],
    [3, '2026-11-30', 0, '2026-11-30', '2027-02-27'],
    [3, '2026-11-30', 1, '2027-02-28', '2027-05-29'],
    [4, '2028-02-29', 0, '2028-02-29', '2029-02-27'],
    [4, '2028-02-29', 1, '2029-02-28', '2030-02-27'],
  ] as const)('period %i from %s, #%i: %s to %s', (period, anchor, index, startDate, endDate) => {
    expect(periodAt(period, anchor, index)).toEqual({ startDate, endDate });
  });

  it('counts days as calendar days, so a daylight-saving change makes no day short or long', () => {
    // US clocks go forward on 2026-03-08 and back on 2026-11-01; both weeks have seven days.
    expect(totalDays(periodAt(0, '2026-03-05'))).toBe(7);
    expect(totalDays(periodAt(0, '2026-10-29'))).toBe(7);
    expect(totalDays(periodAt(2, '2026-03-01'))).toBe(31);
  });

  it('finds the period holding a day, and the one after it', () => {
    expect(periodContaining(2, '2026-01-31', '2026-03-30')).toEqual({
      startDate: '2026-02-28',
      endDate: '2026-03-30',
      index: 1,
    });
    expect(periodContaining(0, '2026-03-02', '2026-03-02').index).toBe(0);
    expect(nextPeriod(2, '2026-01-31', periodAt(2, '2026-01-31', 1))).toEqual(periodAt(2, '2026-01-31', 2));
    expect(() => periodContaining(2, '2026-01-31', '2026-01-30')).toThrow(RangeError);
  });

  it('counts elapsed days with today included, none before the start, all after the end', () => {
    const march = periodAt(2, '2026-03-01');
    expect(daysElapsed(march, '2026-02-28')).toBe(0);
    expect(daysElapsed(march, '2026-03-01')).toBe(1);
    expect(daysElapsed(march, '2026-03-12')).toBe(12);
    expect(daysElapsed(march, '2026-03-31')).toBe(31);
    expect(daysElapsed(march, '2026-04-15')).toBe(31);
  });

  const anyPeriod = fc.constantFrom<BudgetPeriod>(0, 1, 2, 3, 4);
  const anyDay = fc.integer({ min: 0, max: 365 * 40 }).map((offset) => addDays('2000-01-01', offset));

  it('periods follow each other without a gap or an overlap, whatever the start', () => {
    fc.assert(
      fc.property(anyPeriod, anyDay, fc.integer({ min: 0, max: 60 }), (period, anchor, index) => {
        const current = periodAt(period, anchor, index);
        const next = periodAt(period, anchor, index + 1);
        expect(addDays(current.endDate, 1)).toBe(next.startDate);
        expect(totalDays(current)).toBeGreaterThanOrEqual(7);
      }),
    );
  });

  it('the period containing a day holds it, and its index gives it back', () => {
    fc.assert(
      fc.property(anyPeriod, anyDay, fc.integer({ min: 0, max: 3000 }), (period, anchor, later) => {
        const day = addDays(anchor, later);
        const found = periodContaining(period, anchor, day);
        expect(found.startDate <= day && day <= found.endDate).toBe(true);
        expect(periodAt(period, anchor, found.index)).toEqual({
          startDate: found.startDate,
          endDate: found.endDate,
        });
        expect(daysBetween(found.startDate, found.endDate)).toBeGreaterThanOrEqual(6);
      }),
    );
  });
});

describe('defaultBudgetStart', () => {
  it.each([
    [0, '2026-11-25', '2026-11-22'],
    [0, '2026-11-22', '2026-11-22'],
    [1, '2026-11-25', '2026-11-25'],
    [2, '2026-11-25', '2026-11-01'],
    [3, '2026-11-25', '2026-10-01'],
    [3, '2026-03-31', '2026-01-01'],
    [3, '2026-04-01', '2026-04-01'],
    [4, '2026-11-25', '2026-01-01'],
  ] as const)('period %i on %s starts %s', (period, today, start) => {
    expect(defaultBudgetStart(period, today)).toBe(start);
  });
});
