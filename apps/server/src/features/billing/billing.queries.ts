import type { PaidPlanCode, PlanCode } from '@tally/shared';
import { and, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankConnections, billingEvents, users } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import { MANUAL_PROVIDER } from '../accounts';

/**
 * Locks a person's row until the transaction ends and answers it as it now stands: webhooks about the same
 * person then apply one after another, each on what the one before wrote.
 */
export async function lockUser(db: Db, { userId }: { userId: string }): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function findUserByCustomer(db: Db, { customerId }: { customerId: string }) {
  const [row] = await db.select().from(users).where(eq(users.billingCustomerId, customerId));
  return row ?? null;
}

export type PlanChanges = {
  plan?: PlanCode;
  trialEndsAt?: Date | null;
  billingCustomerId?: string | null;
  billingSubscriptionId?: string | null;
  planPeriodEndsAt?: Date | null;
  planCancelsAt?: Date | null;
};

/** Writes a person's plan and billing fields; `now` (the app's clock) is their updatedAt. */
export async function updatePlan(
  db: Db,
  { userId, now, ...changes }: PlanChanges & { userId: string; now: Date },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** Starts the person's one free trial, of `plan`; null when one was started already. */
export async function startTrial(
  db: Db,
  { userId, now, plan, ends }: { userId: string; now: Date; plan: PaidPlanCode; ends: Date },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ trialPlan: plan, trialEndsAt: ends, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.trialEndsAt), eq(users.plan, 'starter')))
    .returning();
  return row ?? null;
}

/** The operator's plan for every account, no trial running and nothing cancelled (a server without payments). */
export async function giveEveryone(db: Db, { plan, now }: { plan: PlanCode; now: Date }) {
  await db
    .update(users)
    .set({ plan, trialEndsAt: null, planCancelsAt: null, planPeriodEndsAt: null, updatedAt: now })
    .where(
      or(
        ne(users.plan, plan),
        isNotNull(users.trialEndsAt),
        isNotNull(users.planCancelsAt),
        isNotNull(users.planPeriodEndsAt),
      ),
    );
}

/** How many people hold a Stripe subscription (it keeps charging whatever this server does). */
export async function countSubscribers(db: Db) {
  const [row] = await db.select({ n: count() }).from(users).where(isNotNull(users.billingSubscriptionId));
  return row?.n ?? 0;
}

/** Paid plans without a subscription behind them (handed out by a server without payments) end. */
export async function endUnpaidPlans(db: Db, { now }: { now: Date }) {
  await db
    .update(users)
    .set({ plan: 'starter', planCancelsAt: null, planPeriodEndsAt: null, updatedAt: now })
    .where(and(ne(users.plan, 'starter'), isNull(users.billingSubscriptionId)));
}

export async function isEventApplied(db: Db, { eventId }: { eventId: string }) {
  const [row] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, eventId));
  return row !== undefined;
}

/** Records an event as applied; false when it already was (a redelivery), so its change is skipped. */
export async function recordEvent(db: Db, { eventId, type }: { eventId: string; type: string }) {
  const rows = await db
    .insert(billingEvents)
    .values({ id: eventId, type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// The bank accounts a plan's limit counts

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
