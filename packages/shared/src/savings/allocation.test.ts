import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_BASIS_POINTS,
  amountOfLeftover,
  fromBasisPoints,
  leftoverSoFar,
  overAllocationCap,
  type PeriodCategoryFigures,
  percentOfLeftover,
  periodLeftover,
  splitLeftover,
  takesShare,
  toBasisPoints,
} from './allocation';

const cat = (allocated: number, spent: number, allowRollover = false): PeriodCategoryFigures => ({
  allocated,
  spent,
  allowRollover,
});

describe('the leftover of a budget period', () => {
  it.each([
    ['nothing budgeted', [], 0],
    ['under budget', [cat(400_00, 310_25), cat(100_00, 20_00)], 169_75],
    ['exactly on budget', [cat(400_00, 400_00)], 0],
    ['one category over, another under: they offset', [cat(400_00, 450_00), cat(100_00, 20_00)], 30_00],
    ['overspent as a whole: 0, never negative', [cat(400_00, 600_00), cat(100_00, 20_00)], 0],
    ['rollover categories keep what they left', [cat(400_00, 100_00, true), cat(100_00, 40_00)], 60_00],
    ['rollover categories carry what they overspent', [cat(100_00, 300_00, true), cat(100_00, 40_00)], 60_00],
    ['refunds beyond spending leave more than the allocation', [cat(50_00, -10_00)], 60_00],
  ] as const)('%s', (_, categories, expected) => {
    expect(periodLeftover(categories)).toBe(expected);
  });

  it('so far: the allocation earned day by day less what was spent, reaching the whole on the last day', () => {
    const month = [cat(300_00, 40_00), cat(100_00, 0, true)];
    expect(leftoverSoFar(month, 10, 30)).toBe(60_00);
    expect(leftoverSoFar(month, 0, 30)).toBe(0);
    expect(leftoverSoFar(month, 30, 30)).toBe(periodLeftover(month));
    expect(leftoverSoFar(month, 45, 30)).toBe(periodLeftover(month));
    expect(leftoverSoFar([cat(300_00, 200_00)], 10, 30)).toBe(0);
    expect(leftoverSoFar(month, 5, 0)).toBe(0);
  });
});

const goals = (...percentages: number[]) =>
  percentages.map((p, i) => ({ id: `g${i}`, allocationPercentage: p }));
const amounts = (leftover: number, ...percentages: number[]) =>
  splitLeftover(leftover, goals(...percentages)).map((p) => p.amount);

describe('splitting a leftover among goals', () => {
  it.each([
    ['all of it to one goal', 250_00, [100], [250_00]],
    ['by percentages', 1000_00, [50, 30, 20], [500_00, 300_00, 200_00]],
    [
      'thirds (33.34 + 33.33 + 33.33): the spare cent to the largest fraction',
      100,
      [33.34, 33.33, 33.33],
      [34, 33, 33],
    ],
    [
      'thirds of 99.99%: the hundredth of a percent stays unallocated',
      100,
      [33.33, 33.33, 33.33],
      [33, 33, 33],
    ],
    ['the largest fraction wins the spare cent', 101, [10, 60, 30], [10, 61, 30]],
    ['what goals leave unallocated stays', 1000_00, [10, 25], [100_00, 250_00]],
    ['a cent that is not there is not allocated', 1, [50, 50], [1, 0]],
    ['fractional percentages', 1234_56, [12.5, 37.5], [154_32, 462_96]],
    ['no leftover', 0, [50, 50], [0, 0]],
  ] as const)('%s', (_, leftover, percentages, expected) => {
    expect(amounts(leftover, ...percentages)).toEqual(expected);
  });

  it('refuses allocations over 100%', () => {
    expect(() => amounts(100_00, 60, 50)).toThrow('more than 100%');
  });

  it('always adds up to the combined share of the whole, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc
          .array(fc.integer({ min: 100, max: 10_000 }), { minLength: 1, maxLength: 8 })
          .filter((points) => points.reduce((a, b) => a + b, 0) <= 10_000),
        (leftover, points) => {
          const split = amounts(leftover, ...points.map((p) => p / 100));
          const total = points.reduce((a, b) => a + b, 0);
          expect(split.reduce((a, b) => a + b, 0)).toBe(Math.floor((leftover * total) / 10_000));
          split.forEach((amount, i) => {
            const exact = (leftover * (points[i] ?? 0)) / 10_000;
            expect(Number.isInteger(amount)).toBe(true);
            expect(Math.abs(amount - exact)).toBeLessThan(1);
          });
          // Deterministic: the same input splits the same way.
          expect(amounts(leftover, ...points.map((p) => p / 100))).toEqual(split);
        },
      ),
    );
  });
});

describe('percent and dollar allocations (converted with the leftover)', () => {
  it.each([
    [100_00, 1000_00, 10],
    [333_33, 1000_00, 33.33],
    [2000_00, 1000_00, 100],
    [50_00, 0, 0],
  ] as const)('%i cents of a %i leftover is %d%%', (amount, leftover, percent) => {
    expect(percentOfLeftover(amount, leftover)).toBe(percent);
  });

  it.each([
    [10, 1000_00, 100_00],
    [12.5, 999, 124],
    [100, 1234_56, 1234_56],
    [10, 0, 0],
  ] as const)('%d%% of a %i leftover is %i cents', (percent, leftover, amount) => {
    expect(amountOfLeftover(percent, leftover)).toBe(amount);
  });
});

describe('the 100% cap', () => {
  const goal = (id: string, percent: number, share = true) => ({
    id,
    allocationBasisPoints: toBasisPoints(percent),
    takesShare: share,
  });
  const goals = [goal('a', 20), goal('b', 15.5), goal('c', 30), goal('paused', 50, false)];

  it.each([
    // [editing, percent, free or null]
    [null, 34.5, null],
    [null, 34.51, 34.5],
    [null, 0, null],
    ['a', 54.5, null],
    ['a', 54.51, 54.5],
    // A goal that takes no share counts for nothing, even when it is the one being edited.
    ['paused', 34.5, null],
  ] as const)('editing %s at %s%% → %s', (editing, percent, free) => {
    expect(overAllocationCap(goals, editing, percent)).toBe(free);
  });

  it('says none is free, never less, when the others already hold more than all', () => {
    expect(overAllocationCap([goal('a', 70), goal('b', 40)], null, 1)).toBe(0);
  });

  it.each([
    [true, 0, 100, true],
    [true, 99, 100, true],
    [true, 100, 100, false],
    [true, 150, 100, false],
    [false, 0, 100, false],
  ])('active %s, saved %s of %s → takes a share: %s', (isActive, saved, target, share) => {
    expect(takesShare({ isActive, saved, target })).toBe(share);
  });

  it('converts percentages and basis points both ways', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ALL_BASIS_POINTS }), (points) => {
        expect(toBasisPoints(fromBasisPoints(points))).toBe(points);
      }),
    );
  });
});
