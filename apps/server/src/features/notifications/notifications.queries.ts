import { and, count, desc, eq, isNull, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions, sessions } from '../../db/schema';
import { sessionIsLive } from '../../lib/auth';

export type NotificationRow = typeof notifications.$inferSelect;
type Owned = { userId: string; id: string };

const shown = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/** The person's notifications still shown, newest first. */
export function listNotifications(db: Db, { userId, limit }: { userId: string; limit: number }) {
  return db
    .select()
    .from(notifications)
    .where(shown(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(shown(userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks one read (a second time keeps the first time); null when it is not the person's or dismissed. */
export async function markRead(db: Db, { userId, id, now }: Owned & { now: Date }) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(shown(userId), eq(notifications.id, id)))
    .returning();
  return row ?? null;
}

export async function markAllRead(db: Db, { userId, now }: { userId: string; now: Date }) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(shown(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Dismissed notifications stay as rows (hidden): the row is what stops the same event from being told
 * again. Null when it is not the person's or already dismissed.
 */
export async function dismiss(db: Db, { userId, id, now }: Owned & { now: Date }) {
  const [row] = await db
    .update(notifications)
    .set({
      dismissedAt: now,
      readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(shown(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return row ?? null;
}

/** A person's browsers kept at most: registering one more forgets the one registered longest ago. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/**
 * Saves this browser's subscription for the person, bound to the session that registers it (signing that
 * session out removes it). An endpoint belongs to one person: the same person registering it again (a new
 * session, new keys) moves it to this session; another person's live subscription is never taken over,
 * and 'taken' is answered. A subscription whose session is over (signed out, expired) holds nothing and
 * gives way. Registering again counts as new; beyond PUSH_SUBSCRIPTIONS_MAX the oldest go.
 */
export async function savePushSubscription(
  db: Db,
  s: { userId: string; sessionId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<'saved' | 'taken'> {
  const { now: at, ...values } = s;
  return db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.endpoint, s.endpoint),
        notExists(
          tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(eq(sessions.id, pushSubscriptions.sessionId), sessionIsLive(at))),
        ),
      ),
    );
    // The order they were registered in, never shown: the statement's own clock keeps two in a row apart.
    const now = sql`clock_timestamp()`;
    const saved = await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { sessionId: s.sessionId, p256dh: s.p256dh, auth: s.auth, createdAt: now },
        setWhere: eq(pushSubscriptions.userId, s.userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) return 'taken';
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, s.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_MAX);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, s.userId), notInArray(pushSubscriptions.id, kept)));
    return 'saved';
  });
}

export async function deletePushSubscription(
  db: Db,
  { userId, endpoint }: { userId: string; endpoint: string },
) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The person's browsers that may be pushed to: only those whose session is still signed in. */
export function pushSubscriptionsOf(db: Db, { userId, now }: { userId: string; now: Date }) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(
      sessions,
      and(eq(sessions.id, pushSubscriptions.sessionId), eq(sessions.userId, pushSubscriptions.userId)),
    )
    .where(and(eq(pushSubscriptions.userId, userId), sessionIsLive(now)));
}
