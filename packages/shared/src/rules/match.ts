import type { Cents } from '../money';
import { normaliseText } from '../text';
import type { CategoryCode } from '../transactions/categories';
import type { RuleField, RuleOperator } from './rules.schema';

/** A rule as matching needs it: amounts in cents (compared with the size of the amount). */
export type MatchRule = {
  field: RuleField;
  operator: RuleOperator;
  pattern: string;
  minAmount: Cents | null;
  maxAmount: Cents | null;
  accountId: string | null;
  setCategory: CategoryCode | null;
  renameMerchant: string | null;
};

export type MatchTransaction = {
  accountId: string;
  description: string;
  merchantName: string | null;
  amount: Cents;
};

function textMatches(normalised: string | null, operator: RuleOperator, pattern: string): boolean {
  if (!normalised) return false;
  if (operator === 'equals') return normalised === pattern;
  if (operator === 'startsWith') return normalised.startsWith(pattern);
  return normalised.includes(pattern);
}

/** A transaction's texts, normalised once for all the rules tried on it. */
type Texts = { description: string; merchantName: string | null };
const textsOf = (t: MatchTransaction): Texts => ({
  description: normaliseText(t.description),
  merchantName: t.merchantName === null ? null : normaliseText(t.merchantName),
});

/** Each rule's normalised pattern, worked out again only when its pattern changed. */
const patterns = new WeakMap<MatchRule, { raw: string; normalised: string }>();
function patternOf(rule: MatchRule): string {
  const known = patterns.get(rule);
  if (known?.raw === rule.pattern) return known.normalised;
  const normalised = normaliseText(rule.pattern);
  patterns.set(rule, { raw: rule.pattern, normalised });
  return normalised;
}

function matches(rule: MatchRule, t: MatchTransaction, texts: Texts): boolean {
  if (rule.accountId !== null && rule.accountId !== t.accountId) return false;
  const size = Math.abs(t.amount);
  if (rule.minAmount !== null && size < rule.minAmount) return false;
  if (rule.maxAmount !== null && size > rule.maxAmount) return false;
  const pattern = patternOf(rule);
  if (pattern === '') return false;
  return (
    (rule.field !== 'merchant' && textMatches(texts.description, rule.operator, pattern)) ||
    (rule.field !== 'description' && textMatches(texts.merchantName, rule.operator, pattern))
  );
}

/** Whether one rule applies to one transaction. A pattern of nothing but spaces matches nothing. */
export function ruleMatches(rule: MatchRule, t: MatchTransaction): boolean {
  return matches(rule, t, textsOf(t));
}

/**
 * What the person's rules, in order, do to a transaction: the first matching rule that sets a category sets
 * it, and the first that renames the merchant renames it. Null fields: no rule said.
 */
export function applyRules(
  rules: readonly MatchRule[],
  t: MatchTransaction,
): { category: CategoryCode | null; merchantName: string | null } {
  let category: CategoryCode | null = null;
  let merchantName: string | null = null;
  const texts = textsOf(t);
  for (const rule of rules) {
    if (category !== null && merchantName !== null) break;
    if (!matches(rule, t, texts)) continue;
    if (category === null && rule.setCategory !== null) category = rule.setCategory;
    if (merchantName === null && rule.renameMerchant !== null) merchantName = rule.renameMerchant;
  }
  return { category, merchantName };
}
