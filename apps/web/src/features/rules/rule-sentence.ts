import {
  type Cents,
  categoryName,
  formatMoney,
  type Rule,
  type RuleField,
  type RuleOperator,
} from '@tally/shared';

/** What a rule says, as its sentence needs it (a saved rule, or the one being written in the dialog). */
export type SentenceRule = Pick<
  Rule,
  | 'field'
  | 'operator'
  | 'pattern'
  | 'minAmount'
  | 'maxAmount'
  | 'accountId'
  | 'accountName'
  | 'setCategory'
  | 'renameMerchant'
>;

/** One run of the sentence, named by its role (a stable key); the values the person chose are emphasised. */
export type SentencePart = { key: string; text: string; value?: true };

export const FIELD_LABELS: Record<RuleField, string> = {
  either: 'Description or merchant',
  description: 'Description',
  merchant: 'Merchant',
};

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  contains: 'contains',
  startsWith: 'starts with',
  equals: 'is exactly',
};

function amountParts(min: Cents | null, max: Cents | null): SentencePart[] {
  if (min !== null && max !== null) {
    if (min === max)
      return [
        { key: 'amount', text: ' and the amount is exactly ' },
        { key: 'min', text: formatMoney(min), value: true },
      ];
    return [
      { key: 'amount', text: ' and the amount is between ' },
      { key: 'min', text: formatMoney(min), value: true },
      { key: 'and', text: ' and ' },
      { key: 'max', text: formatMoney(max), value: true },
    ];
  }
  if (min !== null)
    return [
      { key: 'amount', text: ' and the amount is at least ' },
      { key: 'min', text: formatMoney(min), value: true },
    ];
  if (max !== null)
    return [
      { key: 'amount', text: ' and the amount is at most ' },
      { key: 'max', text: formatMoney(max), value: true },
    ];
  return [];
}

function accountParts(accountId: string | null, accountName: string | null): SentencePart[] {
  if (accountId === null) return [];
  // The account was disconnected or removed: the rule still names it, and matches nothing until edited.
  if (accountName === null) return [{ key: 'in', text: ' in an account that is no longer connected' }];
  return [
    { key: 'in', text: ' in ' },
    { key: 'account', text: accountName, value: true },
  ];
}

function actionParts(setCategory: number | null, renameMerchant: string | null): SentencePart[] {
  const parts: SentencePart[] = [];
  if (setCategory !== null)
    parts.push(
      { key: 'set', text: 'set category ' },
      { key: 'category', text: categoryName(setCategory), value: true },
    );
  const name = renameMerchant?.trim() ?? '';
  if (name !== '')
    parts.push(
      { key: 'rename', text: parts.length > 0 ? ', rename merchant to ' : 'rename merchant to ' },
      { key: 'merchant', text: name, value: true },
    );
  return parts.length > 0 ? parts : [{ key: 'nothing', text: 'nothing yet' }];
}

/**
 * A rule read as a sentence: 'When description or merchant contains "starbucks" and the amount is between
 * $5.00 and $20.00 in Everyday Checking → set category Dining Out, rename merchant to Starbucks'.
 */
export function ruleSentence(rule: SentenceRule): SentencePart[] {
  const pattern = rule.pattern.trim();
  return [
    {
      key: 'when',
      text: `When ${FIELD_LABELS[rule.field].toLowerCase()} ${OPERATOR_LABELS[rule.operator]} `,
    },
    { key: 'pattern', text: `"${pattern || '…'}"`, value: true },
    ...amountParts(rule.minAmount, rule.maxAmount),
    ...accountParts(rule.accountId, rule.accountName),
    { key: 'then', text: ' → ' },
    ...actionParts(rule.setCategory, rule.renameMerchant),
  ];
}

export const ruleSentenceText = (rule: SentenceRule) =>
  ruleSentence(rule)
    .map((p) => p.text)
    .join('');
