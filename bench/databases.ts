import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, fromPostgres, migrationsFolder, openDatabase } from '../apps/server/src/db/client';
import { startQueue } from '../apps/server/src/jobs/queue';
import { EMAIL_DOMAIN, GENERATOR_VERSION, type GenerateReport, generate, type Sql } from './generate';

export const CACHE_DIR = path.resolve(import.meta.dirname, '.cache');
export const BENCH_DATABASE = process.env.BENCH_PG_DATABASE ?? 'tally_bench';
/** Users the import benchmark creates; removed afterwards and on the next start if a run was interrupted. */
export const IMPORT_EMAIL_DOMAIN = 'bench-import.test';

export type Meta = { key: string; scale: number; createdAt: string; report: GenerateReport };

export type BenchDatabase = {
  kind: 'pglite' | 'postgres';
  database: Database;
  meta: Meta;
  /** Seconds to get the database ready this time (generation, or restoring the cache). */
  preparedIn: { seconds: number; how: string };
  close: () => Promise<void>;
};

type PrepareOptions = {
  scale: number;
  regenerate: boolean;
  /** PGlite only: skip VACUUM (ANALYZE) after the load (see GenerateOptions.vacuum). */
  vacuum?: boolean;
  log: (message: string) => void;
};

/** Cached data is rebuilt when the generator, the scale or the migrations change. */
function cacheKey(scale: number, vacuum = true): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(fs.readFileSync(path.join(migrationsFolder, file)));
  }
  return `g${GENERATOR_VERSION}-s${scale}-m${hash.digest('hex').slice(0, 10)}${vacuum ? '' : '-novacuum'}`;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const seconds = (since: number) => (performance.now() - since) / 1000;

async function removeImportUsers(database: Database) {
  await database.query(`DELETE FROM users WHERE email LIKE $1`, [`%@${IMPORT_EMAIL_DOMAIN}`]);
}

/**
 * PGlite: generated once into bench/.cache/pglite-<key>/pgdata (a clean, closed data directory), then
 * copied to a temp dir for every run so the benchmark never changes the cache, and opened the way the
 * server opens it (openDatabase: PGlite on the node filesystem, pg_trgm loaded, the server's default page cache).
 */
export async function preparePglite({
  scale,
  regenerate,
  vacuum = true,
  log,
}: PrepareOptions): Promise<BenchDatabase> {
  const started = performance.now();
  const key = cacheKey(scale, vacuum);
  const dir = path.join(CACHE_DIR, `pglite-${key}`);
  const metaFile = path.join(dir, 'meta.json');
  let how = 'restored from cache';
  if (regenerate || !fs.existsSync(metaFile)) {
    how = 'generated';
    const partial = `${dir}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    log(`PGlite: generating into ${path.relative(process.cwd(), partial)} (scale ${scale})`);
    const database = await openDatabase({ dataDir: partial });
    await database.migrate();
    const sql: Sql = {
      query: (text, params) => database.query(text, params),
      exec: (text) => database.exec(text),
    };
    await database.exec(`SET maintenance_work_mem = '256MB'`);
    const report = await generate(sql, { scale, anchor: todayUtc(), batchSize: 10_000, vacuum, log });
    // The job queue's schema too, so a run does not pay for creating it.
    const queue = await startQueue(database);
    await queue.stop();
    await database.close();
    const meta: Meta = { key, scale, createdAt: new Date().toISOString(), report };
    fs.writeFileSync(path.join(partial, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
    log(`PGlite: generated in ${report.seconds.total.toFixed(0)} s`);
  }
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Meta;
  // An older cache of this scale (generator or migrations changed) is dead weight: a gigabyte at full scale.
  for (const old of fs.readdirSync(CACHE_DIR)) {
    const sameVariant = old.endsWith('-novacuum') === !vacuum;
    if (old.startsWith('pglite-') && old.includes(`-s${scale}-`) && sameVariant && old !== `pglite-${key}`) {
      log(`PGlite: removing stale cache ${old}`);
      fs.rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
    }
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-pglite-'));
  const copyStarted = performance.now();
  fs.cpSync(path.join(dir, 'pgdata'), path.join(runDir, 'pgdata'), { recursive: true });
  log(`PGlite: copied the cached data directory in ${seconds(copyStarted).toFixed(1)} s`);
  // The server's page cache, or PGLITE_SHARED_BUFFERS to weigh another against the memory it costs.
  const database = await openDatabase({
    dataDir: runDir,
    pgliteSharedBuffers: process.env.PGLITE_SHARED_BUFFERS,
  });
  return {
    kind: 'pglite',
    database,
    meta,
    preparedIn: { seconds: seconds(started), how },
    close: async () => {
      await database.close();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * PostgreSQL: a database `tally_bench` created fresh and migrated, kept between runs while its
 * description (generator version, scale, migrations) and row counts still match.
 */
export async function preparePostgres(
  url: string,
  { scale, regenerate, log }: PrepareOptions,
): Promise<BenchDatabase> {
  const started = performance.now();
  const key = cacheKey(scale);
  const benchUrl = withDatabaseName(url, BENCH_DATABASE);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let meta: Meta | null = null;
  let how = 'kept from an earlier run';
  try {
    const [row] = (
      await admin.query(
        `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
        [BENCH_DATABASE],
      )
    ).rows as { comment: string | null }[];
    if (row?.comment && !regenerate) {
      try {
        const found = JSON.parse(row.comment) as Meta;
        if (found.key === key) meta = found;
      } catch {
        meta = null;
      }
    }
    if (meta) {
      const database = fromPostgres(benchUrl);
      await removeImportUsers(database);
      const [count] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions t JOIN users u ON u.id = t.user_id WHERE u.email LIKE $1`,
        [`%@${EMAIL_DOMAIN}`],
      );
      await database.close();
      if (count?.n !== meta.report.transactions) {
        log(`PostgreSQL: ${BENCH_DATABASE} holds ${count?.n} rows, expected ${meta.report.transactions}`);
        meta = null;
      }
    }
    if (!meta) {
      how = 'generated';
      log(`PostgreSQL: creating ${BENCH_DATABASE} (scale ${scale})`);
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
      const database = fromPostgres(benchUrl, 2);
      await database.migrate();
      const loader = new pg.Client({ connectionString: benchUrl });
      await loader.connect();
      try {
        await loader.query(`SET maintenance_work_mem = '512MB'`);
        await loader.query('SET synchronous_commit = off');
        const sql: Sql = {
          query: async (text, params) => (await loader.query(text, params)).rows,
          exec: (text) => loader.query(text),
        };
        const report = await generate(sql, { scale, anchor: todayUtc(), batchSize: 20_000, log });
        meta = { key, scale, createdAt: new Date().toISOString(), report };
      } finally {
        await loader.end();
      }
      const queue = await startQueue(database);
      await queue.stop();
      await database.close();
      const comment = JSON.stringify(meta).replaceAll("'", "''");
      await admin.query(`COMMENT ON DATABASE ${BENCH_DATABASE} IS '${comment}'`);
      log(`PostgreSQL: generated in ${meta.report.seconds.total.toFixed(0)} s`);
    }
  } finally {
    await admin.end();
  }
  const database = fromPostgres(benchUrl);
  return {
    kind: 'postgres',
    database,
    meta,
    preparedIn: { seconds: seconds(started), how },
    close: async () => {
      await removeImportUsers(database);
      await database.close();
    },
  };
}
