import type { InsightPriority } from './ai.schema';
import { budgetPaceInsights, overBudgetInsights } from './budget-rules';
import { monthEndCashInsights } from './forecast-rules';
import type { InsightDraft, InsightFacts } from './insight-facts';
import { goalBehindInsights, unallocatedLeftoverInsights } from './savings-rules';
import { spendingDropInsights, spendingRiseInsights } from './spending-rules';
import { missedChargeInsights, priceRiseInsights } from './subscription-rules';

/**
 * The insight engine (SPEC §3): deterministic rules over one person's facts, each finding true to the
 * numbers it quotes and carrying them as figures. No clock and no randomness: the same facts always give
 * the same insights in the same order.
 */

export * from './budget-rules';
export * from './forecast-rules';
export * from './savings-rules';
export * from './spending-rules';
export * from './subscription-rules';

/** One rule: facts in, its findings out (none when it has nothing true and useful to say). */
export type InsightRule = (facts: InsightFacts) => InsightDraft[];

/** Every rule, by SPEC §3 type: spending, budget, savings, prediction, recommendation. */
export const INSIGHT_RULES: readonly InsightRule[] = [
  spendingRiseInsights,
  spendingDropInsights,
  overBudgetInsights,
  budgetPaceInsights,
  unallocatedLeftoverInsights,
  goalBehindInsights,
  monthEndCashInsights,
  priceRiseInsights,
  missedChargeInsights,
];

const PRIORITY_RANK: Record<InsightPriority, number> = { high: 0, medium: 1, low: 2 };

/** High priority first, then the surer, then by key (compared by code unit, whatever the locale). */
export function compareInsights(a: InsightDraft, b: InsightDraft): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    b.confidence - a.confidence ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/** All the rules' findings, most important first; one per key (the first, if rules ever overlapped). */
export function generateInsights(facts: InsightFacts): InsightDraft[] {
  const seen = new Set<string>();
  return INSIGHT_RULES.flatMap((rule) => rule(facts))
    .sort(compareInsights)
    .filter((i) => !seen.has(i.key) && seen.add(i.key) !== undefined);
}
