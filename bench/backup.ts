import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Database } from '../apps/server/src/db/client';
import { makeBackup, restoreBackup } from '../apps/server/src/features/backups/backups';

export type BackupRun = {
  databaseMB: number;
  backupSeconds: number;
  /** The longest the event loop could not answer anything else: the copy of the database's files. */
  maxStallMs: number;
  fileMB: number;
  restoreSeconds: number;
};
export type BackupResult = { runs: BackupRun[] };

const MB = 2 ** 20;

/**
 * A backup of the embedded bench database as the schedule takes one (a checkpoint, then its files copied,
 * compressed and written beside the app's work), and its restore into an empty data directory: time, the
 * longest stall, and sizes. Every backup is taken before any restore: a restore runs with the server stopped,
 * and the gigabytes it reads and writes in this process would weigh on the backups after it.
 */
export async function measureBackup(
  database: Database,
  { runs, log }: { runs: number; log: (message: string) => void },
): Promise<BackupResult> {
  const [size] = await database.query<{ bytes: string }>(
    'select pg_database_size(current_database()) as bytes',
  );
  const dirs = Array.from({ length: runs }, () =>
    fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-backup-')),
  );
  try {
    const taken = [];
    for (const dir of dirs) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const backup = await makeBackup(database, { dataDir: path.join(dir, 'from'), keep: 1 });
      const backupSeconds = (performance.now() - started) / 1000;
      delay.disable();
      taken.push({ dir, backup, backupSeconds, maxStallMs: delay.max / 1e6 });
    }
    const result: BackupResult = { runs: [] };
    for (const [run, { dir, backup, backupSeconds, maxStallMs }] of taken.entries()) {
      const restoring = performance.now();
      await restoreBackup(backup.file, path.join(dir, 'into'));
      const r: BackupRun = {
        databaseMB: Number(size?.bytes ?? 0) / MB,
        backupSeconds,
        maxStallMs,
        fileMB: backup.bytes / MB,
        restoreSeconds: (performance.now() - restoring) / 1000,
      };
      log(
        `backup run ${run + 1}: ${r.backupSeconds.toFixed(2)} s (longest stall ${r.maxStallMs.toFixed(0)} ms), ` +
          `${r.fileMB.toFixed(1)} MB file of a ${r.databaseMB.toFixed(0)} MB database; restore ${r.restoreSeconds.toFixed(2)} s`,
      );
      result.runs.push(r);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return result;
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
