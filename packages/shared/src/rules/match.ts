import type { Cents } from '../money';
import type { RuleField, RuleOperator } from './rules.schema';

/** A rule as matching needs it: amounts in cents (compared with the size of the amount). */
export type MatchRule = {
  field: RuleField;
  operator: RuleOperator;
  pattern: string;
  minAmount: Cents | null;
  maxAmount: Cents | null;
  accountId: string | null;
  setCategory: number | null;
  renameMerchant: string | null;
};

export type MatchTransaction = {
  accountId: string;
  description: string;
  merchantName: string | null;
  amount: Cents;
};

/** Case and spacing never matter to a match. */
export const normaliseText = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function textMatches(text: string | null, operator: RuleOperator, pattern: string): boolean {
  if (!text) return false;
  const t = normaliseText(text);
  if (operator === 'equals') return t === pattern;
  if (operator === 'startsWith') return t.startsWith(pattern);
  return t.includes(pattern);
}

/** Whether one rule applies to one transaction. */
export function ruleMatches(rule: MatchRule, t: MatchTransaction): boolean {
  if (rule.accountId !== null && rule.accountId !== t.accountId) return false;
  const size = Math.abs(t.amount);
  if (rule.minAmount !== null && size < rule.minAmount) return false;
  if (rule.maxAmount !== null && size > rule.maxAmount) return false;
  const pattern = normaliseText(rule.pattern);
  const onDescription = rule.field !== 'merchant' && textMatches(t.description, rule.operator, pattern);
  const onMerchant = rule.field !== 'description' && textMatches(t.merchantName, rule.operator, pattern);
  return onDescription || onMerchant;
}

/**
 * What the person's rules, in order, do to a transaction: the first matching rule that sets a category sets
 * it, and the first that renames the merchant renames it. Null fields: no rule said.
 */
export function applyRules(
  rules: readonly MatchRule[],
  t: MatchTransaction,
): { category: number | null; merchantName: string | null } {
  let category: number | null = null;
  let merchantName: string | null = null;
  for (const rule of rules) {
    if (category !== null && merchantName !== null) break;
    if (!ruleMatches(rule, t)) continue;
    if (category === null && rule.setCategory !== null) category = rule.setCategory;
    if (merchantName === null && rule.renameMerchant !== null) merchantName = rule.renameMerchant;
  }
  return { category, merchantName };
}
