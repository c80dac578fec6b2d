import type { PaidPlanCode, PlanCode } from './auth/auth.schema';
import type { Plan } from './config.schema';
import { daysBetween, todayIn } from './dates';
import { FEATURE_PLAN, type PaidFeature, planOf } from './plans';

/**
 * What a person may use, from their plan and trial. Choosing a paid plan for the first time starts a 14-day
 * trial of it (SPEC §1), once per person; when it ends without a paid plan they are on Starter. A paid plan
 * is what it says, trial or not.
 */
export type PlanState = {
  /** The plan whose limits apply now. */
  plan: Plan;
  onTrial: boolean;
  /**
   * Days of trial left in the person's calendar: from their today to the day it ends in their time zone
   * (0: it ends today), or null when not on trial. The trial-ending notification counts the same way.
   */
  trialDaysLeft: number | null;
};

/**
 * Calendar days from the person's today to the day their trial ends, both in their time zone: 0 when it
 * ends later today, 1 tomorrow; null once it has ended.
 */
export function trialDaysLeft(trialEndsAt: Date, timeZone: string, now: Date): number | null {
  if (trialEndsAt.getTime() <= now.getTime()) return null;
  return daysBetween(todayIn(timeZone, now), todayIn(timeZone, trialEndsAt));
}

/** `timeZone` (the person's, UTC when unknown) only counts the trial's days; the plan is the same anywhere. */
export type PlanHolder = { plan: PlanCode; trialEndsAt: Date | string | null; trialPlan: PaidPlanCode };

export function planState(user: PlanHolder & { timeZone?: string }, now: Date): PlanState {
  const ends = user.trialEndsAt === null ? null : new Date(user.trialEndsAt);
  const trialRunning = user.plan === 'starter' && ends !== null && ends.getTime() > now.getTime();
  if (!trialRunning || ends === null) return { plan: planOf(user.plan), onTrial: false, trialDaysLeft: null };
  return {
    plan: planOf(user.trialPlan),
    onTrial: true,
    trialDaysLeft: trialDaysLeft(ends, user.timeZone ?? 'UTC', now),
  };
}

/** Whether `adding` more bank accounts fit the plan's limit, with `linked` already linked (null: no limit). */
export function accountsFit(plan: Pick<Plan, 'accountLimit'>, linked: number, adding: number): boolean {
  return plan.accountLimit === null || linked + adding <= plan.accountLimit;
}

/** The plans cheapest first: a higher one includes everything a lower one does. */
export const PLAN_RANK: Record<PlanCode, number> = { starter: 0, pro: 1, premium: 2 };

/** Whether the plan in force (a trial counts as its plan) includes a paid feature, as FEATURE_PLAN says. */
export function planAllows(plan: Pick<Plan, 'code'>, feature: PaidFeature): boolean {
  return PLAN_RANK[plan.code] >= PLAN_RANK[FEATURE_PLAN[feature]];
}

const FEATURE_NAMES: Record<PaidFeature, string> = {
  'count-up': 'Count-up budgeting',
  advisor: 'The AI advisor',
  subscriptions: 'Subscription tracking',
  'tax-report': 'The tax report',
  'prepared-setup': 'A prepared setup',
  'access-tokens': 'Access tokens for your own apps',
  reports: 'Advanced analytics',
};

/** The 403's message when a plan lacks a paid feature; the web shows the same words. */
export const upgradeMessage = (feature: PaidFeature) =>
  FEATURE_PLAN[feature] === 'pro'
    ? `${FEATURE_NAMES[feature]} is included in Pro and Premium. Upgrade to use it.`
    : `${FEATURE_NAMES[feature]} is included in Premium. Upgrade to use it.`;

/** The 403's message when a link would take Starter past its bank accounts. */
export const accountLimitMessage = (plan: Pick<Plan, 'name' | 'accountLimit'>) =>
  `Your ${plan.name} plan includes up to ${plan.accountLimit} bank accounts. Upgrade to Pro to link more.`;

/**
 * How many more bank accounts fit beside the `linked` ones: what a sync may show of the accounts a bank
 * reports beyond those already shown (Infinity: no limit; never below 0, as a trial that ended may leave
 * more linked than Starter includes).
 */
export function accountsRoom(plan: Pick<Plan, 'accountLimit'>, linked: number): number {
  return plan.accountLimit === null ? Number.POSITIVE_INFINITY : Math.max(0, plan.accountLimit - linked);
}

const accountsWord = (n: number) => `${n} more ${n === 1 ? 'account' : 'accounts'}`;

/**
 * A connection card's line when its bank reports more accounts than the plan includes: they are kept
 * hidden, without their transactions. Under a plan without a limit (just upgraded) they show at the next sync.
 */
export const hiddenAccountsMessage = (plan: Pick<Plan, 'name' | 'accountLimit'>, hidden: number) =>
  plan.accountLimit === null
    ? `${accountsWord(hidden)} hidden — shown with ${hidden === 1 ? 'its' : 'their'} history after the next sync`
    : `${accountsWord(hidden)} hidden — your ${plan.name} plan includes up to ${plan.accountLimit} bank accounts`;

/**
 * SPEC §7: percent change = (current − previous) / previous × 100, one decimal; null (omitted) when the
 * previous is 0. It is measured against the previous's size, so its sign is always the direction of the
 * change: a net of −100 going to −150 is −50%, not +50%.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
