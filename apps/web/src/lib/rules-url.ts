import { type CategoryCode, MAX_RULE_PATTERN_LENGTH } from '@tally/shared';

/** The address parameters that open the Rules screen's create dialog prefilled. */
export const RULE_PREFILL_PARAMS = { pattern: 'pattern', category: 'category', field: 'field' } as const;

/** /rules with a new rule prefilled: always give what this transaction is called this category. */
export function newRuleHref(name: string, category: CategoryCode): string {
  const params = new URLSearchParams({
    [RULE_PREFILL_PARAMS.pattern]: name.trim().slice(0, MAX_RULE_PATTERN_LENGTH),
    [RULE_PREFILL_PARAMS.category]: String(category),
    [RULE_PREFILL_PARAMS.field]: 'either',
  });
  return `/rules?${params}`;
}
