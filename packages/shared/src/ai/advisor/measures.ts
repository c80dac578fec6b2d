import { addDays, addMonths, dayOfWeek, daysBetween, lastDayOfMonth, startOfMonth } from '../../dates';
import { monthYearLabel as monthLabel, shortDayLabel as shortDay } from '../insight-text';
import { CATEGORY_WORDS, KIND_WORDS } from './category-words';
import type { AveragePeriod, DayRange, FlowMeasure } from './question';
import { findPhrases, maskedText, useWords, type Word } from './text';
import { COUNT_SOURCE, readCount } from './vocabulary';

/**
 * The slots of a question about money that moved, besides its subject and filters: what it measures
 * ("how many", "on average", "the biggest", "what percent", "more than"), and the words that mark a
 * filter as left out ("apart from rent"). Each reader takes the words it understood, so whatever is left
 * can still be checked for words nobody understood.
 */

export type MeasureReading =
  | { kind: 'flow'; measure: FlowMeasure }
  /** A series of equal periods; count null: every complete one of the history. */
  | { kind: 'average'; per: AveragePeriod; count: number | null; measure?: 'count' }
  /** Two spans; `previous`: the second is the one before the first ("than last", "the month before"). */
  | { kind: 'compare'; asks: 'more' | 'less' | 'change'; previous: boolean };

const ITEM =
  '(?:purchase|order|charge|transaction|bill|payment|thing|item|meal|run|trip|ride|receipt|visit|one|expense item|fill ?up|fare|paycheck|deposit|flight|stay|booking|ticket|basket|haul|shop)s?';
const GAP = '(?:\\S+ ){0,3}?';

const INCOME_WORDS = '(?:income|pay|paycheck|paychecks|salary|earnings|take home pay|money (?:coming )?in)';
const SAVINGS_RATE = new RegExp(
  `savings? rate|rate of sav(?:ing|ings)|(?:percent|percentage|share|fraction|portion|part) of (?:my |our |the )?${INCOME_WORDS}(?: (?:have|did|do|am|are) (?:i|we))? (?:saved?|kept|keep|put away|saving|keeping)|(?:percent|percentage|share|fraction|portion|part) of (?:my |our |the )?${INCOME_WORDS} (?:is |was )?(?:net|left|left over|remaining)|(?:percent|percentage|share|fraction|portion|part) of (?:my |our |the )?${INCOME_WORDS} (?:went|goes|go|going) (?:to|into) savings|how much of (?:my |our )?(?:income|pay|paycheck|salary|earnings) (?:have|did|do) (?:i|we) (?:save|saved|keep|kept)`,
);

const PER_ITEM = new RegExp(
  `(?:how (?:big|large) (?:is|are|was|were) (?:my |the |a |an )?)?(?:on )?(?:average|avg|typical|mean|usual|normal) (?:(?:size|amount|cost|value|price|total) of (?:a |an |my |each |one |the )?)?(?:(?!(?:monthly|weekly|month|week|yearly|year|number|count) )\\S+ ){0,3}?${ITEM}(?: (?:cost|amount|size|total|price|value))?|(?:cost |spend |spent |amount )?(?:per|each|a|every) (?:(?!(?:days?|weeks?|months?|years?|times?|on|at|in|for|to|from|of|single|one|whole|entire)\\b)\\S+ ){0,3}?(?:trip|purchase|order|transaction|visit|ride|meal|run|receipt|time|basket|haul|shop|fill ?up)s?`,
);

const LARGEST = new RegExp(
  `(?:biggest|largest|highest) single (?:expense|cost)s?|(?:biggest|largest|highest|most expensive|priciest) (?:\\S+ ){1,3}?expenses?(?= |$)|top single (?:\\S+ ){0,2}?(?:expense|cost|purchase|transaction|charge|payment)s?|(?:biggest|largest|highest|most expensive|priciest) (?:\\S+ ){0,2}?(?:that )?(?:i|we) (?:bought|purchased|paid for|ordered)(?= |$)|(?:biggest|largest|highest) amount (?:i|we) (?:paid|spent)|(?:purchase|transaction|charge|order|expense)s? (?:was|were) (?:my|the) (?:largest|biggest|most expensive|priciest)|(?:single )?(?:biggest|largest|highest|most expensive|priciest|maximum|max|heaviest)(?: single| one)? ${GAP}${ITEM}|most expensive (?:thing|item|purchase)|most (?:i|we|ive|weve)(?: have|ve)? (?:ever |_ )?(?:spent|paid|dropped|blew)(?: \\S+){0,3}?(?: (?:in|on|at|for) (?:one|a single|a) (?:go|time|sitting|\\S+)| at once)|(?:purchase|transaction|thing|item|charge|order)s? (?:that )?(?:cost|was|were) (?:the )?most`,
);
const SMALLEST = new RegExp(
  `(?:smallest|lowest) single (?:expense|cost)s?|(?:smallest|lowest|cheapest) (?:\\S+ ){0,2}?(?:that )?(?:i|we) (?:bought|purchased|paid for|ordered)(?= |$)|(?:smallest|lowest) amount (?:i|we) (?:paid|spent)|(?:purchase|transaction|charge|order|expense)s? (?:was|were) (?:my|the) (?:smallest|cheapest|lowest)|(?:single )?(?:smallest|lowest|cheapest|least expensive|minimum|min|tiniest)(?: single| one)? ${GAP}${ITEM}|cheapest (?:thing|item)|least (?:i|we)(?: have|ve)? (?:ever )?(?:spent|paid)(?: (?:in|on|at) (?:one|a single) \\S+)?`,
);

const COUNT =
  /how many(?: times| (?:\S+ ){0,3}?(?:runs|trips|visits|rides|orders|packages|deliveries|parcels|purchases|transactions|times|things|payments|charges|meals|deposits|paychecks|shops|stops|buys|swipes|bookings|flights|stays|tickets))?|how (?:often|frequently)|(?:total )?number of(?: times)?|count(?: (?:of|my|up|the))?|tally up|(?:visits|trips|runs|rides|orders|times)(?: (?:to|at|from|with))?/;
const COUNT_NOUN =
  /^(?:runs?|trips?|visits?|rides?|orders?|packages?|deliver(?:y|ies)|parcels?|times?|things|purchases?|transactions?|payments?|charges?|meals?|deposits?|paychecks?|shops|stops|buys|swipes|bookings?|flights?|stays?|tickets?|something|anything|often|frequently|total|number|count|tally|many|how|of|to|at|from|with|my|up|separate|individual|distinct|different)$/;
/** "How many paychecks": the count's noun is also the Salary category, so it stays for the filter. */
const PAY_WORD = /^(?:paychecks?|paycheques?)$/;
/** What people do a number of times: taken once the question is a count. */
const COUNT_VERBS =
  /shop|shopped|used|use|placed|place|take|took|taken|make|made|go|went|gone|visit|visited|order|ordered|have|had|buy|bought|get|got|grab|grabbed|hit|purchase|purchased|do|did|does|done|doing|eat|ate|eaten|racked|rack|clocked|stopped|stop|swiped|swipe|posted|post|cleared|filled|fill|filling|fueled|fuelled|topped|booked|book|something|anything|stuff|show|shows|showed|shown|appear|appears|appeared/;

const SHARE =
  /how much of(?= _)|how much of (?:my |our |the )?(?:total |overall |whole )?(?:spending|expenses)|(?:what |which )?(?:percent(?:age)?s?|fraction|proportion|portion|slice|share|part|ratio)(?: wise)?(?: of)?|percentage ?wise|in percent|as a (?:percent(?:age)?|%)|how big a (?:slice|share|chunk|part)(?: of)?|(?:a )?(?:big|large|huge|major|significant|small) (?:slice|share|chunk|part|portion)(?: of)?/;

const AVERAGE =
  /(?:on )?(?:average|averaged|averages|avg|typically|typical|usually|usual|normally|normal|mean|generally|(?:in )?an? (?:normal|typical|usual|average|regular) (?:month|week)(?: of)?)/;
const PER_PERIOD = /(?:a|per|each|every|in a|for a) (month|week|day)|(monthly|weekly|daily)/;
const SERIES = new RegExp(
  `(?:(?:over|for|in|during|across|from) )?(?:the )?(?:last|past|previous|prior|recent) (${COUNT_SOURCE}) (months?|weeks?|days?)|(?:over|across|for) (?:the )?(${COUNT_SOURCE}) (months?|weeks?|days?)`,
);
/** "Lately", "these days": the last few complete periods. */
const LATELY = /lately|recently|these days|nowadays|of late/;
/** Present-tense habits ("what do I spend a month") are an average even without the word. */
const HABIT =
  /\b(?:do|does) (?:i|we) (?:usually |normally |typically )?(?:spend|earn|make|pay|bring in|take home)\b|\b(?:am|are) (?:i|we) (?:usually |normally |typically )?(?:spending|earning|paying|making)\b|\bwhat does (?:a|one) (?:month|week) cost\b/;

const COMPARE =
  /chang(?:e|ed|es|ing)|differen(?:ce|t)|greater|larger|beat(?:en|s)?|surpass(?:ed|es)?|exceed(?:ed|s)?|outpac(?:e|ed|es)|more expensive|less expensive|pricier|cheaper|costlier|better|worse|above|below|stacks? up|grow|grew|grown|jump(?:ed)?|spiked?|than|compared?(?: (?:to|with))?|comparing|vs|versus|relative to|against|(?:go|went|gone|going|gone|been|is|was|it) (?:up|down)|(?<!(?:tally|add|sum|total|count|round|racked|rack|racking|hit|hitting|clocked|rounded|totted|summed|added|adding|pick|picked|fill|filled|fuel|fueled|fuelled|gas|gassed|top|topped|tank|tanked|stock|stocked|load|loaded|show|shows|showed|turn|turned|turns) )up(?! (?:to|until|till)\b)|down|higher|lower|increased?|decreased?|increasing|decreasing|rise|rose|risen|drop(?:ped)?(?! (?:on|at)\b)|fell|fall(?:en)?|more|less|fewer|bigger|smaller/;
/** "Did I spend more on dining this month?": more or less than some other span. */
const MORE_OR_LESS =
  /\b(?:spen[dt]|spending|earn(?:ed)?|make|made|pay|paid|save[d]?|sav(?:e|ing)) (?:\S+ ){0,1}(?:more|less)\b/;
/** "Was dining more this month or last month?": one of two spans, more or less. */
const EITHER_SPAN = /\b(?:more|less|higher|lower|bigger|smaller)\b.*\bor\b/;
const NET_THAN =
  /\b(?:more|less) than (?:i|we) (?:earn|earned|make|made|bring in|brought in|spend|spent|get|got|take home)\b|\b(?:earn|earned|make|made|spend|spent) than (?:i |we )?(?:earn|earned|make|made|spend|spent)\b/;
const CHANGE =
  /\b(?:chang(?:e|ed|es|ing)|(?<!(?:tally|add|sum|total|count|round|racked|rack|racking|hit|hitting|clocked|rounded|totted|summed|added|adding|pick|picked|fill|filled|fuel|fueled|fuelled|gas|gassed|top|topped|tank|tanked|stock|stocked|load|loaded|show|shows|showed|turn|turned|turns) )up(?! (?:to|until|till)\b)|down|increased?|decreased?|increasing|decreasing|rise|rose|risen|drop(?:ped)?|fell|fall(?:en)?|grow|grew|grown|jump(?:ed)?|spike(?:d)?)\b/;
const ASKS_LESS =
  /\b(?:less|lower|down|decreas\w*|fewer|drop(?:ped)?(?! (?:on|at)\b)|fell|fall(?:en)?|smaller|cheaper|below)\b/;
/** "How did my spending change", "what's the difference": which way it moved, not a yes or no. */
const CHANGE_ASKED =
  /\b(?:how|did|has|have|does|do|is|was) (?:\S+ ){0,6}?chang(?:e|ed|es|ing)\b|\bhow (?:\S+ ){0,6}?(?:compare|compares|stack|stacks)\b|\bup or down\b|\bhigher or lower\b|\bmore or less\b|\bwhat(?:s| is| was| were)? (?:the |my )?(?:change|difference)\b/;
/** The span before the one named: "than last", "the month before", "the 30 before", "the previous week". */
const BEFORE = new RegExp(
  `(?:the )?(?:month|week|year|quarter|period|one) before(?: that| it| this)?|(?:the )?(?:previous|prior|preceding) (?:month|week|year|quarter|period|one|${COUNT_SOURCE}(?: days| weeks| months)?)|the (?:${COUNT_SOURCE})(?: days| weeks| months)? (?:before|prior)(?: that| it| then)?|(?:than|vs|versus|to|with|against) (?:the )?(?:last|previous|prior)(?: one)?(?= _|$| (?:on|for|at|in|with|spending|higher|lower|more|less|up|down|bigger|smaller)\\b)`,
);

/**
 * Takes the words of each match that a test of its own accepts (the measure's words, not a category or
 * merchant between them). Words in `kept` (a category of several words, "meal out") are never taken.
 */
function takeWords(
  words: Word[],
  pattern: RegExp,
  keep: (w: string) => boolean = () => true,
  kept: ReadonlySet<number> = new Set(),
): boolean {
  const found = findPhrases(words, pattern);
  for (const { start, end } of found) {
    for (let i = start; i < end; i++)
      if (!kept.has(i) && keep(words[i]?.text ?? '')) useWords(words, i, i + 1);
  }
  return found.length > 0;
}

const isMeasureWord = (w: string) => !/^(?:_|the|my|our|a|an|i|we|in|on|at|for)$/.test(w);
const perItemWord = (w: string) =>
  /^(?:on|average|avg|typical|mean|usual|normal|per|each|every|a|cost|amount|size|total|price|value|time|of|how|big|large|is|are|was|were)$/.test(
    w,
  ) || isItem(w);
/** An item word, except "meal" and "paycheck": they also say the category (Dining Out, Salary), so stay for it. */
const isItem = (w: string) => ITEM_WORD.test(w) && !/^(?:meals?|paychecks?)$/.test(w) && !KIND_WORDS.has(w);
const ITEM_WORD = new RegExp(`^${ITEM}$`);
/** A word for one transaction ("bill", "trip", "purchase"). */
export const isItemWord = (w: string) => ITEM_WORD.test(w);
/** The words of a largest/smallest phrase worth taking: not the category or merchant in its gap. */
const extremeWord = (w: string) =>
  /^(?:single|one|top|biggest|largest|highest|most|expensive|priciest|maximum|max|heaviest|smallest|lowest|cheapest|least|minimum|min|tiniest|ever|have|ve|spent|paid|dropped|blew|go|time|sitting|at|once|a|in|on|expense|cost|i|we|that|bought|purchased|ordered|for|amount|was|were|my|the)$/.test(
    w,
  ) || isItem(w);

/**
 * What a question about money that moved measures, with its words taken; 'total' when it names no
 * measure. `kept`: words no measure may take (a category phrase of several words).
 */
export function takeMeasure(
  words: Word[],
  {
    isIncome,
    moreIsBetter = isIncome,
    kept,
  }: { isIncome: boolean; moreIsBetter?: boolean; kept: ReadonlySet<number> },
): MeasureReading {
  if (takeWords(words, SAVINGS_RATE)) return { kind: 'flow', measure: 'savings_rate' };
  if (takeWords(words, PER_ITEM, perItemWord, kept)) {
    // "The average amount I spend at Starbucks per visit": the average is the per-visit one.
    takeWords(words, /(?:on )?(?:average|avg|typical|typically|usually|mean)(?: amount| size| cost)?/);
    return { kind: 'flow', measure: 'per_item' };
  }
  for (const [pattern, measure] of [
    [LARGEST, 'largest'],
    [SMALLEST, 'smallest'],
  ] as const) {
    if (!takeWords(words, pattern, extremeWord, kept)) continue;
    // "The cheapest ride I took", "the biggest order I placed".
    for (const { start, end } of findPhrases(words, COUNT_VERBS)) useWords(words, start, end);
    return { kind: 'flow', measure };
  }
  const text = words.map((w) => (w.used ? '_' : w.text)).join(' ');
  // "Am I spending more than I earn?" is net, not two spans.
  if (NET_THAN.test(text)) return { kind: 'flow', measure: 'total' };
  const before = findPhrases(words, BEFORE);
  const compares = findPhrases(words, COMPARE);
  if (
    before.length > 0 ||
    (compares.length > 0 &&
      (/\b(?:than|greater|larger|beat(?:en|s)?|surpass(?:ed|es)?|exceed(?:ed|s)?|outpac(?:e|ed|es)|chang(?:e|ed|es|ing)|difference|compared?|comparing|vs|versus|relative|against|above|below|grow|grew|grown|jump(?:ed)?|spiked?|stacks?|(?<!(?:tally|add|sum|total|count|round|racked|rack|racking|hit|hitting|clocked|rounded|totted|summed|added|adding|pick|picked|fill|filled|fuel|fueled|fuelled|gas|gassed|top|topped|tank|tanked|stock|stocked|load|loaded|show|shows|showed|turn|turned|turns) )up(?! (?:to|until|till)\b)|down|higher|lower|increased?|decreased?|rise|rose|drop(?:ped)?(?! (?:on|at)\b)|fell|fall)\b/.test(
        text,
      ) ||
        MORE_OR_LESS.test(text) ||
        EITHER_SPAN.test(text)))
  ) {
    // "Worse" is more spending, less income or less kept; "better" the other way round.
    const judged = /\bworse\b/.test(text) ? 'worse' : /\bbetter\b/.test(text) ? 'better' : null;
    const asks = CHANGE_ASKED.test(text)
      ? 'change'
      : judged
        ? (judged === 'worse') === moreIsBetter
          ? 'less'
          : 'more'
        : ASKS_LESS.test(text)
          ? 'less'
          : 'more';
    for (const { start, end } of [...before, ...compares]) useWords(words, start, end);
    // "Did my spending go up in October?": a change within one span is against the span before it.
    const isChange =
      CHANGE.test(text) && !/\b(?:than|compared?|comparing|vs|versus|against|relative)\b/.test(text);
    return { kind: 'compare', asks, previous: before.length > 0 || isChange };
  }
  const asksNumber = /\b(?:how many|how often|how frequently|number of|count|tally)\b/.test(text);
  if (!asksNumber && /\bhow much\b/.test(text)) {
    // "How much did my Uber rides cost": the total of the rides, not their number ("trips" is Travel).
    takeWords(words, /visits|runs|rides|orders/, (w) => !CATEGORY_WORDS.has(w), kept);
  } else if (takeWords(words, COUNT, (w) => COUNT_NOUN.test(w) && !PAY_WORD.test(w), kept)) {
    for (const { start, end } of findPhrases(words, COUNT_VERBS)) useWords(words, start, end);
    // "How many times a week", "on average how many purchases a month": a count per period, averaged.
    return readAverage(words, maskedText(words), true) ?? { kind: 'flow', measure: 'count' };
  }
  if (!isIncome && takeWords(words, SHARE, isMeasureWord)) return { kind: 'flow', measure: 'share' };
  return readAverage(words, text, false) ?? { kind: 'flow', measure: 'total' };
}

/**
 * An average over equal periods, its words taken: "on average", "a month on average", "what do I spend a
 * week", "over the last 3 months". For a count ("how many times a week"), a period alone is enough.
 */
function readAverage(
  words: Word[],
  text: string,
  ofCount: boolean,
): Extract<MeasureReading, { kind: 'average' }> | null {
  const [said] = findPhrases(words, AVERAGE);
  const average = takeWords(words, AVERAGE);
  const habit = HABIT.test(text);
  const [perPhrase] = findPhrases(words, PER_PERIOD);
  const [series] = findPhrases(words, SERIES);
  if (average || ((habit || ofCount) && perPhrase) || (perPhrase && series)) {
    // "In a normal week": the period is the average's own.
    const ownUnit = /\b(month|week)\b/.exec(said?.match[0] ?? '')?.[1];
    const seriesUnit = series?.match[2] ?? series?.match[4];
    const unit = seriesUnit ?? perPhrase?.match[1] ?? perPhrase?.match[2] ?? ownUnit ?? '';
    // "A normal week, over the last 3 months": periods of two lengths, which no reading here squares.
    const perUnit = perPhrase?.match[1] ?? perPhrase?.match[2] ?? ownUnit;
    const unitOf = (u: string): AveragePeriod =>
      /week/.test(u) ? 'week' : /day|daily/.test(u) ? 'day' : 'month';
    // "A day on average over the last 2 weeks": 14 days; other lengths do not divide evenly.
    const daysOfWeeks = seriesUnit && perUnit && unitOf(perUnit) === 'day' && unitOf(seriesUnit) === 'week';
    if (seriesUnit && perUnit && unitOf(seriesUnit) !== unitOf(perUnit) && !daysOfWeeks)
      return { kind: 'average', per: unitOf(perUnit), count: 0 };
    // The period said with the average ("daily spend last week": a day) comes before any other word.
    const per: AveragePeriod = daysOfWeeks
      ? 'day'
      : unit
        ? unitOf(unit)
        : /\bweek(?:ly|s)?\b/.test(text)
          ? 'week'
          : /\b(?:daily|a day|per day)\b/.test(text)
            ? 'day'
            : 'month';
    if (perPhrase) useWords(words, perPhrase.start, perPhrase.end);
    let count: number | null = null;
    if (series) {
      count = readCount(series.match[1] ?? series.match[3] ?? '');
      if (count !== null && daysOfWeeks) count *= 7;
      useWords(words, series.start, series.end);
    } else if (takeWords(words, LATELY)) count = per === 'week' ? 4 : per === 'day' ? 30 : 3;
    return { kind: 'average', per, count, ...(ofCount ? { measure: 'count' as const } : {}) };
  }
  return null;
}

/** The last `count` complete months, Sunday–Saturday weeks or days before today, oldest first. */
export function completePeriods(today: string, per: AveragePeriod, count: number): DayRange[] {
  const periods: DayRange[] = [];
  if (per === 'day') {
    for (let i = count; i >= 1; i--) {
      const day = addDays(today, -i);
      periods.push({ startDate: day, endDate: day, label: shortDay(day) });
    }
  } else if (per === 'month') {
    let start = addMonths(startOfMonth(today), -1);
    for (let i = 0; i < count; i++, start = addMonths(start, -1)) {
      periods.unshift({ startDate: start, endDate: lastDayOfMonth(start), label: monthLabel(start) });
    }
  } else {
    let start = addDays(today, -dayOfWeek(today) - 7);
    for (let i = 0; i < count; i++, start = addDays(start, -7)) {
      periods.unshift({ startDate: start, endDate: addDays(start, 6), label: `week of ${shortDay(start)}` });
    }
  }
  return periods;
}

/** The complete months or Sunday–Saturday weeks inside a span that ended before today, oldest first. */
export function completePeriodsWithin(span: DayRange, today: string, per: AveragePeriod): DayRange[] {
  const all = completePeriods(today, per, per === 'day' ? 366 : 36);
  return all.filter((p) => p.startDate >= span.startDate && p.endDate <= span.endDate);
}

/** How many complete months or weeks lie between the history's first day and today (at least one). */
/** An average over the whole history reads at most the last 36 weeks or months (the structure's most). */
const MAX_PERIODS = 36;

export function completeSince(historyStart: string, today: string, per: AveragePeriod): number {
  // Days: the last 30, as "the last 30 days" reads elsewhere.
  if (per === 'day') return Math.max(1, Math.min(30, daysBetween(historyStart, today)));
  if (per === 'week') {
    const firstSunday = addDays(historyStart, (7 - dayOfWeek(historyStart)) % 7);
    return Math.max(
      1,
      Math.min(MAX_PERIODS, Math.floor(daysBetween(firstSunday, addDays(today, -dayOfWeek(today))) / 7)),
    );
  }
  const first = historyStart.endsWith('-01') ? historyStart : addMonths(startOfMonth(historyStart), 1);
  let n = 0;
  for (let m = first; m < startOfMonth(today); m = addMonths(m, 1)) n++;
  return Math.max(1, Math.min(MAX_PERIODS, n));
}

/**
 * The span before one: the whole previous month for a month (so far), week for a week, year for a year;
 * otherwise the same number of days just before.
 */
export function previousSpan(a: DayRange, today: string): DayRange {
  const sameMonth = a.startDate.slice(0, 7) === a.endDate.slice(0, 7);
  const yearStart = a.startDate.slice(5) === '01-01';
  // "This year" in January runs from Jan 1 to today as "this month" does: only its name tells them apart.
  const isYear =
    yearStart &&
    (a.endDate.slice(5) === '12-31' ||
      (a.endDate === today && (!sameMonth || /year|ytd|\d{4}/i.test(a.label))));
  if (isYear) {
    const start = `${Number(a.startDate.slice(0, 4)) - 1}-01-01`;
    return { startDate: start, endDate: `${start.slice(0, 4)}-12-31`, label: start.slice(0, 4) };
  }
  const isMonth =
    a.startDate.endsWith('-01') &&
    (a.endDate === lastDayOfMonth(a.startDate) ||
      (a.endDate === today && a.startDate === startOfMonth(today)));
  if (isMonth) {
    const start = addMonths(a.startDate, -1);
    return { startDate: start, endDate: lastDayOfMonth(start), label: monthLabel(start) };
  }
  const days = daysBetween(a.startDate, a.endDate) + 1;
  const isWeek = dayOfWeek(a.startDate) === 0 && (days === 7 || a.endDate === today);
  const length = isWeek ? 7 : days;
  const endDate = addDays(a.startDate, -1);
  return {
    startDate: addDays(endDate, -(length - 1)),
    endDate,
    label: isWeek ? 'the week before' : `the ${length} days before`,
  };
}

/* ------------------------------------------------------------------------------------------------------ */
/* Exclusions.                                                                                            */

const EXCLUDE =
  /apart from|except(?: for)?|excluding|excl|exclude|excludes|not counting|not including|leaving out|leave out|(?:leaving|setting|putting) aside|(?:if )?(?:i|we|you) (?:dont|do not|don t) (?:count|include)|without|w o|other than|besides|aside from|minus|but not|outside of|ignoring|(?:if|when|once) (?:we|i|you) (?:ignore|leave out|take out|exclude|drop)|not on|not at|non|(?:everything|anything|all)(?: else)? but|(?:that |which )?(?:isnt|wasnt|werent|arent|is not|was not|were not|are not)(?: on| at| for)?|but/;
/** Words a list of what is left out runs on through ("my rent payments and subscriptions"). */
const LIST_WORDS = new Set([
  'and',
  'or',
  'nor',
  'the',
  'my',
  'our',
  'any',
  'plus',
  'also',
  'all',
  'payments',
  'payment',
  'purchases',
  'bills',
  'charges',
  'costs',
  'expenses',
  'spending',
  'stuff',
]);

/** Where each "leave out" marker is ("apart from", "excluding", "non"), its words taken. */
export function takeExclusionMarkers(words: Word[]): { at: number; onlyNext: boolean }[] {
  return findPhrases(words, EXCLUDE).map(({ start, end, match }) => {
    useWords(words, start, end);
    return { at: end, onlyNext: match[0] === 'non' };
  });
}

/**
 * Whether the filter found at `at` is left out: a marker comes before it with only list words or other
 * filters between ("excluding rent and utilities"); after "non", only the very next one.
 */
export function isExcluded(
  words: readonly Word[],
  markers: readonly { at: number; onlyNext: boolean }[],
  at: number,
  taken: ReadonlySet<number>,
): boolean {
  const marker = markers.filter((m) => m.at <= at).at(-1);
  if (!marker) return false;
  if (marker.onlyNext) return marker.at === at;
  for (let i = marker.at; i < at; i++) {
    const w = words[i];
    if (!w) return false;
    if (!(taken.has(i) || LIST_WORDS.has(w.text))) return false;
  }
  return true;
}
