import { deliverPending } from '../features/notifications/notifications.delivery';
import { notificationsDeps } from '../features/notifications/notifications.deps';
import { scanEveryone } from '../features/notifications/notifications.service';
import { DELIVER_QUEUE, type DeliverJob } from '../features/notifications/notify';
import { deleteOrphanedPushSubscriptions } from '../lib/auth';
import type { AppContext } from '../lib/context';

/**
 * Hourly: subscriptions due and trials ending are told days ahead, so an hour's delay is nothing, and a
 * person reading their notifications catches their own up at once. Budget levels follow imports, which
 * the same read catches up too.
 */
export const SCAN_NOTIFICATIONS_CRON = '7 * * * *';

/** Sends notifications by push and email after their rows are written, and scans for time-based ones. */
export async function startNotifications(ctx: AppContext) {
  const deps = notificationsDeps(ctx);
  await ctx.queue.work<DeliverJob>(
    DELIVER_QUEUE,
    async ({ userId }, { isLastAttempt }) => void (await deliverPending(deps, userId, { isLastAttempt })),
    {
      workers: 2,
    },
  );
  await ctx.queue.work('notifications-scan', async () => {
    // Browsers of sessions that ended (expired, or signed out) get nothing; their rows go too.
    await deleteOrphanedPushSubscriptions(deps.db, { now: deps.now() });
    const told = await scanEveryone(deps);
    if (told > 0) ctx.log.info({ people: told }, 'time-based notifications created');
  });
  await ctx.queue.schedule('notifications-scan', SCAN_NOTIFICATIONS_CRON);
}
