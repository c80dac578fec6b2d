/** Account type codes on the wire (SPEC §3): 0 depository, 2 credit, 3 investment, 4 loans. */
export const ACCOUNT_TYPE = { Depository: 0, Credit: 2, Investment: 3, Loan: 4 } as const;
export type AccountTypeCode = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

export const ACCOUNT_GROUPS: { type: AccountTypeCode; label: string }[] = [
  { type: ACCOUNT_TYPE.Depository, label: 'Depository Accounts' },
  { type: ACCOUNT_TYPE.Investment, label: 'Investment Accounts' },
  { type: ACCOUNT_TYPE.Credit, label: 'Credit Accounts' },
  { type: ACCOUNT_TYPE.Loan, label: 'Loans & Mortgages' },
];

export function accountTypeLabel(type: number): string {
  return { 0: 'Depository', 2: 'Credit', 3: 'Investment', 4: 'Loan' }[type] ?? 'Other';
}

/** Plaid's account type names to our codes; 'other' counts as depository. */
export function accountTypeFromProvider(type: string): AccountTypeCode {
  switch (type) {
    case 'credit':
      return ACCOUNT_TYPE.Credit;
    case 'investment':
    case 'brokerage':
      return ACCOUNT_TYPE.Investment;
    case 'loan':
      return ACCOUNT_TYPE.Loan;
    default:
      return ACCOUNT_TYPE.Depository;
  }
}
