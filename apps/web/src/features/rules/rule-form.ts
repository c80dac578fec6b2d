import {
  CATEGORIES,
  type Cents,
  centsToDollars,
  dollarsToCents,
  isCategoryCode,
  MAX_RULE_PATTERN_LENGTH,
  type Rule,
  type RuleField,
  type RuleOperator,
  ruleBody,
  ruleField,
} from '@tally/shared';
import { zodErrors } from '../../lib/form';
import { RULE_PREFILL_PARAMS } from '../../lib/rules-url';
import type { RuleInput } from './api/create-rule';
import type { SentenceRule } from './rule-sentence';

/** The create/edit dialog's fields. Amounts are dollars ('' when empty); the category is the select's value. */
export type RuleFormValues = {
  field: RuleField;
  operator: RuleOperator;
  pattern: string;
  minAmount: number | '';
  maxAmount: number | '';
  accountId: string | null;
  setCategory: string | null;
  renameMerchant: string;
};

export const emptyRuleForm = (): RuleFormValues => ({
  field: 'either',
  operator: 'contains',
  pattern: '',
  minAmount: '',
  maxAmount: '',
  accountId: null,
  setCategory: null,
  renameMerchant: '',
});

export const ruleForm = (rule: Rule): RuleFormValues => ({
  field: rule.field,
  operator: rule.operator,
  pattern: rule.pattern,
  minAmount: rule.minAmount === null ? '' : centsToDollars(rule.minAmount),
  maxAmount: rule.maxAmount === null ? '' : centsToDollars(rule.maxAmount),
  accountId: rule.accountId,
  setCategory: rule.setCategory === null ? null : String(rule.setCategory),
  renameMerchant: rule.renameMerchant ?? '',
});

const amountOrNull = (value: number | '') => (value === '' ? null : value);
const categoryOrNull = (value: string | null) => (value === null || value === '' ? null : Number(value));

/** The body POST /rules and PUT /rules/{id} take; the shared schema trims and checks it. */
export const toRuleBody = (values: RuleFormValues): RuleInput => ({
  field: values.field,
  operator: values.operator,
  pattern: values.pattern,
  minAmount: amountOrNull(values.minAmount),
  maxAmount: amountOrNull(values.maxAmount),
  accountId: values.accountId,
  setCategory: categoryOrNull(values.setCategory),
  renameMerchant: values.renameMerchant.trim() === '' ? null : values.renameMerchant,
});

/** Each field's first problem, in the words the server would use (the same shared schema). */
export const validateRuleForm = (values: RuleFormValues) => zodErrors(ruleBody, toRuleBody(values));

/** Typed dollars in cents, as a saved rule holds them; an amount too large to hold reads as none. */
function centsOrNull(value: number | ''): Cents | null {
  if (value === '') return null;
  try {
    return dollarsToCents(value);
  } catch {
    return null;
  }
}

/** The rule as its sentence reads while it is being written (its amounts in cents, as a saved rule's). */
export const sentenceOfForm = (values: RuleFormValues, accountName: string | null): SentenceRule => ({
  field: values.field,
  operator: values.operator,
  pattern: values.pattern,
  minAmount: centsOrNull(values.minAmount),
  maxAmount: centsOrNull(values.maxAmount),
  accountId: values.accountId,
  accountName,
  setCategory: categoryOrNull(values.setCategory),
  renameMerchant: values.renameMerchant.trim() === '' ? null : values.renameMerchant,
});

/** Which field a refusal from the server is about, so it shows there too; null when it is about none. */
export function fieldOfServerMessage(message: string): keyof RuleFormValues | null {
  if (message === 'Enter the text to match' || message.startsWith('The text to match')) return 'pattern';
  if (message.startsWith('Minimum amount')) return 'minAmount';
  if (message.startsWith('Maximum amount')) return 'maxAmount';
  if (message === 'Choose a category to set or a merchant name') return 'setCategory';
  if (message.startsWith('The merchant name')) return 'renameMerchant';
  if (message === 'Unknown account' || message === 'Account not found') return 'accountId';
  return null;
}

/**
 * The prefill /rules?pattern=…&category=…&field=… asks for (lib/rules-url, the Edit Category dialog's
 * offer); anything malformed is left out. Null when it asks for none.
 */
export function prefillFromSearchParams(params: URLSearchParams): RuleFormValues | null {
  const P = RULE_PREFILL_PARAMS;
  if (!params.has(P.pattern) && !params.has(P.category)) return null;
  const values = emptyRuleForm();
  values.pattern = (params.get(P.pattern) ?? '').trim().slice(0, MAX_RULE_PATTERN_LENGTH);
  const category = Number(params.get(P.category) ?? Number.NaN);
  if (isCategoryCode(category)) values.setCategory = String(category);
  const field = ruleField.safeParse(params.get(P.field));
  if (field.success) values.field = field.data;
  return values;
}

/** The category select, grouped as the Edit Category dialog shows it (code 99, 'Other', under Uncategorized). */
export function categorySelectData(): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const c of CATEGORIES) {
    const group = c.group === 'Other' ? 'Uncategorized' : c.group;
    const items = groups.get(group) ?? [];
    items.push({ value: String(c.code), label: c.label });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
