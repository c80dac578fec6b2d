// One merchant's charges walked along a schedule into a series, and judged.
import { CADENCES, type Cadence, closeness, due, F, type Schedule, slotOf, within } from './cadence';
import type { Day } from './day-numbers';

// ---------------------------------------------------------------------------------------------------------
// One merchant's charges
import { type DetectionTransaction, MIN_DETECTION_CONFIDENCE } from './types';

export type Merchant = {
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
export type Context = { today: number; firstDay: number; descriptorKey: (description: string) => string };

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
export function cadencesFor(m: Merchant, seed: readonly number[]): Cadence[] {
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
export function fitSchedule(m: Merchant, seed: readonly number[], cadence: Cadence): Fit | null {
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

export type Series = {
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
export function judge(
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
export function bestSeries(m: Merchant, ctx: Context): Series | null {
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
