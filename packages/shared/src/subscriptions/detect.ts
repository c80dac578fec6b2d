import type { Cents } from '../money';
import { CATEGORIES, CATEGORY } from '../transactions/categories';
import { CADENCES, type Cadence, due, F, type Schedule, slotOf, within } from './detection/cadence';
import { guessSubscriptionCategory } from './detection/category';
import { type Day, dayParser, isoOf, parseDay } from './detection/day-numbers';
import { displayName, subscriptionMerchantKey, tidyDescriptor } from './detection/merchant-key';
import {
  bestSeries,
  type Context,
  cadencesFor,
  fitSchedule,
  type Merchant,
  type Series,
} from './detection/series';
import {
  type Detection,
  type DetectionTransaction,
  type DetectOptions,
  MIN_DETECTION_CONFIDENCE,
} from './detection/types';
import type { SubscriptionFrequency } from './schedule';

export type { Detection, DetectionTransaction, DetectOptions };
export { guessSubscriptionCategory, MIN_DETECTION_CONFIDENCE, subscriptionMerchantKey };

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
