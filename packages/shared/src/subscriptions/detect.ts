import type { Cents } from '../money';
import { normaliseText } from '../text';
import { CATEGORIES, CATEGORY, type CategoryCode } from '../transactions/categories';
import { SUBSCRIPTION_FREQUENCIES, type SubscriptionFrequency } from './schedule';
import { SUBSCRIPTION_CATEGORY, type SubscriptionCategory } from './subscriptions.schema';

/**
 * Subscription detection: finds the charges in a person's history that repeat on a schedule at a steady
 * price, one suggestion per merchant. Pure and synchronous; the server passes up to ~100k rows (a heavy
 * user's two years), so dates become day numbers once and everything after that is integer arithmetic.
 *
 * How a merchant's charges become a subscription:
 * 1. Only outflows count (refunds, salaries, interest never do), and neither transfers nor income
 *    categories; bills (rent, utilities, insurance, loans) only when asked for. Charges on the same day at
 *    the same amount are one charge (a pending and a posted copy, or a double post).
 * 2. Seeds: every amount charged at least twice at the merchant, and the merchant's whole list when it is
 *    sparse enough to be a schedule by itself (which lets the price vary). A seed's median gap suggests a
 *    cadence; a schedule (weekday or day of month, and phase) is fitted to it.
 * 3. Walk the schedule's slots backwards and forwards over all of the merchant's charges, taking at most one
 *    charge per slot within the cadence's window around the due day: the seed's price, or a new price the next
 *    slot confirms (a price change). Up to `maxGap` slots in a row may be empty (a skipped charge).
 * 4. Judge the series: enough charges for its cadence, few empty slots, still running today, and not one
 *    coincidence among many purchases (see `judge`). The best series per merchant is the suggestion.
 */

export type DetectionTransaction = {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Our sign: negative = money out. */
  amount: Cents;
  merchantName: string | null;
  /** The raw bank descriptor, e.g. 'NETFLIX.COM 866-579-7172 CA'. */
  description: string;
  category: CategoryCode;
  /** Plaid's detailed category, e.g. 'ENTERTAINMENT_TV_AND_MOVIES'. */
  providerCategory: string | null;
  isTransfer: boolean;
};

export type DetectOptions = {
  /** The person's today. */
  today: string;
  /** Also consider rent, utilities, insurance and loan payments (default false). */
  includeBills?: boolean;
  /** Merchants already tracked or dismissed, by subscriptionMerchantKey. */
  skipMerchantKeys?: ReadonlySet<string>;
};

export type Detection = {
  merchantKey: string;
  /** The merchant name when the bank gave one, else the tidied descriptor. */
  merchantName: string;
  /** Positive: the latest charge's price. */
  amount: Cents;
  frequency: SubscriptionFrequency;
  /** 0–1; SPEC: 0.8 and above is High (pre-selected), 0.6 and above Medium. */
  confidence: number;
  /** The next charge after the last one, moved forward to today or later. */
  estimatedNextDue: string | null;
  /** The charges of the pattern, oldest first (not one-offs or refunds at the same merchant). */
  relatedTransactionIds: string[];
  category: SubscriptionCategory;
  occurrences: number;
  firstChargeDate: string;
  lastChargeDate: string;
  /** Days per period over the series (a skipped charge does not stretch it), one decimal. */
  averageIntervalDays: number;
  /** The latest price change: the price before it and the day of the first charge at the new price. */
  priceChange: { previousAmount: Cents; date: string } | null;
};

/** Suggestions below this are not worth a person's attention. */
export const MIN_DETECTION_CONFIDENCE = 0.5;

// ---------------------------------------------------------------------------------------------------------
// Merchant keys

const ACH_ID = /\b(?:PPD|CCD|WEB|TEL|ARC)\s+ID:?/gi;
const CONFIRMATION = /\b(?:CONF|REF)\s*#\s*\S+/gi;
/** An order code glued to a '*': 'DROPBOX*X7Q2M', 'AMZN MKTP US*2K4L91RT2' (not 'UBER *EATS'). */
const STAR_CODE = /\*\s*[A-Z0-9-]*\d[A-Z0-9-]*(?=\s|$)/gi;
const STATE = /^[A-Z]{2}$/;

/** Whether a descriptor token is a number of some kind: phone, store, reference, masked account. */
function isNoiseToken(token: string): boolean {
  let digits = 0;
  let letters = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
  }
  if (digits === 0) return false;
  if (token.charCodeAt(0) === 35 /* # */) return true;
  return letters === 0 ? digits >= 4 : digits >= 3;
}

/** The descriptor without what changes from charge to charge or says nothing about the merchant. */
function tidyDescriptor(description: string): string {
  const tokens = description
    .replace(ACH_ID, ' ')
    .replace(CONFIRMATION, ' ')
    .replace(STAR_CODE, ' ')
    .replaceAll('*', ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && !isNoiseToken(t));
  // A trailing state code ('… CA'), unless it is all there is.
  if (tokens.length > 1 && STATE.test(tokens[tokens.length - 1] ?? '')) tokens.pop();
  return tokens
    .join(' ')
    .replace(/^[\s\-–:#.,/]+|[\s\-–:#.,/]+$/g, '')
    .replace(/\s+-\s+/g, ' ');
}

/**
 * The key charges are grouped by: the merchant name when the bank gave one, else the descriptor without
 * order codes, phone numbers, long digit runs, ACH ids, store numbers and a trailing state code; lower-case.
 * Never empty. (Not transactions' merchantKey, which keys a person's category choices by the raw descriptor.)
 */
export function subscriptionMerchantKey(merchantName: string | null, description: string): string {
  const name = normaliseText(merchantName ?? '');
  if (name) return name;
  const tidy = tidyDescriptor(description).toLowerCase();
  if (tidy) return tidy;
  return normaliseText(description) || 'unknown';
}

function displayName(merchantName: string | null, description: string): string {
  const name = merchantName?.trim();
  if (name) return name;
  const tidy = tidyDescriptor(description) || description.trim() || 'Unknown';
  // Bank descriptors shout; a name in a list should not.
  return tidy === tidy.toUpperCase() ? tidy.toLowerCase().replace(/(^|[\s/&(-])(\p{L})/gu, upper) : tidy;
}

const upper = (_: string, before: string, letter: string) => before + letter.toUpperCase();

// ---------------------------------------------------------------------------------------------------------
// Days as integers (days since 1970-01-01), without Date objects

type Day = {
  /** Days since 1970-01-01. */
  day: number;
  /** year * 12 + month - 1 */
  month: number;
  /** Day of the month, 1–31. */
  dom: number;
  /** Days in that month. */
  dim: number;
};

/** Howard Hinnant's days_from_civil: proleptic Gregorian, any year. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

function isoOf(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Day numbers of the first of each month, 1900–2199: schedules ask for due days millions of times. */
const TABLE_FIRST_MONTH = 1900 * 12;
const MONTH_STARTS = Int32Array.from({ length: 300 * 12 + 1 }, (_, i) => {
  const monthIndex = TABLE_FIRST_MONTH + i;
  const y = Math.floor(monthIndex / 12);
  return daysFromCivil(y, monthIndex - y * 12 + 1, 1);
});

/** The day `dom` (clamped to the month's end) of a month index (year * 12 + month - 1). */
function dayInMonth(monthIndex: number, dom: number): number {
  const i = monthIndex - TABLE_FIRST_MONTH;
  if (i >= 0 && i < MONTH_STARTS.length - 1) {
    const first = MONTH_STARTS[i] as number;
    return first + Math.min(dom, (MONTH_STARTS[i + 1] as number) - first) - 1;
  }
  const y = Math.floor(monthIndex / 12);
  const m = monthIndex - y * 12 + 1;
  return daysFromCivil(y, m, Math.min(dom, daysInMonth(y, m)));
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(iso: string): Day {
  const match = ISO_DAY.exec(iso);
  const y = Number(match?.[1]);
  const m = Number(match?.[2]);
  const d = Number(match?.[3]);
  if (!match || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`Not a YYYY-MM-DD day: ${iso}`);
  }
  return { day: daysFromCivil(y, m, d), month: y * 12 + m - 1, dom: d, dim: daysInMonth(y, m) };
}

/** Parses each distinct date once: a history holds a few hundred distinct days in 100k rows. */
function dayParser(): (iso: string) => Day {
  const cache = new Map<string, Day>();
  return (iso) => {
    let day = cache.get(iso);
    if (!day) {
      day = parseDay(iso);
      cache.set(iso, day);
    }
    return day;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Cadences

type Cadence = {
  frequency: SubscriptionFrequency;
  /** Calendar months per period; 0 for the day-based cadences. */
  months: number;
  /** Days per period (nominal for the month-based ones). */
  days: number;
  /**
   * How many days before / after its due day a charge may land. Late is common (card posting lag of 1–3
   * days, weekends, business days, a retried payment); early is rarer (a billing run brought forward).
   */
  early: number;
  late: number;
  /** Fewest charges that make a pattern (see the rule in `judge`). */
  minCharges: number;
  /** Empty slots in a row a series may bridge (meal kits skip weeks for a holiday; annual fees do not skip). */
  maxGap: number;
  /** Charges at which the count stops adding confidence. */
  fullCount: number;
  /** Median gaps (days) that suggest this cadence. */
  gaps: readonly [number, number];
};

const F = SUBSCRIPTION_FREQUENCIES;

const CADENCES: readonly Cadence[] = [
  {
    frequency: F.Weekly,
    months: 0,
    days: 7,
    early: 2,
    late: 3,
    minCharges: 4,
    maxGap: 3,
    fullCount: 9,
    gaps: [4, 10],
  },
  {
    frequency: F.BiWeekly,
    months: 0,
    days: 14,
    early: 3,
    late: 4,
    minCharges: 4,
    maxGap: 1,
    fullCount: 7,
    gaps: [10.5, 18],
  },
  {
    frequency: F.Monthly,
    months: 1,
    days: 30.44,
    early: 5,
    late: 5,
    minCharges: 3,
    maxGap: 1,
    fullCount: 7,
    gaps: [22, 40],
  },
  {
    frequency: F.Quarterly,
    months: 3,
    days: 91.31,
    early: 6,
    late: 6,
    minCharges: 3,
    maxGap: 1,
    fullCount: 5,
    gaps: [70, 110],
  },
  {
    frequency: F.SemiAnnual,
    months: 6,
    days: 182.62,
    early: 8,
    late: 8,
    minCharges: 3,
    maxGap: 0,
    fullCount: 4,
    gaps: [150, 215],
  },
  {
    frequency: F.Annual,
    months: 12,
    days: 365.25,
    early: 10,
    late: 10,
    minCharges: 2,
    maxGap: 0,
    fullCount: 3,
    gaps: [320, 410],
  },
];

/** A cadence pinned to the calendar: slot k is due on `due(k)`. */
type Schedule = {
  cadence: Cadence;
  /** Day-based: a day number of one due day. Month-based: the month index of slot 0. */
  phase: number;
  /** Month-based: the day of the month (31 = the month's last day). */
  dom: number;
};

function due(s: Schedule, k: number): number {
  const c = s.cadence;
  return c.months === 0 ? s.phase + k * c.days : dayInMonth(s.phase + k * c.months, s.dom);
}

/** The slot a day falls nearest to. */
function slotOf(s: Schedule, d: Day): number {
  const c = s.cadence;
  if (c.months === 0) return Math.round((d.day - s.phase) / c.days);
  const k = Math.round((d.month - s.phase) / c.months);
  // Near a month boundary the nearest due day can be in the neighbouring slot (the 31st paid on the 2nd).
  const deviation = d.day - due(s, k);
  const other = deviation > 0 ? k + 1 : k - 1;
  return Math.abs(d.day - due(s, other)) < Math.abs(deviation) ? other : k;
}

/** Whether a charge `deviation` days from its due day (negative = early) is within the cadence's window. */
const within = (c: Cadence, deviation: number) => deviation >= -c.early && deviation <= c.late;

/** How well a charge `deviation` days from its due day fits: 1 on the day, 0 outside the window. */
function closeness(c: Cadence, deviation: number): number {
  if (!within(c, deviation)) return 0;
  return 1 - Math.abs(deviation) / ((deviation < 0 ? c.early : c.late) + 1);
}

// ---------------------------------------------------------------------------------------------------------
// One merchant's charges

type Merchant = {
  key: string;
  /** Outflows oldest first, same-day same-amount duplicates merged; amounts positive. */
  days: Day[];
  dayNumbers: Int32Array;
  amounts: Int32Array;
  rows: DetectionTransaction[];
  /** Bills (rent, utilities, insurance, loans): their amounts may follow usage and seasons. */
  bill: boolean;
  /** Charge indices by price, oldest first. */
  byPrice: Map<number, number[]>;
};

/** What every merchant's search shares: the history's ends and the descriptor keys met so far. */
type Context = { today: number; firstDay: number; descriptorKey: (description: string) => string };

/** Index of the first charge on or after `day`. */
function lowerBound(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] as number) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Cadences whose usual gap matches the seed's median (or upper-quartile) gap between charges. */
function cadencesFor(m: Merchant, seed: readonly number[]): Cadence[] {
  if (seed.length < 2) return [];
  const gaps = new Int32Array(seed.length - 1);
  for (let i = 1; i < seed.length; i++) {
    gaps[i - 1] =
      (m.dayNumbers[seed[i] as number] as number) - (m.dayNumbers[seed[i - 1] as number] as number);
  }
  gaps.sort();
  const half = gaps.length >> 1;
  const mid =
    gaps.length % 2 ? (gaps[half] as number) : ((gaps[half - 1] as number) + (gaps[half] as number)) / 2;
  const upperQuartile = gaps[Math.floor((gaps.length * 3) / 4)] as number;
  return CADENCES.filter(
    (c) =>
      (mid >= c.gaps[0] && mid <= c.gaps[1]) || (upperQuartile >= c.gaps[0] && upperQuartile <= c.gaps[1]),
  );
}

type Fit = {
  schedule: Schedule;
  /** Distinct slots the seed fills within its window. */
  onSchedule: number;
  /** Seed charges that are not the one charge of their slot (off the schedule, or a second in a slot). */
  offSchedule: number;
};

/**
 * The schedule that puts most of the seed's charges closest to their due days. Candidates are the seed's own
 * weekdays / days of the month (a schedule is where charges actually land, most of the time).
 */
function fitSchedule(m: Merchant, seed: readonly number[], cadence: Cadence): Fit | null {
  const tried = new Set<number>();
  let best: Schedule | null = null;
  let bestScore = 0;
  const consider = (s: Schedule) => {
    let score = 0;
    for (const i of seed) {
      const d = m.days[i] as Day;
      score += closeness(cadence, d.day - due(s, slotOf(s, d)));
    }
    if (score > bestScore + 1e-9) {
      best = s;
      bestScore = score;
    }
  };
  for (const i of seed) {
    const d = m.days[i] as Day;
    if (cadence.months === 0) {
      const phase = ((d.day % cadence.days) + cadence.days) % cadence.days;
      if (tried.has(phase)) continue;
      tried.add(phase);
      consider({ cadence, phase, dom: 0 });
    } else {
      const phase = ((d.month % cadence.months) + cadence.months) % cadence.months;
      // A charge on a short month's last day may belong to a schedule on the 29th–31st.
      const doms = d.dom === d.dim && d.dim < 31 ? [d.dom, 31] : [d.dom];
      for (const dom of doms) {
        const id = phase * 32 + dom;
        if (tried.has(id)) continue;
        tried.add(id);
        consider({ cadence, phase, dom });
      }
    }
  }
  const schedule = best as Schedule | null;
  if (!schedule) return null;
  let onSchedule = 0;
  let lastSlot = Number.NEGATIVE_INFINITY;
  for (const i of seed) {
    const d = m.days[i] as Day;
    const k = slotOf(schedule, d);
    if (k !== lastSlot && within(cadence, d.day - due(schedule, k))) {
      onSchedule += 1;
      lastSlot = k;
    }
  }
  return onSchedule >= 2 ? { schedule, onSchedule, offSchedule: seed.length - onSchedule } : null;
}

type Series = {
  schedule: Schedule;
  /** Charge indices in the merchant, oldest first, and their slots. */
  charges: number[];
  slots: number[];
  confidence: number;
  /**
   * Its prices are steps, not a bill that moves: at most three in turn, each held for two charges or more
   * but the first (cut short by the start of the history) and the latest (a rise just charged).
   */
  stepped: boolean;
};

/**
 * Follows a schedule from the seed over the merchant's charges, one charge per slot. `variable`: the price
 * nearest the previous one (bills, usage); otherwise the same price, or a new one the next slot confirms.
 * Slots' windows never overlap (early + late is under a period), so no charge is met twice.
 */
function walk(m: Merchant, schedule: Schedule, seed: readonly number[], variable: boolean, ctx: Context) {
  const { early, late, maxGap } = schedule.cadence;
  const days = m.dayNumbers;
  const count = days.length;

  /** Whether a slot's whole window lies inside the history (so an empty slot means a missed charge). */
  const elapsed = (k: number) => due(schedule, k) + late < ctx.today;

  const choose = (k: number, price: number, step: 1 | -1, neighbour: number): number => {
    const at = due(schedule, k);
    const from = lowerBound(days, at - early);
    let end = from;
    while (end < count && (days[end] as number) <= at + late) end++;
    if (end === from) return -1;
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    if (variable) {
      for (let i = from; i < end; i++) {
        const off = Math.abs((m.amounts[i] as number) - price) / price;
        const score = off + Math.abs((days[i] as number) - at) * 1e-6;
        if (score < bestScore) {
          best = i;
          bestScore = score;
        }
      }
      return bestScore <= (m.bill ? 1 : 0.5) ? best : -1;
    }
    for (let i = from; i < end; i++) {
      if (m.amounts[i] !== price) continue;
      const deviation = Math.abs((days[i] as number) - at);
      if (deviation < bestScore) {
        best = i;
        bestScore = deviation;
      }
    }
    // A new price, within a factor of two and charged again in the next slot (where a slot holds a few
    // dozen charges, any price is, so none is looked for).
    if (best >= 0 || end - from > 24) return best;
    const next = k + step;
    const nextAt = due(schedule, next);
    for (let i = from; i < end; i++) {
      const amount = m.amounts[i] as number;
      if (amount > price * 2 || amount * 2 < price) continue;
      const same = m.byPrice.get(amount) ?? [];
      let lo = 0;
      let hi = same.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((days[same[mid] as number] as number) < nextAt - early) lo = mid + 1;
        else hi = mid;
      }
      if (lo < same.length && (days[same[lo] as number] as number) <= nextAt + late) return i;
    }
    // Unconfirmed, only where nothing contradicts it: the next slot is not wholly in the history yet (the
    // latest charge at a new price is news, not noise) or holds no charge at all (the subscription began
    // there). And only where nothing else could be meant: the slot's one charge, under the same descriptor
    // as its neighbour in the series, and a price rise (or cut) of the usual size rather than another product.
    if (end - from !== 1) return -1;
    const nextSeen = step === 1 ? elapsed(next) : nextAt - early >= ctx.firstDay;
    const nextEmpty = lowerBound(days, nextAt - early) === lowerBound(days, nextAt + late + 1);
    const amount = m.amounts[from] as number;
    if (nextSeen && !nextEmpty) return -1;
    if (amount > price * 1.35 || amount * 1.35 < price) return -1;
    const description = (i: number) => ctx.descriptorKey((m.rows[i] as DetectionTransaction).description);
    if (description(from) !== description(neighbour)) return -1;
    return from;
  };

  // Start from the seed's latest charge on schedule: the series is the current stint (a long pause before
  // it ends the walk back, and what came before is another, finished, subscription).
  let start = -1;
  let startSlot = 0;
  for (let j = seed.length - 1; j >= 0 && start < 0; j--) {
    const i = seed[j] as number;
    const d = m.days[i] as Day;
    const k = slotOf(schedule, d);
    if (within(schedule.cadence, d.day - due(schedule, k))) {
      start = i;
      startSlot = k;
    }
  }
  if (start < 0) return null;

  const before: [number, number][] = [];
  const after: [number, number][] = [];
  for (const step of [1, -1] as const) {
    const out = step === 1 ? after : before;
    let price = m.amounts[start] as number;
    let neighbour = start;
    let misses = 0;
    for (let k = startSlot + step; ; k += step) {
      const at = due(schedule, k);
      if (step === 1 ? at - early > ctx.today : at + late < ctx.firstDay) break;
      const pick = choose(k, price, step, neighbour);
      if (pick >= 0) {
        out.push([k, pick]);
        price = m.amounts[pick] as number;
        neighbour = pick;
        misses = 0;
      } else {
        // A slot still open at either end of the history is not a miss.
        if (step === 1 ? !elapsed(k) : at - early < ctx.firstDay) break;
        misses += 1;
        if (misses > maxGap) break;
      }
    }
  }
  before.reverse();
  const all = [...before, [startSlot, start] as [number, number], ...after];
  return { slots: all.map((e) => e[0]), charges: all.map((e) => e[1]) };
}

/**
 * Whether a walked series is a subscription, and how sure we are (null = not one). The rules:
 * - At least `minCharges` charges: 4 weekly or bi-weekly, 3 monthly, quarterly or semi-annual, 2 annual
 *   (a two-year history holds two annual charges).
 * - At most a quarter of the slots between the first and last charge empty (a third for weekly).
 * - Still running: no more than `maxGap` due days passed since the last charge.
 * - Not a coincidence: at most one other charge at the series' prices (one in four for a long series) within
 *   its span, or off its schedule elsewhere (else the price is just a common purchase there; a stint of
 *   the same subscription before a pause is on the schedule and does not count). Where the merchant has other
 *   purchases over its span, chance must be unlikely to make such a series there (`chanceSeries` ≤ 0.1,
 *   less the busier the merchant is beyond the series), unless its descriptor sets it apart from them all.
 * - Prices that move (only seeds over a merchant's whole list): bills need 3 charges within 60% of their mean
 *   unless they are steps; anything else 6 within 5% (a price in another currency), or is an annual fee
 *   renewed once at a new price (`renewalAtNewPrice`). Either way hardly any other charges over the span.
 */
function judge(
  m: Merchant,
  schedule: Schedule,
  series: { slots: number[]; charges: number[] },
  variable: boolean,
  ctx: Context,
): Series | null {
  const c = schedule.cadence;
  const n = series.charges.length;
  if (n < c.minCharges) return null;
  const firstSlot = series.slots[0] as number;
  const lastSlot = series.slots[n - 1] as number;
  const span = lastSlot - firstSlot + 1;
  const missed = span - n;
  if (missed > Math.floor(span * (c.frequency === F.Weekly ? 1 / 3 : 1 / 4))) return null;

  let overdue = 0;
  for (let k = lastSlot + 1; due(schedule, k) + c.late < ctx.today; k++) {
    overdue += 1;
    if (overdue > c.maxGap) return null;
  }

  // Amounts: runs of one price, and how much they vary.
  let runs = 1;
  let shortInnerRun = false;
  let runLength = 1;
  let longestRun = 1;
  let sum = 0;
  let sumSquares = 0;
  const prices = new Set<number>();
  for (let j = 0; j < n; j++) {
    const amount = m.amounts[series.charges[j] as number] as number;
    prices.add(amount);
    sum += amount;
    sumSquares += amount * amount;
    if (j > 0 && amount !== m.amounts[series.charges[j - 1] as number]) {
      // The first run may be cut short by the start of the history; a later one-charge price is a blip.
      if (runLength < 2 && runs > 1) shortInnerRun = true;
      runs += 1;
      runLength = 1;
    } else if (j > 0) runLength += 1;
    longestRun = Math.max(longestRun, runLength);
  }
  const mean = sum / n;
  const cv = Math.sqrt(Math.max(0, sumSquares / n - mean * mean)) / mean;
  const stepped = runs <= 3 && !shortInnerRun;
  // Bills follow usage and seasons; anything else whose price moves is a charge billed in another currency,
  // or an annual fee renewed once at a new price (steady prices and steps that repeat are the exact-price
  // seeds' job, with their guards against chance).
  if (variable && !m.bill && !(n >= 6 && cv <= 0.05) && !renewalAtNewPrice(m, series.charges, runs))
    return null;
  if (variable && m.bill && (n < 3 || (!stepped && cv > 0.6))) return null;

  // The rest of the merchant's charges over the series' span (all of the series lies inside it).
  const from = lowerBound(m.dayNumbers, due(schedule, firstSlot) - c.early);
  const to = lowerBound(m.dayNumbers, due(schedule, lastSlot) + c.late + 1);
  const others = to - from - n;
  // Prices that move are only credible where the series is about all the merchant charges.
  if (variable && others > Math.max(1, Math.floor(n / 4))) return null;

  const inSeries = new Set(series.charges);
  const samePriceLimit = Math.max(1, Math.floor(n / 4));
  let samePrice = 0;
  for (const price of prices) {
    for (const i of m.byPrice.get(price) ?? []) {
      if (inSeries.has(i)) continue;
      // Outside the span, a charge on the schedule is an earlier stint of the same plan; inside it, any other
      // charge at the price is one the schedule does not explain (a second in a slot counts too).
      const d = m.days[i] as Day;
      if ((i < from || i >= to) && within(c, d.day - due(schedule, slotOf(schedule, d)))) continue;
      samePrice += 1;
      if (samePrice > samePriceLimit) return null;
    }
  }

  // Where the merchant has other purchases, could chance have put this price on this schedule? Not when the
  // series' descriptor sets it apart from all of them (a membership fee among a shop's sales). The busier the
  // merchant is beyond the series, the less likely a subscription there to begin with, so the less chance
  // is tolerated: two equal prices a year apart are as likely at a pure merchant as at a grocery store.
  if (!variable && others > 0) {
    const keys = new Set(
      series.charges.map((i) => ctx.descriptorKey((m.rows[i] as DetectionTransaction).description)),
    );
    let apart = true;
    for (let i = from; i < to && apart; i++) {
      if (!inSeries.has(i) && keys.has(ctx.descriptorKey((m.rows[i] as DetectionTransaction).description))) {
        apart = false;
      }
    }
    const tolerated = 0.1 / (1 + Math.max(0, others - longestRun));
    if (!apart && chanceSeries(m, schedule, longestRun, ctx) > tolerated) return null;
  }

  let deviations = 0;
  for (let j = 0; j < n; j++) {
    deviations += Math.abs(
      (m.dayNumbers[series.charges[j] as number] as number) - due(schedule, series.slots[j] as number),
    );
  }
  const regularity = 1 - (0.6 * deviations) / n / (c.late + 1);
  const count = Math.min(1, (n - 1) / (c.fullCount - 1));
  const amountScore = stepped ? 1 - 0.06 * (runs - 1) : Math.max(0, 1 - 2 * cv) * 0.85;
  const purity = n / (n + 2 * samePrice + 0.25 * others);
  const raw = 0.3 * count + 0.25 * regularity + 0.25 * amountScore + 0.2 * purity - 0.5 * (missed / span);
  const confidence = Math.round(Math.min(1, Math.max(0, raw)) * 100) / 100;
  return { schedule, charges: series.charges, slots: series.slots, confidence, stepped };
}

/**
 * About how many series as long as this one (its longest run at one price) chance would make at this
 * merchant: for every price charged at least that often, one series could start at each of its charges and
 * needs the next due days' windows to catch another charge at that price, which at its rate happens with
 * probability q. Busy shops repeat prices (a $1.83 taco five times in two years) and toll or transit top-ups
 * come from a short menu; a long cadence has few slots to fill.
 */
function chanceSeries(m: Merchant, schedule: Schedule, longestRun: number, ctx: Context): number {
  const c = schedule.cadence;
  const window = c.early + c.late + 1;
  const days = Math.max(1, ctx.today - ctx.firstDay + 1);
  let expected = 0;
  for (const list of m.byPrice.values()) {
    if (list.length < longestRun) continue;
    const q = 1 - Math.exp(-((list.length - 1) / days) * window);
    expected += list.length * q ** (longestRun - 1);
  }
  return expected;
}

/**
 * Two charges a period apart at prices up to 30% apart, and nothing else ever bought there: an annual fee
 * that went up between its only two renewals (no price repeats, so no exact-price seed can find it). Two
 * check-ups a year apart at a clinic visited for nothing else look the same; a wider gap in price does not.
 */
function renewalAtNewPrice(m: Merchant, charges: readonly number[], runs: number): boolean {
  if (charges.length !== 2 || runs !== 2 || m.dayNumbers.length !== 2) return false;
  const a = m.amounts[charges[0] as number] as number;
  const b = m.amounts[charges[1] as number] as number;
  return Math.max(a, b) <= 1.3 * Math.min(a, b);
}

/** The best series at one merchant, if any. */
function bestSeries(m: Merchant, ctx: Context): Series | null {
  const found: Series[] = [];
  const tryseed = (seed: readonly number[], variable: boolean) => {
    const seedDays =
      (m.dayNumbers[seed[seed.length - 1] as number] as number) - (m.dayNumbers[seed[0] as number] as number);
    for (const cadence of cadencesFor(m, seed)) {
      // A price charged far more often than the cadence has due days fails the off-schedule rule below.
      if (!variable && seed.length > 1.5 * (seedDays / cadence.days + 1) + 1) continue;
      const fit = fitSchedule(m, seed, cadence);
      if (!fit) continue;
      // A price charged off the schedule more often than judge allows rules itself out before the walk.
      if (!variable && fit.offSchedule > Math.max(1, Math.floor(fit.onSchedule / 2))) continue;
      const walked = walk(m, fit.schedule, seed, variable, ctx);
      if (!walked) continue;
      const series = judge(m, fit.schedule, walked, variable, ctx);
      if (series) found.push(series);
    }
  };
  // The whole list, when it is sparse enough to be one schedule (at most ~one charge every 4 days).
  const all = m.dayNumbers.length;
  const spanDays = (m.dayNumbers[all - 1] as number) - (m.dayNumbers[0] as number);
  if (all >= 2 && all <= spanDays / 4 + 2)
    tryseed(
      Array.from({ length: all }, (_, i) => i),
      true,
    );
  // Each price charged at least twice.
  for (const seed of m.byPrice.values()) if (seed.length >= 2) tryseed(seed, false);
  if (found.length === 0) return null;

  found.sort((a, b) => b.confidence - a.confidence || b.charges.length - a.charges.length);
  let best = found[0] as Series;
  // A series that holds most of the best one's charges and many more besides explains the merchant better: a
  // bill's monthly charges, rather than the few months whose amounts happened to repeat. (Not one that merely
  // adds a look-alike in a skipped slot.)
  for (const other of found) {
    if (other.charges.length < 1.5 * best.charges.length || other.confidence < MIN_DETECTION_CONFIDENCE)
      continue;
    const mine = new Set(other.charges);
    const shared = best.charges.filter((i) => mine.has(i)).length;
    if (shared >= 0.75 * best.charges.length) best = other;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Categories

const BY_PROVIDER: Record<string, SubscriptionCategory> = {
  ENTERTAINMENT_TV_AND_MOVIES: SUBSCRIPTION_CATEGORY.Streaming,
  ENTERTAINMENT_MUSIC_AND_AUDIO: SUBSCRIPTION_CATEGORY.Streaming,
  ENTERTAINMENT_VIDEO_GAMES: SUBSCRIPTION_CATEGORY.Gaming,
  GENERAL_SERVICES_STORAGE: SUBSCRIPTION_CATEGORY.Software,
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: SUBSCRIPTION_CATEGORY.Fitness,
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: SUBSCRIPTION_CATEGORY.Shopping,
  GENERAL_MERCHANDISE_SUPERSTORES: SUBSCRIPTION_CATEGORY.Shopping,
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: SUBSCRIPTION_CATEGORY.News,
  GENERAL_SERVICES_EDUCATION: SUBSCRIPTION_CATEGORY.Education,
  GENERAL_SERVICES_INSURANCE: SUBSCRIPTION_CATEGORY.Insurance,
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: SUBSCRIPTION_CATEGORY.Professional,
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: SUBSCRIPTION_CATEGORY.Professional,
};

/** Well-known names for when the bank's category says little (GENERAL_SERVICES_OTHER_GENERAL_SERVICES). */
const BY_NAME: readonly [RegExp, SubscriptionCategory][] = [
  [
    /netflix|hulu|disney|hbo|\bmax\b|paramount|peacock|spotify|pandora|tidal|youtube|apple ?tv|apple music|sirius|audible|crunchyroll/,
    SUBSCRIPTION_CATEGORY.Streaming,
  ],
  [
    /openai|chatgpt|anthropic|claude|dropbox|adobe|microsoft|office 365|github|icloud|google (?:one|storage)|notion|1password|lastpass|nordvpn|expressvpn|grammarly|canva|zoom/,
    SUBSCRIPTION_CATEGORY.Software,
  ],
  [/gym|fitness|peloton|yoga|crossfit|strava|classpass/, SUBSCRIPTION_CATEGORY.Fitness],
  [/times|journal|post\b|economist|atlantic|new yorker|substack|medium|news/, SUBSCRIPTION_CATEGORY.News],
  [/xbox|playstation|nintendo|steam|game ?pass|twitch/, SUBSCRIPTION_CATEGORY.Gaming],
  [/coursera|udemy|duolingo|masterclass|skillshare|babbel|brilliant/, SUBSCRIPTION_CATEGORY.Education],
  [/linkedin|quickbooks|docusign|squarespace|shopify|wix/, SUBSCRIPTION_CATEGORY.Professional],
  [/amazon prime|prime video|costco|walmart\+|instacart\+|dashpass|uber one/, SUBSCRIPTION_CATEGORY.Shopping],
];

/** The subscription category a charge most likely belongs to (also what Mark as Recurring suggests). */
export function guessSubscriptionCategory(
  row: Pick<DetectionTransaction, 'description' | 'providerCategory' | 'category'>,
  key: string,
): SubscriptionCategory {
  const names = `${key} ${row.description.toLowerCase()}`;
  const detailed = row.providerCategory?.toUpperCase() ?? '';
  const byProvider = BY_PROVIDER[detailed];
  if (byProvider !== undefined) return byProvider;
  if (detailed.startsWith('RENT_AND_UTILITIES')) return SUBSCRIPTION_CATEGORY.Utilities;
  for (const [pattern, category] of BY_NAME) if (pattern.test(names)) return category;
  switch (row.category) {
    case CATEGORY.Utilities:
      return SUBSCRIPTION_CATEGORY.Utilities;
    case CATEGORY.Insurance:
      return SUBSCRIPTION_CATEGORY.Insurance;
    case CATEGORY.Education:
      return SUBSCRIPTION_CATEGORY.Education;
    case CATEGORY.Shopping:
      return SUBSCRIPTION_CATEGORY.Shopping;
    default:
      return SUBSCRIPTION_CATEGORY.Other;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Detection

const BILLS = new Set<number>([CATEGORY.Rent, CATEGORY.Utilities, CATEGORY.Insurance, CATEGORY.LoanPayments]);
const INCOME = new Set<number>(CATEGORIES.filter((c) => c.group === 'Income').map((c) => c.code));

/**
 * Recurring charges in a history, one per merchant, sorted by confidence (highest first), then name.
 * Only suggestions with confidence ≥ MIN_DETECTION_CONFIDENCE are returned.
 */
export function detectSubscriptions(
  transactions: readonly DetectionTransaction[],
  options: DetectOptions,
): Detection[] {
  const toDay = dayParser();
  const today = parseDay(options.today).day;
  const skip = options.skipMerchantKeys;
  // Names repeat far more than descriptors (which carry order codes): a key is computed once per either.
  const keyByName = new Map<string, string>();
  const keyByDescription = new Map<string, string>();

  // Candidates in day order: a counting sort over the few hundred days a history spans, so every merchant's
  // list comes out sorted without comparing rows.
  const candidates: number[] = [];
  const dayOf: Day[] = new Array(transactions.length);
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i] as DetectionTransaction;
    const day = toDay(t.date);
    dayOf[i] = day;
    if (day.day < firstDay) firstDay = day.day;
    if (t.amount >= 0 || t.isTransfer || INCOME.has(t.category)) continue;
    if (!options.includeBills && BILLS.has(t.category)) continue;
    if (day.day > lastDay) lastDay = day.day;
    candidates.push(i);
  }
  if (candidates.length === 0) return [];
  const next = new Int32Array(lastDay - firstDay + 2);
  for (const i of candidates) {
    const slot = (dayOf[i] as Day).day - firstDay + 1;
    next[slot] = (next[slot] as number) + 1;
  }
  for (let d = 1; d < next.length; d++) next[d] = (next[d] as number) + (next[d - 1] as number);
  const ordered = new Int32Array(candidates.length);
  for (const i of candidates) {
    const slot = (dayOf[i] as Day).day - firstDay;
    const at = next[slot] as number;
    ordered[at] = i;
    next[slot] = at + 1;
  }

  const groups = new Map<string, number[]>();
  for (const i of ordered) {
    const t = transactions[i] as DetectionTransaction;
    const name = t.merchantName?.trim() ? t.merchantName : null;
    const cache = name ? keyByName : keyByDescription;
    const cacheKey = name ?? t.description;
    let key = cache.get(cacheKey);
    if (key === undefined) {
      key = subscriptionMerchantKey(name, t.description);
      cache.set(cacheKey, key);
    }
    if (skip?.has(key)) continue;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }

  const descriptorKeys = new Map<string, string>();
  const ctx: Context = {
    today,
    firstDay,
    descriptorKey: (description) => {
      let key = descriptorKeys.get(description);
      if (key === undefined) {
        key = tidyDescriptor(description).toLowerCase();
        descriptorKeys.set(description, key);
      }
      return key;
    },
  };

  const detections: Detection[] = [];
  for (const [key, group] of groups) {
    if (group.length < 2) continue;
    const merchant = merchantOf(key, group, transactions, dayOf);
    if (merchant.dayNumbers.length < 2) continue;
    const series = bestSeries(merchant, ctx);
    if (!series || series.confidence < MIN_DETECTION_CONFIDENCE) continue;
    detections.push(describe(merchant, series, today));
  }
  return detections.sort(
    (a, b) => b.confidence - a.confidence || a.merchantName.localeCompare(b.merchantName, 'en'),
  );
}

/**
 * One merchant's charges, given as indices already in day order: within a day by amount then id (so the
 * input's order never matters), same-day same-amount duplicates merged.
 */
function merchantOf(
  key: string,
  group: number[],
  transactions: readonly DetectionTransaction[],
  dayOf: readonly Day[],
): Merchant {
  const row = (i: number) => transactions[i] as DetectionTransaction;
  // Days rarely hold more than a few charges at one merchant: an insertion sort, largest charge first.
  for (let start = 0; start < group.length; ) {
    const day = dayOf[group[start] as number];
    let end = start + 1;
    for (; end < group.length && dayOf[group[end] as number] === day; end++) {
      const item = group[end] as number;
      let j = end - 1;
      for (; j >= start; j--) {
        const other = group[j] as number;
        const a = row(item);
        const b = row(other);
        if (a.amount > b.amount || (a.amount === b.amount && a.id >= b.id)) break;
        group[j + 1] = other;
      }
      group[j + 1] = item;
    }
    start = end;
  }
  const size = group.length;
  const days: Day[] = [];
  const rows: DetectionTransaction[] = [];
  const dayNumbers = new Int32Array(size);
  const amounts = new Int32Array(size);
  const byPrice = new Map<number, number[]>();
  let bill = false;
  for (const i of group) {
    const t = row(i);
    const day = dayOf[i] as Day;
    const n = days.length;
    if (n > 0 && days[n - 1] === day && amounts[n - 1] === -t.amount) continue;
    days.push(day);
    rows.push(t);
    dayNumbers[n] = day.day;
    amounts[n] = -t.amount;
    const list = byPrice.get(-t.amount);
    if (list) list.push(n);
    else byPrice.set(-t.amount, [n]);
    if (BILLS.has(t.category)) bill = true;
  }
  return {
    key,
    days,
    dayNumbers: dayNumbers.subarray(0, days.length),
    amounts: amounts.subarray(0, days.length),
    rows,
    bill,
    byPrice,
  };
}

/**
 * The day of the month a month-based schedule's charges keep to, counting only charges in their own due
 * month (one a day late across a month's end says nothing about the day); a charge on a short month's last
 * day counts for 29–31 too. The fitted day when no charge votes.
 */
function usualDayOfMonth(schedule: Schedule, days: readonly Day[]): number {
  const votes = new Array<number>(32).fill(0);
  let voted = false;
  for (const d of days) {
    const slot = slotOf(schedule, d);
    if (d.month !== schedule.phase + slot * schedule.cadence.months) continue;
    voted = true;
    votes[d.dom] = (votes[d.dom] as number) + 1;
    if (d.dom === d.dim) for (let dom = d.dom + 1; dom <= 31; dom++) votes[dom] = (votes[dom] as number) + 1;
  }
  if (!voted) return schedule.dom;
  let best = 1;
  for (let dom = 2; dom <= 31; dom++) if ((votes[dom] as number) > (votes[best] as number)) best = dom;
  return best;
}

function describe(m: Merchant, series: Series, today: number): Detection {
  const { charges, slots } = series;
  const n = charges.length;
  const first = charges[0] as number;
  const last = charges[n - 1] as number;
  const latest = m.rows[last] as DetectionTransaction;
  let schedule = series.schedule;
  // Due days follow the day of the month most charges keep to (the fit may have anchored on a late one).
  if (schedule.cadence.months > 0) {
    const dom = usualDayOfMonth(
      schedule,
      charges.map((i) => m.days[i] as Day),
    );
    schedule = { ...schedule, dom };
  }
  const lastSlot = slots[n - 1] as number;
  let k = lastSlot + 1;
  while (due(schedule, k) < today || due(schedule, k) <= (m.dayNumbers[last] as number)) k++;

  let priceChange: Detection['priceChange'] = null;
  // Only a series of steady prices has "a" price change; a bill that moves every month has none.
  for (let j = n - 1; series.stepped && j > 0; j--) {
    const now = m.amounts[charges[j] as number] as number;
    const before = m.amounts[charges[j - 1] as number] as number;
    if (now !== before) {
      priceChange = {
        previousAmount: before,
        date: (m.rows[charges[j] as number] as DetectionTransaction).date,
      };
      break;
    }
  }
  const spanDays = (m.dayNumbers[last] as number) - (m.dayNumbers[first] as number);
  const periods = lastSlot - (slots[0] as number);
  return {
    merchantKey: m.key,
    merchantName: displayName(latest.merchantName, latest.description),
    amount: m.amounts[last] as number,
    frequency: schedule.cadence.frequency,
    confidence: series.confidence,
    estimatedNextDue: isoOf(due(schedule, k)),
    relatedTransactionIds: charges.map((i) => (m.rows[i] as DetectionTransaction).id),
    category: guessSubscriptionCategory(latest, m.key),
    occurrences: n,
    firstChargeDate: (m.rows[first] as DetectionTransaction).date,
    lastChargeDate: latest.date,
    averageIntervalDays: periods > 0 ? Math.round((spanDays / periods) * 10) / 10 : 0,
    priceChange,
  };
}

// ---------------------------------------------------------------------------------------------------------
// "Mark as Recurring"

/**
 * The likely cadence of one merchant's charges (their amounts' sign does not matter) and the next due date
 * after the last charge, on or after tomorrow. Monthly when there is too little to tell: one charge, or
 * charges no schedule fits for most of them.
 */
export function guessRecurrence(
  charges: readonly { date: string; amount: Cents }[],
  today: string,
): { frequency: SubscriptionFrequency; nextDueDate: string } {
  if (charges.length === 0) throw new RangeError('guessRecurrence needs at least one charge');
  const tomorrow = parseDay(today).day + 1;
  const toDay = dayParser();
  const sorted = charges.map((c) => toDay(c.date)).sort((a, b) => a.day - b.day);
  const days = sorted.filter((d, i) => i === 0 || d.day !== sorted[i - 1]?.day);
  const last = days[days.length - 1] as Day;
  const m: Merchant = {
    key: '',
    days,
    dayNumbers: Int32Array.from(days, (d) => d.day),
    amounts: new Int32Array(days.length),
    rows: [],
    bill: false,
    byPrice: new Map(),
  };
  const all = days.map((_, i) => i);

  let best: { schedule: Schedule; lastSlot: number; score: number } | null = null;
  for (const cadence of cadencesFor(m, all)) {
    const schedule = fitSchedule(m, all, cadence)?.schedule;
    if (!schedule) continue;
    // Most charges on schedule and few of its slots without one; the best by both.
    const slots = new Set<number>();
    for (const d of days) {
      const k = slotOf(schedule, d);
      if (within(cadence, d.day - due(schedule, k))) slots.add(k);
    }
    const onSchedule = slots.size;
    const lastSlot = Math.max(...slots);
    const span = lastSlot - Math.min(...slots) + 1;
    const share = onSchedule / days.length;
    const empty = (span - onSchedule) / span;
    const score = share - empty;
    if (onSchedule >= 2 && share >= 0.6 && empty <= 1 / 3 && (!best || score > best.score)) {
      best = { schedule, lastSlot, score };
    }
  }

  if (!best) {
    // Monthly from the last charge, as chargeAt counts (Jan 31 → Feb 28 → Mar 31).
    const schedule: Schedule = {
      cadence: CADENCES[2] as Cadence,
      phase: last.month,
      dom: last.dom,
    };
    let k = 1;
    while (due(schedule, k) < tomorrow) k++;
    return { frequency: F.Monthly, nextDueDate: isoOf(due(schedule, k)) };
  }
  let schedule = best.schedule;
  if (schedule.cadence.months > 0) schedule = { ...schedule, dom: usualDayOfMonth(schedule, days) };
  let k = best.lastSlot + 1;
  while (due(schedule, k) < tomorrow || due(schedule, k) <= last.day) k++;
  return { frequency: schedule.cadence.frequency, nextDueDate: isoOf(due(schedule, k)) };
}
