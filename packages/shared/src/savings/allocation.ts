import type { Cents } from '../money';

/**
 * What a budget period leaves over for savings, and how a leftover is shared among goals. Money is integer
 * cents; allocation percentages are numbers of percent with at most two decimals (12.5 = 12.5 %), handled
 * as whole basis points so every split is exact.
 */

/** One category of a budget period, as the budget reports it (cents; spent is money out, positive). */
export type PeriodCategoryFigures = { allocated: Cents; spent: Cents; allowRollover: boolean };

/**
 * The leftover of a budget period: what its categories budgeted and did not spend, as one total, never
 * below 0 (an overspent period funds nothing, and never takes money back out of goals).
 *
 * Sign convention: positive = money left to save. Categories that roll over are left out both ways: what
 * they did not spend stays in the budget for their next period, and what they overspent is carried there
 * too, so counting them here would spend or charge the same money twice. Overspending in one category
 * does reduce what another left, as it does in the person's bank account.
 */
export function periodLeftover(categories: readonly PeriodCategoryFigures[]): Cents {
  let left = 0;
  for (const c of categories) if (!c.allowRollover) left += c.allocated - c.spent;
  return Math.max(0, left);
}

/**
 * The leftover of the period in progress, so far: each category's allocation earned evenly by day (the
 * count-up rule) less what it spent, together, never below 0. At the last day it equals periodLeftover.
 */
export function leftoverSoFar(
  categories: readonly PeriodCategoryFigures[],
  daysElapsed: number,
  totalDays: number,
): Cents {
  if (totalDays <= 0) return 0;
  const days = Math.min(Math.max(daysElapsed, 0), totalDays);
  let left = 0;
  for (const c of categories) {
    if (!c.allowRollover) left += Math.floor((c.allocated * days) / totalDays) - c.spent;
  }
  return Math.max(0, left);
}

/** A percent with at most two decimals as whole basis points (12.5 % = 1250). */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);

/** Whole basis points as a percent (1250 = 12.5 %). */
export const fromBasisPoints = (points: number): number => points / 100;

/** All of a leftover, in basis points: what the goals' percentages may add up to (SPEC §5). */
export const ALL_BASIS_POINTS = 10_000;

/** A goal takes its share of each period's leftover while it is active and short of its target. */
export const takesShare = (g: { isActive: boolean; saved: Cents; target: Cents }): boolean =>
  g.isActive && g.saved < g.target;

/**
 * SPEC §5's cap, for a goal about to have `percent`: the goals that take a share must stay within 100%
 * together. The goal being edited (`editingId`) counts once, at its new percent; goals that take no share
 * (paused, reached) count for nothing. Null when it fits; else the percent still free for it.
 */
export function overAllocationCap(
  goals: readonly { id: string; allocationBasisPoints: number; takesShare: boolean }[],
  editingId: string | null,
  percent: number,
): number | null {
  const others = goals
    .filter((g) => g.id !== editingId && g.takesShare)
    .reduce((sum, g) => sum + g.allocationBasisPoints, 0);
  return others + toBasisPoints(percent) > ALL_BASIS_POINTS
    ? fromBasisPoints(Math.max(0, ALL_BASIS_POINTS - others))
    : null;
}

/**
 * Shares a leftover among goals by their allocation percentages, in exact cents. The goals together take
 * their combined share of the leftover, rounded down (a cent that is not there is never allocated); each
 * gets its share rounded down, and the cents still over go one each to the goals with the largest
 * fractions, ties to the earlier goal. So the parts always add up to the whole, and the same input always
 * splits the same way. Percentages add up to at most 100 (the goals' cap); what they leave stays unallocated.
 */
export function splitLeftover<T extends { allocationPercentage: number }>(
  leftover: Cents,
  goals: readonly T[],
): { goal: T; amount: Cents }[] {
  if (leftover <= 0 || goals.length === 0) return goals.map((goal) => ({ goal, amount: 0 }));
  const points = goals.map((g) => toBasisPoints(g.allocationPercentage));
  const totalPoints = points.reduce((a, b) => a + b, 0);
  if (totalPoints > 10_000) throw new RangeError('Allocations add up to more than 100%');
  const whole = Math.floor((leftover * totalPoints) / 10_000);
  const parts = points.map((p) => Math.floor((leftover * p) / 10_000));
  // What each share lost to rounding, in ten-thousandths of a cent: compared exactly, as integers.
  const remainders = points.map((p) => (leftover * p) % 10_000);
  let over = whole - parts.reduce((a, b) => a + b, 0);
  const order = points.map((_, i) => i).sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || a - b);
  for (const i of order) {
    if (over <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    over -= 1;
  }
  return goals.map((goal, i) => ({ goal, amount: parts[i] ?? 0 }));
}

/** A dollar amount per period as a percent of the leftover (two decimals, at most 100); 0 with no leftover. */
export function percentOfLeftover(amount: Cents, leftover: Cents): number {
  if (leftover <= 0 || amount <= 0) return 0;
  return Math.min(100, Math.round((amount * 10_000) / leftover) / 100);
}

/** A percent of the leftover as cents per period, rounded down like the split. */
export function amountOfLeftover(percent: number, leftover: Cents): Cents {
  if (leftover <= 0 || percent <= 0) return 0;
  return Math.floor((leftover * toBasisPoints(percent)) / 10_000);
}
