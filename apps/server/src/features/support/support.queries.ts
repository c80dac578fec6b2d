import type { NewNotification } from '@tally/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

type Person = { userId: string };

/** How many messages the person sent to support since `since`: their copies, kept even when dismissed. */
export async function supportMessagesSince(db: Db, { userId, since }: Person & { since: Date }) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'support_message'),
        gt(notifications.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Writes the copy of a message about to be sent, hidden (dismissed) until it has gone, so it already counts
 * against the hour. It is the person's own words: under the bell only, never pushed or emailed back to them
 * (marked as delivered on both channels).
 */
export async function reserveSupportCopy(
  db: Db,
  { userId, notice, createdAt }: Person & { notice: NewNotification; createdAt: Date },
) {
  await db.insert(notifications).values({
    userId,
    ...notice,
    createdAt,
    pushedAt: createdAt,
    emailedAt: createdAt,
    dismissedAt: createdAt,
  });
}

/** The message went: its copy shows under the bell. */
export async function showSupportCopy(db: Db, { userId, key }: Person & { key: string }) {
  await db
    .update(notifications)
    .set({ dismissedAt: null })
    .where(and(eq(notifications.userId, userId), eq(notifications.key, key)));
}

/** The message could not go: its copy is taken back. */
export async function deleteSupportCopy(db: Db, { userId, key }: Person & { key: string }) {
  await db.delete(notifications).where(and(eq(notifications.userId, userId), eq(notifications.key, key)));
}
