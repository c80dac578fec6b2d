// Detection's cadences (weekly … annual) and the schedules fitted to a merchant's charges.
import { SUBSCRIPTION_FREQUENCIES, type SubscriptionFrequency } from '../schedule';
import { type Day, dayInMonth } from './day-numbers';

// ---------------------------------------------------------------------------------------------------------
// Cadences

export type Cadence = {
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

export const F = SUBSCRIPTION_FREQUENCIES;

export const CADENCES: readonly Cadence[] = [
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
export type Schedule = {
  cadence: Cadence;
  /** Day-based: a day number of one due day. Month-based: the month index of slot 0. */
  phase: number;
  /** Month-based: the day of the month (31 = the month's last day). */
  dom: number;
};

export function due(s: Schedule, k: number): number {
  const c = s.cadence;
  return c.months === 0 ? s.phase + k * c.days : dayInMonth(s.phase + k * c.months, s.dom);
}

/** The slot a day falls nearest to. */
export function slotOf(s: Schedule, d: Day): number {
  const c = s.cadence;
  if (c.months === 0) return Math.round((d.day - s.phase) / c.days);
  const k = Math.round((d.month - s.phase) / c.months);
  // Near a month boundary the nearest due day can be in the neighbouring slot (the 31st paid on the 2nd).
  const deviation = d.day - due(s, k);
  const other = deviation > 0 ? k + 1 : k - 1;
  return Math.abs(d.day - due(s, other)) < Math.abs(deviation) ? other : k;
}

/** Whether a charge `deviation` days from its due day (negative = early) is within the cadence's window. */
export const within = (c: Cadence, deviation: number) => deviation >= -c.early && deviation <= c.late;

/** How well a charge `deviation` days from its due day fits: 1 on the day, 0 outside the window. */
export function closeness(c: Cadence, deviation: number): number {
  if (!within(c, deviation)) return 0;
  return 1 - Math.abs(deviation) / ((deviation < 0 ? c.early : c.late) + 1);
}
