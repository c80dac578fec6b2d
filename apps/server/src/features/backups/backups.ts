import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Database,
  lockDirectory,
  migrationsFolder,
  pgliteOptions,
  RESTORE_READY,
  RESTORING_DIR,
} from '../../db/client';

/**
 * Backups of the embedded database: DATA_DIR/backups/tally-<UTC time>.tar.gz, the database's files as a gzipped
 * tar, each with a `<file>.sha256` beside it in `sha256sum` format, written last: a backup without one was
 * never finished. Secrets (DATA_DIR/secrets) are not in them: a backup holds bank tokens sealed with that
 * key, so the key is kept apart (the README says how).
 */
const PREFIX = 'tally-';
const SUFFIX = '.tar.gz';
const CHECKSUM = '.sha256';
const PARTIAL = '.partial';
const PIECE_BYTES = 1 << 20;

export class BackupError extends Error {}

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

export type Backup = { file: string; bytes: number; sha256: string };

/** A backup's name sorts by when it was taken: tally-2026-11-30T03-00-00-000Z.tar.gz. */
const backupName = (at: Date) => `${PREFIX}${at.toISOString().replaceAll(/[:.]/g, '-')}${SUFFIX}`;

/** Finished backups in dataDir, newest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const names = new Set(fs.readdirSync(dir));
  return [...names]
    .filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX) && names.has(`${n}${CHECKSUM}`))
    .sort()
    .reverse()
    .map((n) => path.join(dir, n));
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Backs the embedded database up now and keeps the newest `keep` backups. Statements wait only for its
 * start (a checkpoint) and its end; the files are copied, compressed and written beside the app's work. Backups
 * asked for together are taken one after another.
 */
export function makeBackup(
  database: Pick<Database, 'backupFiles'>,
  { dataDir, keep, now = new Date() }: { dataDir: string; keep: number; now?: Date },
): Promise<Backup> {
  const { backupFiles } = database;
  if (!backupFiles)
    return Promise.reject(new BackupError('only the embedded database is backed up by Tally'));
  const next = running.then(async () => {
    const dir = backupsDir(dataDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tar = await backupFiles();
    const file = path.join(dir, backupName(now));
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      await pipeline(
        tar,
        // Compressed a megabyte at a time: each piece given to zlib, and each it gives back, costs the
        // app's thread a turn, and a database's many small files would otherwise be a piece each.
        async function* (source: AsyncIterable<Buffer>) {
          let pieces: Buffer[] = [];
          let length = 0;
          for await (const chunk of source) {
            pieces.push(chunk);
            length += chunk.length;
            if (length < PIECE_BYTES) continue;
            yield Buffer.concat(pieces, length);
            pieces = [];
            length = 0;
          }
          if (length > 0) yield Buffer.concat(pieces, length);
        },
        zlib.createGzip({ chunkSize: PIECE_BYTES }),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            bytes += chunk.length;
            yield chunk;
          }
        },
        fs.createWriteStream(`${file}${PARTIAL}`, { mode: 0o600, flush: true }),
      );
    } catch (err) {
      fs.rmSync(`${file}${PARTIAL}`, { force: true });
      throw err;
    }
    // The checksum first, then the archive under its name: a backup listed is always whole.
    const sha256 = hash.digest('hex');
    fs.writeFileSync(`${file}${CHECKSUM}`, `${sha256}  ${path.basename(file)}\n`, {
      mode: 0o600,
      flush: true,
    });
    fs.renameSync(`${file}${PARTIAL}`, file);
    pruneBackups(dataDir, keep);
    return { file, bytes, sha256 };
  });
  running = next.catch(() => {});
  return next;
}

/** Deletes all but the newest `keep` finished backups, and any backup left half-written. */
function pruneBackups(dataDir: string, keep: number) {
  const dir = backupsDir(dataDir);
  for (const file of listBackups(dataDir).slice(keep)) {
    fs.rmSync(`${file}${CHECKSUM}`, { force: true });
    fs.rmSync(file, { force: true });
  }
  const names = new Set(fs.readdirSync(dir));
  for (const name of names) {
    const orphanChecksum = name.endsWith(CHECKSUM) && !names.has(name.slice(0, -CHECKSUM.length));
    if (name.startsWith(PREFIX) && (name.endsWith(PARTIAL) || orphanChecksum)) {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  }
}

/** Backs up on the schedule's job or an operator's signal, and says how it went in the log. */
export async function backupNow(
  ctx: { database: Pick<Database, 'backupFiles'>; log: FastifyBaseLogger },
  options: { dataDir: string; keep: number },
) {
  const started = Date.now();
  try {
    const backup = await makeBackup(ctx.database, options);
    ctx.log.info({ file: backup.file, bytes: backup.bytes, ms: Date.now() - started }, 'database backed up');
    return backup;
  } catch (err) {
    ctx.log.error({ err }, 'database backup failed');
    throw err;
  }
}

/**
 * Reads a backup and checks it whole: its checksum when the file beside it is there (a copy may have lost
 * it), then gzip's own. Answers the database's files as a tar.
 */
export function readBackup(file: string): { tar: Buffer; checksum: 'matched' | 'absent' } {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const data = fs.readFileSync(file);
  let checksum: 'matched' | 'absent' = 'absent';
  if (fs.existsSync(`${file}${CHECKSUM}`)) {
    const expected = fs.readFileSync(`${file}${CHECKSUM}`, 'utf8').trim().split(/\s+/)[0];
    if (createHash('sha256').update(data).digest('hex') !== expected) {
      throw new BackupError(
        `${file} does not match its checksum (${file}${CHECKSUM}): it is damaged or incomplete.`,
      );
    }
    checksum = 'matched';
  }
  let tar: Buffer;
  try {
    tar = zlib.gunzipSync(data);
  } catch {
    throw new BackupError(
      `${file} is not a Tally backup, or it is damaged or incomplete (it does not decompress).`,
    );
  }
  if (!holdsDatabase(tar)) throw new BackupError(`${file} is not a Tally backup: it holds no database.`);
  return { tar, checksum };
}

/** Whether a tar is a database's files as PGlite writes them: a ustar archive with PG_VERSION at its top. */
function holdsDatabase(tar: Buffer): boolean {
  for (let at = 0; at + 512 <= tar.length; ) {
    if (tar.subarray(at + 257, at + 262).toString('latin1') !== 'ustar') return false;
    const name = tar
      .subarray(at, at + 100)
      .toString('latin1')
      .replace(/\0.*$/s, '');
    if (/^\/?PG_VERSION$/.test(name)) return true;
    const size = Number.parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('latin1')
        .trim() || '0',
      8,
    );
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

/** When this version of Tally made its newest migration; a database migrated past it was made by a newer one. */
function newestKnownMigration(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

export type Restored = {
  people: number;
  transactions: number;
  checksum: 'matched' | 'absent';
  kept?: string;
};

/**
 * Restores a backup into dataDir, whose server must be stopped (its lock is taken for the while). The backup
 * is checked, then opened on its own beside the current database; only when it opens and this version of
 * Tally can run it does it take the current database's place, which is kept beside it (`kept`).
 */
export async function restoreBackup(file: string, dataDir: string, now = new Date()): Promise<Restored> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockDirectory(dataDir, 'tool');
  const staging = path.join(dataDir, RESTORING_DIR);
  try {
    const { tar, checksum } = readBackup(file);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging);
    let pglite: PGlite;
    try {
      pglite = await PGlite.create(staging, {
        ...pgliteOptions,
        loadDataDir: new Blob([tar], { type: 'application/x-tar' }),
      });
    } catch (err) {
      throw new BackupError(`${file} does not open as a database: ${(err as Error).message}`);
    }
    let counts: { people: number; transactions: number };
    try {
      const [migrated] = (
        await pglite
          .query<{ newest: string | null }>(
            'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
          )
          .catch(() => ({ rows: [] }))
      ).rows;
      if (!migrated?.newest) throw new BackupError(`${file} holds no Tally database.`);
      if (Number(migrated.newest) > newestKnownMigration()) {
        throw new BackupError(
          `${file} was made by a newer version of Tally: update this one, then restore it.`,
        );
      }
      const [row] = (
        await pglite.query<{ people: number; transactions: number }>(
          'select (select count(*) from users)::int as people, (select count(*) from transactions)::int as transactions',
        )
      ).rows;
      counts = { people: row?.people ?? 0, transactions: row?.transactions ?? 0 };
    } finally {
      await pglite.close();
    }
    // Ready: should this stop between the two moves below, the next start moves it into place.
    fs.writeFileSync(path.join(staging, RESTORE_READY), '');
    const current = path.join(dataDir, 'pgdata');
    let kept: string | undefined;
    if (fs.existsSync(current)) {
      kept = path.join(dataDir, `pgdata.before-restore-${now.toISOString().replaceAll(/[:.]/g, '-')}`);
      fs.renameSync(current, kept);
    }
    try {
      fs.renameSync(staging, current);
    } catch (err) {
      if (kept) fs.renameSync(kept, current);
      throw err;
    }
    fs.rmSync(path.join(current, RESTORE_READY), { force: true });
    return { ...counts, checksum, kept };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
