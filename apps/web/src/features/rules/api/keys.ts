/**
 * The rules screen's query keys. Applying a rule changes transactions, so that call also invalidates
 * queryKeys.transactions.all (lib/query-keys).
 */
const rules = ['rules'] as const;

export const ruleKeys = {
  all: rules,
  list: [...rules, 'list'] as const,
  /** GET /rules/{id}/preview: what applying one rule to past transactions would change. */
  preview: (ruleId: string) => [...rules, 'preview', ruleId] as const,
};
