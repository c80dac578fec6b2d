import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import {
  dailyRequired,
  daysRemaining,
  type GoalFigures,
  goalProgress,
  goalStatus,
  monthlyContribution,
  monthsUntil,
} from './progress';

const TODAY = '2026-11-26';
const goal = (over: Partial<GoalFigures> = {}): GoalFigures => ({
  targetAmount: 1000_00,
  currentAmount: 250_00,
  targetDate: '2027-11-26',
  startDate: '2025-11-26',
  ...over,
});

describe('goal progress', () => {
  it.each([
    [0, 1000_00, 0],
    [250_00, 1000_00, 25],
    [333_33, 1000_00, 33.3],
    [1000_00, 1000_00, 100],
    [1200_00, 1000_00, 120],
    [10_00, 0, 0],
  ])('%i of %i cents is %d%%', (currentAmount, targetAmount, percent) => {
    expect(goalProgress({ currentAmount, targetAmount })).toBe(percent);
  });

  it('counts days remaining to the deadline, never below 0, and none without one', () => {
    expect(daysRemaining('2026-12-26', TODAY)).toBe(30);
    expect(daysRemaining(TODAY, TODAY)).toBe(0);
    expect(daysRemaining('2026-11-01', TODAY)).toBe(0);
    expect(daysRemaining(null, TODAY)).toBeNull();
  });

  it('asks per day for what is left, rounded up, and all of it on the last day', () => {
    expect(dailyRequired(goal({ targetDate: '2026-12-26' }), TODAY)).toBe(25_00);
    expect(dailyRequired(goal({ targetDate: '2026-12-26', currentAmount: 250_01 }), TODAY)).toBe(25_00);
    expect(dailyRequired(goal({ targetDate: '2026-12-03', currentAmount: 0 }), TODAY)).toBe(142_86);
    expect(dailyRequired(goal({ targetDate: TODAY }), TODAY)).toBe(750_00);
    expect(dailyRequired(goal({ currentAmount: 1000_00 }), TODAY)).toBe(0);
    expect(dailyRequired(goal({ targetDate: null }), TODAY)).toBeNull();
  });

  it('never asks for less per day than saving the rest by the deadline needs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 3000 }),
        (targetAmount, currentAmount, days) => {
          const g = goal({ targetAmount, currentAmount, targetDate: addDays(TODAY, days) });
          const daily = dailyRequired(g, TODAY) ?? 0;
          const rest = Math.max(0, targetAmount - currentAmount);
          expect(daily * days).toBeGreaterThanOrEqual(rest);
          expect((daily - 1) * days).toBeLessThan(Math.max(rest, 1));
        },
      ),
    );
  });

  it('divides the target by the months until the deadline (SPEC §9), a started month counting', () => {
    expect(monthsUntil('2027-11-26', TODAY)).toBe(12);
    expect(monthsUntil('2027-11-27', TODAY)).toBe(13);
    expect(monthsUntil('2026-11-27', TODAY)).toBe(1);
    expect(monthsUntil('2026-11-01', TODAY)).toBe(1);
    expect(monthlyContribution(goal(), TODAY)).toBe(83_34);
    expect(monthlyContribution(goal({ targetDate: null }), TODAY)).toBeNull();
  });

  it.each([
    ['completed at the target', goal({ currentAmount: 1000_00 }), 'completed'],
    [
      'completed past it, even after the deadline',
      goal({ currentAmount: 1100_00, targetDate: '2026-01-01' }),
      'completed',
    ],
    // Half the span elapsed (a year of two): 500.00 keeps pace.
    ['on track at the even pace', goal({ currentAmount: 500_00 }), 'on_track'],
    ['behind it', goal({ currentAmount: 499_99 }), 'behind'],
    ['behind when the deadline passed short of it', goal({ targetDate: '2026-11-01' }), 'behind'],
    ['active without a deadline', goal({ targetDate: null }), 'active'],
    ['on track on its first day', goal({ startDate: TODAY, currentAmount: 0 }), 'on_track'],
  ] as const)('%s', (_, g, status) => {
    expect(goalStatus(g, TODAY)).toBe(status);
  });
});
