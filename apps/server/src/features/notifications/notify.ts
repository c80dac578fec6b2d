import { importCompletedNotice, importFailedNotice, type NewNotification } from '@tally/shared';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import { historySyncRun, insertNotifications } from './notifications.queries';

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
  const isNew = (await insertNotifications(db, { notices: [{ userId, ...notice }], createdAt })).length > 0;
  if (isNew && queue) await requestDelivery(queue, userId);
  return isNew;
}

/** Many at once (the scans): one insert; answers the people who got something new. */
export async function notifyMany(
  db: Db,
  { notices, createdAt, queue }: Told & { notices: Array<NewNotification & { userId: string }> },
): Promise<string[]> {
  const people = await insertNotifications(db, { notices, createdAt });
  if (queue) for (const userId of people) await requestDelivery(queue, userId);
  return people;
}

/**
 * After a history-sync job: tells the person its run completed, or failed for good (no attempt left). A run
 * cancelled by a disconnect, or still going (the queue will retry), tells nothing.
 */
export async function notifyHistorySync(
  db: Db,
  { queue, userId, runId, now }: { queue: DeliveryQueue; userId: string; runId: string; now: Date },
): Promise<boolean> {
  const run = await historySyncRun(db, { userId, runId });
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
