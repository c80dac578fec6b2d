import { todayIn } from '@tally/shared';
import { type DeliveryQueue, requestDelivery } from '../features/notifications/notify';
import { peopleWithUnsharedPeriods } from '../features/savings/savings.queries';
import { shareEndedPeriods } from '../features/savings/savings.service';
import type { AppContext } from '../lib/context';

/** Every 15 minutes, like the budget roll: a period ends at its person's midnight, in any time zone. */
export const SHARE_LEFTOVERS_CRON = '*/15 * * * *';

/** queue: goals a share completed are told at once (their notifications are written with the shares). */
export type ShareDeps = Pick<AppContext, 'database' | 'now' | 'log'> & { queue?: DeliveryQueue };

/** Shares every ended period's leftover among its person's goals; safe to run again and from N processes. */
export async function shareDueLeftovers({ database, now, log, queue }: ShareDeps) {
  const at = now();
  let periods = 0;
  for (const viewer of await peopleWithUnsharedPeriods(database.db, { now: at })) {
    // One person whose share fails (a zone the runtime does not know, a failed write) is logged and tried
    // again next run; everyone else's leftovers are still shared.
    try {
      const shared = await shareEndedPeriods(database.db, viewer, {
        day: todayIn(viewer.timeZone, at),
        now: at,
      });
      periods += shared.length;
      if (shared.length > 0 && queue) await requestDelivery(queue, viewer.userId);
    } catch (err) {
      log.error({ err, userId: viewer.userId }, 'sharing leftovers failed');
    }
  }
  if (periods > 0) log.info({ periods }, 'budget period leftovers shared into goals');
  return periods;
}

/** Shares leftovers on a schedule, once across all instances. */
export async function startSavingsShare(ctx: AppContext) {
  await ctx.queue.work('savings-share', async () => void (await shareDueLeftovers(ctx)));
  await ctx.queue.schedule('savings-share', SHARE_LEFTOVERS_CRON);
}
