import { backupNow } from '../features/backups/backups';
import type { AppContext } from '../lib/context';

/**
 * Backs the embedded database up on BACKUP_SCHEDULE, once across all instances (a PGlite directory has one).
 * With the schedule off, a schedule left from an earlier start is removed. PostgreSQL is backed up with
 * its own tools, so nothing is scheduled there.
 */
export async function startBackups(ctx: Pick<AppContext, 'config' | 'database' | 'log' | 'queue'>) {
  const { config, database, queue } = ctx;
  if (!database.backupFiles) return;
  const { schedule, keep } = config.backups;
  if (!schedule) {
    await queue.unschedule('backup');
    return;
  }
  await queue.work('backup', async () => void (await backupNow(ctx, { dataDir: config.dataDir, keep })));
  await queue.schedule('backup', schedule);
}
