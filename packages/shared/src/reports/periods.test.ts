import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates';
import { bucketStart, comparisonRange, rangeBuckets, reportRange } from './periods';

describe('reportRange', () => {
  it.each([
    ['this_month', '2026-11-28', '2026-11-01', '2026-11-28'],
    ['last_3_months', '2026-11-28', '2026-09-01', '2026-11-28'],
    ['last_6_months', '2026-03-15', '2025-10-01', '2026-03-15'],
    ['last_12_months', '2026-11-28', '2025-12-01', '2026-11-28'],
    ['this_year', '2026-11-28', '2026-01-01', '2026-11-28'],
    ['this_year', '2026-01-01', '2026-01-01', '2026-01-01'],
    ['last_year', '2026-11-28', '2025-01-01', '2025-12-31'],
  ] as const)('%s on %s is %s to %s', (period, today, startDate, endDate) => {
    expect(reportRange(period, today)).toEqual({ startDate, endDate });
  });

  it('takes a custom period as given, and refuses one without both days', () => {
    expect(reportRange('custom', '2026-11-28', { startDate: '2024-02-10', endDate: '2024-03-01' })).toEqual({
      startDate: '2024-02-10',
      endDate: '2024-03-01',
    });
    expect(() => reportRange('custom', '2026-11-28', { startDate: '2024-02-10' })).toThrow();
  });
});

describe('comparisonRange', () => {
  it.each([
    // This month to date: last month to the same day; a day past the month's end is its last day.
    [{ startDate: '2026-11-01', endDate: '2026-11-28' }, 'previous', '2026-10-01', '2026-10-28'],
    [{ startDate: '2026-03-01', endDate: '2026-03-31' }, 'previous', '2026-02-01', '2026-02-28'],
    [{ startDate: '2026-03-01', endDate: '2026-03-30' }, 'previous', '2026-02-01', '2026-02-28'],
    // Whole months stay whole: the last 3 months before September to November.
    [{ startDate: '2026-09-01', endDate: '2026-11-30' }, 'previous', '2026-06-01', '2026-08-31'],
    [{ startDate: '2025-01-01', endDate: '2025-12-31' }, 'previous', '2024-01-01', '2024-12-31'],
    // A custom run of days: as many days, just before.
    [{ startDate: '2026-11-10', endDate: '2026-11-19' }, 'previous', '2026-10-31', '2026-11-09'],
    [{ startDate: '2024-02-29', endDate: '2024-03-10' }, 'year_ago', '2023-02-28', '2023-03-10'],
    [{ startDate: '2026-02-01', endDate: '2026-02-28' }, 'year_ago', '2025-02-01', '2025-02-28'],
    [{ startDate: '2025-02-01', endDate: '2025-02-28' }, 'year_ago', '2024-02-01', '2024-02-29'],
  ] as const)('%o against %s is %s to %s', (range, compare, startDate, endDate) => {
    expect(comparisonRange(range, compare)).toEqual({ startDate, endDate });
  });

  it('is nothing with no comparison', () => {
    expect(comparisonRange({ startDate: '2026-11-01', endDate: '2026-11-28' }, 'none')).toBeNull();
  });

  const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('1990-01-01', n));
  it('a previous period always ends before the period starts, within a month of it', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (start, length) => {
        const range = { startDate: start, endDate: addDays(start, length) };
        const previous = comparisonRange(range, 'previous');
        if (!previous) return false;
        return (
          previous.endDate < range.startDate &&
          previous.startDate <= previous.endDate &&
          daysBetween(previous.endDate, range.startDate) <= 31
        );
      }),
    );
  });
});

describe('rangeBuckets', () => {
  it('gives every month a range touches, clipped to it', () => {
    expect(rangeBuckets({ startDate: '2026-09-15', endDate: '2026-11-28' }, 'month')).toEqual([
      { start: '2026-09-01', startDate: '2026-09-15', endDate: '2026-09-30' },
      { start: '2026-10-01', startDate: '2026-10-01', endDate: '2026-10-31' },
      { start: '2026-11-01', startDate: '2026-11-01', endDate: '2026-11-28' },
    ]);
  });

  it('starts weeks on Monday', () => {
    // 2026-11-28 is a Saturday.
    expect(bucketStart('2026-11-28', 'week')).toBe('2026-11-23');
    expect(bucketStart('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketStart('2026-11-22', 'week')).toBe('2026-11-16');
    expect(rangeBuckets({ startDate: '2026-11-20', endDate: '2026-11-28' }, 'week')).toEqual([
      { start: '2026-11-16', startDate: '2026-11-20', endDate: '2026-11-22' },
      { start: '2026-11-23', startDate: '2026-11-23', endDate: '2026-11-28' },
    ]);
  });

  it('covers each day of the range exactly once, in order', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('1990-01-01', n));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('month', 'week' as const),
        (s, n, i) => {
          const range = { startDate: s, endDate: addDays(s, n) };
          const buckets = rangeBuckets(range, i);
          let next = range.startDate;
          for (const b of buckets) {
            if (b.startDate !== next || b.endDate < b.startDate || bucketStart(b.startDate, i) !== b.start)
              return false;
            next = addDays(b.endDate, 1);
          }
          return next === addDays(range.endDate, 1);
        },
      ),
    );
  });
});
