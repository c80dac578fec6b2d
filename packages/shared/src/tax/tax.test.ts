import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY } from '../transactions/categories';
import { suggestTaxTag, TAX_TAGS, taxTag, taxTagName } from './tax';

const spend = (
  description: string,
  category: number = CATEGORY.Shopping,
  merchantName: string | null = null,
) => suggestTaxTag({ description, merchantName, category: category as never, amount: -1000 });

describe('suggestTaxTag', () => {
  it.each([
    ['RED CROSS DONATION 0412', 'charitable'],
    ['Donation - Food Bank of Ohio', 'charitable'],
    ['GOODWILL STORE 44', 'charitable'],
    ['CVS/PHARMACY #1234', 'medical'],
    ['Walgreens 0098', 'medical'],
    ['Bright Smile Dental', 'medical'],
    ['State University Tuition', 'education'],
    ['Coursera subscription', 'education'],
    ['Little Stars Daycare', 'childcare'],
    ['STAPLES 00112', 'business'],
    ['WeWork membership', 'business'],
    ['Vanguard Roth IRA contribution', 'retirement'],
    ['County Treasurer property tax', 'property'],
  ])('reads %s as %s', (description, tag) => {
    expect(spend(description)?.tag).toBe(tag);
  });

  it('reads the merchant as well as the description, and says what it found', () => {
    expect(spend('POS 4471', CATEGORY.Shopping, 'Walgreens')).toEqual({
      tag: 'medical',
      reason: '"Walgreens" in the merchant or description',
    });
  });

  it('falls back on the category: healthcare and education spending', () => {
    expect(spend('Dr Lee', CATEGORY.Healthcare)).toEqual({ tag: 'medical', reason: 'its category' });
    expect(spend('Piano lessons', CATEGORY.Education)).toEqual({ tag: 'education', reason: 'its category' });
  });

  it('suggests nothing for everyday spending, words inside other words, or money in', () => {
    for (const description of [
      'Corner grocer',
      'Television store',
      'Old School Pizza',
      'Temple Bar',
      'Shell',
    ]) {
      expect(spend(description), description).toBeNull();
    }
    expect(
      suggestTaxTag({
        description: 'Red Cross donation',
        merchantName: null,
        category: CATEGORY.Gifts,
        amount: 500,
      }),
    ).toBeNull();
  });

  it('answers a known tag or nothing, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string()),
        fc.constantFrom(...Object.values(CATEGORY)),
        (d, m, c) => {
          const hint = suggestTaxTag({ description: d, merchantName: m, category: c, amount: -1 });
          return hint === null || taxTag.safeParse(hint.tag).success;
        },
      ),
    );
  });
});

describe('tax tags', () => {
  it('name every tag, and refuse others with the list', () => {
    for (const { code, name } of TAX_TAGS) expect(taxTagName(code)).toBe(name);
    const refused = taxTag.safeParse('yacht');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Tax tag must be one of: charitable, medical, business, education, childcare, home-office, retirement, property',
    );
  });
});
