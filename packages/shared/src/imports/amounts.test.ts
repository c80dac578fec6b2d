import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalVote, parseDecimalAmount, parseLabelledAmount } from './amounts';
import { writeAmount } from './test-support';

describe('parseDecimalAmount', () => {
  it.each([
    // Plain.
    ['12', '.', 1200],
    ['12.3', '.', 1230],
    ['-0.07', '.', -7],
    ['+5.00', '.', 500],
    ['.50', '.', 50],
    ['12.', '.', 1200],
    ['  42.10  ', '.', 4210],
    // Thousands separators.
    ['1,234.56', '.', 123456],
    ['1,234,567.89', '.', 123456789],
    ['1.234,56', ',', 123456],
    ['1.234.567,89', ',', 123456789],
    ['-1.234,56', ',', -123456],
    ['12,5', ',', 1250],
    ['1 234,56', ',', 123456],
    ['1\u00a0234,56', ',', 123456],
    ['1\u202f234,56', ',', 123456],
    ["1'234.56", '.', 123456],
    // Parentheses for negatives.
    ['(12.00)', '.', -1200],
    ['($1,234.56)', '.', -123456],
    ['(1.234,56 €)', ',', -123456],
    // Currency symbols and codes, before or after, with the sign on either side.
    ['-$1,234.56', '.', -123456],
    ['$-1,234.56', '.', -123456],
    ['$5', '.', 500],
    ['US$ 5.25', '.', 525],
    ['USD 12.00', '.', 1200],
    ['12.00 USD', '.', 1200],
    ['EUR -12,00', ',', -1200],
    ['-45,67 €', ',', -4567],
    ['£9.99', '.', 999],
    ['R$ 1.234,50', ',', 123450],
    ['12,50 kr', ',', 1250],
    ['1 234,56 zł', ',', 123456],
    // Trailing signs and statement markers.
    ['12.00-', '.', -1200],
    ['12.00 CR', '.', 1200],
    ['12.00CR', '.', 1200],
    ['45.10 DR', '.', -4510],
    ['45.10 dr', '.', -4510],
    ['1.234,56 DR', ',', -123456],
    ['−12.50', '.', -1250],
    // Zero has no sign.
    ['-0.00', '.', 0],
    ['(0.00)', '.', 0],
    ['0,00 DR', ',', 0],
  ] as const)('reads %j with %j as %i cents', (text, separator, cents) => {
    expect(parseDecimalAmount(text, separator)).toBe(cents);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseDecimalAmount('-0.00', '.'), 0)).toBe(true);
    expect(Object.is(parseDecimalAmount('(0)', '.'), 0)).toBe(true);
  });

  it.each([
    ['abc', '.', 'amount "abc" is not a number'],
    ['', '.', 'the amount is empty'],
    ['   ', '.', 'the amount is empty'],
    ['$', '.', 'amount "$" is not a number'],
    ['-', '.', 'amount "-" is not a number'],
    ['12abc', '.', 'amount "12abc" is not a number'],
    ['1e5', '.', 'amount "1e5" is not a number'],
    ['--5', '.', 'amount "--5" is not a number'],
    ['+-5', '.', 'amount "+-5" is not a number'],
    ['(12.00', '.', 'amount "(12.00" is not a number'],
    ['12.00)', '.', 'amount "12.00)" is not a number'],
    ['1.2.3', '.', 'amount "1.2.3" is not a number'],
    ['12-34', '.', 'amount "12-34" is not a number'],
    ['1,23,456.00', '.', 'amount "1,23,456.00" is not a number'],
    // The wrong separator: the message says which one was expected.
    ['1,23', '.', 'amount "1,23" is not a number with "." as the decimal separator'],
    ['1.234,56', '.', 'amount "1.234,56" is not a number with "." as the decimal separator'],
    ['1,234.56', ',', 'amount "1,234.56" is not a number with "," as the decimal separator'],
    ['100000000.01', '.', 'amount "100000000.01" is larger than $100,000,000'],
    ['99999999999999999999999', '.', 'amount "99999999999999999999999" is larger than $100,000,000'],
  ] as const)('refuses %j with %j: %s', (text, separator, message) => {
    expect(() => parseDecimalAmount(text, separator)).toThrow(new RangeError(message));
  });

  it('names the column it read in the reason', () => {
    expect(() => parseLabelledAmount('n/a', '.', 'debit')).toThrow('debit "n/a" is not a number');
  });

  it('accepts the largest amount a person may enter', () => {
    expect(parseDecimalAmount('-100,000,000.00', '.')).toBe(-10_000_000_000);
  });

  it('reads any cents written in any style back exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.constantFrom('.', ','),
        fc.constantFrom('minus', 'parentheses', 'trailing', 'drcr'),
        fc.constantFrom('', '$', ' €', 'USD '),
        fc.boolean(),
        (cents, separator, negativeStyle, currency, grouped) => {
          const text = writeAmount(cents, { separator, negativeStyle, currency, grouped });
          expect(parseDecimalAmount(text, separator)).toBe(cents);
        },
      ),
    );
  });
});

describe('DecimalVote', () => {
  const vote = (values: string[]) => {
    const v = new DecimalVote();
    for (const value of values) v.add(value);
    return v.result();
  };

  it.each([
    [['-12.50', '3.00'], '.'],
    [['-12,50', '3,00'], ','],
    [['1,234.56'], '.'],
    [['1.234,56'], ','],
    [['1.234.567'], ','],
    [['1,234,567'], '.'],
    // '1.234' alone could be either: another value decides.
    [['1.234', '5,5'], ','],
    [['1,234', '5.5'], '.'],
    [['1.234'], null],
    [['12', '-3'], null],
    [[], null],
  ] as const)('%j → %j', (values, expected) => {
    expect(vote([...values])).toBe(expected);
  });
});

describe('fractions of a cent', () => {
  it('refuses them rather than rounding, and takes trailing zeros', () => {
    expect(() => parseLabelledAmount('12.345', '.', 'amount')).toThrow(
      'amount "12.345" has a fraction of a cent',
    );
    expect(parseLabelledAmount('12.340', '.', 'amount')).toBe(1234);
    expect(parseLabelledAmount('-12,3400', ',', 'amount')).toBe(-1234);
  });
});
