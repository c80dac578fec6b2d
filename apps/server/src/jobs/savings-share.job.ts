import { todayIn } from '@tally/shared';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { budgetPeriods, budgets, savingsGoals, savingsPeriodRuns, users } from '../db/schema';
import { type DeliveryQueue, requestDelivery } from '../features/notifications/notify';
import { shareEndedPeriods } from '../features/savings/savings.service';
import type { AppContext } from '../lib/context';
import { zoneKnownToDatabase } from '../lib/known-zone';

/** Every 15 minutes, like the budget roll: a period ends at its person's midnight, in any time zone. */
export const SHARE_LEFTOVERS_CRON = '*/15 * * * *';

/** queue: goals a share completed are told at once (their notifications are written with the shares). */
export type ShareDeps = Pick<AppContext, 'database' | 'now' | 'log'> & { queue?: DeliveryQueue };

/**
 * People with goals and a budget period that has ended in their day without its leftover shared out
 * (periods of a replaced budget only up to the day it was replaced, as shareEndedPeriods counts them).
 */
function peopleDue(db: Db, { now }: { now: Date }) {
  const p = budgetPeriods;
  // A zone the database does not know counts as UTC, so one person's zone cannot fail the statement.
  const zone = zoneKnownToDatabase(users.timeZone);
  const theirToday = sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  return db
    .selectDistinct({ userId: p.userId, timeZone: zone })
    .from(p)
    .innerJoin(budgets, eq(budgets.id, p.budgetId))
    .innerJoin(users, eq(users.id, p.userId))
    .leftJoin(savingsPeriodRuns, eq(savingsPeriodRuns.periodId, p.id))
    .where(
      and(
        isNull(savingsPeriodRuns.periodId),
        sql`${p.endDate} < ${theirToday}`,
        or(
          isNull(budgets.archivedAt),
          sql`${p.endDate} < (${budgets.archivedAt} at time zone ${zone})::date`,
        ),
        sql`exists (select 1 from ${savingsGoals} where ${savingsGoals.userId} = ${p.userId})`,
      ),
    );
}

/** Shares every ended period's leftover among its person's goals; safe to run again and from N processes. */
export async function shareDueLeftovers({ database, now, log, queue }: ShareDeps) {
  const at = now();
  let periods = 0;
  for (const viewer of await peopleDue(database.db, { now: at })) {
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
