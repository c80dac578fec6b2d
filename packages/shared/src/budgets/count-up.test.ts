import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryUsage, countUp, dailyAllowance, earnedThrough, rollover } from './count-up';

const march = { startDate: '2026-03-01', totalDays: 31 };
const titles = (status: ReturnType<typeof countUp>) =>
  status.achievements.map((a) => [a.title, a.earnedDate]);

describe('count-up', () => {
  it('earns the allocation a day at a time: $310 over 31 days is $10 a day', () => {
    const status = countUp({ ...march, allocated: 310_00, dailySpent: [5_00, 0, 12_00, 3_00] });
    expect(status).toMatchObject({
      dailyAllowance: 10_00,
      earnedToDate: 40_00,
      actualSpent: 20_00,
      availableBalance: 20_00,
      isOverEarned: false,
      daysElapsed: 4,
      totalDays: 31,
      // Day 3 spent $12 of its $10; days 4 onward are under again.
      consecutiveDaysUnderBudget: 1,
      zeroSpendingDays: 1,
    });
  });

  it('is over-earned when spending passes what has been earned, and available goes negative', () => {
    const status = countUp({ ...march, allocated: 310_00, dailySpent: [25_00, 0] });
    expect(status).toMatchObject({ earnedToDate: 20_00, availableBalance: -5_00, isOverEarned: true });
  });

  it('adds a rollover to what is available', () => {
    expect(
      countUp({ ...march, allocated: 310_00, dailySpent: [0], rolledOver: 45_50 }).availableBalance,
    ).toBe(55_50);
    expect(
      countUp({ ...march, allocated: 310_00, dailySpent: [0], rolledOver: -15_00 }).availableBalance,
    ).toBe(-5_00);
  });

  it('hands out cents so that the last day has earned exactly the allocation: $100 over 30 days', () => {
    const budget = { allocated: 100_00, totalDays: 30 };
    expect(dailyAllowance(budget)).toBe(3_33);
    expect(earnedThrough(budget, 1)).toBe(3_33);
    expect(earnedThrough(budget, 3)).toBe(10_00);
    expect(earnedThrough(budget, 29)).toBe(96_66);
    expect(earnedThrough(budget, 30)).toBe(100_00);
    expect(earnedThrough(budget, 45)).toBe(100_00);
  });

  it('earns a custom daily allowance every day instead', () => {
    const status = countUp({ ...march, allocated: 310_00, customDailyAllowance: 12_50, dailySpent: [0, 0] });
    expect(status).toMatchObject({ dailyAllowance: 12_50, earnedToDate: 25_00, availableBalance: 25_00 });
  });

  it('counts only the days of the period, and nothing before it starts', () => {
    expect(countUp({ ...march, allocated: 310_00, dailySpent: [] })).toMatchObject({
      earnedToDate: 0,
      daysElapsed: 0,
      achievements: [],
    });
    expect(countUp({ ...march, allocated: 310_00, dailySpent: Array(40).fill(0) }).daysElapsed).toBe(31);
  });

  it('earns each achievement once, on the first day it is met (SPEC §9)', () => {
    // Twelve days of nothing spent: everything but Saver Supreme.
    const quiet = countUp({ ...march, allocated: 310_00, dailySpent: Array(12).fill(0) });
    expect(titles(quiet)).toEqual([
      ['Spending Pause', '2026-03-03'],
      ['Week Warrior', '2026-03-07'],
      // Day 8: $80 available, more than 7 × $10.
      ['Future Planner', '2026-03-08'],
      ['Budget Monk', '2026-03-10'],
    ]);
    // Twenty days in a row at $9: under budget every day, no zero-spend day, never far ahead.
    const steady = countUp({ ...march, allocated: 310_00, dailySpent: Array(20).fill(9_00) });
    expect(titles(steady)).toEqual([
      ['Week Warrior', '2026-03-07'],
      ['Saver Supreme', '2026-03-20'],
    ]);
    // A broken streak starts again; an achievement already earned is not earned again.
    const broken = countUp({
      ...march,
      allocated: 310_00,
      dailySpent: [...Array(7).fill(1_00), 50_00, ...Array(7).fill(1_00)],
    });
    expect(titles(broken).filter(([title]) => title === 'Week Warrior')).toEqual([
      ['Week Warrior', '2026-03-07'],
    ]);
    expect(broken.consecutiveDaysUnderBudget).toBe(7);
  });

  it('earned never falls, never passes the allocation, and reaches it exactly on the last day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 366 }),
        (allocated, totalDays) => {
          let previous = 0;
          for (let day = 0; day <= totalDays; day += 1) {
            const earned = earnedThrough({ allocated, totalDays }, day);
            expect(Number.isInteger(earned)).toBe(true);
            expect(earned).toBeGreaterThanOrEqual(previous);
            expect(earned).toBeLessThanOrEqual(allocated);
            previous = earned;
          }
          expect(previous).toBe(allocated);
        },
      ),
    );
  });

  it('available is always earned minus spent plus rollover, in whole cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 31 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        (allocated, dailySpent, rolledOver) => {
          const status = countUp({ ...march, allocated, dailySpent, rolledOver });
          const spent = dailySpent.reduce((a, b) => a + b, 0);
          expect(status.actualSpent).toBe(spent);
          expect(status.availableBalance).toBe(status.earnedToDate - spent + rolledOver);
          expect(status.isOverEarned).toBe(spent > status.earnedToDate);
          expect(new Set(status.achievements.map((a) => a.title)).size).toBe(status.achievements.length);
        },
      ),
    );
  });
});

describe('rollover and traditional usage', () => {
  it('carries what is left, or the overspend, into the next period', () => {
    expect(rollover({ allocated: 200_00, spent: 150_00 })).toBe(50_00);
    expect(rollover({ allocated: 200_00, spent: 230_00 })).toBe(-30_00);
    expect(rollover({ allocated: 200_00, spent: 150_00, rolledOver: 25_00 })).toBe(75_00);
  });

  it('gives remaining and the percentage used, to two decimals', () => {
    expect(categoryUsage({ allocated: 300_00, spent: 100_00 })).toEqual({
      remaining: 200_00,
      percentageUsed: 33.33,
    });
    expect(categoryUsage({ allocated: 300_00, spent: 450_00 })).toEqual({
      remaining: -150_00,
      percentageUsed: 150,
    });
    expect(categoryUsage({ allocated: 0, spent: 0 })).toEqual({ remaining: 0, percentageUsed: 0 });
    expect(categoryUsage({ allocated: 0, spent: 5_00 })).toEqual({ remaining: -5_00, percentageUsed: 100 });
  });
});
