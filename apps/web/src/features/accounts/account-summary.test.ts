import type { Account, Connection } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  accountTotals,
  describeRefreshRate,
  groupAccounts,
  pageSummary,
  sortAccounts,
  subtypeLabel,
} from './account-summary';

let nextId = 0;
const anAccount = (over: Partial<Account>): Account => ({
  id: `a${++nextId}`,
  connectionId: 'c1',
  institutionName: 'First Demo Bank',
  name: 'Account',
  officialName: null,
  mask: null,
  type: 0,
  subtype: null,
  currentBalance: 0,
  availableBalance: null,
  isActive: true,
  ...over,
});

const aConnection = (over: Partial<Connection>): Connection => ({
  id: 'c1',
  institutionId: null,
  institutionName: 'First Demo Bank',
  isActive: true,
  lastSyncAt: null,
  accounts: [],
  ...over,
});

describe('accountTotals', () => {
  it.each([
    { case: 'nothing connected', accounts: [], totalBalance: 0, creditBalance: 0 },
    {
      case: 'depository and investment count toward the balance',
      accounts: [
        { type: 0, currentBalance: 1200.5 },
        { type: 3, currentBalance: 10_000 },
      ],
      totalBalance: 11_200.5,
      creditBalance: 0,
    },
    {
      case: 'credit counts as an absolute value, whichever sign it arrives with',
      accounts: [
        { type: 2, currentBalance: 450.25 },
        { type: 2, currentBalance: -49.75 },
      ],
      totalBalance: 0,
      creditBalance: 500,
    },
    {
      case: 'loans count toward neither',
      accounts: [
        { type: 4, currentBalance: 250_000 },
        { type: 0, currentBalance: 100 },
      ],
      totalBalance: 100,
      creditBalance: 0,
    },
    {
      case: 'an overdrawn checking account lowers the balance',
      accounts: [
        { type: 0, currentBalance: -20 },
        { type: 0, currentBalance: 50 },
      ],
      totalBalance: 30,
      creditBalance: 0,
    },
    {
      case: 'cents add up exactly',
      accounts: [
        { type: 0, currentBalance: 0.1 },
        { type: 0, currentBalance: 0.2 },
      ],
      totalBalance: 0.3,
      creditBalance: 0,
    },
  ])('$case', ({ accounts, totalBalance, creditBalance }) => {
    expect(accountTotals(accounts)).toEqual({ totalBalance, creditBalance });
  });
});

describe('pageSummary', () => {
  it('counts every connection but only the active ones toward accounts and money', () => {
    const summary = pageSummary([
      aConnection({
        id: 'c1',
        accounts: [anAccount({ type: 0, currentBalance: 100 }), anAccount({ type: 2, currentBalance: 40 })],
      }),
      aConnection({
        id: 'c2',
        isActive: false,
        accounts: [anAccount({ type: 0, currentBalance: 5000, isActive: false })],
      }),
    ]);
    expect(summary).toEqual({
      totalConnections: 2,
      activeConnections: 1,
      totalAccounts: 2,
      totalBalance: 100,
      creditBalance: 40,
    });
  });
});

describe('sortAccounts', () => {
  it('orders by type (depository, investment, credit, loan, then unknown) and then by name', () => {
    const sorted = sortAccounts([
      anAccount({ name: 'Mortgage', type: 4 }),
      anAccount({ name: 'Visa', type: 2 }),
      anAccount({ name: 'savings', type: 0 }),
      anAccount({ name: 'Mystery', type: 1 }),
      anAccount({ name: 'Brokerage', type: 3 }),
      anAccount({ name: 'Checking', type: 0 }),
      anAccount({ name: 'Amex', type: 2 }),
    ]);
    expect(sorted.map((a) => a.name)).toEqual([
      'Checking',
      'savings',
      'Brokerage',
      'Amex',
      'Visa',
      'Mortgage',
      'Mystery',
    ]);
  });

  it('sorts numbers in names as people count', () => {
    const sorted = sortAccounts([anAccount({ name: 'Account 10' }), anAccount({ name: 'Account 9' })]);
    expect(sorted.map((a) => a.name)).toEqual(['Account 9', 'Account 10']);
  });
});

describe('groupAccounts', () => {
  it('uses the spec headings in order, leaves out empty groups and sorts within each', () => {
    const groups = groupAccounts([
      anAccount({ name: 'Student loan', type: 4 }),
      anAccount({ name: 'Savings', type: 0 }),
      anAccount({ name: 'Checking', type: 0 }),
      anAccount({ name: 'Visa', type: 2 }),
    ]);
    expect(groups.map((g) => [g.label, g.accounts.map((a) => a.name)])).toEqual([
      ['Depository Accounts', ['Checking', 'Savings']],
      ['Credit Accounts', ['Visa']],
      ['Loans & Mortgages', ['Student loan']],
    ]);
  });

  it('keeps an account of an unknown type under Other Accounts instead of dropping it', () => {
    const groups = groupAccounts([
      anAccount({ name: 'Brokerage', type: 3 }),
      anAccount({ name: 'Odd', type: 7 }),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Investment Accounts', 'Other Accounts']);
  });
});

describe('subtypeLabel', () => {
  it.each([
    [null, null],
    ['checking', 'Checking'],
    ['creditcard', 'Credit Card'],
    ['credit card', 'Credit Card'],
    ['401k', '401(k)'],
    ['ira', 'IRA'],
    ['moneymarket', 'Money Market'],
    ['cd', 'CD'],
    ['hsa', 'HSA'],
    ['student', 'Student Loan'],
    ['mortgage', 'Mortgage'],
    ['cash_management', 'Cash Management'],
  ])('%s → %s', (subtype, label) => expect(subtypeLabel(subtype)).toBe(label));
});

describe('describeRefreshRate', () => {
  it.each([
    [30_000, 'every 30 seconds'],
    [60_000, 'every minute'],
    [300_000, 'every 5 minutes'],
  ])('%i ms → %s', (ms, text) => expect(describeRefreshRate(ms)).toBe(text));
});
