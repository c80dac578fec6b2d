import type { BudgetCategory } from '@tally/shared';

/** SPEC §9: the dashboard's budget bars are red above 80%, orange above 60%, else green. */
export function overviewBarColor(percentUsed: number): 'red' | 'orange' | 'brand' {
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
