import type { BudgetCategory, Cents } from '@tally/shared';

/**
 * SPEC §9: the dashboard's budget bars are red above 80%, orange above 60%, else green. An estimate (no
 * budget: spent × 1.2) always sits near 83%, so it is drawn in the calm dimmed grey instead, never as an alarm.
 */
export function overviewBarColor(
  percentUsed: number,
  estimated = false,
): 'red' | 'orange' | 'brand' | 'dimmed' {
  if (estimated) return 'dimmed';
  if (percentUsed > 80) return 'red';
  if (percentUsed > 60) return 'orange';
  return 'brand';
}

export const OVERVIEW_CATEGORIES = 4;

/** The categories the panel shows: the most spent first, the first four (SPEC §9). */
export function topCategories(categories: readonly BudgetCategory[], count = OVERVIEW_CATEGORIES) {
  return [...categories]
    .sort((a, b) => b.spentAmount - a.spentAmount || b.percentageUsed - a.percentageUsed)
    .slice(0, count);
}

/** SPEC §9: without a budget, the allocated amount shown is an estimate, spent times 1.2. */
export const ESTIMATE_FACTOR = 1.2;

export type OverviewRow = {
  id: string;
  categoryName: string;
  spentAmount: Cents;
  allocatedAmount: Cents;
  percentageUsed: number;
};

/**
 * With no budget, the period's largest spending categories with an estimated allocation of spent × 1.2
 * (in whole cents), so each bar sits at 83% of its estimate.
 */
export function estimatedCategories(
  spending: readonly { category: number; categoryName: string; amount: Cents }[],
  count = OVERVIEW_CATEGORIES,
): OverviewRow[] {
  return [...spending]
    .filter((s) => s.amount > 0)
    .sort((a, b) => b.amount - a.amount)
    .slice(0, count)
    .map((s) => {
      const allocatedAmount = Math.round(s.amount * ESTIMATE_FACTOR);
      return {
        id: String(s.category),
        categoryName: s.categoryName,
        spentAmount: s.amount,
        allocatedAmount,
        percentageUsed: (s.amount / allocatedAmount) * 100,
      };
    });
}
