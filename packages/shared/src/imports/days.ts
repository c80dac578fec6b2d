import type { DateFormat } from './imports.schema';

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const SLASHED = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
/** A time after the day ('2024-03-05T10:00:00Z', '03/05/2024 14:22') is not part of the day. */
const TIME_START = /[T\s]/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two-digit years: 70–99 are 1970s–1990s, 00–69 are 2000–2069 (statements are never older). */
export function fullYear(digits: string): number {
  const n = Number(digits);
  if (digits.length === 4) return n;
  return n >= 70 ? 1900 + n : 2000 + n;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD' when the numbers are a real calendar day (leap years included), else null. */
export function toDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day > last) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The day part of a cell: trimmed, without a trailing time. */
function dayPart(text: string): string {
  const s = text.trim();
  if (s.length <= 10) return s;
  const cut = s.search(TIME_START);
  return cut === -1 ? s : s.slice(0, cut);
}

/**
 * A day written in `format` to 'YYYY-MM-DD', or null when it is not a real day in that format. One- and two-digit
 * days and months are accepted, and two-digit years in the slashed and dotted forms; a time after the day is
 * ignored. YYYY-MM-DD also accepts '/' or '.' between the parts; MM/DD/YYYY and DD/MM/YYYY also accept '-'.
 */
export function parseDay(text: string, format: DateFormat): string | null {
  const s = dayPart(text);
  switch (format) {
    case 'YYYY-MM-DD': {
      const m = ISO.exec(s);
      return m ? toDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
    }
    case 'MM/DD/YYYY': {
      const m = SLASHED.exec(s);
      return m ? toDay(fullYear(m[3] ?? ''), Number(m[1]), Number(m[2])) : null;
    }
    case 'DD/MM/YYYY': {
      const m = SLASHED.exec(s);
      return m ? toDay(fullYear(m[3] ?? ''), Number(m[2]), Number(m[1])) : null;
    }
    case 'DD.MM.YYYY': {
      const m = DOTTED.exec(s);
      return m ? toDay(fullYear(m[3] ?? ''), Number(m[2]), Number(m[1])) : null;
    }
    case 'YYYYMMDD': {
      const m = COMPACT.exec(s);
      return m ? toDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
    }
  }
}

/** The formats a single cell could be written in (several for '01/02/2024'). */
export function dayFormatsOf(text: string): DateFormat[] {
  const s = dayPart(text);
  const found: DateFormat[] = [];
  if (ISO.test(s)) {
    if (parseDay(s, 'YYYY-MM-DD')) found.push('YYYY-MM-DD');
  } else if (SLASHED.test(s)) {
    if (parseDay(s, 'MM/DD/YYYY')) found.push('MM/DD/YYYY');
    if (parseDay(s, 'DD/MM/YYYY')) found.push('DD/MM/YYYY');
  } else if (DOTTED.test(s)) {
    if (parseDay(s, 'DD.MM.YYYY')) found.push('DD.MM.YYYY');
  } else if (COMPACT.test(s)) {
    if (parseDay(s, 'YYYYMMDD')) found.push('YYYYMMDD');
  }
  return found;
}

const FORMATS: readonly DateFormat[] = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'];

/**
 * Tallies the formats a column's cells fit, to pick one. Month-first and day-first only part ways on a day above
 * 12: a column where no cell decides between them is ambiguous (month-first is then the guess, as the app is US
 * dollars, and the person is asked).
 */
export class DayFormatVote {
  private readonly counts = new Map<DateFormat, number>();
  /** Each distinct cell votes once: statements repeat days, and a repeat says nothing new. */
  private readonly seen = new Set<string>();
  private cells = 0;

  add(text: string): void {
    if (text.trim() === '' || this.seen.has(text)) return;
    this.seen.add(text);
    this.cells += 1;
    for (const format of dayFormatsOf(text)) this.counts.set(format, (this.counts.get(format) ?? 0) + 1);
  }

  /** How many distinct non-empty cells fit `format`. */
  count(format: DateFormat): number {
    return this.counts.get(format) ?? 0;
  }

  /** Share of the distinct non-empty cells that are a day in some format. */
  share(): number {
    if (this.cells === 0) return 0;
    let best = 0;
    for (const format of FORMATS) best = Math.max(best, this.count(format));
    return best / this.cells;
  }

  result(): { format: DateFormat; confident: boolean } | null {
    let best: DateFormat | null = null;
    for (const format of FORMATS) {
      if (this.count(format) > (best ? this.count(best) : 0)) best = format;
    }
    if (!best) return null;
    const mdy = this.count('MM/DD/YYYY');
    const dmy = this.count('DD/MM/YYYY');
    if ((best === 'MM/DD/YYYY' || best === 'DD/MM/YYYY') && mdy === dmy) {
      return { format: 'MM/DD/YYYY', confident: false };
    }
    return { format: best, confident: true };
  }
}
