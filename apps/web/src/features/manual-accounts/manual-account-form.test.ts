import { describe, expect, it } from 'vitest';
import {
  emptyManualAccountForm,
  fieldOfAccountMessage,
  type ManualAccountFormValues,
  subtypeForType,
  toCreateManualAccountBody,
  validateManualAccountForm,
} from './manual-account-form';

const values = (patch: Partial<ManualAccountFormValues> = {}): ManualAccountFormValues => ({
  ...emptyManualAccountForm(),
  name: 'Cash wallet',
  ...patch,
});

describe('subtypeForType', () => {
  it.each([
    ['2', 'checking', 'creditcard'],
    ['0', 'savings', 'savings'],
    ['4', 'checking', null],
    ['3', null, null],
    [null, 'checking', null],
  ])('type %s with %s → %s', (type, subtype, expected) =>
    expect(subtypeForType(type, subtype)).toBe(expected),
  );
});

describe('manual account form', () => {
  it('takes an empty opening balance as 0', () => {
    expect(toCreateManualAccountBody(values())).toEqual({
      name: 'Cash wallet',
      type: 0,
      subtype: 'checking',
      openingBalance: 0,
    });
  });

  it.each([
    [{ name: ' ' }, 'name', 'Account name is required'],
    [{ name: 'n'.repeat(101) }, 'name', 'Account name must be at most 100 characters'],
    [{ type: null }, 'type', 'Choose an account type'],
    [{ subtype: null }, 'subtype', 'Choose a subtype'],
    [{ type: '4', subtype: 'checking' }, 'subtype', 'Choose a subtype of this account type'],
    [{ openingBalance: 12.345 }, 'openingBalance', 'Opening balance can have at most 2 decimals'],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(validateManualAccountForm(values(patch), false)[field]).toBe(message);
  });

  it('lets an overdrawn account open below zero', () => {
    expect(validateManualAccountForm(values({ openingBalance: -40 }), false)).toEqual({});
  });

  it.each([
    ['Account name is required', 'name'],
    ['Opening balance must be at most $100,000,000', 'openingBalance'],
    ['Choose a subtype of this account type', 'subtype'],
    ['Something else', null],
  ])('%s is about %s', (message, field) => expect(fieldOfAccountMessage(message)).toBe(field));
});
