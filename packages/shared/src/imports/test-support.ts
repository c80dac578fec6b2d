// Writers for tests: amounts and days written the ways banks write them, to read back.
import type { DateFormat } from './imports.schema';

export type AmountStyle = {
  separator: '.' | ',';
  negativeStyle: 'minus' | 'parentheses' | 'trailing' | 'drcr';
  /** '$' before, ' €' after, 'USD ' before with a space, or ''. */
  currency: string;
  grouped: boolean;
};

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

export function writeAmount(cents: number, style: AmountStyle): string {
  const size = Math.abs(cents);
  const whole = String(Math.floor(size / 100));
  const fraction = String(size % 100).padStart(2, '0');
  const group = style.separator === '.' ? ',' : '.';
  const wholeText = style.grouped ? whole.replace(THOUSANDS, group) : whole;
  const number = `${wholeText}${style.separator}${fraction}`;
  const withCurrency = style.currency.startsWith(' ')
    ? `${number}${style.currency}`
    : `${style.currency}${number}`;
  const negative = cents < 0;
  switch (style.negativeStyle) {
    case 'minus':
      return negative ? `-${withCurrency}` : withCurrency;
    case 'parentheses':
      return negative ? `(${withCurrency})` : withCurrency;
    case 'trailing':
      return negative ? `${withCurrency}-` : withCurrency;
    case 'drcr':
      return `${withCurrency} ${negative ? 'DR' : 'CR'}`;
  }
}

/** A 'YYYY-MM-DD' day in `format`. */
export function writeDay(day: string, format: DateFormat): string {
  const [y = '', m = '', d = ''] = day.split('-');
  switch (format) {
    case 'YYYY-MM-DD':
      return day;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'DD.MM.YYYY':
      return `${d}.${m}.${y}`;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
  }
}

/** A CSV cell, quoted when it holds the delimiter, a quote or a line break. */
export function csvCell(value: string, delimiter: string): string {
  return value.includes(delimiter) || value.includes('"') || value.includes('\n') || value.includes('\r')
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}
