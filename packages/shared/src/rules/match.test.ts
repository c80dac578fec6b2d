import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseText } from '../text';
import { applyRules, type MatchRule, type MatchTransaction, ruleMatches } from './match';

const rule = (overrides: Partial<MatchRule> = {}): MatchRule => ({
  field: 'either',
  operator: 'contains',
  pattern: 'coffee',
  minAmount: null,
  maxAmount: null,
  accountId: null,
  setCategory: 21,
  renameMerchant: null,
  ...overrides,
});

const tx = (overrides: Partial<MatchTransaction> = {}): MatchTransaction => ({
  accountId: 'checking',
  description: 'BLUE BOTTLE COFFEE #12',
  merchantName: 'Blue Bottle',
  amount: -450,
  ...overrides,
});

describe('ruleMatches', () => {
  it.each<[string, Partial<MatchRule>, Partial<MatchTransaction>, boolean]>([
    ['contains, any case', { pattern: 'Coffee' }, {}, true],
    ['contains, spacing ignored', { pattern: ' blue   bottle ' }, {}, true],
    ['contains, tab in the text', { pattern: 'blue bottle' }, { description: 'BLUE\tBOTTLE' }, true],
    ['contains, not there', { pattern: 'tea' }, {}, false],
    ['startsWith', { operator: 'startsWith', pattern: 'blue bot' }, {}, true],
    ['startsWith, only inside', { operator: 'startsWith', pattern: 'coffee' }, { merchantName: null }, false],
    ['equals the merchant', { operator: 'equals', pattern: 'BLUE BOTTLE' }, {}, true],
    [
      'equals, description only',
      { operator: 'equals', field: 'description', pattern: 'blue bottle' },
      {},
      false,
    ],
    ['equals, whole description', { operator: 'equals', pattern: 'blue bottle coffee #12' }, {}, true],
    ['merchant field', { field: 'merchant', pattern: 'coffee' }, {}, false],
    ['merchant field, no merchant', { field: 'merchant', pattern: 'blue' }, { merchantName: null }, false],
    ['description field', { field: 'description', pattern: '#12' }, {}, true],
    ['% is a letter, not a wildcard', { pattern: '50%' }, { description: '50% OFF' }, true],
    ['% never matches anything', { pattern: '%' }, {}, false],
    ['_ is a letter', { pattern: 'a_b' }, { description: 'A_B SHOP' }, true],
    ['_ is not any letter', { pattern: 'a_b' }, { description: 'AXB SHOP' }, false],
    ['backslash is a letter', { pattern: 'a\\b' }, { description: 'A\\B' }, true],
    ['backslash escapes nothing', { pattern: '\\%' }, { description: '100%' }, false],
    ['accented letters in any case', { pattern: 'café' }, { description: 'CAFÉ DU MONDE' }, true],
    ['a pattern of spaces matches nothing', { pattern: '   ' }, {}, false],
    ['in the account', { accountId: 'checking' }, {}, true],
    ['another account', { accountId: 'savings' }, {}, false],
    ['at least $4.50 (a payment)', { minAmount: 450 }, {}, true],
    ['at least $4.51', { minAmount: 451 }, {}, false],
    ['at most $4.50', { maxAmount: 450 }, {}, true],
    ['at most $4.49', { maxAmount: 449 }, {}, false],
    ['size of money in', { minAmount: 400, maxAmount: 500 }, { amount: 450 }, true],
    ['zero with no bounds', {}, { amount: 0 }, true],
  ])('%s', (_, r, t, expected) => {
    expect(ruleMatches(rule(r), tx(t))).toBe(expected);
  });

  const text = fc.string({
    unit: fc.constantFrom('a', 'B', 'c', ' ', '\t', '\u00a0', '%', '_', '\\', 'É', 'é', 'İ', 'i', 'K', 'k'),
    maxLength: 12,
  });

  it('ignores case and spacing of the text', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom('contains', 'startsWith', 'equals'),
        (description, pattern, operator) => {
          const r = rule({ operator, pattern, field: 'description' });
          const expected = ruleMatches(r, tx({ description }));
          for (const variant of [
            description.toUpperCase(),
            description.toLowerCase(),
            ` ${description.replace(/ /g, '  ')}\t`,
          ]) {
            expect(ruleMatches(r, tx({ description: variant })), JSON.stringify(variant)).toBe(expected);
          }
        },
      ),
    );
  });

  it('equals ⊆ startsWith ⊆ contains', () => {
    fc.assert(
      fc.property(text, text, (description, pattern) => {
        const matches = (operator: MatchRule['operator']) =>
          ruleMatches(rule({ operator, pattern, field: 'description' }), tx({ description }));
        if (matches('equals')) expect(matches('startsWith')).toBe(true);
        if (matches('startsWith')) expect(matches('contains')).toBe(true);
      }),
    );
  });

  it('a rule made from a description matches it, with every operator and in any case', () => {
    fc.assert(
      fc.property(
        text.filter((s) => normaliseText(s) !== ''),
        fc.constantFrom('contains', 'startsWith', 'equals'),
        (description, operator) => {
          const r = rule({ operator, pattern: description.toUpperCase(), field: 'description' });
          expect(ruleMatches(r, tx({ description: description.toUpperCase() }))).toBe(true);
          expect(
            ruleMatches(rule({ operator, pattern: description, field: 'description' }), tx({ description })),
          ).toBe(true);
        },
      ),
    );
  });

  it('amount bounds look at the size of the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        (amount, minAmount, maxAmount) => {
          const r = rule({ minAmount, maxAmount });
          const size = Math.abs(amount);
          const inside =
            (minAmount === null || size >= minAmount) && (maxAmount === null || size <= maxAmount);
          expect(ruleMatches(r, tx({ amount }))).toBe(inside);
          expect(ruleMatches(r, tx({ amount: -amount }))).toBe(inside);
        },
      ),
    );
  });
});

describe('applyRules', () => {
  const coffee = rule({ pattern: 'coffee', setCategory: 21, renameMerchant: null });
  const bottle = rule({ pattern: 'bottle', setCategory: 24, renameMerchant: 'Blue Bottle Coffee' });
  const tea = rule({ pattern: 'tea', setCategory: 20, renameMerchant: 'Tea Shop' });

  it.each<[string, MatchRule[], { category: number | null; merchantName: string | null }]>([
    ['no rules', [], { category: null, merchantName: null }],
    ['none matches', [tea], { category: null, merchantName: null }],
    ['the first category wins', [coffee, bottle], { category: 21, merchantName: 'Blue Bottle Coffee' }],
    ['order decides', [bottle, coffee], { category: 24, merchantName: 'Blue Bottle Coffee' }],
    [
      'a rename-only rule first leaves the category to the next',
      [rule({ pattern: 'blue', setCategory: null, renameMerchant: 'Blue' }), bottle],
      { category: 24, merchantName: 'Blue' },
    ],
    ['a non-matching rule is skipped', [tea, bottle], { category: 24, merchantName: 'Blue Bottle Coffee' }],
  ])('%s', (_, rules, expected) => {
    expect(applyRules(rules, tx())).toEqual(expected);
  });

  it('follows a rule whose pattern was changed in place', () => {
    const editable = rule({ pattern: 'tea', setCategory: 20 });
    expect(applyRules([editable], tx()).category).toBeNull();
    editable.pattern = 'COFFEE';
    expect(applyRules([editable], tx()).category).toBe(20);
    expect(ruleMatches(editable, tx())).toBe(true);
  });

  it('takes each answer from the first matching rule that gives one', () => {
    const anyRule = fc.record({
      field: fc.constantFrom('description', 'merchant', 'either'),
      operator: fc.constantFrom('contains', 'startsWith', 'equals'),
      pattern: fc.constantFrom('blue', 'coffee', 'bottle', 'tea', 'blue bottle'),
      minAmount: fc.option(fc.integer({ min: 0, max: 1000 })),
      maxAmount: fc.option(fc.integer({ min: 0, max: 1000 })),
      accountId: fc.constantFrom(null, 'checking', 'savings'),
      setCategory: fc.option(fc.constantFrom(20, 21, 24)),
      renameMerchant: fc.option(fc.constantFrom('A', 'B')),
    }) satisfies fc.Arbitrary<MatchRule>;
    fc.assert(
      fc.property(fc.array(anyRule, { maxLength: 8 }), (rules) => {
        const matching = rules.filter((r) => ruleMatches(r, tx()));
        expect(applyRules(rules, tx())).toEqual({
          category: matching.find((r) => r.setCategory !== null)?.setCategory ?? null,
          merchantName: matching.find((r) => r.renameMerchant !== null)?.renameMerchant ?? null,
        });
      }),
    );
  });
});
