import { addDays, addMonths, dayOfWeek, isoDay, lastDayOfMonth, startOfMonth } from '../../dates';
import { maskedText, type Word, wordOffsets } from './text';
import { COUNT_SOURCE, readCount } from './vocabulary';

/**
 * Date phrases relative to the person's today: "last month", "in October", "since March 3", "between
 * Aug 1 and Sep 15", "the last 30 days", "this weekend", "Q3", "by December 15", "in 3 weeks".
 * Weeks start on Sunday. A phrase without a year means the latest such day or month not after today when the
 * question looks back (spending, income) and the next one not before today when it looks ahead (what is due,
 * whether an amount fits by a date).
 */

export type Tense = 'past' | 'future';

/**
 * Days a phrase names, both ends included, before any clamping to today. `name` is the phrase as a noun
 * ("March 3", "October 2025", "last month") and `label` as it reads after a figure ("on March 3",
 * "in October 2025", "last month"). `pivot` is the one day a deadline means, when it is not the first.
 */
export type Span = {
  startDate: string;
  endDate: string;
  name: string;
  label: string;
  isSingleDay: boolean;
  /** Named as a day or month without a year ("March 3", "October"): a range may move it a year. */
  yearless?: 'day' | 'month';
  pivot?: string;
};

export type DatePhrase =
  | { kind: 'span'; span: Span }
  /** "by December 15", "before the 30th", "until Friday": up to a day. */
  | { kind: 'deadline'; connector: 'by' | 'before' | 'until'; span: Span }
  /** "now", "right now", "so far", "currently": the present, no range of its own. */
  | { kind: 'now' }
  /** A date phrase naming no real day ("February 30"), or two that cannot be joined. */
  | { kind: 'invalid' };

type Env = { today: string; tense: Tense; previous: string | undefined };
type Reading = Span | 'now' | 'invalid' | null;
type Form = { pattern: RegExp; read: (m: RegExpExecArray, env: Env) => Reading };

const words = (s: string) => s.trim().split(/\s+/);
const MONTHS = words('january february march april may june july august september october november december');
const WEEKDAYS = words('sunday monday tuesday wednesday thursday friday saturday');
const MONTH =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20|21)\\d\\d)';
const COUNT = `(${COUNT_SOURCE})`;
const UNIT = '(day|week|month|year)s?';
const WEEKDAY = `(${WEEKDAYS.join('|')})`;

/** Month names that are also everyday words ("may I", "jan"): a month only after a date word or with a year. */
const AMBIGUOUS_MONTHS = new Set(['may', 'mar', 'jan']);
const DATE_PREPOSITIONS = new Set(
  words(
    'in during for of since from between and to through thru until till by before after throughout last this next',
  ),
);

const monthNumber = (name: string): number => MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3))) + 1;
const pad = (n: number) => String(n).padStart(2, '0');
const yearOf = (day: string) => Number(day.slice(0, 4));
const monthOf = (day: string) => Number(day.slice(5, 7));

/** The day, if it really exists (no February 30) and is one Tally can hold. */
function realDay(year: number, month: number, day: number): string | null {
  const s = `${year}-${pad(month)}-${pad(day)}`;
  return isoDay.safeParse(s).success ? s : null;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const monthName = (month: number) => capitalize(MONTHS[month - 1] ?? '');
const withYear = (text: string, year: number, today: string) =>
  year === yearOf(today) ? text : `${text}, ${year}`;

/** "March 3", or "March 3, 2025" outside today's year. */
export function dayName(day: string, today: string): string {
  return withYear(`${monthName(monthOf(day))} ${Number(day.slice(8))}`, yearOf(day), today);
}

function single(day: string, name: string, label: string): Span {
  return { startDate: day, endDate: day, name, label, isSingleDay: true };
}

function range(startDate: string, endDate: string, name: string, label = name): Span {
  return { startDate, endDate, name, label, isSingleDay: startDate === endDate };
}

/** "on March 3" (or "on March 3, 2025" outside today's year). */
const onDay = (day: string, today: string) => single(day, dayName(day, today), `on ${dayName(day, today)}`);

function monthSpan(year: number, month: number, today: string): Span | null {
  const start = realDay(year, month, 1);
  if (!start) return null;
  const name = year === yearOf(today) ? monthName(month) : `${monthName(month)} ${year}`;
  return range(start, lastDayOfMonth(start), name, `in ${name}`);
}

/** The latest year (looking back) or the earliest (looking ahead) whose candidate fits around today. */
function nearestYear<T extends { startDate: string; endDate: string }>(
  env: Env,
  build: (year: number) => T | null,
): T | null {
  const thisYear = yearOf(env.today);
  // Eight years either way find every February 29.
  for (let k = 0; k <= 8; k++) {
    const year = env.tense === 'past' ? thisYear + 1 - k : thisYear - 1 + k;
    const candidate = build(year);
    if (!candidate) continue;
    if (env.tense === 'past' ? candidate.startDate <= env.today : candidate.endDate >= env.today)
      return candidate;
  }
  return null;
}

function dayOfMonthAndYear(month: number, day: number, year: string | undefined, env: Env): Reading {
  if (year) {
    const d = realDay(Number(year), month, day);
    return d ? onDay(d, env.today) : 'invalid';
  }
  const found = nearestYear(env, (y) => {
    const d = realDay(y, month, day);
    return d ? onDay(d, env.today) : null;
  });
  return found ? { ...found, yearless: 'day' } : 'invalid';
}

function weekStart(today: string): string {
  return addDays(today, -dayOfWeek(today));
}

/** Saturday of the weekend a phrase means; Saturday and Sunday belong to the same weekend. */
function weekendSaturday(which: string, env: Env): string {
  const dow = dayOfWeek(env.today);
  const current = dow === 6 ? env.today : dow === 0 ? addDays(env.today, -1) : null;
  const previous = current ? addDays(current, -7) : addDays(env.today, -(dow + 1));
  const coming = current ?? addDays(env.today, 6 - dow);
  if (which === 'last' || which === 'past' || which === 'this past') return previous;
  if (which === 'next') return addDays(coming, 7);
  if (current) return current;
  return env.tense === 'past' ? previous : coming;
}

function unitSpan(
  unit: string,
  which: 'this' | 'last' | 'next',
  today: string,
): { startDate: string; endDate: string } {
  const step = which === 'this' ? 0 : which === 'last' ? -1 : 1;
  if (unit === 'week') {
    const start = addDays(weekStart(today), 7 * step);
    return { startDate: start, endDate: addDays(start, 6) };
  }
  if (unit === 'month') {
    const start = addMonths(startOfMonth(today), step);
    return { startDate: start, endDate: lastDayOfMonth(start) };
  }
  if (unit === 'quarter') {
    const first = Math.floor((monthOf(today) - 1) / 3) * 3 + 1;
    const start = addMonths(`${today.slice(0, 4)}-${pad(first)}-01`, 3 * step);
    return { startDate: start, endDate: addDays(addMonths(start, 3), -1) };
  }
  const year = yearOf(today) + step;
  return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
}

/** How far back or ahead a rolling span may reach: ten years, beyond which a count is a typo. */
const MAX_DAYS_ROLLING = 3660;

function unitDays(unit: string): number {
  return unit === 'day' ? 1 : unit === 'week' ? 7 : unit === 'month' ? 31 : 366;
}

/** N units back to today, today included: "the last 30 days" is today and the 29 days before it. */
function rollingBack(
  count: number,
  unit: string,
  today: string,
): { startDate: string; endDate: string } | null {
  if (count < 1 || count * unitDays(unit) > MAX_DAYS_ROLLING) return null;
  const back =
    unit === 'day'
      ? addDays(today, -count)
      : unit === 'week'
        ? addDays(today, -7 * count)
        : addMonths(today, -(unit === 'month' ? count : 12 * count));
  return { startDate: addDays(back, 1), endDate: today };
}

/** Today to N units ahead: "the next 30 days" runs through the day 30 days from today. */
function rollingAhead(
  count: number,
  unit: string,
  today: string,
): { startDate: string; endDate: string } | null {
  if (count < 1 || count * unitDays(unit) > MAX_DAYS_ROLLING) return null;
  const end =
    unit === 'day'
      ? addDays(today, count)
      : unit === 'week'
        ? addDays(today, 7 * count)
        : addMonths(today, unit === 'month' ? count : 12 * count);
  return { startDate: today, endDate: end };
}

const countText = (count: number, unit: string) => (count === 1 ? unit : `${count} ${unit}s`);

function weekdayDay(which: string | undefined, weekday: number, env: Env): string {
  const dow = dayOfWeek(env.today);
  const back = (dow - weekday + 7) % 7;
  const ahead = (weekday - dow + 7) % 7;
  switch (which) {
    case 'last':
    case 'past':
      return addDays(env.today, -(back || 7));
    case 'this':
      return addDays(weekStart(env.today), weekday);
    case 'next':
      return addDays(weekStart(env.today), 7 + weekday);
    case 'coming':
      return addDays(env.today, ahead || 7);
    default:
      return env.tense === 'past' ? addDays(env.today, -back) : addDays(env.today, ahead);
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];

const HOLIDAYS: Record<string, [number, number, string]> = {
  christmas: [12, 25, 'Christmas'],
  'christmas day': [12, 25, 'Christmas'],
  xmas: [12, 25, 'Christmas'],
  'christmas eve': [12, 24, 'Christmas Eve'],
  'new years eve': [12, 31, "New Year's Eve"],
  'new year': [1, 1, "New Year's Day"],
  'new years': [1, 1, "New Year's Day"],
  'new years day': [1, 1, "New Year's Day"],
  halloween: [10, 31, 'Halloween'],
  valentines: [2, 14, "Valentine's Day"],
  'valentines day': [2, 14, "Valentine's Day"],
};

/** The date phrases, each read on its own; the longest one starting at a word wins. */
const FORM_SOURCES: Form[] = [
  {
    pattern: /(\d{4})-(\d{2})-(\d{2})/,
    read: (m, env) => {
      const d = realDay(Number(m[1]), Number(m[2]), Number(m[3]));
      return d ? onDay(d, env.today) : 'invalid';
    },
  },
  {
    // US order: 3/15, 3/15/26, 3/15/2026.
    pattern: /(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?/,
    read: (m, env) => {
      const year = m[3] && (m[3].length === 2 ? `20${m[3]}` : m[3]);
      return dayOfMonthAndYear(Number(m[1]), Number(m[2]), year, env);
    },
  },
  {
    pattern: new RegExp(`${MONTH} ${DAY}(?: ${YEAR})?`),
    read: (m, env) => dayOfMonthAndYear(monthNumber(m[1] ?? ''), Number(m[2]), m[3], env),
  },
  {
    pattern: new RegExp(`(?:the )?${DAY} (?:of )?${MONTH}(?: ${YEAR})?`),
    read: (m, env) => dayOfMonthAndYear(monthNumber(m[2] ?? ''), Number(m[1]), m[3], env),
  },
  {
    // "the 30th", "the 1st of the month": that day of this month, or of a nearby one when it has passed.
    pattern:
      /(?:the )?(\d{1,2})(?:st|nd|rd|th)(?: of (?:the |this )?month)?|the (\d{1,2})(?: of (?:the |this )?month)/,
    read: (m, env) => {
      const dayNumber = Number(m[1] ?? m[2]);
      if (dayNumber < 1 || dayNumber > 31) return 'invalid';
      for (let k = 0; k <= 12; k++) {
        const month = addMonths(startOfMonth(env.today), env.tense === 'past' ? -k : k);
        const d = realDay(yearOf(month), monthOf(month), dayNumber);
        if (d && (env.tense === 'past' ? d <= env.today : d >= env.today)) return onDay(d, env.today);
      }
      return 'invalid';
    },
  },
  {
    pattern: /today|tonight|yesterday|tomorrow|the day before yesterday|the day after tomorrow/,
    read: (m, env) => {
      const word = m[0];
      const shift = ({ today: 0, tonight: 0, yesterday: -1, tomorrow: 1 } as Record<string, number>)[word];
      if (shift !== undefined) return single(addDays(env.today, shift), word, word);
      return onDay(addDays(env.today, word.includes('before') ? -2 : 2), env.today);
    },
  },
  {
    pattern: new RegExp(`(?:(last|this|next|coming|past|this past|this coming|on) )?${WEEKDAY}`),
    read: (m, env) => {
      const which = m[1] === 'this past' ? 'past' : m[1] === 'this coming' ? 'coming' : m[1];
      const weekday = WEEKDAYS.indexOf(m[2] ?? '');
      const d = weekdayDay(which, weekday, env);
      const name = which && which !== 'on' ? `${which} ${capitalize(m[2] ?? '')}` : capitalize(m[2] ?? '');
      return single(d, name, which && which !== 'on' ? name : `on ${name}`);
    },
  },
  {
    pattern: new RegExp(
      `(?:the )?(end|start|beginning) of (?:(the|this|next|last) )?(week|month|year)|(week|month|year) end|(?:the )?(end|start|beginning) of ${MONTH}(?: ${YEAR})?`,
    ),
    read: (m, env) => {
      const edge = (m[1] ?? m[5] ?? 'end') === 'end' ? 'end' : 'start';
      const unit = m[3] ?? m[4];
      if (unit) {
        const which = m[2] === 'next' ? 'next' : m[2] === 'last' ? 'last' : 'this';
        const span = unitSpan(unit, which, env.today);
        const name = `the ${edge} of ${which === 'this' ? 'the' : which} ${unit}`;
        return single(edge === 'end' ? span.endDate : span.startDate, name, `at ${name}`);
      }
      const month = monthNumber(m[6] ?? '');
      const span = m[7]
        ? monthSpan(Number(m[7]), month, env.today)
        : nearestYear(env, (y) => monthSpan(y, month, env.today));
      if (!span) return 'invalid';
      const name = `the ${edge} of ${span.name}`;
      return single(edge === 'end' ? span.endDate : span.startDate, name, `at ${name}`);
    },
  },
  {
    pattern: /christmas(?: eve| day)?|xmas|new years?(?: eve| day)?|halloween|valentines(?: day)?/,
    read: (m, env) => {
      // Looking back, "on Christmas" spending means the season, not the one day: only "since Christmas" is sure.
      if (env.tense === 'past' && !['since', 'after', 'from'].includes(env.previous ?? '')) return null;
      const [month, day, name] = HOLIDAYS[m[0]] ?? [1, 1, ''];
      const found = nearestYear(env, (y) => {
        const d = realDay(y, month, day);
        return d ? { startDate: d, endDate: d } : null;
      });
      return found ? single(found.startDate, name, `on ${name}`) : 'invalid';
    },
  },
  {
    pattern: new RegExp(`${COUNT} ${UNIT} (ago|from now|from today)`),
    read: (m, env) => {
      const count = readCount(m[1] ?? '');
      const unit = m[2] ?? 'day';
      if (count === null || count < 1 || count * unitDays(unit) > MAX_DAYS_ROLLING) return 'invalid';
      const sign = m[3] === 'ago' ? -1 : 1;
      // Looking back, "two months ago" is that month, as "last month" is (a week or a year ago stays the
      // day: that week or that year would be a guess).
      if (sign < 0 && env.tense === 'past' && unit === 'month') {
        const back = addMonths(env.today, -count);
        const name = `${count === 1 ? 'a month' : countText(count, unit)} ago`;
        return range(startOfMonth(back), lastDayOfMonth(back), name, name);
      }
      const d =
        unit === 'day'
          ? addDays(env.today, sign * count)
          : unit === 'week'
            ? addDays(env.today, sign * 7 * count)
            : addMonths(env.today, sign * (unit === 'month' ? count : 12 * count));
      const name = `${count === 1 ? `a ${unit}` : countText(count, unit)} ${m[3]}`;
      return single(d, name, name);
    },
  },
  {
    // "in 3 weeks": the days from today to then, deadlines meaning the last one.
    pattern: new RegExp(`(?:in|within) ${COUNT} ${UNIT}(?: time)?`),
    read: (m, env) => {
      const count = readCount(m[1] ?? '');
      const unit = m[2] ?? 'day';
      const span = count === null ? null : rollingAhead(count, unit, env.today);
      if (!span || count === null) return 'invalid';
      const name = `the next ${countText(count, unit)}`;
      return { ...range(span.startDate, span.endDate, name, `in ${name}`), pivot: span.endDate };
    },
  },
  {
    pattern: new RegExp(
      `(?:the )?(?:last|past|previous|prior) ${COUNT} ${UNIT}|the (?:last|past|previous|prior) ${UNIT}|(?:this )?past ${UNIT}`,
    ),
    read: (m, env) => {
      const count = m[1] ? readCount(m[1]) : 1;
      const unit = m[2] ?? m[3] ?? m[4] ?? 'day';
      const span = count === null ? null : rollingBack(count, unit, env.today);
      if (!span || count === null) return 'invalid';
      const name = `the last ${countText(count, unit)}`;
      return range(span.startDate, span.endDate, name, `in ${name}`);
    },
  },
  {
    pattern: new RegExp(
      `(?:the )?(?:next|coming|upcoming|following) ${COUNT} ${UNIT}|(?:the|this) (?:next|coming|upcoming|following) ${UNIT}`,
    ),
    read: (m, env) => {
      const count = m[1] ? readCount(m[1]) : 1;
      const unit = m[2] ?? m[3] ?? 'day';
      const span = count === null ? null : rollingAhead(count, unit, env.today);
      if (!span || count === null) return 'invalid';
      const name = `the next ${countText(count, unit)}`;
      return range(span.startDate, span.endDate, name, `in ${name}`);
    },
  },
  {
    pattern:
      /(?:so far )?(?:this|the current|current|the) (week|month|year|quarter)(?: so far)?|(last|previous|the previous|next|the following) (week|month|year|quarter)|(week|month|year|quarter) to date|(wtd|mtd|qtd|ytd)/,
    read: (m, env) => {
      if (m[1]) {
        const span = unitSpan(m[1], 'this', env.today);
        return range(span.startDate, span.endDate, `this ${m[1]}`);
      }
      if (m[2] && m[3]) {
        const which = m[2].endsWith('next') || m[2].endsWith('following') ? 'next' : 'last';
        const span = unitSpan(m[3], which, env.today);
        return range(span.startDate, span.endDate, `${which} ${m[3]}`);
      }
      const short: Record<string, string> = { wtd: 'week', mtd: 'month', qtd: 'quarter', ytd: 'year' };
      const unit = m[4] ?? short[m[5] ?? ''] ?? 'month';
      const span = unitSpan(unit, 'this', env.today);
      return range(span.startDate, env.today, `${unit} to date`);
    },
  },
  {
    pattern: new RegExp(
      `(?:(last|this|next) )?${MONTH}(?: (?:of )?(${YEAR.slice(1, -1)}|last year|this year|next year))?`,
    ),
    read: (m, env) => {
      const which = m[1];
      const word = m[2] ?? '';
      const yearWord = m[3];
      if (AMBIGUOUS_MONTHS.has(word) && !which && !yearWord && !DATE_PREPOSITIONS.has(env.previous ?? '')) {
        return null;
      }
      const month = monthNumber(word);
      const thisYear = yearOf(env.today);
      if (yearWord) {
        const year = /^\d/.test(yearWord)
          ? Number(yearWord)
          : thisYear + (yearWord === 'last year' ? -1 : yearWord === 'next year' ? 1 : 0);
        return monthSpan(year, month, env.today) ?? 'invalid';
      }
      const current = monthOf(env.today);
      if (which === 'this') return monthSpan(thisYear, month, env.today) ?? 'invalid';
      if (which === 'last') {
        return monthSpan(month < current ? thisYear : thisYear - 1, month, env.today) ?? 'invalid';
      }
      if (which === 'next') {
        return monthSpan(month > current ? thisYear : thisYear + 1, month, env.today) ?? 'invalid';
      }
      const found = nearestYear(env, (y) => monthSpan(y, month, env.today));
      return found ? { ...found, yearless: 'month' } : 'invalid';
    },
  },
  {
    pattern: new RegExp(`(?:the year )?${YEAR}`),
    read: (m) => {
      const year = m[1] ?? '';
      return range(`${year}-01-01`, `${year}-12-31`, year, `in ${year}`);
    },
  },
  {
    pattern: new RegExp(
      `q([1-4])(?: ${YEAR})?|(?:the )?(first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: (?:of )?(${YEAR.slice(1, -1)}|last year|this year))?`,
    ),
    read: (m, env) => {
      const ordinal = m[3] ?? '';
      const q = Number(m[1] ?? (/^\d/.test(ordinal) ? ordinal.charAt(0) : ORDINALS.indexOf(ordinal) + 1));
      const yearWord = m[2] ?? m[4];
      const build = (year: number, hasYear: boolean) => {
        const start = realDay(year, (q - 1) * 3 + 1, 1);
        if (!start) return null;
        const name = year === yearOf(env.today) && !hasYear ? `Q${q}` : `Q${q} ${year}`;
        return range(start, addDays(addMonths(start, 3), -1), name, `in ${name}`);
      };
      if (yearWord) {
        const year = /^\d/.test(yearWord)
          ? Number(yearWord)
          : yearOf(env.today) + (yearWord === 'last year' ? -1 : 0);
        return build(year, true) ?? 'invalid';
      }
      return nearestYear(env, (y) => build(y, false)) ?? 'invalid';
    },
  },
  {
    pattern: /(this past|this|last|next|the|past|this coming) weekend/,
    read: (m, env) => {
      const which = m[1] ?? 'the';
      const saturday = weekendSaturday(which, env);
      const name =
        which === 'the'
          ? 'the weekend'
          : `${which === 'this past' || which === 'past' ? 'last' : which === 'this coming' ? 'this' : which} weekend`;
      return range(saturday, addDays(saturday, 1), name, name === 'the weekend' ? 'over the weekend' : name);
    },
  },
  {
    pattern: /recently|lately|of late/,
    read: (_m, env) => {
      const span = rollingBack(30, 'day', env.today);
      return span
        ? range(span.startDate, span.endDate, 'the last 30 days', 'in the last 30 days')
        : 'invalid';
    },
  },
  {
    pattern: /right now|now|currently|at the moment|at present|as of (?:now|today)|so far|to date|as of yet/,
    read: () => 'now',
  },
];

/** Anchored where the scan puts them (sticky) and ending at a word's end. */
const FORMS: Form[] = FORM_SOURCES.map((f) => ({
  pattern: new RegExp(`(?:${f.pattern.source})(?= |$)`, 'y'),
  read: f.read,
}));

type Found = { start: number; end: number; reading: Span | 'now' | 'invalid' };

/** The date phrases of a question and the words they took; the words themselves are left untouched. */
export function findDatePhrases(
  words: readonly Word[],
  today: string,
  tense: Tense,
): { phrases: DatePhrase[]; taken: number[] } {
  const text = maskedText(words);
  const offsets = wordOffsets(words);
  const found: Found[] = [];
  for (let i = 0; i < words.length; ) {
    if (words[i]?.used) {
      i++;
      continue;
    }
    let best: Found | null = null;
    for (const form of FORMS) {
      form.pattern.lastIndex = offsets[i] ?? 0;
      const m = form.pattern.exec(text);
      if (!m) continue;
      const length = m[0].split(' ').length;
      if (best && length <= best.end - best.start) continue;
      const reading = form.read(m, { today, tense, previous: words[i - 1]?.text });
      if (reading !== null) best = { start: i, end: i + length, reading };
    }
    if (best) {
      found.push(best);
      i = best.end;
    } else i++;
  }
  return join(words, found, today, tense);
}

const RANGE_OPENERS = new Set(['between', 'from']);
const RANGE_JOINERS = new Set(['and', 'to', 'through', 'thru', 'till', 'until']);
const DEADLINE_WORDS: Record<string, 'by' | 'before' | 'until'> = {
  by: 'by',
  before: 'before',
  until: 'until',
  till: 'until',
  through: 'until',
  thru: 'until',
};
const LEADING_WORDS = new Set(words('in during for over within throughout on of at across'));

/** Joins "between A and B", "since A", "by A", and takes the little words in front of a phrase. */
function join(
  words: readonly Word[],
  found: Found[],
  today: string,
  tense: Tense,
): { phrases: DatePhrase[]; taken: number[] } {
  const phrases: DatePhrase[] = [];
  const taken: number[] = [];
  const take = (start: number, end: number) => {
    for (let i = start; i < end; i++) taken.push(i);
  };
  const textAt = (i: number) => (words[i]?.used ? undefined : words[i]?.text);
  for (let k = 0; k < found.length; k++) {
    const a = found[k] as Found;
    const b = found[k + 1];
    const before = textAt(a.start - 1);
    const joiner = b && b.start === a.end + 1 ? textAt(a.end) : undefined;
    const opened = before !== undefined && RANGE_OPENERS.has(before);
    if (b && joiner && RANGE_JOINERS.has(joiner) && (opened || joiner !== 'and')) {
      phrases.push(between(a.reading, b.reading, today, tense));
      take(opened ? a.start - 1 : a.start, b.end);
      k++;
      continue;
    }
    if (a.reading === 'now' || a.reading === 'invalid') {
      phrases.push({ kind: a.reading });
      take(a.start, a.end);
      continue;
    }
    const span = a.reading;
    if (before === 'since' || before === 'after' || before === 'from') {
      const start = before === 'after' ? addDays(span.endDate, 1) : span.startDate;
      const word = before === 'after' ? 'after' : 'since';
      phrases.push(
        start <= today
          ? { kind: 'span', span: range(start, today, `${word} ${span.name}`) }
          : { kind: 'invalid' },
      );
      take(a.start - 1, a.end);
    } else if (before !== undefined && DEADLINE_WORDS[before]) {
      phrases.push({ kind: 'deadline', connector: DEADLINE_WORDS[before], span });
      take(a.start - 1, a.end);
    } else {
      phrases.push({ kind: 'span', span });
      take(before !== undefined && LEADING_WORDS.has(before) ? a.start - 1 : a.start, a.end);
    }
  }
  return { phrases, taken };
}

/** "between A and B": from A's first day to B's last, a year apart when a yearless end would come first. */
function between(a: Found['reading'], b: Found['reading'], today: string, tense: Tense): DatePhrase {
  if (typeof a !== 'string' && b === 'now' && a.startDate <= today) {
    return { kind: 'span', span: range(a.startDate, today, `since ${a.name}`) };
  }
  if (typeof a === 'string' || typeof b === 'string') return { kind: 'invalid' };
  let first = a;
  let last = b;
  if (first.startDate > last.endDate) {
    // "from December to February" looking back is last December; looking ahead, next February.
    if (tense === 'past') first = shiftYear(first, -1, today) ?? first;
    else last = shiftYear(last, 1, today) ?? last;
  }
  if (first.startDate > last.endDate) return { kind: 'invalid' };
  return { kind: 'span', span: range(first.startDate, last.endDate, `from ${first.name} to ${last.name}`) };
}

/** The same yearless day or month a year earlier or later; null when it has none (February 29). */
function shiftYear(span: Span, years: number, today: string): Span | null {
  const year = yearOf(span.startDate) + years;
  if (span.yearless === 'month') return monthSpan(year, monthOf(span.startDate), today);
  if (span.yearless !== 'day') return null;
  const d = realDay(year, monthOf(span.startDate), Number(span.startDate.slice(8)));
  return d ? onDay(d, today) : null;
}
