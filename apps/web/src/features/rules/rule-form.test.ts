import { rule as ruleSchema } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyRuleForm,
  fieldOfServerMessage,
  prefillFromSearchParams,
  type RuleFormValues,
  ruleForm,
  toRuleBody,
  validateRuleForm,
} from './rule-form';
import { aRule, CHECKING_ID } from './test-fixtures';

const form = (patch: Partial<RuleFormValues>): RuleFormValues => ({ ...emptyRuleForm(), ...patch });

describe('rule form', () => {
  it('sends empty optional fields as null and the category as its code', () => {
    expect(toRuleBody(form({ pattern: 'starbucks', setCategory: '21', renameMerchant: '  ' }))).toEqual({
      field: 'either',
      operator: 'contains',
      pattern: 'starbucks',
      minAmount: null,
      maxAmount: null,
      accountId: null,
      setCategory: 21,
      renameMerchant: null,
    });
    expect(
      toRuleBody(
        form({ pattern: 'x', minAmount: 5, maxAmount: 20, accountId: CHECKING_ID, renameMerchant: 'X' }),
      ),
    ).toMatchObject({
      minAmount: 5,
      maxAmount: 20,
      accountId: CHECKING_ID,
      setCategory: null,
      renameMerchant: 'X',
    });
  });

  it('reads a saved rule back into the fields, its amounts in dollars as typed', () => {
    const rule = ruleSchema.parse(aRule({ minAmount: 5, maxAmount: null, renameMerchant: 'Starbucks' }));
    expect(ruleForm(rule)).toEqual(
      form({ pattern: 'starbucks', minAmount: 5, setCategory: '21', renameMerchant: 'Starbucks' }),
    );
    expect(toRuleBody(ruleForm(rule))).toMatchObject({ minAmount: 5, maxAmount: null, setCategory: 21 });
  });

  it.each<[string, Partial<RuleFormValues>, Record<string, string>]>([
    [
      'an empty rule',
      {},
      { pattern: 'Enter the text to match', setCategory: 'Choose a category to set or a merchant name' },
    ],
    ['blank text', { pattern: '   ', setCategory: '21' }, { pattern: 'Enter the text to match' }],
    [
      'a minimum above the maximum',
      { pattern: 'x', setCategory: '21', minAmount: 20, maxAmount: 5 },
      { minAmount: 'Minimum amount cannot be more than maximum amount' },
    ],
    [
      'text too long',
      { pattern: 'x'.repeat(101), renameMerchant: 'X' },
      { pattern: 'The text to match must be at most 100 characters' },
    ],
    ['a valid rule', { pattern: 'x', renameMerchant: 'X', minAmount: 5, maxAmount: 5 }, {}],
  ])('checks %s', (_name, patch, errors) => {
    expect(validateRuleForm(form(patch))).toEqual(errors);
  });

  it("puts the server's refusals at their fields", () => {
    expect(fieldOfServerMessage('Enter the text to match')).toBe('pattern');
    expect(fieldOfServerMessage('Minimum amount cannot be more than maximum amount')).toBe('minAmount');
    expect(fieldOfServerMessage('Maximum amount can have at most 2 decimals')).toBe('maxAmount');
    expect(fieldOfServerMessage('Choose a category to set or a merchant name')).toBe('setCategory');
    expect(fieldOfServerMessage('Account not found')).toBe('accountId');
    expect(fieldOfServerMessage('You can have at most 500 rules')).toBeNull();
  });

  it('prefills from the address, leaving out what is malformed', () => {
    expect(
      prefillFromSearchParams(new URLSearchParams('pattern=%20Starbucks%20&category=21&field=merchant')),
    ).toEqual(form({ pattern: 'Starbucks', setCategory: '21', field: 'merchant' }));
    expect(prefillFromSearchParams(new URLSearchParams('pattern=Uber&category=7&field=anything'))).toEqual(
      form({ pattern: 'Uber' }),
    );
    expect(prefillFromSearchParams(new URLSearchParams(`pattern=${'y'.repeat(150)}`))?.pattern).toHaveLength(
      100,
    );
    expect(prefillFromSearchParams(new URLSearchParams('q=coffee'))).toBeNull();
  });
});
