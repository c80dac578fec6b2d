import { z } from 'zod';

/**
 * Money is integer cents everywhere inside Tally.
 * Sign convention (the one place it is written down): positive = money in (income, refunds),
 * negative = money out (spending). Dollars appear only at the API and UI edges.
 */
export type Cents = number;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/**
 * Parses a decimal string ("12.3", "-0.07", "1e2" is rejected) into exact cents.
 * Digits past the second decimal are rounded half away from zero on the digit string, never through floats.
 */
export function parseCents(text: string): Cents {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${text}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** A JSON number of dollars (as clients and providers send them) to cents, via its shortest decimal form. */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  return parseCents(dollars.toFixed(10).replace(/0+$/, '').replace(/\.$/, ''));
}

/**
 * A number as typed with at most two decimals (dollars, or a percent): 12.34 yes, 12.345 no. Read from the
 * number's shortest decimal form (what was typed: 0.07 is "0.07" though 0.07 * 100 is 7.000000000000001), so it
 * holds at every size, $999,999,999.99 included.
 */
export const hasAtMostTwoDecimals = (n: number): boolean => TWO_DECIMALS.test(String(n));
const TWO_DECIMALS = /^-?\d+(?:\.\d{1,2})?$/;

/** Cents to a dollars number with at most 2 decimals, for JSON responses. */
export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** en-US dollars, e.g. -$1,234.50. */
export function formatMoney(cents: Cents): string {
  // -0 (e.g. negating a zero balance) would otherwise print as "-$0.00".
  return usd.format(cents === 0 ? 0 : cents / 100);
}

/**
 * An amount of money in an API answer. The wire speaks dollars (JSON numbers, as the SPEC shows them); both
 * sides of it hold cents. The server answers in cents and its serializer writes dollars (encode); the web's
 * client reads an answer through the same schema and gets cents back (decode). So no code on either side
 * converts an answer's amounts by hand, and no amount is in dollars once it is off the wire.
 */
export const money = z
  .codec(z.number(), z.number().refine(Number.isSafeInteger, 'Not a whole number of cents'), {
    decode: dollarsToCents,
    encode: centsToDollars,
  })
  // The API's documentation describes the wire, where an amount is dollars; a refinement (not z.int()) keeps
  // the cents side a plain number there too, since the documentation is drawn from a response's output side.
  .describe('US dollars, to the cent');
