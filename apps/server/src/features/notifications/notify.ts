import { importCompletedNotice, importFailedNotice, type NewNotification } from '@tally/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankConnections, historySyncs, notifications } from '../../db/schema';
import type { JobQueue } from '../../lib/job-queue';

/** The queue whose job sends a person's new notifications by push and email (jobs/notifications.job.ts). */
export const DELIVER_QUEUE = 'notifications-deliver';
export type DeliveryQueue = Pick<JobQueue, 'send'>;
export type DeliverJob = { userId: string };

/**
 * Asks for the person's undelivered notifications to be sent. At most one such job waits per person
 * (the queue is 'stately' and keyed by them), so asking often costs nothing.
 */
export async function requestDelivery(queue: DeliveryQueue, userId: string) {
  await queue.send<DeliverJob>(DELIVER_QUEUE, { userId }, { singletonKey: userId });
}

/**
 * When it was told: the caller's clock (the app's one clock), never the database's, so the delivery
 * window and the times shown agree with the "now" everything else uses.
 */
export type Told = { createdAt: Date; queue?: DeliveryQueue };

/**
 * Tells a person something, once per event: the row's (user, key) is unique, so finding the same event
 * again writes nothing. Answers whether it was new. With the queue, delivery is asked for at once; inside a
 * transaction pass none (a job could look before the row commits): the person's next read of their
 * notifications asks for it, and the scheduled jobs ask for what they created.
 */
export async function notify(
  db: Db,
  { userId, notice, createdAt, queue }: Told & { userId: string; notice: NewNotification },
): Promise<boolean> {
  const created = await db
    .insert(notifications)
    .values({ userId, ...notice, createdAt })
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning({ id: notifications.id });
  if (created.length > 0 && queue) await requestDelivery(queue, userId);
  return created.length > 0;
}

/** Many at once (the scans): one insert; answers the people who got something new. */
export async function notifyMany(
  db: Db,
  { notices, createdAt, queue }: Told & { notices: Array<NewNotification & { userId: string }> },
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
  if (queue) for (const userId of people) await requestDelivery(queue, userId);
  return [...people];
}

/**
 * After a history-sync job: tells the person its run completed, or failed for good (no attempt left). A run
 * cancelled by a disconnect, or still going (the queue will retry), tells nothing.
 */
export async function notifyHistorySync(
  db: Db,
  { queue, userId, runId, now }: { queue: DeliveryQueue; userId: string; runId: string; now: Date },
): Promise<boolean> {
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
  if (!run) return false;
  const institution = run.institution || 'Bank';
  if (run.status === 'Completed') {
    return notify(db, {
      userId,
      notice: importCompletedNotice({ ...run, institution, stored: run.processed }),
      createdAt: now,
      queue,
    });
  }
  if (run.status === 'Failed' && run.message === 'Import failed') {
    return notify(db, { userId, notice: importFailedNotice({ ...run, institution }), createdAt: now, queue });
  }
  return false;
}
