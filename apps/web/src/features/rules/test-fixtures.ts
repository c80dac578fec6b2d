import type { account, rule, rulePreview } from '@tally/shared';
import type { z } from 'zod';

/*
 * Rules, accounts and previews as the API sends them: amounts in dollars. Hand them to fakeApi as they are;
 * a test that gives one with amounts straight to a component or a function reads it through its schema
 * first (`rule.parse(aRule())`), as the client does, so it holds cents.
 */
type Account = z.input<typeof account>;
type Rule = z.input<typeof rule>;
type RulePreview = z.input<typeof rulePreview>;

export const STARBUCKS_ID = '7a1e3c52-1b2d-4c3e-8f40-000000000001';
export const RENT_ID = '7a1e3c52-1b2d-4c3e-8f40-000000000002';
export const UBER_ID = '7a1e3c52-1b2d-4c3e-8f40-000000000003';
export const CHECKING_ID = '7a1e3c52-1b2d-4c3e-8f40-000000000100';

/** When description or merchant contains "starbucks" → set category Dining Out; override what a test is about. */
export const aRule = (over: Partial<Rule> = {}): Rule => ({
  id: STARBUCKS_ID,
  position: 1,
  field: 'either',
  operator: 'contains',
  pattern: 'starbucks',
  minAmount: null,
  maxAmount: null,
  accountId: null,
  accountName: null,
  setCategory: 21,
  setCategoryName: 'Dining Out',
  renameMerchant: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...over,
});

/** Three rules in the order the server lists them. */
export const threeRules = (): Rule[] => [
  aRule(),
  aRule({
    id: RENT_ID,
    position: 2,
    field: 'description',
    operator: 'startsWith',
    pattern: 'Oak Street Properties',
    setCategory: 10,
    setCategoryName: 'Rent/Mortgage',
  }),
  aRule({
    id: UBER_ID,
    position: 3,
    field: 'merchant',
    operator: 'equals',
    pattern: 'uber trip',
    setCategory: null,
    setCategoryName: null,
    renameMerchant: 'Uber',
  }),
];

export const anAccount = (over: Partial<Account> = {}): Account => ({
  id: CHECKING_ID,
  connectionId: '7a1e3c52-1b2d-4c3e-8f40-000000000200',
  institutionName: 'Harbor National Bank',
  name: 'Everyday Checking',
  officialName: 'Harbor Everyday Checking',
  mask: '4821',
  type: 0,
  subtype: 'checking',
  currentBalance: 4200,
  availableBalance: 4100,
  isActive: true,
  isManual: false,
  openingBalance: null,
  ...over,
});

export const aPreview = (over: Partial<RulePreview> = {}): RulePreview => ({
  matching: 14,
  changing: 12,
  examples: Array.from({ length: 10 }, (_, i) => ({
    id: `7a1e3c52-1b2d-4c3e-8f40-0000000003${String(i).padStart(2, '0')}`,
    date: `2026-10-${String(20 - i).padStart(2, '0')}`,
    description: `STARBUCKS STORE #${1000 + i}`,
    merchantName: 'Starbucks',
    amount: -(4.5 + i),
    fromCategoryName: 'Shopping',
    toCategoryName: 'Dining Out',
    toMerchantName: null,
  })),
  ...over,
});
