import {
  accountLimitMessage,
  accountsFit,
  type PaidFeature,
  type Plan,
  type PlanHolder,
  planAllows,
  planState,
  upgradeMessage,
} from '@tally/shared';
import { AppError } from '../../lib/errors';

/** The plan whose limits apply to this person now (a running trial counts as its plan). */
export const planInForce = (user: PlanHolder, now: Date): Plan => planState(user, now).plan;

/** Refuses a paid feature on Starter with 403 and the words the web shows beside its upgrade button. */
export function requireFeature(user: PlanHolder, now: Date, feature: PaidFeature) {
  if (!planAllows(planInForce(user, now), feature)) {
    throw new AppError(403, 'PLAN_REQUIRED', upgradeMessage(feature));
  }
}

/** The 403 for a link past the plan's bank accounts. */
export const accountLimitReached = (plan: Plan) =>
  new AppError(403, 'ACCOUNT_LIMIT', accountLimitMessage(plan));

/** Refuses when `adding` more bank accounts would not fit beside the `linked` ones. */
export function requireAccountsFit(plan: Plan, linked: number, adding: number) {
  if (!accountsFit(plan, linked, adding)) throw accountLimitReached(plan);
}
