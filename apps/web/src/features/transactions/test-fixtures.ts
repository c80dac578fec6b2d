import type { Transaction } from '@tally/shared';

/** A posted transaction in a linked account; tests change what they are about. */
export const aTransaction = (patch: Partial<Transaction> = {}): Transaction => ({
  id: 'tx-1',
  description: 'Acme Payroll',
  merchantName: 'Acme',
  amount: 2500,
  accountId: 'acc-1',
  accountName: 'Everyday Checking',
  category: 1,
  categoryName: 'Salary',
  date: '2026-03-13',
  pending: false,
  isTransfer: false,
  note: null,
  isManual: false,
  ...patch,
});
