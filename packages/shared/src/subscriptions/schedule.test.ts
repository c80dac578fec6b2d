import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates';
import {
  chargeAt,
  confidenceLabel,
  dueAfter,
  monthlyEquivalent,
  nextDueDate,
  occurrencesBetween,
  type SubscriptionFrequency,
  yearlyTotal,
} from './schedule';

describe('monthly equivalents (SPEC §9)', () => {
  it.each([
    [1000, 0, 4330, 51_960],
    [1000, 1, 2170, 26_040],
    [1599, 2, 1599, 19_188],
    [3000, 3, 1000, 12_000],
    // A year is the charges themselves, not twelve rounded months.
    [1000, 3, 333, 4000],
    [6000, 4, 1000, 12_000],
    [12_000, 5, 1000, 12_000],
    [9999, 5, 833, 9999],
    [2500, 99, 2500, 30_000],
  ] as const)(
    '%i cents at frequency %i is %i a month and %i a year',
    (amount, frequency, monthly, yearly) => {
      expect(monthlyEquivalent(amount, frequency)).toBe(monthly);
      expect(yearlyTotal(amount, frequency)).toBe(yearly);
    },
  );
});

describe('next due date', () => {
  it.each([
    ['2026-11-25', 0, '2026-12-02'],
    ['2026-12-28', 1, '2027-01-11'],
    ['2026-01-31', 2, '2026-02-28'],
    ['2028-01-31', 2, '2028-02-29'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-08-31', 4, '2027-02-28'],
    ['2028-02-29', 5, '2029-02-28'],
    ['2026-03-31', 99, '2026-04-30'],
  ] as const)('after %s at frequency %i comes %s', (due, frequency, next) => {
    expect(nextDueDate(due, frequency)).toBe(next);
  });

  it('counts months from the first charge, so a month-end charge comes back to the 31st', () => {
    expect([0, 1, 2, 3].map((i) => chargeAt('2026-01-31', 2, i))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });
});

describe('occurrences in a range (the calendar)', () => {
  it('lists every weekly charge in a 42-day calendar page', () => {
    expect(occurrencesBetween('2026-11-03', 0, '2026-11-01', '2026-12-12')).toEqual([
      '2026-11-03',
      '2026-11-10',
      '2026-11-17',
      '2026-11-24',
      '2026-12-01',
      '2026-12-08',
    ]);
  });

  it('is empty when the next charge is after the range, and never lists days before the anchor', () => {
    expect(occurrencesBetween('2027-03-01', 5, '2026-11-01', '2026-11-30')).toEqual([]);
    expect(occurrencesBetween('2026-11-20', 2, '2026-11-01', '2026-11-30')).toEqual(['2026-11-20']);
  });

  it('for any frequency: in order, inside the range, each one step after the last', () => {
    const frequencies: SubscriptionFrequency[] = [0, 1, 2, 3, 4, 5, 99];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom(...frequencies),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 800 }),
        (anchorOffset, frequency, startOffset, length) => {
          const anchor = addDays('2025-01-01', anchorOffset);
          const start = addDays(anchor, startOffset);
          const end = addDays(start, length);
          const days = occurrencesBetween(anchor, frequency, start, end);
          for (const [i, day] of days.entries()) {
            expect(day >= start && day <= end && day >= anchor).toBe(true);
            if (i > 0) expect(daysBetween(days[i - 1] ?? '', day)).toBeGreaterThan(0);
          }
          // Day-based charges are exactly a step apart.
          const step = frequency === 0 ? 7 : frequency === 1 ? 14 : null;
          if (step) {
            for (let i = 1; i < days.length; i += 1)
              expect(daysBetween(days[i - 1] ?? '', days[i] ?? '')).toBe(step);
          }
        },
      ),
    );
  });
});

describe('confidence labels (SPEC §9)', () => {
  it.each([
    [1, 'High'],
    [0.8, 'High'],
    [0.795, 'High'],
    [0.79, 'Medium'],
    [0.6, 'Medium'],
    [0.59, 'Low'],
    [0, 'Low'],
  ] as const)('%f is %s', (confidence, label) => {
    expect(confidenceLabel(confidence)).toBe(label);
  });
});

describe('the first due date after a day', () => {
  it('keeps month ends anchored and returns the anchor for days before it', () => {
    expect(dueAfter('2026-01-31', 2, '2026-02-27')).toBe('2026-02-28');
    expect(dueAfter('2026-01-31', 2, '2026-02-28')).toBe('2026-03-31');
    expect(dueAfter('2024-02-29', 5, '2025-03-01')).toBe('2026-02-28');
    expect(dueAfter('2026-12-05', 0, '2026-11-01')).toBe('2026-12-05');
    expect(dueAfter('2026-12-05', 0, '2026-12-05')).toBe('2026-12-12');
  });

  it('is the first charge from the anchor that falls after the day, for any frequency', () => {
    const frequencies: SubscriptionFrequency[] = [0, 1, 2, 3, 4, 5, 99];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom(...frequencies),
        fc.integer({ min: -60, max: 2000 }),
        (anchorOffset, frequency, dayOffset) => {
          const anchor = addDays('2024-01-01', anchorOffset);
          const day = addDays(anchor, dayOffset);
          let i = 0;
          while (chargeAt(anchor, frequency, i) <= day) i += 1;
          expect(dueAfter(anchor, frequency, day)).toBe(chargeAt(anchor, frequency, i));
        },
      ),
    );
  });
});
