import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** How many messages the person sent to support since `since`: their copies under the bell, kept even when dismissed. */
export async function supportMessagesSince(db: Db, { userId, since }: { userId: string; since: Date }) {
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

/** Takes back a copy whose message could not be sent. */
export async function deleteSupportCopy(db: Db, { userId, key }: { userId: string; key: string }) {
  await db.delete(notifications).where(and(eq(notifications.userId, userId), eq(notifications.key, key)));
}
