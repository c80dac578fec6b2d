import { ACCOUNT_TYPE, type AccountTypeCode, accountTypeLabel, MANUAL_SUBTYPES } from '@tally/shared';

const SUBTYPE_LABELS: Record<string, string> = {
  cd: 'CD',
  ira: 'IRA',
  '401k': '401(k)',
  '403b': '403(b)',
  hsa: 'HSA',
  creditcard: 'Credit Card',
  'credit card': 'Credit Card',
  moneymarket: 'Money Market',
  'money market': 'Money Market',
  cashmanagement: 'Cash Management',
  'cash management': 'Cash Management',
  paypal: 'PayPal',
  student: 'Student Loan',
  mortgage: 'Mortgage',
  auto: 'Auto Loan',
  personal: 'Personal Loan',
};

/** Plaid's subtype words as people write them: 'creditcard' → 'Credit Card', '401k' → '401(k)'. */
export function subtypeLabel(subtype: string | null): string | null {
  if (!subtype) return null;
  const known = SUBTYPE_LABELS[subtype.toLowerCase()];
  if (known) return known;
  return subtype
    .split(/[\s_-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export type ManualAccountType = keyof typeof MANUAL_SUBTYPES;

/** The types a manual account can have, in the order the Accounts screen groups them. */
export const MANUAL_TYPE_OPTIONS: { value: string; label: string }[] = (
  [ACCOUNT_TYPE.Depository, ACCOUNT_TYPE.Credit, ACCOUNT_TYPE.Investment, ACCOUNT_TYPE.Loan] as const
).map((type: AccountTypeCode) => ({ value: String(type), label: accountTypeLabel(type) }));

export function isManualAccountType(type: number): type is ManualAccountType {
  return Object.hasOwn(MANUAL_SUBTYPES, type);
}

/** The subtypes a manual account of `type` may have, as select options; none for an unknown type. */
export function manualSubtypeOptions(type: number | null): { value: string; label: string }[] {
  if (type === null || !isManualAccountType(type)) return [];
  return MANUAL_SUBTYPES[type].map((subtype) => ({
    value: subtype,
    label: subtypeLabel(subtype) ?? subtype,
  }));
}
