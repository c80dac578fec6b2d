import { deleteLoginFailuresBefore } from '../features/auth/auth.queries';
import type { AppContext } from '../lib/context';

/** Every 15 minutes: the table holds at most the lockout window and a quarter of an hour of failures. */
export const PRUNE_LOGIN_FAILURES_CRON = '*/15 * * * *';

export type PruneDeps = Pick<AppContext, 'database' | 'now'> & { lockMinutes: number };

/** Deletes the sign-in failures that have left the lockout window: no lockout counts them any more. */
export async function pruneLoginFailures({ database, now, lockMinutes }: PruneDeps) {
  await deleteLoginFailuresBefore(database.db, { before: new Date(now().getTime() - lockMinutes * 60_000) });
}

/** Prunes sign-in failures on a schedule, once across all instances. */
export async function startLoginFailuresPrune(ctx: AppContext) {
  const deps = { database: ctx.database, now: ctx.now, lockMinutes: ctx.config.loginLockMinutes };
  await ctx.queue.work('login-failures-prune', () => pruneLoginFailures(deps));
  await ctx.queue.schedule('login-failures-prune', PRUNE_LOGIN_FAILURES_CRON);
}
