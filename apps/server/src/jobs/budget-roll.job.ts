import { todayIn } from '@tally/shared';
import { rollBudget } from '../features/budgets/budget-periods';
import { dueBudgets } from '../features/budgets/budgets.queries';
import type { AppContext } from '../lib/context';

/**
 * Every 15 minutes, so a period opens within a quarter of an hour of midnight in every time zone (some
 * are 30 or 45 minutes off the hour). A budget read before then opens its own.
 */
export const ROLL_BUDGETS_CRON = '*/15 * * * *';

export type RollDeps = Pick<AppContext, 'database' | 'now' | 'log'>;

/** Opens the next period of every active, auto-resetting budget whose period has ended in its person's day. */
export async function rollDueBudgets({ database, now, log }: RollDeps) {
  let opened = 0;
  for (const due of await dueBudgets(database.db, { now: now() })) {
    // One budget that cannot roll (a zone the runtime does not know, a failed write) is logged and left
    // for the next run or its next read; it never stops the others.
    try {
      opened += await rollBudget(database.db, { budgetId: due.id, today: todayIn(due.timeZone, now()) });
    } catch (err) {
      log.error({ err, budgetId: due.id }, 'budget period roll failed');
    }
  }
  if (opened > 0) log.info({ opened }, 'budget periods opened');
  return opened;
}

/** Rolls budget periods on a schedule, once across all instances. */
export async function startBudgetRoll(ctx: AppContext) {
  await ctx.queue.work('budget-roll', async () => void (await rollDueBudgets(ctx)));
  await ctx.queue.schedule('budget-roll', ROLL_BUDGETS_CRON);
}
