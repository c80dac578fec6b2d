import { BUDGET_WARNING_PERCENT, type NewNotification, SUBSCRIPTION_STATUS } from '@tally/shared';
import {
  and,
  between,
  count,
  desc,
  eq,
  gt,
  isNull,
  like,
  lte,
  notExists,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankConnections,
  budgetCategories,
  budgetPeriodCategories,
  budgetPeriods,
  budgets,
  historySyncs,
  notifications,
  pushSubscriptions,
  sessions,
  subscriptions,
  users,
} from '../../db/schema';
import { sessionIsLive } from '../../lib/auth';
import { zoneKnownToDatabase } from '../../lib/known-zone';

export type NotificationRow = typeof notifications.$inferSelect;
type Owned = { userId: string; id: string };

const shown = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/**
 * Adds notifications, each once per event: a row's (user, key) is unique, so an event told before writes
 * nothing. Answers the people who got a new one.
 */
export async function insertNotifications(
  db: Db,
  { notices, createdAt }: { notices: Array<NewNotification & { userId: string }>; createdAt: Date },
): Promise<string[]> {
  const people = new Set<string>();
  // In chunks: one statement's parameters are limited (65,535), and a scan may find thousands.
  for (let i = 0; i < notices.length; i += 1000) {
    const created = await db
      .insert(notifications)
      .values(notices.slice(i, i + 1000).map((n) => ({ ...n, createdAt })))
      .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
      .returning({ userId: notifications.userId });
    for (const c of created) people.add(c.userId);
  }
  return [...people];
}

/** One of the person's history-sync runs, with how it ended and its bank's name, or null. */
export async function historySyncRun(db: Db, { userId, runId }: { userId: string; runId: string }) {
  const [run] = await db
    .select({
      id: historySyncs.id,
      status: historySyncs.status,
      message: historySyncs.message,
      processed: historySyncs.processed,
      institution: bankConnections.institutionName,
    })
    .from(historySyncs)
    .innerJoin(
      bankConnections,
      and(eq(bankConnections.userId, historySyncs.userId), eq(bankConnections.id, historySyncs.connectionId)),
    )
    .where(and(eq(historySyncs.userId, userId), eq(historySyncs.id, runId)));
  return run ?? null;
}

/** The person's notifications still shown, newest first. */
export function listNotifications(db: Db, { userId, limit }: { userId: string; limit: number }) {
  return db
    .select()
    .from(notifications)
    .where(shown(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many of the person's notifications still shown are unread. */
export async function unreadCount(db: Db, { userId }: { userId: string }): Promise<number> {
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

// ---------------------------------------------------------------------------------------------------------
// Delivery by push and email

export type DeliveryChannel = 'push' | 'email';

/** The person's notifications still shown that were created after `since`: the ones delivery may send. */
const sendable = (userId: string, since: Date) => and(shown(userId), gt(notifications.createdAt, since));

/**
 * Whether the person has a notification created after `since` still to send on a channel that is on: push
 * with a browser whose session is live at `now`; email, when `canEmail` (SMTP is set up), to a verified address.
 */
export async function hasUndelivered(
  db: Db,
  { userId, since, now, canEmail }: { userId: string; since: Date; now: Date; canEmail: boolean },
): Promise<boolean> {
  const liveBrowser = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, notifications.userId), sessionIsLive(now)));
  const pushOn = sql`${users.pushNotifications} and ${notifications.pushedAt} is null and exists (${liveBrowser})`;
  // Only to an address its owner proved they read: otherwise anyone could have the server mail a stranger.
  const emailOn = canEmail
    ? sql`${users.emailNotifications} and ${users.emailVerifiedAt} is not null and ${notifications.emailedAt} is null`
    : sql`false`;
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(sendable(userId, since), sql`((${pushOn}) or (${emailOn}))`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Claims the person's notifications created after `since` and not yet sent on a channel (sets pushed_at or
 * emailed_at to `now`) and answers them, oldest first, so each goes out once even with two workers at it.
 */
export async function claimUndelivered(
  db: Db,
  { userId, channel, since, now }: { userId: string; channel: DeliveryChannel; since: Date; now: Date },
) {
  const column = channel === 'push' ? notifications.pushedAt : notifications.emailedAt;
  const rows = await db
    .update(notifications)
    .set(channel === 'push' ? { pushedAt: now } : { emailedAt: now })
    .where(and(sendable(userId, since), isNull(column)))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Gives back a claim (pushed_at or emailed_at cleared), so the queue's next attempt sends it again. */
export async function releaseClaim(db: Db, { userId, id, channel }: Owned & { channel: DeliveryChannel }) {
  await db
    .update(notifications)
    .set(channel === 'push' ? { pushedAt: null } : { emailedAt: null })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
}

/** What delivery needs to know of the person: their address, whether it is verified, and their switches. */
export async function deliverySettings(db: Db, { userId }: { userId: string }) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      pushOn: users.pushNotifications,
      emailOn: users.emailNotifications,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Forgets one of the person's browsers (by its row's id). */
export async function deletePushSubscriptionById(db: Db, { userId, id }: Owned) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

// ---------------------------------------------------------------------------------------------------------
// The scan for time-based notifications

/** The keys of the budget notices the person was given for a period. */
export async function budgetKeysTold(db: Db, { userId, periodId }: { userId: string; periodId: string }) {
  const rows = await db
    .select({ key: notifications.key })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.key, `budget:${periodId}:%`)));
  return rows.map((r) => r.key);
}

/** People (or the one asked for) with an active subscription due by a day, with what their plan needs. */
export function peopleWithSubscriptionsDueBy(db: Db, { day, userId }: { day: string; userId?: string }) {
  const s = subscriptions;
  return db
    .selectDistinct({
      userId: s.userId,
      timeZone: users.timeZone,
      plan: users.plan,
      trialEndsAt: users.trialEndsAt,
      trialPlan: users.trialPlan,
    })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .where(
      and(
        userId ? eq(s.userId, userId) : undefined,
        eq(s.status, SUBSCRIPTION_STATUS.Active),
        lte(s.nextDueDate, day),
      ),
    );
}

/** Active subscriptions due between two days whose person was not told of that due date yet. */
export function subscriptionsDueUntold(
  db: Db,
  { from, to, userId }: { from: string; to: string; userId?: string },
) {
  const s = subscriptions;
  return db
    .select({
      id: s.id,
      userId: s.userId,
      name: s.name,
      amount: s.amount,
      dueDate: s.nextDueDate,
      timeZone: users.timeZone,
      plan: users.plan,
      trialEndsAt: users.trialEndsAt,
      trialPlan: users.trialPlan,
    })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .where(
      and(
        userId ? eq(s.userId, userId) : undefined,
        eq(s.status, SUBSCRIPTION_STATUS.Active),
        between(s.nextDueDate, from, to),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${s.userId} and n.key = 'subscription-due:' || ${s.id}::text || ':' || ${s.nextDueDate}::text)`,
      ),
    );
}

/** People on Starter whose trial ends after one moment and by another. */
export function starterTrialsEnding(
  db: Db,
  { after, by, userId }: { after: Date; by: Date; userId?: string },
) {
  return db
    .select({
      userId: users.id,
      timeZone: users.timeZone,
      trialEndsAt: users.trialEndsAt,
      trialPlan: users.trialPlan,
    })
    .from(users)
    .where(
      and(
        userId ? eq(users.id, userId) : undefined,
        eq(users.plan, 'starter'),
        gt(users.trialEndsAt, after),
        lte(users.trialEndsAt, by),
      ),
    );
}

/**
 * People whose active budget has a category at 80% or more of its allocation in their current period
 * and not yet told at that level, by the daily spending the triggers keep: one query across everyone.
 * Each is then checked exactly as their own read would.
 */
export function budgetCandidates(db: Db, { now }: { now: Date }) {
  const p = budgetPeriods;
  const pc = budgetPeriodCategories;
  const theirDay = sql`(${now.toISOString()}::timestamptz at time zone ${zoneKnownToDatabase(users.timeZone)})::date`;
  const spent = sql`(select coalesce(sum(d.spent), 0) from daily_spending d where d.user_id = ${budgets.userId} and d.category = ${budgetCategories.category} and d.day between ${p.startDate} and ${p.endDate})`;
  const told = (level: string) =>
    sql`exists (select 1 from ${notifications} n where n.user_id = ${budgets.userId} and n.key = 'budget:' || ${p.id}::text || ':' || ${budgetCategories.category}::text || ${`:${level}`})`;
  return db
    .selectDistinct({ userId: budgets.userId, timeZone: users.timeZone })
    .from(budgets)
    .innerJoin(users, eq(users.id, budgets.userId))
    .innerJoin(p, and(eq(p.userId, budgets.userId), eq(p.budgetId, budgets.id)))
    .innerJoin(pc, and(eq(pc.userId, p.userId), eq(pc.periodId, p.id)))
    .innerJoin(
      budgetCategories,
      and(eq(budgetCategories.userId, pc.userId), eq(budgetCategories.id, pc.categoryId)),
    )
    .where(
      and(
        eq(budgets.isActive, true),
        sql`${p.startDate} <= ${theirDay}`,
        sql`${p.endDate} >= ${theirDay}`,
        gt(pc.allocated, 0),
        sql`${spent} * 100 >= ${pc.allocated} * ${BUDGET_WARNING_PERCENT}`,
        sql`not ${told('over')}`,
        sql`(${spent} > ${pc.allocated} or not ${told('warning')})`,
      ),
    );
}
