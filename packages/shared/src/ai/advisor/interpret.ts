import {
  addDays,
  addMonths,
  dayOfWeek,
  daysBetween,
  isoDay,
  lastDayOfMonth,
  startOfMonth,
} from '../../dates';
import type { Cents } from '../../money';
import type { CategoryCode } from '../../transactions/categories';
import { categoryName, isIncomeCategory } from '../../transactions/categories';
import { kindLabel } from '../../transactions/kinds';
import { monthLabel, spanLabel } from '../insight-text';
import { type Amount, takeAmounts, toCents } from './amounts';
import {
  CATEGORY_WORDS,
  SUBSCRIPTIONS_CATEGORY,
  takeCategories,
  takeCategoryPhrases,
  takeKindPhrases,
} from './category-words';
import { type DatePhrase, findDatePhrases, type Tense } from './date-phrases';
import {
  completePeriods,
  completePeriodsWithin,
  completeSince,
  isExcluded,
  isItemWord,
  previousSpan,
  takeExclusionMarkers,
  takeMeasure,
} from './measures';
import { findGoal, findWholeName, takeMerchants } from './names';
import {
  type AccountKind,
  type DayRange,
  type FlowSubject,
  hasFilters,
  type Question,
  type QuestionFilters,
} from './question';
import { findAccountKinds, type Sizes, takeAccountWords, takeSizes } from './sizes-and-accounts';
import { correctTypos, findPhrases, maskedText, toWords, useWords, type Word } from './text';
import { COUNT_SOURCE, KNOWN_WORDS, PHRASE_ONLY_WORDS, readCount } from './vocabulary';

/**
 * The built-in advisor interpreter: a question in the person's words to the Question structure it asks, read
 * against their today, the merchants in their history and their goals' names. It declines rather than
 * guess: a word it does not understand, two questions in one, a comparison, an average or a filter the
 * intents cannot hold ("excluding Costco", "in Paris") makes it 'unclear', because a confident wrong
 * figure is worse than "I can't answer that". Questions that are not about the person's own money in Tally
 * (investing, taxes, the weather, requests to change something, attempts to change its instructions) are
 * 'out_of_scope'. Pure: no clock, no randomness.
 */

export type InterpretContext = {
  /** The person's today, YYYY-MM-DD. */
  today: string;
  /** Merchant names from the person's history, most used first. */
  merchants: readonly string[];
  /** The person's goals' names. */
  goals: readonly string[];
  /** The names of the subscriptions the person tracks. */
  subscriptions?: readonly string[];
  /** The day of the person's first transaction (for "on average a month" over all of it), or null. */
  historyStart?: string | null;
  /** The names of the person's accounts ("Everyday Checking"). */
  accounts?: readonly string[];
};

const UNCLEAR: Question = Object.freeze({ kind: 'unknown', reason: 'unclear' });
const OUT_OF_SCOPE: Question = Object.freeze({ kind: 'unknown', reason: 'out_of_scope' });

/** A longer message is not one question about one's money. */
const MAX_WORDS = 60;

/** Top lists are for reading at a glance; past twenty the answer is a report, not a reply. */
const MAX_TOP = 20;

/** Throws RangeError when today is not a real YYYY-MM-DD day; never throws on the question. */
export function interpretQuestion(question: string, ctx: InterpretContext): Question {
  if (!isoDay.safeParse(ctx.today).success) throw new RangeError(`Not a day: ${ctx.today}`);
  const q = interpret(question, ctx);
  // Near the ends of the years Tally holds, "the next 30 days" can reach past them.
  const isRealDay = (day: string | null) => day === null || isoDay.safeParse(day).success;
  const spans = [
    ...('range' in q ? [q.range] : []),
    ...(q.kind === 'compare' ? [q.a, q.b] : []),
    ...(q.kind === 'average' ? q.periods : []),
  ];
  if (!spans.every((r) => isRealDay(r.startDate) && isRealDay(r.endDate))) return UNCLEAR;
  if (q.kind === 'afford' && !isRealDay(q.byDate)) return UNCLEAR;
  return q;
}

const SHORTHAND: Record<string, string> = {
  mo: 'month',
  mos: 'months',
  mth: 'month',
  mths: 'months',
  mnth: 'month',
  mnths: 'months',
  wk: 'week',
  wks: 'weeks',
  yr: 'year',
  yrs: 'years',
};
const MONTH_WORD =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

/** Seasons, as months (northern hemisphere): the winter runs December to February. */
const SEASONS: Record<string, [start: number, months: number]> = {
  spring: [3, 3],
  summer: [6, 3],
  fall: [9, 3],
  autumn: [9, 3],
  winter: [12, 3],
};

/**
 * "Over the summer": the latest one begun by today, as days the date reader knows (to today while it
 * lasts); "since the summer", from its first day.
 */
function seasons(question: string, today: string): string {
  return question.replace(
    /\b(since |from |after )?(?:(?:over|during|in|for|this|last|past|across|throughout) )*(?:the )?(spring|summer|fall|autumn|winter)(?: months)?\b(?! (?:sale|break|vacation|trip|camp))/gi,
    (m: string, since: string | undefined, season: string) => {
      const [month, months] = SEASONS[season.toLowerCase()] ?? [6, 3];
      let start = `${today.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
      if (start > today) start = addMonths(start, -12);
      const last = lastDayOfMonth(addMonths(start, months - 1));
      const end = last > today ? today : last;
      const words = (day: string) => `${monthLabel(day)} ${Number(day.slice(8, 10))} ${day.slice(0, 4)}`;
      // "After the summer": from the day it ended, once it has.
      if (since?.trim() === 'after') return last < today ? `since ${words(addDays(last, 1))}` : m;
      return since ? `since ${words(start)}` : `from ${words(start)} to ${words(end)}`;
    },
  );
}

/**
 * "The same time last month": from the first of last month to today's day in it; "last year", the same
 * days a year before (from January 1 when the question is about this year).
 */
/** A span other than this month or this year so far, beside "the same time last year". */
const OTHER_SPAN = new RegExp(
  `\\b(?:last|past|previous|prior|recent) (?:week|month|quarter|year|\\d+|few|couple|two|three|six|twelve)\\b|\\bq[1-4]\\b|\\bquarter\\b|\\b(?:yesterday|today|weekend|week)\\b|\\b(?:${MONTH_WORD})\\b`,
  'i',
);

function sameTime(question: string, today: string): string {
  return question.replace(
    /\b(?:(?:at|by|in|over|during|for) )?(?:the )?(?:same (?:time|point|period|days?|stage|month)|this (?:time|point)) (?:of |in )?(?:last (month|year)|(\d{4}))\b/gi,
    (m, unit: string | undefined, year: string | undefined, at: number) => {
      const words = (day: string) => `${monthLabel(day)} ${Number(day.slice(8, 10))} ${day.slice(0, 4)}`;
      // "The same period in 2025": as many years back as it names (none ahead, none this year).
      const yearsBack = year ? Number(today.slice(0, 4)) - Number(year) : 1;
      if (yearsBack < 1) return m;
      // The same days as this month or this year so far; beside any other span ("last month vs the same
      // month last year") which days are meant is not read here: a word nothing knows, so it is declined.
      const rest = question.slice(0, at) + question.slice(at + m.length);
      if (OTHER_SPAN.test(rest)) return 'the same days unread';
      const byYear = year !== undefined || unit?.toLowerCase() === 'year';
      const back = byYear ? addMonths(today, -12 * yearsBack) : addMonths(today, -1);
      const start =
        byYear && /\b(?:this year|ytd|year to date|so far this year)\b/i.test(question)
          ? `${back.slice(0, 4)}-01-01`
          : startOfMonth(back);
      return `from ${words(start)} to ${words(back)}`;
    },
  );
}

const MONTH_NUMBER: Record<string, number> = Object.fromEntries(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [
    m,
    i + 1,
  ]),
);
const monthOf = (word: string) => MONTH_NUMBER[word.toLowerCase().slice(0, 3)] ?? 0;

/** The day of a yearless month and day: this year's, or last year's when this year's is still ahead. */
function pastDay(month: number, day: number, today: string): string | null {
  const of = (year: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const year = Number(today.slice(0, 4));
  const candidate = of(year) > today ? of(year - 1) : of(year);
  return isoDay.safeParse(candidate).success ? candidate : null;
}

/**
 * Spans people name that the date reader does not: "the week of Nov 9" (its Sunday to Saturday), "the
 * first week of November" (days 1–7; the last week, its last seven days), "September and October" (two
 * months in a row, as one span, unless they are being compared).
 */
function namedSpans(question: string, today: string): string {
  const words = (day: string) => `${monthLabel(day)} ${Number(day.slice(8, 10))} ${day.slice(0, 4)}`;
  const span = (from: string, to: string) => `from ${words(from)} to ${words(to)}`;
  const comparing = /\b(?:than|vs|versus|compar\w*|against|differen\w*|chang\w*)\b/i.test(question);
  // "The previous month" on its own is last month; beside another span it is the one before that.
  const twoSpans =
    comparing ||
    /\b(?:more|less|fewer|higher|lower|up|down|increased?|decreased?|rise|rose|drop(?:ped)?|fell|bigger|smaller)\b/i.test(
      question,
    );
  return (
    question
      // "The previous day" is yesterday (beside yesterday, the same day: declined as a comparison).
      .replace(/\b(?:on )?the (?:previous|prior|preceding) day\b/gi, 'yesterday')
      .replace(
        /\b(?:in |during |over )?the (?:previous|prior|preceding) (week|month|year|quarter)\b/gi,
        (m, unit: string) => (twoSpans ? m : `last ${unit}`),
      )
      // "The last 30 days vs the previous 30 days": beside another span, the days before it; alone, the last.
      .replace(
        /\b(?:the )?(?:previous|prior|preceding) (\w+) (days|weeks|months)\b/gi,
        (_m, n: string, unit: string) => (twoSpans ? `the ${n} ${unit} before` : `the last ${n} ${unit}`),
      )
      // "The week before last": the whole Sunday–Saturday week two before this one.
      .replace(/\b(?:in |during |over )?the week before last\b/gi, () => {
        const sunday = addDays(today, -dayOfWeek(today) - 14);
        return span(sunday, addDays(sunday, 6));
      })
      .replace(
        new RegExp(`\\bthe week of (${MONTH_WORD})\\.? (\\d{1,2})(?:st|nd|rd|th)?\\b`, 'gi'),
        (m, month: string, d: string) => {
          const day = pastDay(monthOf(month), Number(d), today);
          if (!day) return m;
          const sunday = addDays(day, -dayOfWeek(day));
          return span(sunday, addDays(sunday, 6));
        },
      )
      .replace(
        new RegExp(
          `\\b(?:in |during |over )?the (first|second|third|fourth|last) week of (${MONTH_WORD})\\b`,
          'gi',
        ),
        (m, which: string, month: string) => {
          const first = pastDay(monthOf(month), 1, today);
          if (!first) return m;
          const last = lastDayOfMonth(first);
          const n = ['first', 'second', 'third', 'fourth'].indexOf(which.toLowerCase());
          return n < 0
            ? span(addDays(last, -6), last)
            : span(addDays(first, 7 * n), addDays(first, 7 * n + 6));
        },
      )
      .replace(
        new RegExp(
          `\\b(?:in|for|during|over) (${MONTH_WORD})(?:,? (?:${MONTH_WORD}))*,? and (${MONTH_WORD})\\b`,
          'gi',
        ),
        (m, a: string, b: string) => {
          const [x, y] = [monthOf(a), monthOf(b)];
          return !comparing && (y === x + 1 || (x === 12 && y === 1)) ? `from ${a} to ${b}` : m;
        },
      )
  );
}

/** Words that mean the same as words the interpreter reads, put in before it reads them. */
function rewrite(question: string): string {
  return (
    question
      // Idioms whose words mean something else alone: "shell out" is not the merchant Shell.
      .replace(/\b(shell|fork)(ed)? (out|over)\b/gi, (_m, _verb, past) => (past ? 'spent' : 'spend'))
      .replace(/\bon target\b/gi, 'on track')
      .replace(/%/g, ' percent ')
      .replace(/\bwhat(?:'|’)?s the damage\b/gi, 'how much did i spend')
      // Shorthand: "last mo", "this yr", "past 4 wks", "checking acct", "my cc", "july-september".
      .replace(/\b(mo|mos|mth|mths|mnth|mnths|wk|wks|yr|yrs)\b/gi, (w) => SHORTHAND[w.toLowerCase()] ?? w)
      .replace(/\b(how|what|where|when|who)d\b/gi, '$1 did')
      .replace(/\bhw\b/gi, 'how')
      .replace(/\bu\b/gi, 'you')
      .replace(/\bur\b/gi, 'your')
      .replace(/\bcash (came|comes|come|coming) in\b/gi, 'money $1 in')
      .replace(/\bgimme\b/gi, 'give me')
      .replace(/\b(?:add|sum|total) (?:it )?up\b/gi, 'total')
      .replace(
        /\b(?:i was|i am|im|i'm) (?:just )?wondering (?:if|whether) (?:you (?:could|can|would) )?|\bquick (?:q|question)\b|\bi(?:'d| would) like to know\b|\bi want(?:ed)? to know\b/gi,
        ' ',
      )
      .replace(/\bw\b(?![/-]|\s*2\b)/gi, 'with')
      .replace(/\bmonth over month\b/gi, 'compared to the month before')
      .replace(/\bthe (month|year) before last\b/gi, 'two $1s ago')
      .replace(
        /\b(?:the )?(first|second) half of (?:the year|(\d{4}))|\b(h1|h2)(?: (\d{4}))?\b/gi,
        (_m, half, year, h, hYear) => {
          const first = (half ?? h).toLowerCase() === 'first' || (half ?? h).toLowerCase() === 'h1';
          const y = (year ?? hYear) ? ` ${year ?? hYear}` : '';
          return first ? `from january 1${y} to june 30${y}` : `from july 1${y} to december 31${y}`;
        },
      )
      .replace(/\bacct\b/gi, 'account')
      .replace(/\btxns\b/gi, 'transactions')
      .replace(/\btxn\b/gi, 'transaction')
      .replace(/\bin average\b/gi, 'on average')
      .replace(/\bwhen['’]?s\b/gi, 'when is')
      .replace(/\br (?=we|you|u|my|our|i)\b/gi, 'are ')
      .replace(/\bmanaged? to\b/gi, ' ')
      .replace(
        /\b(?:all together|altogether|grand total(?: of)?|all up|according to (?:my|the) budget)\b/gi,
        ' ',
      )
      .replace(/\badd up\b/gi, 'total')
      .replace(/\bsince the (year|month) (?:started|began|begun|start)\b/gi, 'this $1')
      .replace(new RegExp(`\\bsince (${MONTH_WORD}) (?:started|began|begun)\\b`, 'gi'), 'since $1')
      .replace(/\b(came|come|comes|went|go|goes) out of\b/gi, '$1 out from')
      .replace(/\b(?:taken|taking) out of\b/gi, 'from')
      .replace(/\b(?:where|how) (?:do|am) (?:i|we) (?:stand|at)\b/gi, ' ')
      .replace(/\bat the moment\b/gi, 'right now')
      .replace(/\bhow much (?:am i|are we) worth\b/gi, 'what is my net worth')
      // Money in against money out, however it is said: what was kept.
      .replace(/\b(?:how much )?more came in than (?:went|goes|go) out\b/gi, 'net')
      .replace(/\btotal in,? (?:vs\.?|versus|minus|against|and) total out\b/gi, 'net')
      .replace(/\b(net\b.*?),? what(?:s| is) the (?:difference|net)\b/gi, '$1')
      .replace(/\b(?:end|ended|ending) up (spending|paying|earning|saving|making)\b/gi, '$1')
      .replace(/\b(?:tho|though|yes or no|just checking|if you (?:could|can)|kindly|provide)\b/gi, ' ')
      .replace(/\baggregate\b/gi, 'total')
      .replace(
        /\b(?:i['’ ]?d|i would) (?:be grateful|appreciate it)(?: if you (?:could|would))?\b/gi,
        'please',
      )
      .replace(/\b(?:could|can|would|please) (?:you )?state\b/gi, 'tell me')
      .replace(
        /\b(savings? rate\b.*?)(?:,? (?:in|as an?) (?:percent(?:age)?|%)|,? compared (?:with|to) (?:my )?income)\b/gi,
        '$1',
      )
      // "How much is in checking atm": at the moment, said last; "the atm" is a cash machine.
      .replace(/(?<!\b(?:the|an|at|from|of) )\batm\b(?=\s*[?.!]*\s*$)/gi, 'right now')
      .replace(/\b(?:the )?(?:last|past) fortnight\b/gi, 'the last 2 weeks')
      .replace(/\ba fortnight\b/gi, '2 weeks')
      .replace(
        /\b(first|second|third|fourth) quarter(?: of)?\b/gi,
        (_m, n: string) => `q${['first', 'second', 'third', 'fourth'].indexOf(n.toLowerCase()) + 1}`,
      )
      .replace(/\b(\w+)[- ]related\b/gi, '$1')
      .replace(/\b(?:categori[sz]ed|labell?ed|tagged|filed|marked) (?:as|under)\b/gi, 'on')
      .replace(/\b(?:eat|ate|eaten|eating|take|took|taken|taking|gobble|gobbled) up\b/gi, 'went to')
      // "Leaving the rent out": leaving out the rent.
      .replace(
        /\b(leaving|leave|taking|take) ((?:the |my |our )?(?:\w+ ){0,2}?\w+) out\b(?! of)/gi,
        '$1 out $2',
      )
      // "The remaining balance in my budget": what is left of it, not an account.
      .replace(
        /\bbalance (?=(?:left |remaining )?(?:in|of|on) (?:my |the |our )?(?:\w+ ){0,2}?budget\b)/gi,
        'amount ',
      )
      // "Left over at the end of October": over October.
      .replace(
        new RegExp(
          `\\b(?:at|by) the end of (${MONTH_WORD}|last month|this month)\\b(?=.*\\b(?:left ?over|saved?|kept|keep|net|ahead|behind)\\b)|\\b(?:at|by) the end of (${MONTH_WORD}|last month|this month)\\b(?<=\\b(?:left ?over|saved?|kept|keep|net|ahead|behind)\\b.*)`,
          'gi',
        ),
        (_m, a: string | undefined, b: string | undefined) => `in ${a ?? b}`,
      )
      // "Put on the Rewards Visa": charged to a card.
      .replace(
        /\b(?:put|charged) (?:to )?(?=(?:on |to )?(?:my |the |our )?(?:\w+ )?(?:card|visa|mastercard|amex|credit card)\b)/gi,
        'spent ',
      )
      .replace(/\balready\b/gi, ' ')
      .replace(/\b(?:and )?if so\b/gi, ' ')
      // "The biggest deposit I received": the deposit says it.
      .replace(
        /\b(deposits?|paychecks?|payments?|refunds?) (?:that )?(?:i|we)(?:['’]?ve| have)? (?:received|got|gotten|had)\b/gi,
        '$1',
      )
      .replace(
        /\b(?:once|after|when) (?:you |i |we )?(?:(?:take|taking) (?:off|out|away)|subtract|subtracting|deduct|deducting)\b/gi,
        'minus',
      )
      .replace(
        /\b(?:my |our |the )?(?:spending|expenses|outgoings) (?:exceed(?:ed|s)?|beat|top(?:ped|s)?) (?:my |our |the )?(?:income|earnings)\b/gi,
        'spend more than i earned',
      )
      .replace(/\bbal\b/gi, 'balance')
      .replace(/\bthis past quarter\b/gi, 'last quarter')
      // A fill-up or a tank of gas is one purchase of fuel.
      .replace(/\b(?:gas |fuel |petrol )?fill[- ]?ups\b/gi, 'gas purchases')
      .replace(
        /\b(a|per|each|every|one|the|my|average|avg|typical|highest|biggest|largest|smallest|cheapest|last|latest|first) (?:(?:gas|fuel|petrol) fill[- ]?up|fill[- ]?up|tank(?:ful)? of (?:gas|fuel|petrol))\b/gi,
        '$1 gas purchase',
      )
      // "Since the start of October": from its first day.
      .replace(
        new RegExp(
          `\\b(since|from) (?:the )?(?:start|beginning) of (?:the )?(this month|this year|last month|last year|month|year|\\d{4}|${MONTH_WORD})\\b`,
          'gi',
        ),
        (_m, since: string, what: string) =>
          /^(?:this )?month$/i.test(what)
            ? 'this month'
            : /^(?:this )?year$/i.test(what)
              ? 'this year'
              : /^\d{4}$/.test(what)
                ? `since january 1 ${what}`
                : `${since} ${what}`,
      )
      .replace(/\bhys\b/gi, 'high yield savings')
      .replace(/\b(?:outstanding|owing)\b/gi, 'owed')
      // "Did I overspend my income", "how much did my income exceed my spending": what was kept.
      .replace(/\boverspen[dt] (?:my |our )?(?:income|earnings|pay)\b/gi, 'spend more than i earned')
      .replace(
        /\b(?:my |our )?(?:income|earnings) (?:exceed(?:ed|s)?|beat|top(?:ped|s)?|outpac(?:e|ed|es)) (?:my |our |the )?(?:spending|expenses|outgoings)\b/gi,
        'net',
      )
      .replace(
        /\b(?:keep|kept|save|saved|hold on to|held on to|put aside|put away|set aside) (?:\S+ )?(?:from|out of|of) (?:my |our |the )?(?:pay ?checks?|paycheques?|pay|income|salary|wages|earnings)\b/gi,
        'keep as net',
      )
      .replace(/\bcc\b/gi, 'credit card')
      .replace(/\b(?:lol|lmao|haha|tbh|pls|plz)\b/gi, ' ')
      .replace(/\b(?:work|figure|find) out\b|\bcalculate\b|\bcompute\b|\bremind me\b/gi, 'tell me')
      // "My Starbucks habit": what is spent there.
      .replace(/\b(?:habit|habits|addiction)\b/gi, 'spending')
      .replace(new RegExp(`\\b(${MONTH_WORD})\\s*-\\s*(${MONTH_WORD})\\b`, 'gi'), '$1 to $2')
      // "Take in" is earning, unless something counted was taken ("how many trips did I take in May").
      .replace(
        /\b(?:take|took|taken|taking|bring|brought|bringing|pull|pulled) (?:in|home)\b/gi,
        (m, _at, whole: string) =>
          /\bhow many\b|\b(?:trips?|rides?|visits?|runs?|vacations?|flights?)\b/i.test(whole) ? m : 'earn',
      )
      .replace(/\b(?:the )?(?:past|last) half (?:a )?year\b|\bhalf a year\b/gi, 'the last 6 months')
      .replace(/\b(?:run|ran|set) (?:me|us)(?: back)?\b/gi, 'cost me')
      // "last week's spending": the possessive is the span itself.
      .replace(/\b(this|last|next|past|previous) (week|month|year|quarter)['’]?s\b/gi, '$1 $2')
      .replace(
        /\b(january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)['’]s\b/gi,
        '$1',
      )
      .replace(/\b(?:money |cash )?in,? (?:(?:minus|less|vs\.?|versus|and) )?(?:money |cash )?out\b/gi, 'net')
      .replace(
        /\b(?:spen[dt]|spending) (?:vs\.?|versus|and|against|compared (?:to|with)) (?:what (?:i|we) )?(?:earn|earned|made|make|brought in)\b|\b(?:earn|earned|made|make) (?:vs\.?|versus|and|against|compared (?:to|with)) (?:what (?:i|we) )?(?:spend|spent)\b/gi,
        'net',
      )
      // "Spent vs budgeted": what the budget has used.
      .replace(
        /\b(spent|spending) (?:vs\.?|versus|against|compared (?:to|with)) (?:what (?:i|we) )?(?:my |the |our )?(?:budget|budgeted|allocated|planned)\b/gi,
        '$1 of my budget',
      )
      .replace(
        /\b(?:how much )?(?:money )?(?:do|did|have|will) (?:i|we) (?:have |got )?(?:left|remaining|left over) after (?:all )?(?:my |the )?(?:expenses|spending|bills|costs|everything)\b/gi,
        'what is my net',
      )
      .replace(
        /\b(?:clear|cleared)\b(.*?)\bafter (?:all )?(?:my |the )?(?:expenses|spending|bills|costs)\b/gi,
        'net$1',
      )
      .replace(
        /\b(?:money )?(?:came|comes|come|coming) in (?:minus|less|vs\.?|versus|and|against|compared (?:to|with)|beat|exceed(?:ed)?|top(?:ped)?) (?:what |money )?(?:went|goes|go|going) out\b/gi,
        'net',
      )
      .replace(
        /\b(?:(?:my|our|the) )?(?:total )?(?:income|earnings|money in) (?:minus|less|vs\.?|versus|after|against|compared (?:to|with)) (?:(?:my|our|the) )?(?:total )?(?:expenses|spending|outgoings|bills)\b|\b(?:(?:my|our|the) )?(?:total )?(?:expenses|spending|outgoings) (?:vs\.?|versus|against|compared (?:to|with)) (?:(?:my|our|the) )?(?:total )?(?:income|earnings|money in)\b|\b(?:left|remaining|left over) after (?:all )?(?:my |the )?(?:expenses|spending|bills|costs|everything)\b/gi,
        'net',
      )
      .replace(/\bw\/o\b/gi, 'without')
      .replace(/\bno\.? of\b/gi, 'number of')
      .replace(
        /\b(?:the )?difference between (?:my )?(?:income|earnings) and (?:my )?(?:spending|expenses)\b|\b(?:the )?difference between (?:my )?(?:spending|expenses) and (?:my )?(?:income|earnings)\b/gi,
        'net',
      )
      .replace(/\bnetworth\b/gi, 'net worth')
      .replace(/\b(?:left|remaining) to (save|put away|set aside)\b/gi, 'still need to $1')
      .replace(/\b(?:for|in|during|over) the month of\b/gi, 'in')
      .replace(/\b(?:a|the|this|last|past) fortnight\b/gi, (m) => m.replace(/fortnight/i, '2 weeks'))
      .replace(/\bcalendar (year|month)\b/gi, '$1')
      .replace(/\bearlier this (week|month|year)\b/gi, 'this $1')
      .replace(
        /\b(?:if|when|once|after) (?:you |we |i )?(?:take|taking|took|leave|leaving) out\b/gi,
        'excluding',
      )
      // "Compare this week to last week": "to" would join the two into one span.
      .replace(/\b(compare|comparing)\b(.*?)\bto\b/gi, '$1$2with')
      .replace(/\bexcl\.?(?=\s)/gi, 'excluding')
      // "Rent excluded", "rent not included": the marker goes before what it leaves out.
      .replace(/\b(\w+) (?:excluded|not included|left out)\b/gi, 'excluding $1')
      // "Changed since last month", "the difference between this month and last": last month is the other span.
      .replace(
        /\b(chang(?:e|ed|es|ing)|differ\w*|(?:(?:gone|go|went|going) )?(?:up|down)|(?:in|de)creased?|grown|grew|risen|rose|dropped|fallen|fell) (?:since|from)\b(?!(?: \S+){1,3} (?:to|until|through|thru|and)\b)/gi,
        '$1 compared to',
      )
      .replace(
        new RegExp(
          `\\b(differen\\w*|compar\\w*|vs|versus|more|less)\\b(.*)\\bbetween ((?:this|last|previous) (?:week|month|year)|${MONTH_WORD}) and ((?:the )?(?:this|last|previous) (?:week|month|year)|${MONTH_WORD})\\b`,
          'gi',
        ),
        '$1$2$3 compared to $4',
      )
      // Moves between one's own accounts never count, so leaving them out changes nothing.
      .replace(
        /\b(?:not counting|excluding|without|leaving out|leave out|minus|ignoring|apart from|except(?: for)?|not including|other than|aside from|besides)\s+(?:any |the |my |internal |account )?transfers?(?: between (?:my )?accounts)?\b/gi,
        ' ',
      )
  );
}

function interpret(question: string, ctx: InterpretContext): Question {
  const words = toWords(namedSpans(sameTime(seasons(rewrite(question), ctx.today), ctx.today), ctx.today));
  if (!words.some((w) => /[a-z]/.test(w.text)) || words.length > MAX_WORDS) return UNCLEAR;
  const whole = words.map((w) => w.text).join(' ');
  const matches = (patterns: readonly RegExp[]) => patterns.some((p) => p.test(whole));
  if (matches(MARKET_PATTERNS) || matches(TOPIC_PATTERNS)) return OUT_OF_SCOPE;
  // A price in general, said of no one ("how much is a latte usually"): no figure of the person's answers it.
  if (GENERAL_PRICE.test(whole) && !FIRST_PERSON.test(whole) && !ONE_PURCHASE.test(whole))
    return OUT_OF_SCOPE;
  const goal = findGoal(words, ctx.goals);
  if (matches(ADVICE) && !(goal.taken.length > 0 && GOAL_FIGURE.test(whole))) return advice(words);
  if (matches(REQUEST_PATTERNS) || matches(ADVICE_SHAPED)) return OUT_OF_SCOPE;
  const food = whichFood(question, whole);
  if (food) return food;

  const ofIncome = takeIncomeWhole(words);
  const subscription = findGoal(words, ctx.subscriptions ?? []);
  const { sizes, rest: amounts } = takeSizes(words, takeAmounts(words));
  const exclusions = takeExclusionMarkers(words);
  // An account's whole name ("Apple Card") is the account's before its first word is a shop's.
  const account = findWholeName(words, ctx.accounts ?? []);
  const held = account ? words.slice(account.start, account.end).filter((w) => !w.used) : [];
  for (const w of held) w.used = true;
  const merchants = takeMerchants(words, ctx.merchants);
  for (const w of held) w.used = false;
  correctTypos(words, DICTIONARY, NOT_TYPOS);
  const { kinds: accountKinds, names: accountsNamed } = takeAccountFilter(words, ctx.accounts ?? []);
  const text = maskedText(words);
  const cues = readCues(text);
  const probe = words.map((w) => ({ ...w }));
  const probeKinds = takeKindPhrases(probe);
  const probeCodes = takeCategories(probe);
  const hasCategory = probeKinds.length + probeCodes.length > 0;
  // "Dividends last quarter": a kind of income named alone is money in.
  const namesIncomeOnly =
    probeKinds.length === 0 && probeCodes.length > 0 && probeCodes.every(isIncomeCategory) && !cues.spend;
  // "Amazon" is a shop the person buys at as well as the start of "Amazon Prime": what is spent there a
  // month is an average of the shop's purchases, the subscription's price only when named in full.
  const namesSubscription =
    subscription.goal !== null && (subscription.whole || merchants.names.length === 0 || !cues.spend);
  if (namesSubscription && PER_YEAR_OR_MONTH.test(whole) && !cues.budget && !cues.goalStrong) {
    return subscriptionCost(words, subscription);
  }
  const chosen = chooseKind(cues, {
    hasAmount: amounts.length > 0 || findPhrases(words, BARE_AMOUNT).length > 0,
    hasNamedGoal: goal.taken.length > 0,
    // "car payment" is a loan, not the "New Car" goal: a goal named only inside a category phrase is not named.
    hasGoalOnItsOwn: goal.taken.some((i) => !probe[i]?.used),
    hasFilter: merchants.names.length > 0 || hasCategory || accountKinds.length + accountsNamed.length > 0,
    hasDates: findDatePhrases(probe, ctx.today, 'past').phrases.length > 0,
  });
  const kind = chosen === 'spending' && namesIncomeOnly ? 'income' : chosen;
  const read: Reading = {
    question,
    words,
    text,
    today: ctx.today,
    historyStart: ctx.historyStart ?? null,
    amounts,
    merchants,
    exclusions,
    sizes,
    accountKinds,
    accountsNamed,
    subscriptionWords: subscription.taken,
    ofIncome,
    accountNames: ctx.accounts ?? [],
  };
  switch (kind) {
    case null:
      return declineWithoutIntent(
        words,
        cues,
        amounts.length > 0 || merchants.names.length > 0 || hasCategory,
      );
    case 'unclear':
      return UNCLEAR;
    case 'afford':
      return afford(read);
    case 'budget_left':
      return budget(read);
    case 'goal_progress':
      return goalQuestion(read, goal);
    case 'subscriptions':
      return subscriptions(read);
    case 'balance':
      return balance(read);
    case 'net':
    case 'income':
      return moneyFlow(read, kind);
    case 'top_spending':
      return topSpending(read);
    case 'spending': {
      const q = moneyFlow(read, 'spending');
      // Only a category or merchant word made this a spending question: a word no one understood
      // around it ("who won the game") says the question is about something else.
      if (q === UNCLEAR && !cues.spend && !isAboutMoney(text) && unknownWords(words).length > 0) {
        return declineWithoutIntent(words, cues, merchants.names.length > 0);
      }
      return q;
    }
  }
}

type Reading = {
  /** The question as the person typed it. */
  question: string;
  words: Word[];
  /** The words once merchants and amounts are taken, for the cue and shape checks. */
  text: string;
  today: string;
  historyStart: string | null;
  amounts: Amount[];
  merchants: ReturnType<typeof takeMerchants>;
  /** Where "apart from", "excluding"… were: the filters after them are left out. */
  exclusions: ReturnType<typeof takeExclusionMarkers>;
  /** "Purchases over $100": the size of each transaction counted. */
  sizes: Sizes;
  /** "On my credit card": the kinds of account counted. */
  accountKinds: AccountKind[];
  /** "On the Rewards Visa": accounts counted, by name. */
  accountsNamed: string[];
  /** Where a tracked subscription's name was read ("Amazon Prime"). */
  subscriptionWords: readonly number[];
  /** "What percent of my income goes to rent": a share of spending is of income. */
  ofIncome: boolean;
  /** The person's accounts' names, for "the balance of Everyday Checking". */
  accountNames: readonly string[];
};

/** "Percent of my income", "how much of my pay": the whole a share of spending is taken of. */
const SHARE_OF_INCOME =
  /(?:percent(?:age)?s?|share|portion|fraction|proportion|part|chunk|slice|how much) of (?:my |our |the )?(?:total |monthly )?(?:income|pay|paycheck|paychecks|earnings|salary|take home(?: pay)?)/;

/** Takes the income words of a share of income ("of my income"), so the rest reads as spending. */
function takeIncomeWhole(words: Word[]): boolean {
  const [found] = findPhrases(words, SHARE_OF_INCOME);
  // "What percent of my income did I save" is the savings rate.
  if (!found || /\b(?:sav\w*|keep|kept|put away|set aside|net|left)\b/.test(maskedText(words))) return false;
  const of = words.findIndex((w, i) => i >= found.start && w.text === 'of');
  useWords(words, of + 1, found.end);
  return true;
}

/**
 * "Spent on my credit card", "paid from checking": the kinds of account money moved through, taken only
 * when the rest of the question is about money that moved (else "how much is on my credit card" is a
 * balance).
 */
function takeAccountFilter(
  words: Word[],
  names: readonly string[],
): { kinds: AccountKind[]; names: string[] } {
  // One account by its whole name ("on the Rewards Visa"), else kinds ("on my credit card"). A card
  // being paid ("paid off the Rewards Visa") is a transfer, not where purchases were made: not read.
  const named = findWholeName(words, names);
  const paying = named
    ? words
        .slice(Math.max(0, named.start - 3), named.start)
        .some((w) => /^(?:pay|paid|paying|pays|payment|payments|owe|owed|off|toward|towards)$/.test(w.text))
    : false;
  const byName = named !== null && !paying;
  const found: { kinds: AccountKind[]; spans: [number, number][] } = named
    ? { kinds: [], spans: byName ? [[named.start, named.end]] : [] }
    : findAccountKinds(words);
  if (found.spans.length === 0) return { kinds: [], names: [] };
  const rest = words.map((w) => ({ ...w }));
  takeAccountWords(rest, found.spans);
  const c = readCues(maskedText(rest));
  if (!(c.spend || c.income || c.count || c.single || c.top) || c.balance) return { kinds: [], names: [] };
  takeAccountWords(words, found.spans);
  return { kinds: found.kinds, names: byName && named ? [named.name] : [] };
}

/* ------------------------------------------------------------------------------------------------------ */
/* What a question is not for Tally to answer.                                                            */

const ACTION_VERBS =
  'delete|remove|cancel|transfer|send|pay|move|change|update|set|create|add|make|rename|close|open|' +
  'unsubscribe|export|download|upload|connect|link|unlink|disconnect|reset|edit|categorize|recategorize|' +
  'mark|split|withdraw|deposit|buy|sell|invest|book|order|schedule|remind|email|text|notify|hide|archive|' +
  'merge|import|sync|refresh|upgrade|downgrade|subscribe|refund|dispute|freeze|lock|unlock|increase|' +
  'decrease|raise|lower|turn|enable|disable|log|sign|apply|file|approve|block|tag|adjust|modify|put|' +
  'allocate|assign|exclude|include|undo|restore|save|stop|start|pause|resume|contact|call';

/** Investing, taxes and credit: Tally reports a person's own money and gives no advice on them. */
const MARKET_PATTERNS: readonly RegExp[] = [
  // Investing and markets: Tally reports a person's own money; it gives no investment advice.
  /\b(?:stocks?|shares|equities|bitcoin|btc|crypto\w*|ethereum|dogecoin|nfts?|etfs?|index funds?|mutual funds?|401 ?k|ira|roth|bonds?|forex|portfolio|invest\w*|trading|stock market|nasdaq|dow jones|s and p|interest rates?|mortgage rates?|exchange rates?|real estate)\b/,
  /\b(?:tax|taxes|taxed|taxable|irs|hmrc|deductions?|deductible|write ?offs?|w ?2|1099)\b/,
  /\bcredit (?:score|report|rating)\b|\bfico\b/,
  /\b(?:housing|stock|job|property|rental|crypto) markets?\b|\binflation\b|\brecession\b|\bthe economy\b/,
];

/** Requests to change something: the advisor reads, it never acts (it proposes, and the person confirms). */
const REQUEST_PATTERNS: readonly RegExp[] = [
  new RegExp(
    `^(?:(?:hey|hi|hello|ok|okay|so|um|uh|yo|tally|please|pls|now|quick question|can you|could you|would you|will you|i want to|i wanna|i need to|id like to|i would like to|help me|go ahead and|lets|let me)\\s)*(?:${ACTION_VERBS})\\b`,
  ),
  /\b(?:delete|cancel|unsubscribe|transfer\w*|withdraw\w*|wire|remind me|send (?:money|\$|\d))\b/,
];

/** Advice on something other than the person's spending and saving: what someone should do is theirs to decide. */
const ADVICE_SHAPED: readonly RegExp[] = [
  /\bshould\b|\badvi[cs]e\b|\brecommend\w*|\bsuggest\w*|\btips\b|\bways to\b|\bgood idea\b|\bgood time\b|\bis it (?:a )?(?:good|bad|smart|wise)\b|\bworth it\b|\bbetter to\b|\bbest way\b|\bwhat if\b/,
  /\bhow (?:can|could|do|would) (?:i|we) (?:get out|pay off|make more|earn more|fix|increase|grow|build|delete|remove|cancel|change|update|set|create|add|connect|link|export|download|reset|edit|categorize|close|turn|enable|disable|use|rename|hide|split|import|sync|upgrade|contact)\b/,
];

/**
 * "How can I save more?", "Where should I cut back?", "Am I overspending?", "Can I cancel something?":
 * advice on the person's own spending and saving, answered with their own findings.
 */
const ADVICE: readonly RegExp[] = [
  /\bhow (?:can|could|do|would|should|might) (?:i|we) (?:save|cut|reduce|lower|spend less|stop (?:over ?spending|spending|wasting)|trim|improve (?:my|our)|get (?:my|our) (?:spending|budget|finances)|budget better|free up|keep more|waste less)\b/,
  /\b(?:where|what|which) (?:\S+ ){0,4}?(?:should|could|can|might) (?:i|we) (?:cut|cancel|save|drop|trim|reduce|spend less|cut back|scale back|change|do)\b/,
  /\bshould (?:i|we) (?:cut|cancel|drop|trim|reduce|spend less|stop|keep|be (?:worried|concerned)|worry|save|cut back|scale back|rein)\b/,
  /\b(?:am|are) (?:i|we) (?:over ?spending|spending too much|saving enough|wasting)\b(?!.*\b(?:budget|budgeted)\b)/,
  // With a budget or goal named, these ask for its figures.
  /\b(?:am|are) (?:i|we) (?:on track|doing (?:ok|okay|well|good|alright|fine|badly))\b(?!.*\b(?:budget|goal|fund|for)\b)/,
  /\bhow (?:am|are) (?:i|we) (?:tracking|doing|going)\b(?!.*\b(?:budget|goal|fund)\b)/,
  /\b(?:biggest|best|main|easiest|quickest|first) (?:area|place|thing|way|opportunity|category|areas|places|things|ways)(?: (?:to|i could|i can|i should|we could))? (?:cut|save|trim|reduce)\b/,
  /\bmoney (?:leak\w*|disappear\w*|vanish\w*|bleed\w*)|\bleak(?:s|ing)?\b/,
  /\bhelp (?:me |us )?(?:save|cut|spend less|budget)\b/,
  /\b(?:anything|something|what|stuff) (?:\S+ ){0,2}(?:i|we) (?:can|could|should) (?:cut|cancel|drop|trim|do without)\b/,
  /\b(?:saving|savings|money|budget|budgeting|spending) (?:tips|advice|ideas|suggestions|hacks)\b/,
  /\b(?:tips|advice|suggestions?|ideas?|ways|help) (?:to|for|on|with) (?:sav\w*|cut\w*|spend\w*|budget\w*|(?:my|our) (?:spending|budget|finances|money))\b/,
  /\b(?:one|some|a few|any|a) (?:thing|things|change|changes) (?:to|i can|i could|i should|we could) (?:change|cut|do|make|save)\b/,
  /\bis (?:my|our) (?:\S+ ){0,2}(?:spending|budget|bill|bills) (?:reasonable|ok|okay|normal|too high|high|fine|healthy|bad|good|too much|on track)\b/,
  /\bcan (?:i|we) (?:cancel|cut|drop) (?:something|anything|a subscription|some)\b/,
  /\b(?:goal|goals) (?:faster|sooner|quicker)\b|\bsave (?:more|faster)\b(?! (?:in|than|last|this|during|on|at|money in)\b)|\bspending too much\b|\boverspending\b(?!.*\b(?:budget|budgeted)\b)/,
];

/** With a goal named, "on track" and "how close" ask for its figures, not for advice. */
const GOAL_FIGURE = /\bon track\b|\bhow (?:close|far)\b|\bprogress\b/;

/** Subscriptions' costs are a month or a year. */
const PER_YEAR_OR_MONTH =
  /\b(?:a|per|each|every) (?:month|year)\b|\b(?:monthly|yearly|annual|annually|a yr|per yr)\b/;

/** Topics that are not the person's own money in Tally. */
const TOPIC_PATTERNS: readonly RegExp[] = [
  // Someone trying to change what the advisor is or reach other people's data.
  /\b(?:ignore|disregard|forget) (?:all |any |the |your |my |these |those )?(?:(?:previous|prior|above|earlier|former|preceding|original) )?(?:instructions?|prompts?|rules?|directions?|messages?|context|everything)\b|\bsystem prompt\b|\byour (?:instructions|rules|prompt|guidelines|programming)\b|\bjailbreak\w*|\bdeveloper mode\b|\bdan mode\b|\bpretend\b|\bact as\b|\byou are now\b|\broleplay\b|\brole play\b|\bnew instructions\b|\boverride\b|\bbypass\b|\bsudo\b|\badmin\b|\bother users?\b|\ball users\b|\banother user\b|\bsomeone elses?\b|\beveryones\b|\bdrop table\b/,
  /\b(?:weather|jokes?|poems?|poetry|haiku|limerick|lyrics|story|stories|essay|recipes?|translate|translation|capital of|president|election|horoscope|meaning of life|homework|chatgpt|openai|gpt|who (?:made|created|built) you|your name|are you (?:human|real|alive|sentient|a bot|an ai)|write (?:me )?(?:a |some )?(?:code|program|script|song|letter|email|tweet))\b/,
  // Other people's money: Tally holds only the person's own.
  /\b(?:does|did|do|has|have|is|was|will|can) (?:my|our) (?:wife|husband|partner|spouse|girlfriend|boyfriend|friends?|mom|mother|dad|father|parents|brother|sister|son|daughter|kids|children|boss|roommate|neighbou?r|coworker|colleague)s?\b/,
  /\b(?:my|our) (?:wife|husband|partner|spouse|girlfriend|boyfriend|friend|mom|mother|dad|father|parent|brother|sister|son|daughter|boss|roommate|neighbou?r|coworker|colleague)s? (?:spend|spends|spent|spending|earn|earns|earned|income|make|makes|made|salary|budget|balance|account|money|savings|net)\b/,
  /\b(?:average|typical|normal) (?:person|american|household|family|people|adult|student|man|woman|couple)(?:s|['’]s)?\b|\b(?:other|most) people\b|\bpeople (?:my age|like me)\b|\beveryone else\b|\bamericans\b/,
  /\bhow much (?:does|do|did|is) (?!i\b|we\b|you\b|my\b|our\b|it\b)(?:\w+ ){1,3}(?:make|makes|earn|earns|spend|spends|worth|own|get paid)\b/,
  // Places and the world at large: "the average grocery bill in the US", "how many Starbucks stores are there".
  /\b(?:in|across|around) (?:the )?(?:us|usa|united states|america|uk|united kingdom|britain|england|canada|europe|australia|world|country|nation|state of \w+)\b|\bnationally\b|\bnational average\b|\bhow many (?:\w+ ){0,2}(?:stores|locations|branches|shops|restaurants|employees|users|subscribers|customers|members) (?:are|is) there\b/,
  // What is on television or streaming, not what it cost.
  /\bwhats? (?:is )?(?:on|playing|showing|new) (?:on )?(?!(?:my|our|the) )\w+ (?:this|tonight|today|tomorrow|now|right now)\b/,
];

/** A word for the person themselves: a question without one may be about prices in general. */
const FIRST_PERSON = /\b(?:i|me|my|mine|myself|we|us|our|ours|im|ive|id|ill)\b/;
/** "How much is a latte usually", "how much does a Costco membership cost": prices in general. */
const GENERAL_PRICE =
  /^(?:(?:hey |so |ok |okay |quick q )?(?:tally )?)?(?:how much|what)(?: (?:is|does|do|are|would|will|should|could|s|was))? (?:a|an|one|the average|the typical|the usual|a typical|an average|a normal)\b/;
/**
 * Words of the person's own money in a question said of no one: one purchase as an average reads it ("how
 * much is a typical Uber ride"), or a period of spending ("what does a normal month cost").
 */
const ONE_PURCHASE =
  /\b(?:purchases?|orders?|rides?|visits?|runs?|meals?|transactions?|charges?|bills?|shops?|baskets?|hauls?|payments?|paychecks?|deposits?|fill ?ups?|days?|weeks?|months?|years?|daily|weekly|monthly|yearly|spend\w*|spent|expenses?|income|budget\w*|savings?)\b/;

const isGibberish = (w: string) =>
  !/[aeiouy]/.test(w) ||
  /[^aeiouy\d]{5,}/.test(w) ||
  (w.length >= 4 && /^(?:[qwertyuiop]+|[asdfghjkl]+|[zxcvbnm]+)$/.test(w));

const FINANCE_WORDS =
  /\b(?:money|cash|spend\w*|spent|budget\w*|income|earn\w*|salary|paid|pay\w*|balance|sav(?:e|ed|ing|ings)|subscri\w*|bills?|expens\w*|cost\w*|afford\w*|goals?|fund|accounts?|bank|dollars?|bucks|price|purchases?|transactions?|charges?|owe|debt|loans?|credit|card|net|financ\w*)\b/;

const isAboutMoney = (text: string) => FINANCE_WORDS.test(text);

/**
 * No intent fits. About money (or naming a merchant, amount or category) it is 'unclear'; otherwise two
 * or more real words about something else are 'out_of_scope', and a word or a key mash is 'unclear'.
 */
function declineWithoutIntent(words: readonly Word[], cues: Cues, namesMoney: boolean): Question {
  const text = words.map((w) => w.text).join(' ');
  if (namesMoney || isAboutMoney(text) || Object.values(cues).some(Boolean)) return UNCLEAR;
  const content = words.filter((w) => /^[a-z]{2,}$/.test(w.text) && !KNOWN_WORDS.has(w.text));
  if (content.length >= 2 && !content.every((w) => isGibberish(w.text))) return OUT_OF_SCOPE;
  return UNCLEAR;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Which intent.                                                                                          */

const CUE_PATTERNS = {
  /** One purchase, the largest or smallest: not a top list. */
  single:
    /\b(?:biggest|largest|smallest|lowest|top) single (?:\S+ ){0,2}?(?:expense|cost|purchase|transaction|charge|payment)s?\b|\b(?:biggest|largest|highest|most expensive|priciest|smallest|lowest|cheapest) (?:\S+ ){0,2}?(?:that )?(?:i|we) (?:bought|purchased|paid for|ordered)\b|\b(?:biggest|largest|highest|most expensive|priciest) (?!my |our |the )(?:\S+ ){1,3}?expenses?\b|\b(?:biggest|largest|highest|most expensive|priciest|smallest|lowest|cheapest|least expensive)(?: single| one)? (?:\S+ ){0,3}?(?:haul|basket|shop|purchase|order|charge|transaction|bill|payment|thing|item|meal|run|trip|ride|receipt|visit|paycheck|deposit|flight|stay|booking|ticket)s?\b|\bmost (?:i|we|ive|weve)(?: have|ve)? (?:ever )?(?:spent|paid|dropped|blew)\b(?:(?: \S+){0,3}? (?:in|on|at|for) (?:one|a single)\b| at once\b)/,
  /** Two spans set side by side with no subject named ("compare this week to last week"): spending. */
  compare: /\bcompar\w*|\bvs\b|\bversus\b|\b(?:more|less|higher|lower|bigger|smaller) than\b/,
  /** "Which purchase cost the most": one purchase, the largest. */
  costMost:
    /\b(?:purchase|transaction|thing|item|charge|order)s? (?:that )?(?:cost|was|were) (?:the )?most\b|\b(?:purchase|transaction|charge|order|expense)s? (?:was|were) (?:my|the) (?:largest|biggest|most expensive|priciest|smallest|cheapest|lowest)\b/,
  /** "How many", "how often": a count of purchases. */
  count: /\bhow (?:many|often)\b|\bnumber of\b/,
  /** "Remaining", "left": of a budget unless a goal is named. */
  budgetWord: /\bbudget\w*/,
  affordStrong:
    /\bafford(?:able|ing)?\b|\b(?:have|got) enough\b|\benough (?:money|cash|funds?|saved|left)\b|\bable to (?:afford|buy|spend|pay|get|cover)\b/,
  /** "Can I spend $300…": afford only with an amount ("how much can I spend" asks the budget). */
  affordSpend: /\b(?:can|could|may) (?:i|we) (?:spend|buy|get|pay|splurge|drop|blow)\b/,
  goalStrong:
    /\bgoals?\b|\bfund\b|\bsav(?:ed|ing|e) (?:up )?(?:for|towards?)\b|\b(?:put|putting|set|setting) (?:away|aside) (?:for|towards?)\b(?!.*\bbudget\b)/,
  goalSoft:
    /\bon track\b|\bprogress\b|\bhow close\b|\bcloser\b|\bhow far\b|\breach(?:ed|ing)?\b|\bthere yet\b/,
  budget:
    /\bbudget\w*|\ballocat\w*|\ballot\w*|\ballowance\b|\bspending limit\b|\blimit (?:for|on)\b|\bheadroom\b|\bplan(?:ned)? to spend\b|\bover ?spen\w*|\bhow (?:much|far) over\b|\b(?:left|remaining)\b(?! ?over| in (?:the |my |our )?(?:bank|accounts?|checking|savings))|\bhow much (?:more |else )?(?:money )?(?:can|could) (?:i|we) (?:still )?spend\b/,
  subscription:
    /\bsubscri\w*|\bsubs\b|\brecurring\b|\bmemberships?\b|\brenew\w*|\bdue\b|\bupcoming\b|\bcoming up\b|\bauto ?pay\w*|\b(?:monthly|regular|fixed|repeating) (?:bills|charges|payments|costs)\b|\bnext (?:\S+ )?(?:payment|charge|bill)s?\b|\b(?:charge|charges|bill|bills) (?:me|us) next\b/,
  balance:
    /\bnet worth\b|\bowe\b|\b(?:credit ?card|visa|mastercard|amex)(?: balance| debt| bill)?\b|\bhigh yield\b|\bhysa\b|\bchecking\b|\bbalances?\b|\bhow much (?:money |cash )?(?:do|have|did) (?:i|we) (?:have|got)\b(?! left| remaining| saved)|\bcash (?:do (?:i|we) have|on hand|position)\b|\b(?:in|on) (?:my |the |our )?(?:bank|accounts?|checking|savings|savings account|wallet)\b|\b(?:my|total) (?:liquid |available |spare )?cash\b(?! ?flow)|\bdebts?\b|\bowe[ds]?\b|\b(?:savings|checking) account\b|\bin cash\b|\bsitting in\b|\bassets\b|\bliabilities\b|\bon (?:my|the) card\b|\bwhat (?:am i|are we) worth\b|\bbroke\b|\bhow much (?:money |cash )?is (?:there )?in (?:my|the|our)\b|\bwhats? in (?:my|the|our) (?:bank|accounts?|checking|savings)\b|\b(?:across|in|on|of) (?:all )?(?:of )?(?:my|our) (?:bank )?accounts\b|\bavailable (?:cash|money|funds|balance)\b|\bhow much (?:money|cash) (?:in all|in total|altogether|total)\b|\bhow much cash\b(?! (?:did|do|have|had|was|were) (?:i|we) (?:spend|spent|use|used|take|took|withdr\w*|pull|pulled|get|got))/,
  income:
    /\bincome\b|\bearn\w*|\bsalar\w*|\bpaychecks?\b|\bpaycheques?\b|\bwages?\b|\b(?:get|got|gotten|been|was|were|getting|be) paid\b|\bpaid me\b|(?<!\bhow many\b.*)\b(?:did|do|have) (?:i|we) (?:make|made)\b(?! (?:a |any |the |my )?(?:purchase|payment|transaction)s?\b)|\bmoney (?:came|come|coming) in\b|\brevenue\b|\bdeposit\w*|\binflows?\b|\bmoney in\b(?! (?:all|total)\b| (?:my |the |our )?(?:checking|savings|accounts?|bank|wallet))/,
  net: /\bnet\b(?! worth)|\brate of sav\w*|\bsav(?:e|ed|ing) (?:any )?money\b|\b(?:did|do|have|am|are|was|were) (?:i|we) (?:save|saving|saved)\b|\bhow much (?:money )?(?:did|do|have) (?:i|we) (?:save|saved)\b|(?<!(?:in|of) (?:my |the |our )?|high yield |checking (?:and|plus) )\bsavings\b(?! account| goal| at\b| balance| and checking| plus checking)|\bcash ?flow\b|\b(?:did|do|have) (?:i|we) (?:keep|kept)\b|\bsurplus\b|\bdeficit\b|\bin the (?:red|black|green|positive|negative|plus|minus)\b|\b(?:end|ended|ending|finish|finished|come out|came out|coming out)(?: up)? (?:\S+ ){0,3}?(?:positive|negative|ahead|behind)\b|\bbreak(?:ing)? even\b|\bleft ?over\b|\bspen(?:d|t|ding) (?:more|less) than (?:i|we) (?:earn|earned|make|made)\b|\b(?:earn|earned|make|made|making|earning) (?:more|less) than (?:i|we) (?:spend|spent)\b|\bprofit\b|\bput away\b|\btotal (?:amount )?saved\b|\b(?:lose|lost|losing) money\b/,
  top: /\bwhere (?:(?:does|did|do|is|has|have|am|are) )?(?:all |most of |the bulk of )?(?:my|our|the) money (?:go|goes|going|gone|went|is going|has gone)\b|\bwhere (?:do|did|am|have|was) (?:i|we) (?:been )?(?:spend|spent|spending)\b|\btop\b|\bbiggest\b|\blargest\b|\bhighest\b|\bmost\b|\bbreak ?down\b|\bby (?:category|merchant|store)\b|\bmain (?:expenses|categories|costs)\b|\bmajor (?:expenses|costs)\b|\b(?:what|which) (?:categories|category|merchants|merchant|stores|store|shops|shop|places|place|vendors|vendor|businesses|business|companies|company)\b|\bwho (?:do|did|am|have) (?:i|we)\b/,
  spend:
    /\bspen(?:d|ds|t|ding|dings|din)\b|\bsplurg\w*|\bwast(?:e|ed|ing) (?:on|at)\b|\bexpensive\b|\btab\b|\bsunk\b|\bsink(?:ing)? into\b|\bburn(?:ed|t)?\b|\bdrop(?:ped|ping)? (?:on|at)\b|\b(?:went|go|goes|gone|going) out\b(?! to eat)|\b(?:pay|paid|paying|pays) (?:for|at|on|to|towards?)\b|\bhow much (?:did|have|do) (?:i|we) (?:pay|paid)\b|\bcost(?:s|ing)? (?:me|us)\b|\b(?:went|go|goes|gone|going) (?:to|on|towards?|into)\b|\bbills?\b|\bexpens\w*|\bexpenditures?\b|\bpurchases?\b|\btransactions?\b|\bcharges?\b|\bcharged\b|\bbought\b|\boutgoings?\b|\boutflows?\b|\b(?:blew|blow|blown)\b|\bdropped\b/,
} as const;

type Cues = Record<keyof typeof CUE_PATTERNS, boolean>;

function readCues(text: string): Cues {
  return Object.fromEntries(Object.entries(CUE_PATTERNS).map(([name, p]) => [name, p.test(text)])) as Cues;
}

type Kind =
  | 'afford'
  | 'budget_left'
  | 'goal_progress'
  | 'subscriptions'
  | 'balance'
  | 'net'
  | 'income'
  | 'top_spending'
  | 'spending';

/**
 * The intent a question's cues point to, strongest first. Each intent lists the cues it cannot share a
 * question with: "what's my balance and how much did I spend" is two questions, and answering one of them
 * would look like answering both.
 */
function chooseKind(
  c: Cues,
  has: {
    hasAmount: boolean;
    hasNamedGoal: boolean;
    hasGoalOnItsOwn: boolean;
    hasFilter: boolean;
    hasDates: boolean;
  },
): Kind | 'unclear' | null {
  const clash = (...others: (keyof Cues)[]) => others.some((o) => c[o]);
  if (c.affordStrong || (c.affordSpend && has.hasAmount)) return 'afford';
  if (c.budget && !c.budgetWord && has.hasNamedGoal) return 'goal_progress';
  if (c.budget) return clash('income', 'balance', 'goalStrong', 'top', 'net') ? 'unclear' : 'budget_left';
  // "How much is in the Emergency Fund", "how much have we got towards the Japan Trip": a goal named is
  // what the money is in, not an account.
  // A goal named is where the money is put away: neither an account nor what was kept overall.
  const anyOther =
    clash('spend', 'income', 'top', 'subscription') || ((c.balance || c.net) && !has.hasNamedGoal);
  if (c.goalStrong || (c.goalSoft && has.hasNamedGoal) || (has.hasGoalOnItsOwn && !anyOther)) {
    return clash('spend', 'income', 'top', 'subscription') ||
      (c.balance && !has.hasNamedGoal && !c.goalStrong)
      ? 'unclear'
      : 'goal_progress';
  }
  if (c.subscription) return clash('income', 'balance', 'goalSoft') ? 'unclear' : 'subscriptions';
  if (c.balance) return clash('spend', 'income', 'top', 'net') ? 'unclear' : 'balance';
  if (c.net || (c.spend && c.income)) return clash('top', 'balance') ? 'unclear' : 'net';
  // "My biggest paycheck" is one payment in, not a ranking.
  if (c.income) return clash('top') && !c.single ? 'unclear' : 'income';
  if (c.single || c.costMost || (c.count && (c.spend || has.hasFilter))) return 'spending';
  if (c.top) return 'top_spending';
  // "Am I on track for my vacation?": progress toward something is a goal question, not spending.
  if (c.goalSoft && !c.spend && !has.hasAmount) return 'goal_progress';
  if (c.spend || has.hasFilter || (c.compare && has.hasDates)) return 'spending';
  return null;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Shapes of question no total answers.                                                                   */

/** Comparisons, averages, counts, thresholds, single transactions and the future: not one total. */
const NOT_A_TOTAL =
  /\b(?:than|compared?|comparing|comparison|vs|versus|more|less|fewer|increased?|decreased?|differen\w*|chang\w*|trend\w*|average\w*|avg|typical\w*|usually|normally|per|percent\w*|each|every|daily|weekly|monthly|yearly|annual\w*|median|how many|how often|when|will|ill|gonna|going to (?:be|spend|earn|make|save|have|pay|cost|get))\b|\ba (?:day|week|month|year)\b(?! ago)|\b(?:last|latest|recent|first|single|one|biggest|largest|highest|top) (?:purchase|transaction|charge|payment|paycheck|deposit)s?\b/;

/** What is left of a flow question once its measure is read: the future, medians, per-day rates. */
const NOT_A_FLOW = NOT_A_TOTAL;

/** For net, "more than I earn" is the question itself; averages, counts and the future still are not. */
const NOT_A_NET =
  /\b(?:compared?|comparing|comparison|vs|versus|increased?|decreased?|differen\w*|chang\w*|trend\w*|average\w*|avg|typical\w*|usually|normally|per|percent\w*|each|every|daily|weekly|monthly|yearly|annual\w*|median|how many|how often|when|will|ill|gonna|going to (?:be|spend|earn|make|save|have|pay|cost|get))\b|\ba (?:day|week|month|year)\b(?! ago)/;

/** For what is left now: comparisons, averages, counts and the future. */
const NOT_A_STATUS =
  /\b(?:than|compared?|comparing|vs|versus|average\w*|avg|daily|weekly|yearly|annual\w*|how many|how often|when|will|ill|gonna)\b/;

/**
 * Words nothing took and nobody understood, date words outside a date phrase among them ("may" only as in
 * "may I").
 */
const unknownWords = (words: readonly Word[]) =>
  words.filter(
    (w, i) =>
      !w.used &&
      (!KNOWN_WORDS.has(w.text) ||
        (PHRASE_ONLY_WORDS.has(w.text) &&
          !(w.text === 'may' && /^(?:i|we)$/.test(words[i + 1]?.text ?? '')))),
  );

/** Takes the words of every match of a pattern: phrases a question may use that need no further reading. */
function takeAll(words: Word[], pattern: RegExp): void {
  for (const { start, end } of findPhrases(words, pattern)) useWords(words, start, end);
}

/** "a month", "per year": how a recurring amount or a budget is counted, not a range. */
const PER_PERIOD = /(?:a|an|per|each|every|by the) (?:day|week|month|year)/;

/**
 * Real words one letter from a word the interpreter reads ("charging" is not "changing", "shipping" is not
 * "shopping", "fifth" is not "fifty", "black" is not "blank"): never mended, and never what a typo is mended
 * into.
 */
const NOT_TYPOS: ReadonlySet<string> = new Set(
  `tow fro charge charges charged charging chance chances chanced shipping sending speeds speed taxes taxis
  monies means meats metal medal form while world prevent spare stops scores states lost found casts
  below blank crash bonds healthy powder hearing earring earrings precious quiet though thorough waiting
  wanted parts plays playing layer laser lease flour stone story stories sharp shape steaming computing
  compute concept concern convert fight flood chose clone trace trick truck tools tries traps reset plain
  planet ideal weakly wander whereas gates fats curds cords wheat thirsty eighth fifth sixth eighty
  feast reads roams gutting casting coasting coating founds fends movies moves heading healing heaping
  hefting marking masking packing parting parsing perking scaring staring soaring sparing stopping
  slopping sorting spotting shorting snorting shaking shading shaping speeding spelt scent swept slept
  lager liter later latex lamer mouth mouths moths manor mayor moist overt drown downy droop dripped
  dripping wafer waiter waver wader watery whale whose width witch wound`.split(/\s+/),
);

const DICTIONARY: ReadonlySet<string> = new Set([
  ...KNOWN_WORDS,
  ...CATEGORY_WORDS,
  'debit',
  'cards',
  'average',
  'averages',
  'typical',
  'typically',
  'usually',
  'change',
  'changed',
  'changes',
  'changing',
  'difference',
  'christmas',
  'halloween',
  'valentines',
  'since',
  'after',
  'before',
  'until',
  'between',
]);

/* ------------------------------------------------------------------------------------------------------ */
/* Date ranges.                                                                                           */

const withoutNow = (phrases: DatePhrase[]) => phrases.filter((p) => p.kind !== 'now');

/** Takes the date phrases from the words; "now" and "so far" say nothing more than no phrase. */
function takeDates(words: Word[], today: string, tense: Tense): DatePhrase[] {
  const { phrases, taken } = findDatePhrases(words, today, tense);
  for (const i of taken) useWords(words, i, i + 1);
  return withoutNow(phrases);
}

const thisMonthSoFar = (today: string): DayRange => ({
  startDate: startOfMonth(today),
  endDate: today,
  label: 'this month',
});

/** Looking back: the phrase's days up to today; this month so far when the question names none. */
function pastRange(phrases: DatePhrase[], today: string): DayRange | null {
  if (phrases.length === 0) return thisMonthSoFar(today);
  const [p] = phrases;
  if (phrases.length > 1 || p?.kind !== 'span') return null;
  const endDate = p.span.endDate < today ? p.span.endDate : today;
  if (p.span.startDate > endDate) return null;
  return { startDate: p.span.startDate, endDate, label: p.span.label };
}

/** The one day a deadline means: "by the 15th" that day, "by next month" its first, "until Friday" Friday. */
function deadlineDay(p: Extract<DatePhrase, { kind: 'deadline' }>): string {
  const s = p.span;
  if (s.isSingleDay) return s.startDate;
  if (p.connector === 'until') return s.endDate;
  return s.pivot ?? (p.connector === 'before' ? addDays(s.startDate, -1) : s.startDate);
}

/** Looking ahead: from today through the phrase's end; the next 30 days when the question names none. */
function upcomingRange(phrases: DatePhrase[], today: string): DayRange | null {
  if (phrases.length === 0)
    return { startDate: today, endDate: addDays(today, 30), label: 'in the next 30 days' };
  const [p] = phrases;
  if (phrases.length > 1 || !p) return null;
  if (p.kind === 'deadline') {
    const endDate = deadlineDay(p);
    return endDate < today ? null : { startDate: today, endDate, label: `${p.connector} ${p.span.name}` };
  }
  if (p.kind !== 'span') return null;
  const startDate = p.span.startDate > today ? p.span.startDate : today;
  return p.span.endDate < startDate ? null : { startDate, endDate: p.span.endDate, label: p.span.label };
}

/** No date, "now", or a date that is today or this month: what is true at present. */
function isPresent(phrases: DatePhrase[], today: string, allowMonth: boolean): boolean {
  if (phrases.length === 0) return true;
  const [p] = phrases;
  if (phrases.length > 1 || p?.kind !== 'span') return false;
  const { startDate, endDate } = p.span;
  if (startDate === today && endDate === today) return true;
  return (
    allowMonth && startDate === startOfMonth(today) && endDate >= today && endDate <= lastDayOfMonth(today)
  );
}

/* ------------------------------------------------------------------------------------------------------ */
/* Each intent's details.                                                                                 */

function oneCategory(words: Word[]): CategoryCode | null | 'several' {
  const codes = [...new Set(takeCategories(words))];
  return codes.length > 1 ? 'several' : (codes[0] ?? null);
}

/** The filters a question names: categories and merchants, each kept or, after "apart from", left out. */
/** The words for one purchase right after a merchant's name ("the Costco trips"): the merchant's, not Travel. */
const AFTER_MERCHANT =
  /^(?:trips?|runs?|visits?|orders?|purchases?|rides?|shops?|hauls?|baskets?|charges?|transactions?|payments?)$/;

function takeFilters(r: Reading): QuestionFilters | Question | null {
  for (const m of r.merchants.spans) {
    const next = r.words[m.end];
    if (next && !next.used && AFTER_MERCHANT.test(next.text)) useWords(r.words, m.end, m.end + 1);
  }
  // Kinds first: "public transit" is a kind before "transit" is Transportation.
  const kinds = takeKindPhrases(r.words);
  const phrases = takeCategoryPhrases(r.words);
  const taken = new Set<number>();
  for (const p of [...kinds, ...phrases]) for (let i = p.at; i < p.end; i++) taken.add(i);
  for (const m of r.merchants.spans) for (let i = m.start; i < m.end; i++) taken.add(i);
  const out = (at: number) => isExcluded(r.words, r.exclusions, at, taken);
  const filters: QuestionFilters = {
    categories: [],
    merchants: [],
    excludeCategories: [],
    excludeMerchants: [],
  };
  const add = <T>(list: T[], x: T) => {
    if (!list.includes(x)) list.push(x);
  };
  for (const p of phrases) add(out(p.at) ? filters.excludeCategories : filters.categories, p.code);
  // Leaving a kind out ("apart from coffee") is not a filter the structure holds.
  if (kinds.some((k) => out(k.at))) return null;
  // "Groceries and coffee" means either, but the structure keeps rows of both a category and a kind:
  // declined rather than answered with the few rows that are both.
  if (kinds.length > 0 && filters.categories.length > 0) return null;
  if (kinds.length > 0) filters.kinds = [...new Set(kinds.map((k) => k.kind))];
  for (const m of r.merchants.spans) add(out(m.start) ? filters.excludeMerchants : filters.merchants, m.name);
  if (r.accountKinds.length > 0) filters.accountKinds = r.accountKinds;
  if (r.accountsNamed.length > 0) filters.accounts = r.accountsNamed;
  if (r.sizes.minAmount !== undefined) filters.minAmount = r.sizes.minAmount;
  if (r.sizes.maxAmount !== undefined) filters.maxAmount = r.sizes.maxAmount;
  // A marker with nothing after it to leave out ("without" in "what can I do without") is not understood.
  if (r.exclusions.length > 0 && filters.excludeCategories.length + filters.excludeMerchants.length === 0)
    return null;
  const kept = [
    ...kinds.map((k) => ({ start: k.at, end: k.end, label: kindLabel(k.kind), type: 'kind' })),
    ...phrases
      .filter((p) => !out(p.at))
      .map((p) => ({ start: p.at, end: p.end, label: categoryName(p.code), type: 'category' })),
    ...r.merchants.spans.filter((m) => !out(m.start)).map((m) => ({ ...m, label: m.name, type: 'merchant' })),
  ].sort((a, b) => a.start - b.start);
  // "Groceries and Amazon" means either; the structure keeps rows that are both a category and a merchant
  // ("groceries at Safeway"). Declined rather than answered with the few rows that are both.
  const between = (i: number) => r.words.slice(kept[i - 1]?.end, kept[i]?.start).map((w) => w.text);
  if (
    kept.some(
      (k, i) => i > 0 && k.type !== kept[i - 1]?.type && between(i).some((w) => /^(?:and|plus|&)$/.test(w)),
    )
  )
    return null;
  const isOr = kept.some(
    (k, i) => i > 0 && r.words.slice(kept[i - 1]?.end, k.start).some((w) => w.text === 'or'),
  );
  return isOr ? whichOne(r, kept) : filters;
}

/**
 * Whether the filters make sense for the subject: income under a spending category ("how much of my
 * income goes to rent") asks a share the structure does not hold, and net under any filter is not a
 * figure anyone means. Declined, never answered with a filtered net.
 */
function filtersFit(subject: FlowSubject, f: QuestionFilters): boolean {
  if (subject === 'net') return !hasFilters(f);
  if (subject === 'income')
    return f.categories.every(isIncomeCategory) && f.excludeCategories.every(isIncomeCategory);
  return true;
}

/**
 * "Food" is groceries, eating out, or both: asked back with the question in each reading, the person's
 * own words otherwise kept.
 */
function whichFood(question: string, whole: string): Question | null {
  if (!/\bfood\b/.test(whole) || /\bfood (?:shopping|store|delivery)\b|\bfast food\b/.test(whole))
    return null;
  if (/\b(?:grocer\w*|dining|restaurants?|eating out|takeout)\b/.test(whole)) return null;
  const asked = (reading: string) => question.trim().replace(/\bfood\b/i, reading);
  return {
    kind: 'clarify',
    prompt: 'Which food do you mean: groceries, eating out, or both?',
    choices: [
      { label: 'Groceries', question: asked('groceries') },
      { label: 'Eating out', question: asked('dining out') },
      { label: 'Both', question: asked('groceries and dining out') },
    ],
  };
}

/** "Groceries or dining?": each one alone, or both together, asked back. */
function whichOne(r: Reading, kept: { start: number; end: number; label: string }[]): Question {
  const first = kept[0]?.start ?? 0;
  const last = kept.at(-1)?.end ?? 0;
  const asked = (middle: string) =>
    [...r.words.slice(0, first).map((w) => w.text), middle, ...r.words.slice(last).map((w) => w.text)].join(
      ' ',
    );
  const labels = kept.map((k) => k.label);
  const both = labels.join(' and ');
  return {
    kind: 'clarify',
    prompt: `Which do you mean: ${labels.join(', ')}, or all of them together?`,
    choices: [...labels.slice(0, 4), both].map((label) => ({
      label: label === both ? 'All together' : label,
      question: asked(label.toLowerCase()),
    })),
  };
}

/** "Whole Foods or Trader Joe's?": the readings of an ambiguous name, as the question asked with each. */
function whichMerchant(r: Reading): Question {
  const c = r.merchants.candidates;
  if (!c) return UNCLEAR;
  const asked = (name: string) =>
    [...r.words.slice(0, c.start).map((w) => w.text), name, ...r.words.slice(c.end).map((w) => w.text)].join(
      ' ',
    );
  return {
    kind: 'clarify',
    prompt: `Which do you mean: ${c.names.slice(0, 5).join(', ')}?`,
    choices: c.names.slice(0, 5).map((name) => ({ label: name, question: asked(name) })),
  };
}

/**
 * Money that moved: a measure of spending, income or net under the question's filters, over one span,
 * a series of periods, or two spans compared.
 */
function moneyFlow(r: Reading, named: 'spending' | 'income' | 'net'): Question {
  if (r.amounts.length > 0) return UNCLEAR;
  if (r.merchants.isAmbiguous) return r.merchants.candidates ? whichMerchant(r) : UNCLEAR;
  // A category of several words ("meal out") keeps its words; one word ("trips") may be the measure's.
  const copy = r.words.map((w) => ({ ...w }));
  const kept = new Set(
    [...takeKindPhrases(copy), ...takeCategoryPhrases(copy)]
      .filter((p) => p.end - p.at > 1)
      .flatMap((p) => Array.from({ length: p.end - p.at }, (_, k) => p.at + k)),
  );
  // "Ever", "of all time": the whole history.
  const allTime = findPhrases(r.words, ALL_TIME).length > 0;
  takeAll(r.words, ALL_TIME);
  // A phrase of several words is a filter's: its words are hidden from the measure's readers ("fill up" is
  // no rise), all but the item a measure counts ("the biggest grocery bill").
  const hidden = [...kept].filter((i) => r.words[i] && !r.words[i].used && !isItemWord(r.words[i].text));
  for (const i of hidden) (r.words[i] as Word).used = true;
  const reading = takeMeasure(r.words, {
    isIncome: named === 'income',
    moreIsBetter: named !== 'spending',
    kept,
  });
  // "How did my monthly spending change from September to October": the spans say the period.
  if (reading.kind === 'compare') takeAll(r.words, /monthly|weekly/);
  const rest = maskedText(r.words);
  for (const i of hidden) (r.words[i] as Word).used = false;
  if ((named === 'net' ? NOT_A_NET : NOT_A_FLOW).test(rest)) return UNCLEAR;
  const subject: FlowSubject = named;
  if (reading.kind === 'average') {
    // "A month on average this year": the complete months of the span named; else the last N, or all.
    const named_ = takeDates(r.words, r.today, 'past');
    const span = named_.length > 0 ? pastRange(named_, r.today) : null;
    if (named_.length > 0 && (!span || reading.count !== null)) return UNCLEAR;
    const count =
      reading.count ?? (r.historyStart ? completeSince(r.historyStart, r.today, reading.per) : null);
    // Within a span, the months before the history began are not months of no spending.
    const periods = span
      ? completePeriodsWithin(span, r.today, reading.per).filter(
          (p) => r.historyStart === null || p.startDate >= r.historyStart,
        )
      : count !== null && count >= 1 && count <= 36
        ? completePeriods(r.today, reading.per, count)
        : [];
    if (periods.length === 0 || periods.length > 36) return UNCLEAR;
    const filters = takeFilters(r);
    if (filters && 'kind' in filters) return filters;
    if (!filters || unknownWords(r.words).length > 0 || !filtersFit(named, filters)) return UNCLEAR;
    return {
      kind: 'average',
      subject,
      filters,
      per: reading.per,
      periods,
      ...(reading.measure ? { measure: reading.measure } : {}),
    };
  }
  if (reading.kind === 'compare') {
    const found = findDatePhrases(r.words, r.today, 'past');
    const firstAt = Math.min(...found.taken);
    for (const i of found.taken) useWords(r.words, i, i + 1);
    const phrases = withoutNow(found.phrases);
    const filters = takeFilters(r);
    // "More on groceries or dining?" sets two filters side by side: not a structure.
    if (filters && 'kind' in filters) return UNCLEAR;
    if (!filters || unknownWords(r.words).length > 0 || !filtersFit(named, filters)) return UNCLEAR;
    const spans = phrases.map((p) => (p.kind === 'span' ? pastRange([p], r.today) : null));
    if (spans.some((x) => x === null) || spans.length > 2) return UNCLEAR;
    // "Restaurants vs groceries last month" sets two filters side by side: not a structure.
    if (spans.length < 2 && !reading.previous && filters.categories.length + filters.merchants.length > 1)
      return UNCLEAR;
    let [a, b] = spans as (DayRange | undefined)[];
    // "Compared to September, did I spend more in October?": the span after "compared to" is the other one.
    if (a && b && THAN_BEFORE.test(wordsBefore(r.words, firstAt))) [a, b] = [b, a];
    const [only] = phrases;
    if (a && !b && only?.kind === 'span') {
      // "Did dining go up from September to October?": the later month against the earlier.
      const ends = /^from (\w+) to (\w+)$/.exec(a.label);
      const [, from = '', to = ''] = ends ?? [];
      const isMonth = (w: string) => new RegExp(`^(?:${MONTH_WORD})$`, 'i').test(w);
      const isQuarter = (w: string) => /^q[1-4]$/i.test(w);
      // Whole months, or quarters ("from Q2 to Q3"): as long as the first.
      const length = isMonth(from) && isMonth(to) ? 1 : isQuarter(from) && isQuarter(to) ? 3 : 0;
      if (length > 0 && a.startDate.slice(0, 7) !== a.endDate.slice(0, 7)) {
        b = {
          startDate: a.startDate,
          endDate: lastDayOfMonth(addMonths(a.startDate, length - 1)),
          label: `in ${from}`,
        };
        a =
          pastRange(
            [
              {
                ...only,
                span: {
                  ...only.span,
                  // The first day of the last month, or of the last quarter (a quarter begins Jan, Apr, Jul, Oct).
                  startDate: addMonths(
                    startOfMonth(a.endDate),
                    -((Number(a.endDate.slice(5, 7)) - 1) % length),
                  ),
                  label: `in ${to}`,
                },
              },
            ],
            r.today,
          ) ?? undefined;
      } else if (THAN_BEFORE.test(wordsBefore(r.words, firstAt))) {
        // "More on groceries than last month": the span named is the other one; this one is now.
        b = a;
        a = currentLike(a, r.today);
      }
    }
    const first = a ?? thisMonthSoFar(r.today);
    // "The 3 months before" is as long as it says: only the span of that length is set against it.
    const said = /\bthe (\S+) (day|week|month)s? (?:before|prior)\b/.exec(
      r.words.map((w) => w.text).join(' '),
    );
    if (said && !b) {
      const own = /\b(\d+) (day|week|month)s?\b/.exec(first.label);
      if (!own || readCount(said[1] ?? '') !== Number(own[1]) || said[2] !== own[2]) return UNCLEAR;
    }
    const second = b ?? (reading.previous ? spanBefore(first, r.today) : null);
    if (!second) return compareWith(r, first);
    // The same days on both sides is a misreading, never a comparison.
    if (first.startDate === second.startDate && first.endDate === second.endDate) return UNCLEAR;
    return { kind: 'compare', subject, filters, a: first, b: second, asks: reading.asks };
  }
  const named_ = takeDates(r.words, r.today, 'past');
  const range =
    named_.length === 0 && allTime
      ? { startDate: r.historyStart ?? r.today, endDate: r.today, label: 'since your history began' }
      : pastRange(named_, r.today);
  if (named === 'net')
    takeAll(
      r.words,
      /in the (?:red|black|green|positive|negative|plus|minus)(?: or (?:in )?the (?:red|black|green|positive|negative))?|break(?:ing)? even|(?:lose|lost|losing) money|total (?:amount )?saved|(?:end|ended|ending|finish|finished|come out|came out|coming out)(?: up)?|positive|negative|ahead|behind|keep|kept|after (?:expenses|spending|bills|costs)/,
    );
  const filters = takeFilters(r);
  if (filters && 'kind' in filters) return filters;
  if (!range || !filters || unknownWords(r.words).length > 0) return UNCLEAR;
  if (!filtersFit(named, filters)) return UNCLEAR;
  let measure = reading.measure;
  if (measure === 'savings_rate' || (subject === 'net' && measure === 'share')) measure = 'savings_rate';
  if (measure === 'savings_rate' && hasFilters(filters)) return UNCLEAR;
  // The income words of "percent of my income" were read as the whole of a share of spending, nothing else.
  if (r.ofIncome && (measure !== 'share' || subject !== 'spending')) return UNCLEAR;
  // A superlative no measure read ("the most I spent in one go") is never answered with a total.
  if (
    measure === 'total' &&
    /\b(?:most|biggest|largest|highest|smallest|cheapest|least|priciest|lowest)\b/.test(rest)
  )
    return UNCLEAR;
  // A share is of a part: some category, merchant, kind or account, or a size.
  if (measure === 'share' && !hasFilters({ ...filters, excludeCategories: [], excludeMerchants: [] }))
    return UNCLEAR;
  return {
    kind: 'flow',
    measure,
    subject: measure === 'savings_rate' ? 'net' : subject,
    filters,
    range,
    ...(r.ofIncome ? { of: 'income' as const } : {}),
  };
}

/** The span before another, named as an answer reads it: "last month", "in Sep 2026", "the week before". */
function spanBefore(a: DayRange, today: string): DayRange {
  const b = previousSpan(a, today);
  const label =
    a.label === 'this month'
      ? 'last month'
      : a.label === 'this year'
        ? 'last year'
        : /^(?:\w{3} )?\d{4}$/.test(b.label)
          ? `in ${b.label}`
          : b.label;
  return { ...b, label };
}

/** The words a comparison puts before the other span: "than", "vs", "compared to". */
const THAN_BEFORE = /\b(?:than|vs|versus|to|with|against|from)(?: (?:in|on|during|the))*$/;

/** The question's words before word `at`. */
const wordsBefore = (words: readonly Word[], at: number) =>
  words
    .slice(0, at)
    .map((w) => w.text)
    .join(' ');

/** The span now of the same kind as another: this month so far for a month, this week, this year. */
function currentLike(other: DayRange, today: string): DayRange {
  const days = daysBetween(other.startDate, other.endDate) + 1;
  if (days >= 365) return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today, label: 'this year' };
  if (days === 7 && dayOfWeek(other.startDate) === 0)
    return { startDate: addDays(today, -dayOfWeek(today)), endDate: today, label: 'this week' };
  return thisMonthSoFar(today);
}

const ALL_TIME =
  /ever|all ?time|of all time|since (?:i|we) (?:started|joined|began)|since the (?:beginning|start)|in (?:my|our) (?:whole )?history/;

/** A comparison with one span named ("did I spend more this month?"): against what, asked back. */
function compareWith(r: Reading, a: DayRange): Question {
  const year = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
  const lastYear = (day: string) =>
    isoDay.safeParse(year(day)).success ? year(day) : lastDayOfMonth(`${year(day).slice(0, 8)}01`);
  const yearAgo: DayRange = {
    startDate: lastYear(a.startDate),
    endDate: lastYear(a.endDate),
    label: 'a year before',
  };
  // The person's own words, with the other span as the interpreter reads it back.
  const asked = r.question.trim().replace(/[\s?.!]+$/, '');
  return {
    kind: 'clarify',
    prompt: `Compared with when? I can set ${a.label} against the span just before it, or the same days a year before.`,
    choices: [previousSpan(a, r.today), yearAgo].map((b) => ({
      label: `Against ${b.label} (${spanLabel(b.startDate, b.endDate)})`,
      question: `${asked} than ${spanWords(b)}?`,
    })),
  };
}

const dayWords = (day: string) => `${monthLabel(day)} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

/** A span as words the interpreter reads back: "in October 2026", "from November 1, 2025 to November 26, 2025". */
function spanWords(r: DayRange): string {
  if (r.startDate.endsWith('-01') && r.endDate === lastDayOfMonth(r.startDate))
    return `in ${monthLabel(r.startDate)} ${r.startDate.slice(0, 4)}`;
  return `from ${dayWords(r.startDate)} to ${dayWords(r.endDate)}`;
}

const BY_MERCHANT =
  /\b(?:merchants?|stores?|shops?|places?|vendors?|retailers?|business(?:es)?|compan(?:y|ies)|payees?|brands?|who)\b/;
const ONE_TOP =
  /\b(?:top|biggest|largest|highest|main|single) (?:spending |expense |spend )?(?:category|merchant|store|shop|place|vendor|expense|cost|retailer|business|company)\b|\b(?:which|what) (?:category|merchant|store|shop|place|vendor|retailer|business|company)\b/;
const ALL_TOP =
  /\bbreak ?down\b|\bby (?:category|merchant|store)\b|\ball (?:my |the )?(?:categories|merchants|stores)\b/;
const TOP_COUNT = new RegExp(
  `(?:top|biggest|largest|highest) (${COUNT_SOURCE})|(${COUNT_SOURCE}) (?:biggest|largest|top|highest|most expensive|main)`,
);

function topSpending(r: Reading): Question {
  if (r.amounts.length > 0 || r.merchants.names.length > 0 || NOT_A_TOTAL.test(r.text)) return UNCLEAR;
  // A ranking is of every account and size: one named ("top merchants on my card") is not answered.
  const { minAmount, maxAmount } = r.sizes;
  if (
    r.accountKinds.length + r.accountsNamed.length > 0 ||
    minAmount !== undefined ||
    maxAmount !== undefined
  )
    return UNCLEAR;
  let limit = ONE_TOP.test(r.text) ? 1 : ALL_TOP.test(r.text) ? 10 : 5;
  const [counted] = findPhrases(r.words, TOP_COUNT);
  if (counted) {
    const n = readCount(counted.match[1] ?? counted.match[2] ?? '');
    if (n === null || n < 1) return UNCLEAR;
    limit = Math.min(n, MAX_TOP);
    useWords(r.words, counted.start, counted.end);
  }
  takeAll(r.words, /break ?down/);
  const range = pastRange(takeDates(r.words, r.today, 'past'), r.today);
  if (!range || oneCategory(r.words) !== null || unknownWords(r.words).length > 0) return UNCLEAR;
  return { kind: 'top_spending', range, by: BY_MERCHANT.test(r.text) ? 'merchant' : 'category', limit };
}

const BUDGET_MEASURES: [RegExp, Extract<Question, { kind: 'budget' }>['measure']][] = [
  [/\bpercent\w*|\bfraction\b|\bshare\b|\bproportion\b|\bportion\b|\butili[sz]ation\b/, 'used_percent'],
  [
    /\b(?:left|remaining|remain|remains|to go|still|over|under|within|headroom|exceed\w*|overspen[dt]\w*)\b|\bcan (?:i|we) (?:still )?spend\b/,
    'left',
  ],
  [/\b(?:spent|(?<!to )spend|used|use|usage|gone|went|blown|against)\b/, 'spent'],
  [
    /\b(?:budgeted|allocat\w*|allot\w*|allowance|limit|plan(?:ned)? to spend|set aside|total (?:\w+ )?budget|whats? (?:my|the) (?:\w+ ){1,2}budget(?!\w)|(?:did|do|have) (?:i|we) budget|what(?: is|s) the budget|budget (?:i|we) (?:have )?(?:put|set|made|gave)|budget total|whole budget|entire budget|budget in total|size)\b|\bhow (?:much|big) is (?:my|the) (?:\S+ )?budget\b|\bwhats? (?:my|the) (?:total |overall |whole )?budget\b/,
    'allocated',
  ],
];
const BUDGET_MEASURE_WORDS =
  /room|headroom|percent\w*|fraction|share|proportion|portion|utili[sz]ation|usage|of|used|use|gone|against|budgeted|allocat\w*|allot\w*|allowance|(?:spending )?limit|plan(?:ned)? to spend|set aside|size|been|big|in total|exceed\w*|overspen[dt]\w*|(?:if )?at all|(?:have )?(?:put|set|made|gave)(?: for)?|(?:stayed|stay|staying|kept|keep|keeping) (?:within|under)|within|before (?:i|we) (?:hit|reach|go over|exceed|run out of) (?:my |the |our )?(?:limit|budget|allowance)|(?:the )?(?:part|line|section|piece|bit|slice|chunk|category|pot|envelope)|across (?:all )?(?:the |my )?(?:categories|lines|envelopes)|all (?:the )?categories/;

function budget(r: Reading): Question {
  // "How am I tracking against my budget": its status, not a comparison.
  takeAll(
    r.words,
    /(?:tracking|doing|going|measuring up) (?:vs|versus|against|compared (?:to|with)|on|with)/,
  );
  const text = maskedText(r.words);
  if (r.amounts.length > 0 || r.merchants.names.length > 0 || NOT_A_STATUS.test(text)) return UNCLEAR;
  // "Left per day": a rate the budget's figures do not give.
  if (/\b(?:per|a|each) day\b|\bdaily\b/.test(text)) return UNCLEAR;
  const measure = BUDGET_MEASURES.find(([p]) => p.test(r.text))?.[1] ?? 'left';
  takeAll(r.words, BUDGET_MEASURE_WORDS);
  takeAll(r.words, PER_PERIOD);
  // The budget answers for its current period; last month's budget is a different question.
  if (!isPresent(takeDates(r.words, r.today, 'past'), r.today, true)) return UNCLEAR;
  const category = oneCategory(r.words);
  if (category === 'several' || unknownWords(r.words).length > 0) return UNCLEAR;
  return { kind: 'budget', measure, category };
}

const GOAL_MEASURES: [RegExp, Extract<Question, { kind: 'goal' }>['measure']][] = [
  // What is missing, however it is put: "target minus what's saved", "how far from it, in dollars".
  [/\btarget minus\b|\bminus what(?:s| is| i have| ive) saved\b|\bin dollars\b/, 'needed'],
  [
    /\bpercent\w*|\bhow far(?: along)?\b|\bcomplete\b(?! (?:my|the|our|it)\b)|\bprogress\b|\bon track\b|\bhow close\b|\bdone\b|\bhalf ?way\b/,
    'progress',
  ],
  [/\b(?:still|more|left|remaining|remain|to go|need|needed|missing|short|to save)\b/, 'needed'],
  [
    /\b(?:saved|save|(?:put|set) (?:away|aside|in|into)|sum|total|so far|have (?:i|we) got|contributed|sitting)\b|\bhow much (?:money )?is (?:there )?in\b|\b(?:current )?amount (?:in|saved)\b|\bhow much (?:money )?(?:do )?(?:i|we) have\b/,
    'saved',
  ],
];

function goalQuestion(r: Reading, goal: { goal: string | null; taken: number[] }): Question {
  if (r.amounts.length > 0) return UNCLEAR;
  for (const i of goal.taken) useWords(r.words, i, i + 1);
  if (!isPresent(takeDates(r.words, r.today, 'future'), r.today, false)) return UNCLEAR;
  // "Target minus what's saved": read on every word, "minus" and "target" being words of other readers too.
  const said = r.words.map((w) => w.text).join(' ');
  const measure = GOAL_MEASURES.find(([p], i) => p.test(i === 0 ? said : r.text))?.[1] ?? 'progress';
  // A goal the person has no name for ("my boat fund") still gets every goal: a list, never a wrong figure.
  return { kind: 'goal', measure, goal: goal.goal };
}

const UPCOMING =
  /\b(?:due|renew\w*|upcoming|coming|next|soon|will|going to|when|scheduled|expect\w*|before|until|till|by)\b/;
const ALREADY_PAID =
  /\b(?:spent|paid|charged|did (?:i|we) (?:pay|spend)|have (?:i|we) (?:paid|spent)|was (?:i|we) charged|cost me)\b/;

/** Comparisons and averages: a list of what is due or what it costs a month answers neither. */
const NOT_A_LIST =
  /\b(?:than|compared?|comparing|vs|versus|average\w*|avg|how often|increased?|decreased?|chang\w*)\b/;

/** What the subscriptions cost a month, what is due when, or what they took over a past range. */
/** What was paid for subscriptions over past days: spending in their category. */
function subscriptionSpending(r: Reading): Question {
  const q = moneyFlow(r, 'spending');
  if (q.kind !== 'flow' && q.kind !== 'average' && q.kind !== 'compare') return q;
  const { categories, excludeCategories } = q.filters;
  if (categories.some((c) => c !== SUBSCRIPTIONS_CATEGORY)) return UNCLEAR;
  // "Not counting subscriptions": every category but theirs.
  if (excludeCategories.includes(SUBSCRIPTIONS_CATEGORY)) return categories.length > 0 ? UNCLEAR : q;
  // Something left out, but not subscriptions: whether they are in or out is not sure.
  if (r.exclusions.length > 0 && categories.length === 0) return UNCLEAR;
  return { ...q, filters: { ...q.filters, categories: [SUBSCRIPTIONS_CATEGORY] } };
}

/** A count, or the cost a year or a month: the period said last wins ("Prime is yearly, so what's that a month"). */
const SUBSCRIPTION_MEASURE = (text: string): Extract<Question, { kind: 'subscriptions' }>['measure'] => {
  if (/\bhow many\b|\bnumber of\b|\bcount\b/.test(text)) return 'count';
  const last = (pattern: RegExp) => Math.max(-1, ...[...text.matchAll(pattern)].map((m) => m.index ?? -1));
  const year = last(/\byears?\b|\bannual\w*|\byearly\b|\byr\b/g);
  const month = last(/\bmonths?\b|\bmonthly\b|\bmo\b/g);
  return year > month ? 'yearly' : 'monthly';
};

/** "How much is Netflix a month?", "Prime yearly cost": one tracked subscription's cost. */
function subscriptionCost(words: Word[], named: { goal: string | null; taken: number[] }): Question {
  for (const i of named.taken) useWords(words, i, i + 1);
  const text = maskedText(words);
  if (NOT_A_LIST.test(text) || takeAmounts(words).length > 0) return UNCLEAR;
  const measure = SUBSCRIPTION_MEASURE(text);
  takeAll(
    words,
    new RegExp(
      `${PER_PERIOD.source}|monthly|yearly|annual|annually|price|plan|membership|subscription|cost|costs|me|us|spend|charge|charges|charging|charged|fee|a yr|per yr`,
    ),
  );
  if (unknownWords(words).length > 0 || measure === 'count') return UNCLEAR;
  return { kind: 'subscriptions', measure, name: named.goal };
}

/** Comparisons and averages of subscriptions: of what was spent on them. */
const SPENT_ON_THEM =
  /\b(?:than|compared?|comparing|vs|versus|average\w*|avg|increased?|decreased?|chang\w*)\b/;

function subscriptions(r: Reading): Question {
  // "Average a month for subscriptions this year", "subscriptions this month vs last", "spending not
  // counting subscriptions": what was spent.
  // Only with words of money paid or days gone by: "my subscriptions apart from Spotify" is a list.
  const spentOn =
    /\b(?:spen[dt]|spending|paid|pay|cost (?:me|us)|costs? (?:me|us))\b/.test(r.text) ||
    withoutNow(findDatePhrases(r.words, r.today, 'past').phrases).length > 0;
  if (
    r.amounts.length === 0 &&
    !r.merchants.isAmbiguous &&
    spentOn &&
    (SPENT_ON_THEM.test(r.text) || r.exclusions.length > 0)
  )
    return subscriptionSpending(r);
  // A list or total of subscriptions leaves none out.
  if (r.amounts.length > 0 || r.merchants.isAmbiguous || r.exclusions.length > 0) return UNCLEAR;
  // "What percent of my money goes to subscriptions": a share of spending in their category.
  if (/\b(?:percent\w*|share|portion|fraction|proportion)\b/.test(r.text)) return subscriptionSpending(r);
  const isUpcoming = UPCOMING.test(r.text);
  if (!isUpcoming && ALREADY_PAID.test(r.text)) return subscriptionSpending(r);
  const ahead = findDatePhrases(r.words, r.today, 'future');
  const named = withoutNow(ahead.phrases);
  if (!isUpcoming && named.length > 0) {
    // "Subscriptions last month" looks back, "this week" ahead; a yearless "in October" could be either.
    const back = findDatePhrases(r.words, r.today, 'past');
    if (JSON.stringify(back.phrases) !== JSON.stringify(ahead.phrases)) return UNCLEAR;
    const before = pastRange(withoutNow(back.phrases), r.today);
    if (before && before.endDate < r.today) return subscriptionSpending(r);
  }
  for (const i of ahead.taken) useWords(r.words, i, i + 1);
  const measure = SUBSCRIPTION_MEASURE(r.text);
  takeAll(
    r.words,
    new RegExp(
      `${PER_PERIOD.source}|next|soon|coming|upcoming|annually|annual|yearly|how many|number of|count|subscribed|things|services|active|current|paying for|charge|charges|charging|charged`,
    ),
  );
  const intent: Question =
    isUpcoming || named.length > 0
      ? upcoming(named, r.today)
      : { kind: 'subscriptions', measure, name: null };
  // What is due is listed with every subscription, so a named one ("when does Netflix renew") or a
  // category ("rent due") is read, not used.
  for (const i of r.subscriptionWords) useWords(r.words, i, i + 1);
  takeCategories(r.words);
  return unknownWords(r.words).length > 0 ? UNCLEAR : intent;
}

function upcoming(phrases: DatePhrase[], today: string): Question {
  const range = upcomingRange(phrases, today);
  return range ? { kind: 'subscriptions_upcoming', range } : UNCLEAR;
}

const ACCOUNT_KINDS: [RegExp, Extract<Question, { kind: 'balance' }>['accounts']][] = [
  [
    /\bnet worth\b|\bworth\b|\bown\b.*\bowe\b|\bminus (?:my |the )?(?:credit|card|debt)|\b(?:minus|less|after) what (?:i|we) owe\b|\bless (?:my |the )?(?:credit|card|debt)|\bafter (?:my )?debts?\b|\bassets\b/,
    'net_worth',
  ],
  // What is owed, however many cards it is across.
  [/\bowe[ds]?\b|\bdebts?\b|\bliabilit\w*/, 'credit'],
  [
    /\bchecking and savings\b|\bchecking plus savings\b|\bsavings and checking\b|\bacross\b|\bin total\b|\ball (?:my )?accounts\b|\bcash\b/,
    'cash',
  ],
  [/\bchecking\b|\bcurrent account\b|\bdebit\b/, 'checking'],
  [
    /\bcredit ?cards?\b|\bvisa\b|\bmastercard\b|\bamex\b|\bcards?\b|\bowe[ds]?\b|\bdebts?\b|\bliabilit\w*/,
    'credit',
  ],
  [/\bsavings\b|\bhigh yield\b|\bhysa\b|\bsavings account\b|\brainy day\b/, 'savings'],
];

function balance(r: Reading): Question {
  if (r.amounts.length > 0 || r.merchants.names.length > 0 || NOT_A_STATUS.test(r.text)) return UNCLEAR;
  // The balance is what the bank last reported; "my balance last month" is history Tally does not keep.
  if (!isPresent(takeDates(r.words, r.today, 'past'), r.today, false)) return UNCLEAR;
  const said = r.words.map((w) => w.text).join(' ');
  const accounts = ACCOUNT_KINDS.find(([p]) => p.test(said))?.[1] ?? 'cash';
  // One account by its name ("Everyday Checking"): its balance alone.
  const named = findGoal(r.words, r.accountNames);
  for (const i of named.goal ? named.taken : []) useWords(r.words, i, i + 1);
  takeAll(
    r.words,
    /net worth|worth|minus|less|after|debts?|assets|liabilit\w*|total|liquid|spare|any|carrying|carry|position|plus|across|in total|in all|together|on hand|sitting|in cash|(?:\S+ )?(?:credit ?cards?|visa|mastercard|amex|cards?)(?: bill)?|owe[ds]?|checking|current account|debit|high yield|hysa|rainy day|at|rn|right now/,
  );
  if (oneCategory(r.words) !== null || unknownWords(r.words).length > 0) return UNCLEAR;
  return named.goal ? { kind: 'balance', accounts, name: named.goal } : { kind: 'balance', accounts };
}

/** Advice, about one category when the question names one ("should I cut back on eating out"). */
function advice(words: Word[]): Question {
  const codes = [...new Set(takeCategories(words))];
  return { kind: 'advice', category: codes.length === 1 ? (codes[0] ?? null) : null };
}

/* ------------------------------------------------------------------------------------------------------ */
/* Afford.                                                                                                */

const BARE_AMOUNT =
  /(?:afford|spend|pay|costs?|costing|buy|get|for|about|around) (?:a |an )?(\d{1,9}(?:\.\d{1,2})?)/;
const NOT_AFTER_BARE_AMOUNT = new Set(['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years']);
const WHAT_TRIGGERS = new Set(['afford', 'buy', 'get', 'for', 'on', 'purchase', 'to']);
const WHAT_SKIP = new Set(['a', 'an', 'the', 'my', 'some', 'one', 'that', 'this']);
/** Up to four words name the thing ("new gaming laptop"); more is a sentence, not a thing. */
const MAX_WHAT_WORDS = 4;

/** A bare number as the amount, where only an amount can be meant ("can I spend 300 this weekend"). */
function bareAmount(words: Word[]): Cents[] {
  for (const { end, match } of findPhrases(words, BARE_AMOUNT)) {
    const next = words[end];
    if (next && (!KNOWN_WORDS.has(next.text) || NOT_AFTER_BARE_AMOUNT.has(next.text))) continue;
    useWords(words, end - 1, end);
    return [toCents(match[1] ?? '', 0)];
  }
  return [];
}

/** The thing to afford: the words after the amount ("a $1,200 laptop"), else after "afford a", "for a"… */
function takeWhat(
  words: Word[],
  amountEnd: number | null,
  categoryWords: ReadonlySet<number>,
): string | null {
  const isThingWord = (i: number) => {
    const w = words[i];
    return (
      w !== undefined && !w.used && (!KNOWN_WORDS.has(w.text) || w.text === 'new' || categoryWords.has(i))
    );
  };
  const collect = (from: number): number[] => {
    let i = from;
    while (words[i] && !words[i]?.used && WHAT_SKIP.has(words[i]?.text ?? '')) i++;
    const taken: number[] = [];
    while (taken.length < MAX_WHAT_WORDS && isThingWord(i)) taken.push(i++);
    return taken.length === 1 && words[taken[0] ?? -1]?.text === 'new' ? [] : taken;
  };
  const starts = [
    ...(amountEnd !== null ? [amountEnd] : []),
    ...words.flatMap((w, i) => (!w.used && WHAT_TRIGGERS.has(w.text) ? [i + 1] : [])),
  ];
  for (const from of starts) {
    const taken = collect(from);
    if (taken.length === 0) continue;
    for (const i of taken) useWords(words, i, i + 1);
    return taken.map((i) => words[i]?.text ?? '').join(' ');
  }
  return null;
}

function afford(r: Reading): Question {
  const cents = r.amounts.length > 0 ? r.amounts.map((a) => a.cents) : bareAmount(r.words);
  const [amount] = cents;
  if (cents.length !== 1 || amount === undefined || amount <= 0) return UNCLEAR;
  const phrases = takeDates(r.words, r.today, 'future');
  if (phrases.length > 1) return UNCLEAR;
  const [p] = phrases;
  let byDate: string | null = null;
  if (p?.kind === 'deadline') byDate = deadlineDay(p);
  else if (p?.kind === 'span') {
    const s = p.span;
    byDate = s.isSingleDay ? s.startDate : (s.pivot ?? (s.startDate > r.today ? s.startDate : r.today));
  } else if (p) return UNCLEAR;
  if (byDate !== null && byDate < r.today) return UNCLEAR;
  const probe = r.words.map((w) => ({ ...w }));
  takeCategories(probe);
  const categoryWords = new Set(probe.flatMap((w, i) => (w.used && !r.words[i]?.used ? [i] : [])));
  const what = takeWhat(r.words, r.amounts[0]?.end ?? null, categoryWords);
  if (unknownWords(r.words).length > 0) return UNCLEAR;
  return { kind: 'afford', amount, byDate, what };
}
