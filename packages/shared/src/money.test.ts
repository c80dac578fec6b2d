import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  hasAtMostTwoDecimals,
  money,
  parseCents,
} from './money';

/** A billion dollars either way: far beyond any real balance, well inside exact double arithmetic. */
const REALISTIC_CENTS = 100_000_000_000;
const realisticCents = fc.integer({ min: -REALISTIC_CENTS, max: REALISTIC_CENTS });

describe('parseCents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.3', 1230],
    ['12.30', 1230],
    ['12.', 1200],
    ['0.07', 7],
    ['-0.07', -7],
    ['+0.07', 7],
    ['-12.5', -1250],
    ['007.50', 750],
    ['  42.10  ', 4210],
    ['1234567.89', 123456789],
    // Past the second decimal: half away from zero, decided on the digits, not on a float.
    ['12.345', 1235],
    ['12.344', 1234],
    ['12.3449999', 1234],
    ['-12.345', -1235],
    ['-12.344', -1234],
    ['0.005', 1],
    ['-0.005', -1],
    ['0.995', 100],
    ['9.999', 1000],
    ['1.005', 101],
    ['0.285', 29],
    // Zero has no sign.
    ['-0', 0],
    ['-0.00', 0],
    ['-0.004', 0],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseCents('-0.001'), 0)).toBe(true);
  });

  it.each([
    [''],
    ['   '],
    ['-'],
    ['.'],
    ['abc'],
    ['1e2'],
    ['1E2'],
    ['1,000.00'],
    ['$5.00'],
    ['1.2.3'],
    ['- 5'],
    ['--5'],
    ['0x10'],
    ['Infinity'],
    ['NaN'],
    ['5 USD'],
    ['١٢'],
  ])('rejects %j', (text) => {
    expect(() => parseCents(text)).toThrow(RangeError);
  });

  it('rejects amounts past the safe integer range', () => {
    expect(() => parseCents('90071992547409.92')).toThrow(/out of range/);
    expect(() => parseCents('99999999999999999999')).toThrow(/out of range/);
  });

  it('reads back any amount written as a plain two-decimal string', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const abs = Math.abs(cents);
        const text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        expect(parseCents(text)).toBe(cents);
      }),
    );
  });

  it('reads back what toFixed(2) writes for realistic amounts', () => {
    fc.assert(
      fc.property(realisticCents, (cents) => {
        expect(parseCents(centsToDollars(cents).toFixed(2))).toBe(cents);
      }),
    );
  });

  it('reads back formatMoney output once the $ and thousands separators are removed', () => {
    fc.assert(
      fc.property(realisticCents, (cents) => {
        expect(parseCents(formatMoney(cents).replace(/[$,]/g, ''))).toBe(cents);
      }),
    );
  });
});

describe('dollarsToCents', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [0.1, 10],
    [0.07, 7],
    [-0.07, -7],
    [12.3, 1230],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [-1.005, -101],
    [123456.78, 12345678],
    [1e-7, 0],
  ])('turns %d dollars into %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])('rejects %d', (dollars) => {
    expect(() => dollarsToCents(dollars)).toThrow(RangeError);
  });

  it('undoes centsToDollars for every realistic amount', () => {
    fc.assert(
      fc.property(realisticCents, (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('rounds to whole cents, never further than half a cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (dollars) => {
        const cents = dollarsToCents(dollars);
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(Math.abs(cents - dollars * 100)).toBeLessThanOrEqual(0.5 + 1e-4);
      }),
    );
  });
});

describe('centsToDollars', () => {
  it.each([
    [0, 0],
    [7, 0.07],
    [-7, -0.07],
    [1999, 19.99],
    [-123456789, -1234567.89],
  ])('turns %i cents into %d dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [-0, '$0.00'],
    [7, '$0.07'],
    [-7, '-$0.07'],
    [123450, '$1,234.50'],
    [-123450, '-$1,234.50'],
    [100_000_000, '$1,000,000.00'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([0, 12, 12.3, 12.34, 0.07, -0.07, 1.1, 100_000_000, 99_999_999.99, 999_999_999.99, 134_217_728.02])(
    'accepts %s',
    (n) => {
      expect(hasAtMostTwoDecimals(n)).toBe(true);
    },
  );
  it.each([12.345, 0.001, -0.005, 1 / 3, 1e-7, 999_999_999.999, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s',
    (n) => {
      expect(hasAtMostTwoDecimals(n)).toBe(false);
    },
  );
  it('accepts every amount of whole cents up to $1,000,000,000, as a person types it', () => {
    const typed = fc.integer({ min: -REALISTIC_CENTS, max: REALISTIC_CENTS });
    fc.assert(fc.property(typed, (cents) => hasAtMostTwoDecimals(Number((cents / 100).toFixed(2)))));
  });
});

describe('money (an amount in an API answer)', () => {
  it('reads the wire’s dollars as cents and writes cents as dollars', () => {
    expect(money.decode(12.34)).toBe(1234);
    expect(money.decode(-0.07)).toBe(-7);
    expect(money.encode(1234)).toBe(12.34);
    expect(money.encode(-7)).toBe(-0.07);
  });

  it('gives back the same cents after a trip over the wire, for any amount', () => {
    fc.assert(fc.property(realisticCents, (cents) => money.decode(money.encode(cents)) === cents));
  });

  it('refuses to write a part of a cent, rather than round it silently', () => {
    expect(money.safeEncode(12.5).success).toBe(false);
    expect(money.safeParse('12').success).toBe(false);
  });
});
