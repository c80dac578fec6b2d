import type { PlanCode } from '@tally/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, users } from '../../db/schema';
import type { UserRow } from '../../lib/auth';

export async function getUser(db: Db, { userId }: { userId: string }): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

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
