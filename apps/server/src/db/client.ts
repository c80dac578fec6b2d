import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE, DEFAULT_PGLITE_SHARED_BUFFERS } from '../config';
import { fromDatabase } from '../lib/errors';
import { standaloneLogger } from '../lib/logger';
import { onlineBackup } from './online-backup';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: queries are written once against PostgreSQL and run on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL that may hold several statements (job-queue schema, test resets); the last one's rows. */
  exec: <T = Record<string, unknown>>(sql: string) => Promise<T[]>;
  /** Runs one parameterised statement and returns its rows. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  migrate: () => Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same name on this database: servers starting
   * together on one PostgreSQL set things up one after another (PGlite belongs to one process: it just runs).
   */
  exclusive: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  /**
   * Runs `work` with reads that all see the database as it was at one moment, whatever is written meanwhile
   * (PostgreSQL: one repeatable-read, read-only transaction on a connection of its own, for as long as the
   * work lasts). PGlite runs one statement at a time and a transaction would hold every other request for
   * the work's whole length: there its reads see each moment as it comes.
   */
  snapshot: <T>(work: (query: Database['query']) => Promise<T>) => Promise<T>;
  /**
   * The embedded database's files as a tar stream, a consistent copy taken while it runs (`onlineBackup`; one
   * in memory, as tests use, is copied between two statements). PGlite only; PostgreSQL is backed up with
   * its own tools.
   */
  backupFiles?: () => Promise<Readable>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Extensions the migrations use; PGlite must load them itself. */
export const pgliteOptions = { extensions: { pg_trgm, btree_gin } } satisfies PGliteOptions;

/**
 * PGlite runs each statement on this thread, and its promise settles before the event loop turns again: a
 * job's run of statements (a bank import's thousands) is one chain of microtasks, during which no request
 * is read and no file is sent. Seen in the browser journeys: the app's scripts waited 8–10 s while an
 * import ran. Every statement here first lets the event loop turn, once `sliceMs` have passed since it
 * last did, so requests and files interleave with background work. Inside a transaction, other statements
 * still wait for it to end (PGlite runs one at a time); files and requests without statements do not.
 */
export function yieldingEvery(client: PGlite, sliceMs = 10): PGlite {
  let since = performance.now();
  const turn = async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
  const yielding = (target: Pick<PGlite, 'query' | 'exec'>) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = (async (...args: Parameters<PGlite['query']>) => {
      await turn();
      return query(...args);
    }) as PGlite['query'];
    target.exec = (async (...args: Parameters<PGlite['exec']>) => {
      await turn();
      return exec(...args);
    }) as PGlite['exec'];
  };
  yielding(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      yielding(tx);
      return callback(tx);
    })) as PGlite['transaction'];
  return client;
}

/** `dir`: where its files are, for a database on disk. */
export function fromPglite(pglite: PGlite, dir?: string): Database {
  const client = yieldingEvery(pglite);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    exec: async <T>(sql: string) => ((await client.exec(sql)).at(-1)?.rows ?? []) as T[],
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (_name, work) => work(),
    snapshot: (work) =>
      work(async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows),
    backupFiles: async () => {
      const query = async <T>(sql: string) => (await client.query<T>(sql)).rows;
      if (dir) return Readable.from(await onlineBackup(query, dir), { objectMode: false });
      await client.exec('CHECKPOINT');
      const tar = await client.dumpDataDir('none');
      return Readable.fromWeb(tar.stream() as Parameters<typeof Readable.fromWeb>[0]);
    },
    close: () => client.close(),
  };
}

/**
 * Holds a session-level advisory lock named `name` while `work` runs, on a connection of its own (not the
 * pool's: the work uses the pool, which may have a single connection). Ending the session frees the lock,
 * also when the process dies.
 */
async function exclusive<T>(url: string, name: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // Its connection dropped while the work runs (a restart) ends the lock, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    return await work();
  } finally {
    await client.end();
  }
}

/**
 * Reads are prepared: named by their text's hash, so each connection parses and plans one once and reuses
 * the plan (on the list's statements that planning was most of PostgreSQL's time). Each named statement is
 * kept by every connection for its life: the first few hundred texts are named, later ones run as before.
 */
const MAX_NAMED_STATEMENTS = 300;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `r${crypto.createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * In a statement, keeps it from being prepared, so PostgreSQL plans it for its values every time: for a
 * statement whose best plan depends on a parameter's value (a search's keys: none, one or thousands). A
 * prepared one would soon run a generic plan chosen without knowing them.
 */
const PLANNED_FOR_VALUES = '/* planned for its values */';
export const plannedForValues = sql.raw(PLANNED_FOR_VALUES);

class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
  override query(config: any, values?: any, callback?: any): any {
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name &&
      /^\s*select/i.test(config.text) &&
      !config.text.includes(PLANNED_FOR_VALUES) &&
      (config.values?.length ?? 0) <= 32
    ) {
      const name = statementName(config.text);
      if (name) config = { ...config, name };
    }
    return super.query(config, values, callback);
  }
}

/** How long a query waits for a connection from the pool (a new one included). */
const CONNECT_WAIT_MS = 5_000;
/** A snapshot's transaction left idle this long (a download nobody reads) is ended by PostgreSQL. */
const SNAPSHOT_IDLE_LIMIT = '10min';
/** And one read of it taking this long. */
const SNAPSHOT_STATEMENT_LIMIT = '2min';

/**
 * max: the pool's size (DATABASE_POOL_SIZE). log: the app's logger; callers without one (bench, tests) get
 * one at the info level.
 */
export function fromPostgres(
  url: string,
  max = DEFAULT_DATABASE_POOL_SIZE,
  log: FastifyBaseLogger = standaloneLogger(),
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: PreparingClient,
    // With PostgreSQL out of reach (or every connection busy this long) a request fails with a 503 soon,
    // instead of waiting for the network's own time limits.
    connectionTimeoutMillis: CONNECT_WAIT_MS,
  });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool replaces it.
  // Only the error's message and code: the error carries the pg client (connection settings, cancel key).
  pool.on('error', (error: Error & { code?: string }) =>
    log.warn({ err: { message: error.message, code: error.code } }, 'PostgreSQL pool client error'),
  );
  // A client in use but between two statements (inside a transaction) hears a dropped connection as an
  // 'error' event too, and pg-pool listens only while a client is idle: unheard, it would end the process
  // (seen with PostgreSQL restarted under traffic). The client's next statement fails instead (a 503), and
  // the pool drops it when it is given back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    exec: async <T>(sql: string) => {
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(sql).catch(fromDatabase);
      return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as T[];
    },
    query: async <T>(sql: string, params?: unknown[]) =>
      (await pool.query(sql, params).catch(fromDatabase)).rows as T[],
    // Drizzle's migrator takes no lock itself: servers starting together on a new database would all apply
    // the same migrations. One does; the others wait, then find nothing left to do.
    migrate: () => exclusive(url, 'tally:migrations', () => migratePg(db, { migrationsFolder })),
    exclusive: (name, work) => exclusive(url, name, work),
    snapshot: async (work) => {
      const client = await pool.connect().catch(fromDatabase);
      // A connection the server drops while the work waits (a restart, a failover) reports it here: handled,
      // so it does not end the process, and the connection is not given back to the pool as if sound.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      let over = false;
      try {
        // Bounds a download stalled with the transaction open (it holds back VACUUM): PostgreSQL ends it.
        await client.query(
          `begin isolation level repeatable read read only;
           set local idle_in_transaction_session_timeout = '${SNAPSHOT_IDLE_LIMIT}';
           set local statement_timeout = '${SNAPSHOT_STATEMENT_LIMIT}'`,
        );
        // The snapshot is taken at a transaction's first statement: here, so it is the moment work begins.
        await client.query('select 1');
        const answer = await work(async <T>(sql: string, params?: unknown[]) => {
          // A read the work sends once it is over would run on a connection back in the pool.
          if (over) throw new Error('the snapshot is over');
          return (await client.query(sql, params).catch(fromDatabase)).rows as T[];
        });
        over = true;
        await client.query('commit');
        return answer;
      } catch (error) {
        over = true;
        await client.query('rollback').catch((e: Error) => {
          broken ??= e;
        });
        throw fromDatabase(error);
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite under dataDir.
 * One process owns a PGlite directory: two would silently lose writes, so a lock file guards it.
 */
/** Whether openDatabase would make a new embedded database (PGlite) in dataDir. */
export function isNewEmbeddedDatabase(opts: { databaseUrl?: string; dataDir: string }): boolean {
  if (opts.databaseUrl) return false;
  finishInterruptedRestore(opts.dataDir);
  return !fs.existsSync(path.join(opts.dataDir, 'pgdata', 'PG_VERSION'));
}

/** Where a restore puts the database it has checked, marked READY once it may take pgdata's place. */
export const RESTORING_DIR = 'pgdata.restoring';
export const RESTORE_READY = 'TALLY_RESTORE_READY';

/**
 * A restore stopped between moving the old database aside and moving the checked one into its place
 * leaves no pgdata: the restored one, marked ready, takes it now, instead of a new empty database.
 */
export function finishInterruptedRestore(dataDir: string) {
  const pgdata = path.join(dataDir, 'pgdata');
  const staged = path.join(dataDir, RESTORING_DIR);
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION')) || !fs.existsSync(path.join(staged, RESTORE_READY)))
    return;
  // A restore still running finishes its own moves.
  const holder = lockHolder(dataDir);
  if (holder && holder.pid !== process.pid) return;
  fs.rmSync(pgdata, { recursive: true, force: true });
  fs.renameSync(staged, pgdata);
  fs.rmSync(path.join(pgdata, RESTORE_READY), { force: true });
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log?: FastifyBaseLogger;
  /** PGlite's shared_buffers (config PGLITE_SHARED_BUFFERS). */
  pgliteSharedBuffers?: string;
  /** The PostgreSQL pool's size (config DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  /** Who holds the directory: the server, or a tool (backup, restore) that a backup request must not signal. */
  role?: LockRole;
}): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl, opts.databasePoolSize, opts.log);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const release = lockDirectory(opts.dataDir, opts.role);
  finishInterruptedRestore(opts.dataDir);
  const dir = path.join(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const sharedBuffers = opts.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  const client = await PGlite.create(dir, {
    ...pgliteOptions,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  const database = fromPglite(client, dir);
  return {
    ...database,
    close: async () => {
      await database.close();
      release();
    },
  };
}

export type LockRole = 'server' | 'tool';

/** Another live process holds the data directory. */
export class DirectoryInUse extends Error {}

/** The live process that holds dataDir, and as what; undefined when none does. */
export function lockHolder(dataDir: string): { pid: number; role: LockRole } | undefined {
  const lockFile = path.join(dataDir, 'tally.lock');
  if (!fs.existsSync(lockFile)) return undefined;
  const [pid, role] = fs.readFileSync(lockFile, 'utf8').trim().split(/\s+/);
  if (!Number(pid) || !isAlive(Number(pid))) return undefined;
  return { pid: Number(pid), role: role === 'tool' ? 'tool' : 'server' };
}

/**
 * Claims dataDir for this process (released by the function returned); refused while another process
 * holds it. The lock file names the process and its role (`<pid> server`).
 */
export function lockDirectory(dataDir: string, role: LockRole = 'server'): () => void {
  const lockFile = path.join(dataDir, 'tally.lock');
  const mine = `${process.pid} ${role}`;
  try {
    fs.writeFileSync(lockFile, mine, { flag: 'wx' });
  } catch {
    const holder = lockHolder(dataDir);
    if (holder && holder.pid !== process.pid) {
      throw new DirectoryInUse(
        `${dataDir} is in use by process ${holder.pid}. Stop it first, or set DATA_DIR or DATABASE_URL for a second instance.`,
      );
    }
    fs.writeFileSync(lockFile, mine);
  }
  return () => fs.rmSync(lockFile, { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite runs no autovacuum, and without statistics and a visibility map the planner loses the list's
 * index-only plans. Once enough rows have been imported this does what autovacuum would; PostgreSQL
 * needs nothing (undefined).
 */
export function vacuumAfterImports(database: Database, threshold = 1000) {
  if (database.kind !== 'pglite') return undefined;
  let pending = 0;
  return async (rows: number) => {
    pending += rows;
    if (pending < threshold) return;
    pending = 0;
    await database.exec(
      'VACUUM (ANALYZE) transactions, transaction_rollups, transaction_week_rollups, merchant_rollups, account_days',
    );
  };
}
