import type { PlanCode } from './auth/auth.schema';
import type { Plan } from './config.schema';
import { planOf } from './plans';

/**
 * What a person may use, from their plan and trial. A new person starts a Pro trial (SPEC §9: 14 days);
 * when it ends without a paid plan they are on Starter. A paid plan is what it says, trial or not.
 */
export type PlanState = {
  /** The plan whose limits apply now. */
  plan: Plan;
  onTrial: boolean;
  /** Whole days of trial left (a part day counts), or null when not on trial. */
  trialDaysLeft: number | null;
};

const DAY_MS = 86_400_000;

export function planState(user: { plan: PlanCode; trialEndsAt: Date | string | null }, now: Date): PlanState {
  const ends = user.trialEndsAt === null ? null : new Date(user.trialEndsAt);
  const trialRunning = user.plan === 'starter' && ends !== null && ends.getTime() > now.getTime();
  if (!trialRunning || ends === null) return { plan: planOf(user.plan), onTrial: false, trialDaysLeft: null };
  return {
    plan: planOf('pro'),
    onTrial: true,
    trialDaysLeft: Math.ceil((ends.getTime() - now.getTime()) / DAY_MS),
  };
}

/** Whether `adding` more bank accounts fit the plan's limit, with `linked` already linked (null: no limit). */
export function accountsFit(plan: Pick<Plan, 'accountLimit'>, linked: number, adding: number): boolean {
  return plan.accountLimit === null || linked + adding <= plan.accountLimit;
}

/**
 * SPEC §7: percent change = (current − previous) / previous × 100, one decimal; null (omitted) when the
 * previous is 0. It is measured against the previous's size, so its sign is always the direction of the
 * change: a net of −100 going to −150 is −50%, not +50%.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
