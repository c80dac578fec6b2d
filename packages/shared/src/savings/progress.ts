import { addMonths, daysBetween } from '../dates';
import type { Cents } from '../money';

/** SPEC §3: completed, on track or behind; a goal with no target date is simply active. */
export type GoalStatus = 'completed' | 'on_track' | 'behind' | 'active';

export type GoalFigures = {
  targetAmount: Cents;
  currentAmount: Cents;
  /** YYYY-MM-DD, or null for no deadline. */
  targetDate: string | null;
  /** The day the goal was set, so its pace can be judged. */
  startDate: string;
};

/** Percent of the target saved, one decimal, not capped (a goal can be overfunded). */
export function goalProgress(g: Pick<GoalFigures, 'targetAmount' | 'currentAmount'>): number {
  if (g.targetAmount <= 0) return 0;
  return Math.round((g.currentAmount * 1000) / g.targetAmount) / 10;
}

/** Whole days from today to the target date, never below 0; null without a deadline. */
export function daysRemaining(targetDate: string | null, today: string): number | null {
  return targetDate === null ? null : Math.max(0, daysBetween(today, targetDate));
}

/**
 * What still has to be saved per day to reach the target on time, rounded up to the cent (saving a cent
 * less each day would miss it). 0 once reached; the whole rest on the last day or after it; null without
 * a deadline.
 */
export function dailyRequired(g: GoalFigures, today: string): Cents | null {
  const days = daysRemaining(g.targetDate, today);
  if (days === null) return null;
  const rest = g.targetAmount - g.currentAmount;
  if (rest <= 0) return 0;
  return days === 0 ? rest : Math.ceil(rest / days);
}

/** Whole months from today until the target date, counting a started month (at least 1). */
export function monthsUntil(targetDate: string, today: string): number {
  let months = 0;
  while (addMonths(today, months) < targetDate) months += 1;
  return Math.max(1, months);
}

/**
 * SPEC §9: the monthly contribution needed is the target divided by the months until the target date,
 * rounded up to the cent; null without a deadline.
 */
export function monthlyContribution(
  g: Pick<GoalFigures, 'targetAmount' | 'targetDate'>,
  today: string,
): Cents | null {
  if (g.targetDate === null) return null;
  return Math.ceil(g.targetAmount / monthsUntil(g.targetDate, today));
}

/**
 * Completed once the target is reached (SPEC §4: 100% or more). With a deadline, on track when what is
 * saved is at least the even pace from the start day to the target date would have saved by today;
 * behind otherwise. Without a deadline, active.
 */
export function goalStatus(g: GoalFigures, today: string): GoalStatus {
  if (g.currentAmount >= g.targetAmount) return 'completed';
  if (g.targetDate === null) return 'active';
  const span = daysBetween(g.startDate, g.targetDate);
  if (span <= 0) return 'behind';
  const elapsed = Math.min(Math.max(daysBetween(g.startDate, today), 0), span);
  // currentAmount / targetAmount >= elapsed / span, in integers.
  return g.currentAmount * span >= g.targetAmount * elapsed ? 'on_track' : 'behind';
}
