// Text compared the way a person reads it: case and spacing never matter.

/**
 * Every character JavaScript counts as white space (`\s`, and what `trim()` removes), written out, so the
 * server's SQL collapses exactly the same characters as normaliseText (text.test.ts checks the two agree).
 */
export const WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const whitespaceRuns = new RegExp(`[${WHITESPACE}]+`, 'g');

/** Case and spacing never matter to a match: runs of white space become one space, ends trimmed, lower case. */
export const normaliseText = (s: string) =>
  s.replace(whitespaceRuns, ' ').replace(/^ | $/g, '').toLowerCase();
