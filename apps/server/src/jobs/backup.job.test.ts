import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { listBackups } from '../features/backups/backups';
import { startQueue } from './queue';

/** The schedule lives in the job queue's tables: set from BACKUP_SCHEDULE at every start, removed when off. */
describe.skipIf(process.env.TEST_DATABASE_URL)('scheduled backups of the embedded database', () => {
  let app: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-data-'));
  beforeAll(async () => {
    app = await createTestApp({
      runJobs: true,
      env: { DATA_DIR: dataDir, BACKUP_SCHEDULE: '15 2 * * *', BACKUP_KEEP: '3' },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const schedule = async (on: TestApp) =>
    on.database.query<{ cron: string; timezone: string }>(
      "select cron, timezone from pgboss.schedule where name = 'backup'",
    );

  it('are scheduled from BACKUP_SCHEDULE, and the job backs up into DATA_DIR/backups', async () => {
    expect(await schedule(app)).toEqual([{ cron: '15 2 * * *', timezone: 'UTC' }]);
    // The schedule's tick, sent as pg-boss sends it.
    const queue = await startQueue(app.database);
    await queue.send('backup', {});
    await queue.stop();
    await expect.poll(() => listBackups(dataDir).length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [file] = listBackups(dataDir);
    expect(fs.existsSync(`${file}.sha256`)).toBe(true);
  });

  it('are unscheduled when BACKUP_SCHEDULE is off', async () => {
    const off = await createTestApp({
      runJobs: true,
      database: app.database,
      keepDatabase: true,
      env: { BACKUP_SCHEDULE: 'off' },
    });
    await off.ready();
    try {
      expect(await schedule(off)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
