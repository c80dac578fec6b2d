import { describe, expect, it } from 'vitest';
import { CATEGORIES, categoryFromProvider, categoryGroup, categoryName, merchantKey } from './categories';

describe('categoryFromProvider', () => {
  it.each([
    ['INCOME', 'INCOME_WAGES', 1],
    ['INCOME', 'INCOME_DIVIDENDS', 3],
    ['INCOME', 'INCOME_SOMETHING_NEW', 4],
    ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', 20],
    ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT', 21],
    ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT', 10],
    ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', 11],
    ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT', 10],
    ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CAR_PAYMENT', 14],
    ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES', 13],
    ['TRANSPORTATION', 'TRANSPORTATION_GAS', 22],
    ['TRAVEL', 'TRAVEL_FLIGHTS', 26],
    ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS', 25],
    ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES', 24],
    ['GOVERNMENT_AND_NON_PROFIT', 'GOVERNMENT_AND_NON_PROFIT_DONATIONS', 29],
    ['SOMETHING_PLAID_ADDS_LATER', null, 99],
    [null, null, 99],
    ['food_and_drink', 'food_and_drink_groceries', 20],
  ])('maps %s / %s to %i', (primary, detailed, code) => {
    expect(categoryFromProvider(primary, detailed)).toBe(code);
  });
});

describe('category labels and groups', () => {
  it('uses the spec names where they differ from the key', () => {
    expect(categoryName(3)).toBe('Investment Income');
    expect(categoryName(4)).toBe('Other Income');
    expect(categoryName(10)).toBe('Rent/Mortgage');
    expect(categoryName(29)).toBe('Gifts & Donations');
    expect(categoryName(99)).toBe('Other');
    expect(categoryName(12345)).toBe('Other');
  });

  it('groups every code as Income, Fixed, Variable or Other', () => {
    expect(CATEGORIES).toHaveLength(20);
    expect(categoryGroup(1)).toBe('Income');
    expect(categoryGroup(13)).toBe('Fixed Expenses');
    expect(categoryGroup(27)).toBe('Variable Expenses');
    expect(categoryGroup(99)).toBe('Other');
  });
});

describe('merchantKey', () => {
  it('keys by merchant name, case and spacing aside, else by description', () => {
    expect(merchantKey("Trader  Joe's ", 'TRADER JOES #552')).toBe("trader joe's");
    expect(merchantKey(null, 'ACH  PAYROLL ')).toBe('ach payroll');
    expect(merchantKey('', 'Fallback')).toBe('fallback');
  });
});
