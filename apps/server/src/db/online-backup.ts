import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Pack, pack as tarPack } from 'tar-stream';

/** What PostgreSQL's documentation leaves out of a base backup: rebuilt at start, or this backup's own. */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
/** Directories kept (PostgreSQL expects them) but not their files. */
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const READ_BYTES = 1 << 20;
/** Files up to this size are read without waiting: most of a database's files, a few pages each. */
const AT_ONCE_BYTES = 64 << 10;
const readAt = promisify(fs.read);

const NOT_READ = 'the backup was not read to its end';

/** streamx's flag, set as soon as a stream's destruction begins (the types describe Node's Writable). */
const destroying = (stream: object) => Reflect.get(stream, 'destroying') === true;

/** The last backup's end: a session runs one backup at a time. */
let previous: Promise<void> = Promise.resolve();

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Where a backup is, after each piece of a file it has copied. */
export type Copied = { name: string; size: number; copied: number };

/**
 * A running embedded database's files as a tar stream, copied while statements go on: PostgreSQL's own online
 * backup. `pg_backup_start` checkpoints and has every page written whole into the log from then on; the files
 * are read a piece at a time between statements (a page caught mid-write is repaired from the log);
 * `pg_backup_stop` ends it; then the log from the start to the stop and the backup's label are added. Opened,
 * the copy replays that log and is the database as it was at the stop, as PostgreSQL does for
 * `pg_basebackup`. The tar must be read to its end or destroyed: the next backup waits for this one.
 *
 * `afterPiece` runs after each piece of a file is copied (tests write there, to prove statements run
 * meanwhile).
 */
export async function onlineBackup(
  query: Query,
  dir: string,
  afterPiece: (copied: Copied) => Promise<void> = async () => {},
): Promise<Pack> {
  const before = previous;
  let ended!: () => void;
  previous = new Promise<void>((resolve) => {
    ended = resolve;
  });
  await before;
  try {
    await startBackup(query);
  } catch (err) {
    ended();
    throw err;
  }
  const tar = tarPack({ highWaterMark: 4 * READ_BYTES });
  // Should whoever reads the tar stop (a full disk), every wait below ends, and the backup is stopped.
  const closed = new Promise<never>((_, reject) => tar.once('close', () => reject(new Error(NOT_READ))));
  closed.catch(() => {});
  const until = <T>(work: Promise<T>) => {
    // Left behind when the tar closes first: its own failure then is no news.
    work.catch(() => {});
    return Promise.race([work, closed]);
  };
  let stopped = false;
  const stop = async () => {
    stopped = true;
    const [row] = await query<{ labelfile: string; last: string }>(
      'select labelfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)',
    );
    return row!;
  };
  (async () => {
    try {
      for (const { name, file, directory } of walk(dir)) {
        if (directory) await until(addDirectory(tar, name));
        else await until(addFile(tar, name, file, { afterPiece }));
      }
      const { labelfile, last } = await stop();
      // The log from the segment the backup started in to the one it stopped in, each whole and as it was
      // at the stop: a checkpoint may recycle a segment, and a backup that cannot replay is no backup.
      const first = /\(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
      const segments = fs
        .readdirSync(path.join(dir, 'pg_wal'))
        .filter((n) => /^[0-9A-F]{24}$/.test(n) && first !== undefined && n >= first && n <= last)
        .sort();
      if (segments[0] !== first || segments.at(-1) !== last) throw logRecycled();
      for (const segment of segments) {
        await until(addFile(tar, `pg_wal/${segment}`, path.join(dir, 'pg_wal', segment), { required: true }));
      }
      await until(addBytes(tar, 'backup_label', Buffer.from(labelfile)));
      tar.finalize();
    } catch (err) {
      let failure = err as Error;
      if (!stopped) {
        // Left in backup mode, this session would refuse every later backup (startBackup mends that too).
        await stop().catch((stopError: Error) => {
          failure = new Error(`${failure.message}; ending the backup failed too: ${stopError.message}`);
        });
      }
      tar.destroy(failure);
    } finally {
      ended();
    }
  })();
  return tar;
}

const logRecycled = () =>
  new Error('the database wrote so much during the backup that its log was recycled: take it again');

/** Starts a backup, ending first one this session was left in (a failed stop). */
async function startBackup(query: Query) {
  const start = () => query("select pg_backup_start('tally', true)");
  try {
    await start();
  } catch (err) {
    if (!/already in progress/i.test((err as Error).message)) throw err;
    await query('select pg_backup_stop(false)');
    await start();
  }
}

/** The data directory's entries, parents before children, without what a base backup leaves out. */
function* walk(dir: string, under = ''): Generator<{ name: string; file: string; directory: boolean }> {
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = under ? `${under}/${entry.name}` : entry.name;
    const file = path.join(dir, name);
    if (entry.isDirectory()) {
      yield { name, file, directory: true };
      if (!EMPTIED.has(name)) yield* walk(dir, name);
    } else if (!LEFT_OUT.has(name) && !entry.name.startsWith('pgsql_tmp')) {
      yield { name, file, directory: false };
    }
  }
}

/** An entry whose body is written by the caller; `done` settles once the tar has taken it whole. */
function entry(tar: Pack, header: Parameters<Pack['entry']>[0], body?: Buffer) {
  let settle!: (err?: Error | null) => void;
  const done = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve());
  });
  // Awaited by the caller, or not when the tar was destroyed first: then the failure is the tar's.
  done.catch(() => {});
  const stream = body ? tar.entry(header, body, settle) : tar.entry(header, settle);
  // A destroyed tar takes its open entry down with its error; `done` carries it.
  stream.on('error', () => {});
  return { stream, done };
}

const addDirectory = (tar: Pack, name: string) =>
  entry(tar, { name, type: 'directory', mode: 0o700 }, Buffer.alloc(0)).done;

const addBytes = (tar: Pack, name: string, bytes: Buffer) => entry(tar, { name, mode: 0o600 }, bytes).done;

/**
 * One file as it is on disk now, at the size it had when opened: one that shrinks meanwhile is padded, one
 * that grows is cut (the log holds what changed); one removed before it is opened is left out, as the log
 * removes it too, unless `required` (a log segment: then it must still be the same file once copied).
 * Read in pieces of a megabyte. Small files (most of them) are read without waiting for the disk: waiting
 * costs a turn of the event loop, and under a run of statements a turn comes only every few milliseconds,
 * which for a database's thousand small files adds up to seconds. Larger ones are read waiting, as a disk
 * busy writing can hold a read for a long while.
 */
async function addFile(
  tar: Pack,
  name: string,
  file: string,
  {
    required = false,
    afterPiece,
  }: { required?: boolean; afterPiece?: (copied: Copied) => Promise<void> } = {},
) {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !required) return;
    if (required) throw logRecycled();
    throw err;
  }
  try {
    const { size, ino } = fs.fstatSync(fd);
    const { stream, done } = entry(tar, { name, size, mode: 0o600 });
    for (let at = 0; at < size; ) {
      const piece = Buffer.alloc(Math.min(READ_BYTES, size - at));
      const read =
        size <= AT_ONCE_BYTES
          ? fs.readSync(fd, piece, 0, piece.length, at)
          : (await readAt(fd, piece, 0, piece.length, at)).bytesRead;
      at += read === 0 ? piece.length : read;
      if (!stream.write(read === 0 ? piece : piece.subarray(0, read))) {
        await new Promise<void>((resolve) => {
          const go = () => {
            stream.off('drain', go);
            stream.off('close', go);
            resolve();
          };
          stream.on('drain', go);
          stream.on('close', go);
          // Destroyed already: 'close' may have been heard before this wait began.
          if (destroying(stream)) go();
        });
      }
      if (destroying(stream)) throw new Error(NOT_READ);
      await afterPiece?.({ name, size, copied: at });
    }
    stream.end(Buffer.alloc(0));
    await done;
    if (required && fs.statSync(file, { throwIfNoEntry: false })?.ino !== ino) throw logRecycled();
  } finally {
    fs.closeSync(fd);
  }
}
