import { describe, expect, it } from 'vitest';
import { amountMode, columnOptions, mappingProblem, withAmountMode } from './mapping';
import { aCsvMapping } from './test-fixtures';

const COLUMNS = ['Buchungstag', 'Verwendungszweck', 'Soll', 'Haben', 'Kategorie'];

describe('withAmountMode', () => {
  it('turns the amount column into the debit and finds the credit column by its header', () => {
    const split = withAmountMode(aCsvMapping({ amount: 2, negateAmount: true }), 'split', COLUMNS);
    expect(split).toMatchObject({ amount: null, debit: 2, credit: 3, negateAmount: false });
    expect(amountMode(split)).toBe('split');
  });

  it('finds both columns by their headers when no amount column was chosen', () => {
    const columns = ['Date', 'Description', 'Money In', 'Money Out'];
    expect(
      withAmountMode(aCsvMapping({ amount: null, debit: null, credit: 2 }), 'single', columns),
    ).toMatchObject({ amount: 2, debit: null, credit: null });
    expect(
      withAmountMode(aCsvMapping({ amount: null, debit: 3, credit: 2 }), 'split', columns),
    ).toMatchObject({
      debit: 3,
      credit: 2,
    });
  });

  it('takes the debit back as the single amount column', () => {
    expect(
      withAmountMode(aCsvMapping({ amount: null, debit: 2, credit: 3 }), 'single', COLUMNS),
    ).toMatchObject({
      amount: 2,
      debit: null,
      credit: null,
    });
  });

  it('leaves a mapping already in the asked mode as it is', () => {
    const mapping = aCsvMapping();
    expect(withAmountMode(mapping, 'single', COLUMNS)).toBe(mapping);
  });
});

describe('columnOptions', () => {
  it('names each column with its first value, shortened, and numbers unnamed ones', () => {
    expect(
      columnOptions(
        ['Date', '', 'Description'],
        [
          ['', '', 'A very long description of a card payment abroad'],
          ['03.01.2024', '-12,50', 'Coffee'],
        ],
      ),
    ).toEqual([
      { value: '0', label: 'Date (03.01.2024)' },
      { value: '1', label: 'Column 2 (-12,50)' },
      { value: '2', label: 'Description (A very long description…)' },
    ]);
  });

  it('does not repeat a header that is its own value (a file without a header row)', () => {
    expect(columnOptions(['Column 1'], [['Column 1']])).toEqual([{ value: '0', label: 'Column 1' }]);
  });
});

describe('mappingProblem', () => {
  it.each([
    ['a complete mapping', aCsvMapping(), null],
    [
      'no amount column',
      aCsvMapping({ amount: null }),
      'Choose the amount column, or the debit and credit columns',
    ],
    [
      'one column twice',
      aCsvMapping({ description: 0 }),
      'Date and Description are the same column; choose different ones',
    ],
    [
      'debit and credit in one column',
      aCsvMapping({ amount: null, debit: 2, credit: 2 }),
      'Debit and Credit are the same column; choose different ones',
    ],
    ['a debit column alone', aCsvMapping({ amount: null, debit: 2 }), null],
  ])('%s → %s', (_, mapping, problem) => expect(mappingProblem(mapping)).toBe(problem));
});
