import { describe, expect, it } from 'vitest';
import { planOf } from '../plans';
import { ACCOUNT_TYPE } from './account-types';
import { accountsHiddenNotice, accountTotals, groupAccounts, sortAccounts } from './accounts';
import { isManualConnection } from './accounts.schema';

const { Depository, Credit, Investment, Loan } = ACCOUNT_TYPE;

const anAccount = (name: string, type: number) => ({ name, type });

describe('accountTotals', () => {
  it.each([
    { case: 'nothing connected', accounts: [], totalBalance: 0, creditUsed: 0 },
    {
      case: 'depository and investment count toward the balance',
      accounts: [
        { type: Depository, currentBalance: 120_050 },
        { type: Investment, currentBalance: 1_000_000 },
      ],
      totalBalance: 1_120_050,
      creditUsed: 0,
    },
    {
      case: 'credit counts as an absolute value, whichever sign it arrives with',
      accounts: [
        { type: Credit, currentBalance: 45_025 },
        { type: Credit, currentBalance: -4_975 },
      ],
      totalBalance: 0,
      creditUsed: 50_000,
    },
    {
      case: 'loans count toward neither',
      accounts: [
        { type: Loan, currentBalance: 25_000_000 },
        { type: Depository, currentBalance: 10_000 },
      ],
      totalBalance: 10_000,
      creditUsed: 0,
    },
    {
      case: 'an overdrawn checking account lowers the balance',
      accounts: [
        { type: Depository, currentBalance: -2_000 },
        { type: Depository, currentBalance: 5_000 },
      ],
      totalBalance: 3_000,
      creditUsed: 0,
    },
    {
      case: 'cents add up exactly',
      accounts: [
        { type: Depository, currentBalance: 10 },
        { type: Depository, currentBalance: 20 },
      ],
      totalBalance: 30,
      creditUsed: 0,
    },
    {
      case: 'an account of an unknown type counts toward neither',
      accounts: [
        { type: 7, currentBalance: 900 },
        { type: Depository, currentBalance: 100 },
      ],
      totalBalance: 100,
      creditUsed: 0,
    },
  ])('$case', ({ accounts, totalBalance, creditUsed }) => {
    expect(accountTotals(accounts)).toEqual({ totalBalance, creditUsed });
  });
});

describe('sortAccounts', () => {
  it('orders by type (depository, investment, credit, loan, then unknown) and then by name', () => {
    const sorted = sortAccounts([
      anAccount('Mortgage', Loan),
      anAccount('Visa', Credit),
      anAccount('savings', Depository),
      anAccount('Mystery', 1),
      anAccount('Brokerage', Investment),
      anAccount('Checking', Depository),
      anAccount('Amex', Credit),
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
    const sorted = sortAccounts([anAccount('Account 10', Depository), anAccount('Account 9', Depository)]);
    expect(sorted.map((a) => a.name)).toEqual(['Account 9', 'Account 10']);
  });

  it('leaves the list it was given in its order', () => {
    const accounts = [anAccount('Visa', Credit), anAccount('Checking', Depository)];
    sortAccounts(accounts);
    expect(accounts.map((a) => a.name)).toEqual(['Visa', 'Checking']);
  });
});

describe('groupAccounts', () => {
  it('uses the spec headings in order, leaves out empty groups and sorts within each', () => {
    const groups = groupAccounts([
      anAccount('Student loan', Loan),
      anAccount('Savings', Depository),
      anAccount('Checking', Depository),
      anAccount('Visa', Credit),
    ]);
    expect(groups.map((g) => [g.label, g.accounts.map((a) => a.name)])).toEqual([
      ['Depository Accounts', ['Checking', 'Savings']],
      ['Credit Accounts', ['Visa']],
      ['Loans & Mortgages', ['Student loan']],
    ]);
  });

  it('keeps an account of an unknown type under Other Accounts instead of dropping it', () => {
    const groups = groupAccounts([anAccount('Brokerage', Investment), anAccount('Odd', 7)]);
    expect(groups.map((g) => g.label)).toEqual(['Investment Accounts', 'Other Accounts']);
  });
});

describe('isManualConnection', () => {
  it('is the group of accounts kept by hand, not a bank', () => {
    expect(isManualConnection({ provider: 'manual' })).toBe(true);
    expect(isManualConnection({ provider: 'plaid' })).toBe(false);
    expect(isManualConnection({ provider: 'demo' })).toBe(false);
  });
});

describe('accountsHiddenNotice', () => {
  const event = {
    connectionId: 'c1',
    accountId: 'a1',
    institution: 'First Platypus Bank',
    plan: planOf('starter'),
  };

  it('names the bank, how many were hidden and what the plan includes, and links to the plan', () => {
    expect(accountsHiddenNotice({ ...event, hidden: 1 })).toEqual({
      kind: 'accounts_hidden',
      key: 'accounts-hidden:c1:a1',
      title: 'First Platypus Bank: 1 account hidden',
      body:
        'First Platypus Bank reported 1 account more than your Starter plan includes (up to 2 bank accounts), ' +
        'so it is hidden and its transactions are not imported. Upgrade your plan in Settings to see it.',
      link: '/settings#plan',
    });
  });

  it('speaks of several accounts in the plural', () => {
    const notice = accountsHiddenNotice({ ...event, hidden: 3 });
    expect(notice.title).toBe('First Platypus Bank: 3 accounts hidden');
    expect(notice.body).toContain('reported 3 accounts more');
    expect(notice.body).toContain('so they are hidden and their transactions');
    expect(notice.body).toContain('to see them.');
  });
});
