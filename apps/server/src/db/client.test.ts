import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  fromPglite,
  fromPostgres,
  isNewEmbeddedDatabase,
  openDatabase,
  pgliteOptions,
  plannedForValues,
  vacuumAfterImports,
  yieldingEvery,
} from './client';

const lastVacuum = async (database: Database) =>
  (
    await database.query<{ vacuumed: Date | null; analyzed: Date | null }>(
      "select last_vacuum as vacuumed, last_analyze as analyzed from pg_stat_user_tables where relname = 'transactions'",
    )
  )[0];

describe('yieldingEvery', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = yieldingEvery(await PGlite.create(), 0);
  });
  afterAll(() => pglite.close());

  /** Runs `statements` one after another as a job does, noting the statement during which a macrotask ran. */
  async function runWhileWaiting(statements: (i: number) => Promise<unknown>) {
    let turnedAt = -1;
    let i = 0;
    setImmediate(() => {
      turnedAt = i;
    });
    for (; i < 20; i++) await statements(i);
    return turnedAt;
  }

  it('lets the event loop turn between statements, so requests are not held until a job ends', async () => {
    const turnedAt = await runWhileWaiting(() => pglite.query('select 1'));
    expect(turnedAt).toBeGreaterThanOrEqual(0);
    expect(turnedAt).toBeLessThan(20);
  });

  it('does so inside a transaction and for exec too', async () => {
    let turnedAt = -1;
    await pglite.transaction(async (tx) => {
      turnedAt = await runWhileWaiting((i) => (i % 2 ? tx.query('select 1') : tx.exec('select 1')));
    });
    expect(turnedAt).toBeGreaterThanOrEqual(0);
    expect(turnedAt).toBeLessThan(20);
    expect((await pglite.query<{ n: number }>('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });
});

describe('vacuumAfterImports', () => {
  let database: Database;
  beforeAll(async () => {
    database = fromPglite(await PGlite.create(pgliteOptions));
    await database.migrate();
  });
  afterAll(() => database.close());

  it('vacuums and analyses PGlite once the imported rows add up to the threshold', async () => {
    // The migrations analyse once themselves; vacuuming is what tells the app's upkeep apart.
    const migrated = await lastVacuum(database);
    const afterImport = vacuumAfterImports(database, 1000);
    await afterImport?.(600);
    expect(await lastVacuum(database)).toEqual(migrated);
    expect(migrated?.vacuumed).toBeNull();
    await afterImport?.(400);
    const after = await lastVacuum(database);
    expect(after?.vacuumed).toBeInstanceOf(Date);
    expect(after?.analyzed?.getTime()).toBeGreaterThan(migrated?.analyzed?.getTime() ?? 0);
  });

  it('leaves PostgreSQL to its autovacuum', async () => {
    const postgres = fromPostgres('postgres://nobody@127.0.0.1:1/none');
    expect(vacuumAfterImports(postgres)).toBeUndefined();
    await postgres.close();
  });
});

describe('openDatabase on PGlite', () => {
  it('tells a data directory without a database from one that has it, and PostgreSQL from both', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-open-'));
    try {
      expect(isNewEmbeddedDatabase({ dataDir })).toBe(true);
      expect(isNewEmbeddedDatabase({ dataDir, databaseUrl: 'postgres://127.0.0.1/tally' })).toBe(false);
      await (await openDatabase({ dataDir, pgliteSharedBuffers: '16MB' })).close();
      expect(isNewEmbeddedDatabase({ dataDir })).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('opens with the page cache it is given', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-open-'));
    try {
      const database = await openDatabase({ dataDir, pgliteSharedBuffers: '192MB' });
      const [row] = await database.query<{ shared_buffers: string }>('show shared_buffers');
      await database.close();
      expect(row?.shared_buffers).toBe('192MB');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('fromPostgres', () => {
  it('prepares reads once per connection, and runs writes and raw statements unnamed', async () => {
    const postgres = fromPostgres(process.env.TEST_DATABASE_URL!, 2);
    try {
      // One connection at a time, so every statement below meets the same one.
      await postgres.db.transaction(async (tx) => {
        const read = () => tx.execute(sql`select ${7}::int as seven`);
        await read();
        await read();
        await tx.execute(sql`create temporary table scratch (n int) on commit drop`);
        await tx.execute(sql`insert into scratch values (${1})`);
        const names = await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like 'select $1::int as seven%'`,
        );
        expect((names as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
        const writes = await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like 'insert%' or statement like 'create%'`,
        );
        expect((writes as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
        // A read marked to be planned for its values is not prepared either.
        await tx.execute(sql`select ${8}::int as eight ${plannedForValues}`);
        const marked = await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like 'select $1::int as eight%'`,
        );
        expect((marked as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      });
    } finally {
      await postgres.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection dropped while in use', () => {
  it('fails the transaction it was in, not the process; the pool goes on with a new connection', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const database = fromPostgres(url, 2);
    const admin = fromPostgres(url, 1);
    try {
      const inTransaction = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>;
        };
        const [row] = result.rows;
        // Ended by the server between two statements, as a restart does (57P01 to every session).
        await admin.query('select pg_terminate_backend($1)', [row?.pid]);
        await expect
          .poll(
            async () =>
              (await admin.query('select 1 from pg_stat_activity where pid = $1', [row?.pid])).length,
          )
          .toBe(0);
        // The connection's 'error' is heard here, while the client is in use and idle.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`select 1`);
      });
      await expect(inTransaction).rejects.toThrow();
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await admin.close();
    }
  });
});
