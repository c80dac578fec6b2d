import { addDays, daysBetween } from '../dates';
import type { Cents } from '../money';

/** A deposit of income: who paid it (a stable key and a name to show), when, and how much (cents, positive). */
export type Deposit = { source: string; label: string; date: string; amount: Cents };

/** Pay that comes at least this regularly (days between deposits, at most) is expected to come again. */
const MAX_PAY_INTERVAL_DAYS = 35;
/** Gaps may wander this much (weekends, bank holidays) and still count as one rhythm. */
const INTERVAL_TOLERANCE_DAYS = 4;

/**
 * The income expected after `today` and by `until` from the regular deposits of the history: a source
 * paid at least twice, at a steady gap (weekly to monthly), is expected again every gap after its last
 * deposit, for the amount of its last deposit. Irregular or one-off income is not counted on.
 */
export function projectIncome(
  deposits: readonly Deposit[],
  today: string,
  until: string,
): { label: string; amount: Cents; date: string }[] {
  const bySource = new Map<string, Deposit[]>();
  for (const d of deposits) {
    if (d.amount <= 0 || d.date > today) continue;
    bySource.set(d.source, [...(bySource.get(d.source) ?? []), d]);
  }
  const expected: { label: string; amount: Cents; date: string }[] = [];
  for (const list of bySource.values()) {
    // Same-day deposits from one payer are one payment.
    const days = [...new Set(list.map((d) => d.date))].sort();
    if (days.length < 2) continue;
    const gaps = days.slice(1).map((day, i) => daysBetween(days[i] as string, day));
    const sorted = [...gaps].sort((a, b) => a - b);
    const gap = sorted[Math.floor(sorted.length / 2)] as number;
    if (gap < 6 || gap > MAX_PAY_INTERVAL_DAYS) continue;
    if (gaps.some((g) => Math.abs(g - gap) > INTERVAL_TOLERANCE_DAYS)) continue;
    const lastDay = days.at(-1) as string;
    // Stopped: more than two gaps without a deposit.
    if (daysBetween(lastDay, today) > gap * 2) continue;
    const last = list.filter((d) => d.date === lastDay).reduce((sum, d) => sum + d.amount, 0);
    const label = list.at(-1)?.label ?? '';
    for (let next = addDays(lastDay, gap); next <= until; next = addDays(next, gap)) {
      if (next > today) expected.push({ label, amount: last, date: next });
    }
  }
  return expected.sort((a, b) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label));
}
