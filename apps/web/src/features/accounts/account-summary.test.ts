import type { Account, Connection } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { describeRefreshRate, pageSummary, subtypeLabel } from './account-summary';

let nextId = 0;
/** An account as the client hands it over: amounts in cents. */
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
  isManual: false,
  openingBalance: null,
  ...over,
});

const aConnection = (over: Partial<Connection>): Connection => ({
  id: 'c1',
  institutionId: null,
  institutionName: 'First Demo Bank',
  isActive: true,
  lastSyncAt: null,
  provider: 'demo',
  accounts: [],
  ...over,
});

describe('pageSummary', () => {
  it('counts every connection but only the active ones toward accounts and money', () => {
    const summary = pageSummary([
      aConnection({
        id: 'c1',
        accounts: [
          anAccount({ type: 0, currentBalance: 10_000 }),
          anAccount({ type: 2, currentBalance: 4_000 }),
        ],
      }),
      aConnection({
        id: 'c2',
        isActive: false,
        accounts: [anAccount({ type: 0, currentBalance: 500_000, isActive: false })],
      }),
    ]);
    expect(summary).toEqual({
      totalConnections: 2,
      activeConnections: 1,
      totalAccounts: 2,
      manualAccounts: 0,
      totalBalance: 10_000,
      creditUsed: 4_000,
    });
  });

  it('counts manual accounts toward accounts and money, but their group not as a bank connection', () => {
    const summary = pageSummary([
      aConnection({ id: 'c1', accounts: [anAccount({ type: 0, currentBalance: 10_000 })] }),
      aConnection({
        id: 'm1',
        provider: 'manual',
        institutionName: 'Manual accounts',
        accounts: [
          anAccount({ type: 0, currentBalance: 25_050, isManual: true, openingBalance: 20_000 }),
          anAccount({ type: 2, currentBalance: 8_000, isManual: true, openingBalance: 0 }),
        ],
      }),
    ]);
    expect(summary).toEqual({
      totalConnections: 1,
      activeConnections: 1,
      totalAccounts: 3,
      manualAccounts: 2,
      totalBalance: 35_050,
      creditUsed: 8_000,
    });
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
