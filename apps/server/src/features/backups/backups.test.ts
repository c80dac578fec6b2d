import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Database,
  isNewEmbeddedDatabase,
  openDatabase,
  pgliteOptions,
  RESTORE_READY,
  RESTORING_DIR,
} from '../../db/client';
import { onlineBackup } from '../../db/online-backup';
import { type Backup, listBackups, makeBackup, restoreBackup } from './backups';

/**
 * The embedded database's backups on real directories, as `npm start` keeps them. PostgreSQL is backed up
 * with its own tools (restore.test.ts runs those).
 */
const dirs: string[] = [];
const opened: Database[] = [];
afterAll(async () => {
  await closeAll();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-backups-'));
  dirs.push(dir);
  return dir;
};

/** A migrated database in its own DATA_DIR (from the suite's template), open as a running server holds it. */
async function aDataDir() {
  const dataDir = tempDir();
  const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  fs.mkdirSync(path.join(dataDir, 'pgdata'));
  await (
    await PGlite.create(path.join(dataDir, 'pgdata'), { ...pgliteOptions, loadDataDir: template })
  ).close();
  const database = await openDatabase({ dataDir });
  opened.push(database);
  await database.exec('create table probe (n int primary key, note text not null)');
  return { dataDir, database };
}

const probeRows = async (database: Database) =>
  (await database.query<{ n: number }>('select n from probe order by n')).map((r) => r.n);

async function closeAll() {
  for (const database of opened.splice(0)) await database.close();
}

// One database serves the file, as a running server holds it; the restores at the end stop it first.
describe.skipIf(process.env.TEST_DATABASE_URL)('backups of the embedded database', () => {
  let dataDir: string;
  let database: Database;
  let backup: Backup;
  beforeAll(async () => {
    ({ dataDir, database } = await aDataDir());
    await database.query("insert into probe values (1, 'before the backup')");
    backup = await makeBackup(database, { dataDir, keep: 7 });
    await database.query("insert into probe values (2, 'after the backup')");
  });

  it('are compressed, checksummed and pruned to the newest BACKUP_KEEP', async () => {
    const elsewhere = tempDir();
    const at = (day: string) => ({ dataDir: elsewhere, keep: 2, now: new Date(`2026-11-${day}T03:00:00Z`) });
    const first = await makeBackup(database, at('01'));
    await makeBackup(database, at('02'));
    fs.writeFileSync(
      path.join(elsewhere, 'backups', 'tally-2026-11-02T04-00-00-000Z.tar.gz.partial'),
      'cut off',
    );
    const third = await makeBackup(database, at('03'));

    expect(path.basename(third.file)).toBe('tally-2026-11-03T03-00-00-000Z.tar.gz');
    expect(fs.readFileSync(`${third.file}.sha256`, 'utf8')).toBe(
      `${third.sha256}  ${path.basename(third.file)}\n`,
    );
    expect(fs.statSync(third.file).size).toBe(third.bytes);
    expect(fs.readdirSync(path.join(elsewhere, 'backups')).sort()).toEqual([
      'tally-2026-11-02T03-00-00-000Z.tar.gz',
      'tally-2026-11-02T03-00-00-000Z.tar.gz.sha256',
      'tally-2026-11-03T03-00-00-000Z.tar.gz',
      'tally-2026-11-03T03-00-00-000Z.tar.gz.sha256',
    ]);
    expect(listBackups(elsewhere)).toEqual([
      third.file,
      path.join(elsewhere, 'backups', 'tally-2026-11-02T03-00-00-000Z.tar.gz'),
    ]);
    expect(fs.existsSync(first.file)).toBe(false);
    // Only the person running Tally reads them.
    expect(fs.statSync(third.file).mode & 0o077).toBe(0);
  });

  it('a backup taken while statements run holds every row committed before it, whole', async () => {
    let committed = 0;
    let backedUp = false;
    // Inserts go on until the backup has been taken, so it is taken in the middle of them.
    const writer = (async () => {
      for (let n = 100; !backedUp || n < 150; n += 1) {
        await database.query('insert into probe values ($1, $2)', [n, 'x'.repeat(200)]);
        committed = n - 99;
      }
    })();
    await expect.poll(() => committed, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(20);
    const before = committed;
    const midway = await makeBackup(database, { dataDir: tempDir(), keep: 7 });
    backedUp = true;
    await writer;
    const into = tempDir();
    await restoreBackup(midway.file, into);
    const restored = await openDatabase({ dataDir: into });
    opened.push(restored);
    const rows = (await probeRows(restored)).filter((n) => n >= 100);
    expect(rows.length).toBeGreaterThanOrEqual(before);
    expect(rows.length).toBeLessThanOrEqual(committed);
    expect(rows).toEqual(Array.from({ length: rows.length }, (_, i) => 100 + i));
    expect(await probeRows(restored)).toContain(2);
  });

  it('copies the files while statements go on: pages rewritten mid-copy are restored whole, as at its end', async () => {
    await database.exec(
      "create table churn as select g as n, repeat('a', 400) as note from generate_series(1, 5000) g",
    );
    const state = async (db: Database) =>
      (
        await db.query<{ sum: string }>(
          "select md5(string_agg(n || ':' || note, ',' order by n)) as sum from churn",
        )
      )[0]!.sum;
    // After each piece of a file copied, a statement rewrites rows across the table's pages: in files copied
    // already, still to come, and in the middle of one (the table's own, over a piece long).
    let rewrites = 0;
    let midFile = 0;
    const pgdata = path.join(dataDir, 'pgdata');
    const tar = await onlineBackup(database.query, pgdata, async ({ size, copied }) => {
      rewrites += 1;
      if (copied < size) midFile += 1;
      await database.query('update churn set note = $1 where n % 97 = $2', [
        String(rewrites % 10).repeat(400),
        rewrites % 97,
      ]);
    });
    const file = path.join(tempDir(), 'online.tar.gz');
    await pipeline(tar, zlib.createGzip(), fs.createWriteStream(file));
    const atTheEnd = await state(database);
    expect(rewrites).toBeGreaterThan(100);
    expect(midFile).toBeGreaterThan(0);

    const into = tempDir();
    await restoreBackup(file, into);
    const restored = await openDatabase({ dataDir: into });
    opened.push(restored);
    expect(await state(restored)).toBe(atTheEnd);

    // A backup whose writing fails in the middle of a file (a full disk) ends in the database too, without
    // taking the server down: the next one is taken.
    const failing = await onlineBackup(database.query, pgdata, async ({ size, copied }) => {
      if (copied < size) failing.destroy(new Error('no space left on device'));
    });
    await expect(pipeline(failing, zlib.createGzip(), fs.createWriteStream(`${file}.2`))).rejects.toThrow(
      'no space left on device',
    );
    await database.exec('drop table churn');
    expect((await makeBackup(database, { dataDir: tempDir(), keep: 7 })).bytes).toBeGreaterThan(0);
    // Hundreds of statements, two backups and a restore: ~15 s alone, twice that beside the other suites.
  }, 120_000);

  it('refuses a damaged, cut-short or foreign file, or one from a newer Tally, before touching anything', async () => {
    const elsewhere = tempDir();
    const damaged = path.join(elsewhere, 'damaged.tar.gz');
    const bytes = fs.readFileSync(backup.file);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    fs.writeFileSync(damaged, bytes);
    fs.copyFileSync(`${backup.file}.sha256`, `${damaged}.sha256`);
    await expect(restoreBackup(damaged, elsewhere)).rejects.toThrow('does not match its checksum');

    // Copied without its checksum and cut short: gzip's own check finds it.
    const truncated = path.join(elsewhere, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(backup.file).subarray(0, 4096));
    await expect(restoreBackup(truncated, elsewhere)).rejects.toThrow('it does not decompress');

    const notOurs = path.join(elsewhere, 'photos.tar.gz');
    fs.writeFileSync(notOurs, zlib.gzipSync(Buffer.alloc(10_240)));
    await expect(restoreBackup(notOurs, elsewhere)).rejects.toThrow('it holds no database');

    await expect(restoreBackup(path.join(elsewhere, 'missing.tar.gz'), elsewhere)).rejects.toThrow(
      'does not exist',
    );

    await database.exec(
      "insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', 4102444800000)",
    );
    const newer = await makeBackup(database, { dataDir: elsewhere, keep: 7 });
    await database.exec("delete from drizzle.__drizzle_migrations where hash = 'from-the-future'");
    await expect(restoreBackup(newer.file, elsewhere)).rejects.toThrow('made by a newer version of Tally');

    expect(fs.readdirSync(elsewhere).sort()).toEqual([
      'backups',
      'damaged.tar.gz',
      'damaged.tar.gz.sha256',
      'photos.tar.gz',
      'truncated.tar.gz',
    ]);
  });

  it('refuses while a server holds the directory, and leaves everything as it was', async () => {
    // The server, as a process of its own holding the lock.
    const server = spawn('sleep', ['30']);
    const lock = path.join(dataDir, 'tally.lock');
    fs.writeFileSync(lock, String(server.pid));
    try {
      await expect(restoreBackup(backup.file, dataDir)).rejects.toThrow(`in use by process ${server.pid}`);
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(server.pid));
    } finally {
      fs.writeFileSync(lock, String(process.pid));
      server.kill();
    }
    expect(fs.readdirSync(dataDir).sort()).toEqual(['backups', 'pgdata', 'tally.lock']);
    const rows = await probeRows(database);
    expect(rows.slice(0, 2)).toEqual([1, 2]);
    expect(rows.slice(2)).toEqual(Array.from({ length: rows.length - 2 }, (_, i) => 100 + i));
  });

  it('restores into a stopped instance: the backup as it was, the replaced database kept beside it', async () => {
    await closeAll();
    const restored = await restoreBackup(backup.file, dataDir, new Date('2026-11-30T12:00:00Z'));
    expect(restored).toMatchObject({ people: 0, transactions: 0, checksum: 'matched' });
    expect(restored.kept).toBe(path.join(dataDir, 'pgdata.before-restore-2026-11-30T12-00-00-000Z'));
    expect(fs.readdirSync(dataDir).sort()).toEqual([
      'backups',
      'pgdata',
      'pgdata.before-restore-2026-11-30T12-00-00-000Z',
    ]);
    const reopened = await openDatabase({ dataDir });
    opened.push(reopened);
    await reopened.migrate();
    expect(await probeRows(reopened)).toEqual([1]);
  });

  it('a restore cut off between its two moves is finished at the next start, not replaced by a new database', async () => {
    await closeAll();
    // As the restore leaves it when stopped after moving the old database aside: the checked one, ready.
    fs.renameSync(path.join(dataDir, 'pgdata'), path.join(dataDir, RESTORING_DIR));
    fs.writeFileSync(path.join(dataDir, RESTORING_DIR, RESTORE_READY), '');
    expect(isNewEmbeddedDatabase({ dataDir })).toBe(false);
    expect(fs.existsSync(path.join(dataDir, RESTORING_DIR))).toBe(false);
    const reopened = await openDatabase({ dataDir });
    opened.push(reopened);
    expect(await probeRows(reopened)).toEqual([1]);
    expect(fs.existsSync(path.join(dataDir, 'pgdata', RESTORE_READY))).toBe(false);
  });
});
