import { describe, expect, it } from 'vitest';
import { ruleSentence, ruleSentenceText, type SentenceRule } from './rule-sentence';

/** Amounts in cents, as a saved rule holds them. */
const base: SentenceRule = {
  field: 'either',
  operator: 'contains',
  pattern: 'starbucks',
  minAmount: null,
  maxAmount: null,
  accountId: null,
  accountName: null,
  setCategory: 21,
  renameMerchant: null,
};

describe('ruleSentence', () => {
  it.each<[string, Partial<SentenceRule>, string]>([
    [
      'every condition and both actions',
      {
        minAmount: 500,
        maxAmount: 2_000,
        accountId: 'a1',
        accountName: 'Everyday Checking',
        renameMerchant: 'Starbucks',
      },
      'When description or merchant contains "starbucks" and the amount is between $5.00 and $20.00 in Everyday Checking → set category Dining Out, rename merchant to Starbucks',
    ],
    ['only the text', {}, 'When description or merchant contains "starbucks" → set category Dining Out'],
    [
      'the description, starting with',
      { field: 'description', operator: 'startsWith', pattern: 'OAK ST' },
      'When description starts with "OAK ST" → set category Dining Out',
    ],
    [
      'the merchant, exactly, renamed only',
      {
        field: 'merchant',
        operator: 'equals',
        pattern: 'uber trip',
        setCategory: null,
        renameMerchant: 'Uber',
      },
      'When merchant is exactly "uber trip" → rename merchant to Uber',
    ],
    [
      'a minimum only',
      { minAmount: 10_000 },
      'When description or merchant contains "starbucks" and the amount is at least $100.00 → set category Dining Out',
    ],
    [
      'a maximum only',
      { maxAmount: 123_450 },
      'When description or merchant contains "starbucks" and the amount is at most $1,234.50 → set category Dining Out',
    ],
    [
      'the same minimum and maximum',
      { minAmount: 999, maxAmount: 999 },
      'When description or merchant contains "starbucks" and the amount is exactly $9.99 → set category Dining Out',
    ],
    [
      'a zero minimum',
      { minAmount: 0, maxAmount: 1_000 },
      'When description or merchant contains "starbucks" and the amount is between $0.00 and $10.00 → set category Dining Out',
    ],
    [
      'an account no longer connected',
      { accountId: 'a1', accountName: null },
      'When description or merchant contains "starbucks" in an account that is no longer connected → set category Dining Out',
    ],
    [
      'a rule still being written',
      { pattern: '  ', setCategory: null, renameMerchant: ' ' },
      'When description or merchant contains "…" → nothing yet',
    ],
    [
      'code 99 by its label',
      { setCategory: 99 },
      'When description or merchant contains "starbucks" → set category Other',
    ],
  ])('reads %s', (_name, patch, expected) => {
    expect(ruleSentenceText({ ...base, ...patch })).toBe(expected);
  });

  it('emphasises only what the person chose', () => {
    const values = ruleSentence({
      ...base,
      minAmount: 500,
      maxAmount: 2_000,
      accountId: 'a1',
      accountName: 'Checking',
      renameMerchant: 'Starbucks',
    })
      .filter((p) => p.value)
      .map((p) => p.text);
    expect(values).toEqual(['"starbucks"', '$5.00', '$20.00', 'Checking', 'Dining Out', 'Starbucks']);
  });

  it('gives every part a distinct key', () => {
    const parts = ruleSentence({
      ...base,
      minAmount: 500,
      maxAmount: 2_000,
      accountId: 'a1',
      accountName: 'Checking',
      renameMerchant: 'S',
    });
    expect(new Set(parts.map((p) => p.key)).size).toBe(parts.length);
  });
});
