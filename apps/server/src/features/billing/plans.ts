import {
  accountLimitMessage,
  accountsFit,
  type PaidFeature,
  type Plan,
  type PlanCode,
  planAllows,
  planState,
  upgradeMessage,
} from '@tally/shared';
import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankConnections } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { MANUAL_PROVIDER } from '../accounts';

type PlanHolder = { plan: PlanCode; trialEndsAt: Date | null };

/** The plan whose limits apply to this person now (a running Pro trial counts as Pro). */
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

/** An active account of an active bank connection of the person's (not one they keep by hand). */
const linkedAccountOf = (userId: string) =>
  and(
    eq(bankAccounts.userId, userId),
    eq(bankConnections.userId, userId),
    eq(bankConnections.isActive, true),
    ne(bankConnections.provider, MANUAL_PROVIDER),
    eq(bankAccounts.isActive, true),
  );

/**
 * The bank accounts a plan's limit counts: active, visible accounts of active bank connections (disconnected
 * ones don't, nor the accounts the person keeps by hand: the limit is on linked banks; nor those a sync
 * hid past the limit).
 */
export async function countLinkedAccounts(db: Db, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bankAccounts)
    .innerJoin(bankConnections, eq(bankConnections.id, bankAccounts.connectionId))
    .where(and(linkedAccountOf(userId), isNull(bankAccounts.hiddenAt)));
  return row?.n ?? 0;
}

/**
 * The person's active bank connections that keep accounts hidden past the plan's limit: once the plan
 * allows more (an upgrade, another bank disconnected), syncing them shows those accounts with their history.
 */
export async function connectionsHidingAccounts(db: Db, { userId }: { userId: string }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: bankConnections.id })
    .from(bankAccounts)
    .innerJoin(bankConnections, eq(bankConnections.id, bankAccounts.connectionId))
    .where(and(linkedAccountOf(userId), isNotNull(bankAccounts.hiddenAt)));
  return rows.map((r) => r.id);
}

/**
 * Inside a transaction: holds the person's linking lock until it ends, so two links at once are counted
 * one after the other and cannot both take the last place under the limit.
 */
export async function lockLinking(tx: Db, { userId }: { userId: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`linking:${userId}`}, 0))`);
}
