import type { Transaction } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyTransactionForm,
  signedAmount,
  type TransactionFormValues,
  toManualTransactionBody,
  transactionForm,
  validateTransactionForm,
} from './transaction-form';

const ACCOUNT = '6a0c1c55-3d6b-4b7e-9d55-000000000001';

const values = (patch: Partial<TransactionFormValues> = {}): TransactionFormValues => ({
  ...emptyTransactionForm('2026-03-14', ACCOUNT),
  description: 'Farmers market',
  amount: 23.4,
  ...patch,
});

describe('signedAmount', () => {
  it.each([
    ['out', 12.5, -12.5],
    ['in', 12.5, 12.5],
    ['out', 0, 0],
    ['in', '', null],
  ] as const)('%s %s → %s', (direction, size, expected) => {
    expect(Object.is(signedAmount(direction, size), expected)).toBe(true);
  });
});

describe('transaction form', () => {
  it('sends money out as a negative amount and money in as a positive one', () => {
    expect(toManualTransactionBody(values())).toEqual({
      accountId: ACCOUNT,
      date: '2026-03-14',
      description: 'Farmers market',
      amount: -23.4,
      category: 99,
      note: null,
    });
    expect(toManualTransactionBody(values({ direction: 'in', note: '  cash back ' }))).toMatchObject({
      amount: 23.4,
      note: 'cash back',
    });
  });

  it('starts an edit from the saved sign and size, in dollars as the field takes them', () => {
    const saved: Transaction = {
      id: 't1',
      description: 'Refund',
      merchantName: null,
      amount: 899,
      accountId: ACCOUNT,
      accountName: 'Cash',
      category: 24,
      categoryName: 'Shopping',
      date: '2026-03-01',
      pending: false,
      isTransfer: false,
      note: null,
      isManual: true,
    };
    expect(transactionForm(saved)).toEqual({
      accountId: ACCOUNT,
      date: '2026-03-01',
      description: 'Refund',
      direction: 'in',
      amount: 8.99,
      category: '24',
      note: '',
    });
    expect(transactionForm({ ...saved, amount: -899 })).toMatchObject({ direction: 'out', amount: 8.99 });
  });

  it.each([
    [{ description: '  ' }, 'description', 'Description is required'],
    [{ amount: '' as const }, 'amount', 'Enter the amount'],
    [{ amount: 0 }, 'amount', 'Amount cannot be 0'],
    [{ amount: 1.234 }, 'amount', 'Amount can have at most 2 decimals'],
    [{ amount: 100_000_001 }, 'amount', 'Amount must be at most $100,000,000'],
    [{ date: null }, 'date', 'Choose a date'],
    [{ accountId: null }, 'accountId', 'Choose an account'],
    [{ note: 'n'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(validateTransactionForm(values(patch))[field]).toBe(message);
  });

  it('finds nothing wrong with a complete transaction', () => {
    expect(validateTransactionForm(values())).toEqual({});
  });
});
