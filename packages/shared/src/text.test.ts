import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subscriptionMerchantKey } from './subscriptions/detect';
import { normaliseText, WHITESPACE } from './text';
import { merchantKey } from './transactions/categories';

describe('normaliseText', () => {
  it.each([
    ['Blue  Bottle', 'blue bottle'],
    ['  TRADER\tJOES \n#552 ', 'trader joes #552'],
    ['\u00a0NBSP\u00a0\u2003inside\u3000', 'nbsp inside'],
    ['\ufeffBOM', 'bom'],
    ['   ', ''],
    ['', ''],
    ['100%_Off\\Sale', '100%_off\\sale'],
    ['CAFÉ ÉCLAIR', 'café éclair'],
    ['İSTANBUL', 'i\u0307stanbul'],
    ['\u212aELVIN', 'kelvin'],
    ['ΟΔΟΣ', 'οδος'.replace(/σ$/, 'ς')],
    // NEL is no white space to JavaScript, so none here.
    ['a\u0085b', 'a\u0085b'],
  ])('%j → %j', (text, expected) => {
    expect(normaliseText(text)).toBe(expected);
  });

  it('collapses exactly the white space JavaScript knows (WHITESPACE is \\s, written out)', () => {
    const spaces: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (/\s/.test(String.fromCharCode(code))) spaces.push(String.fromCharCode(code));
    }
    expect([...WHITESPACE]).toEqual(spaces);
  });

  it('equals trim, lower-case and collapse for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(normaliseText(s)).toBe(s.trim().toLowerCase().replace(/\s+/g, ' '));
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(normaliseText(normaliseText(s))).toBe(normaliseText(s));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('merchant keys', () => {
  it.each([
    ['Netflix', 'netflix'],
    ['  NETFLIX  ', 'netflix'],
    ['\u00a0Netflix\u00a0Inc\u2009', 'netflix inc'],
    ['NET\u3000FLIX', 'net flix'],
    ['CAFÉ BRÛLÉ', 'café brûlé'],
  ])('%j is the merchant %j, for categories and for subscriptions alike', (name, key) => {
    expect(merchantKey(name, 'ignored')).toBe(key);
    expect(subscriptionMerchantKey(name, 'ignored')).toBe(key);
  });

  it('falls back to the description when the name is blank, white space of any kind included', () => {
    expect(merchantKey('\u00a0', 'SQ *BLUE\u00a0BOTTLE')).toBe('sq *blue bottle');
    expect(subscriptionMerchantKey('\u00a0\u2003', 'SPOTIFY USA')).toBe('spotify usa');
  });
});
