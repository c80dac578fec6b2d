import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY, transactionList } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup';
import { countOwned, type Person, seedPerson, startHarness } from '../../../test/harness';
import { bearer, createTestApp, expectJson, type TestApp } from '../../../test/helpers';
import { type Database, fromPostgres, openDatabase } from '../../db/client';
import { makeBackup, restoreBackup } from './backups';

/**
 * Nothing is lost between a backup and its restore: a database holding every kind of row the app writes
 * (two people with linked banks, edits, budgets, subscriptions, goals, rules, notifications, the job queue's
 * own tables) is backed up, restored into an empty place, and every table compares equal; then the app
 * starts on the restored database and a person signs in to their own data. On PGlite through Tally's own
 * backups, on PostgreSQL (TEST_DATABASE_URL) through the pg_dump and pg_restore commands the README gives.
 */
let harness: Awaited<ReturnType<typeof startHarness>>;
let people: Person[];
const dirs: string[] = [];

beforeAll(async () => {
  harness = await startHarness();
  people = [await seedPerson(harness.app, harness.fake), await seedPerson(harness.app, harness.fake)];
  for (const person of people) await addTheRestOf(person);
});

/**
 * Rows the harness's seed leaves out: tax tags, a step of the first-run guide, a confirmed subscription's
 * charges, what a budget period's end writes (an achievement, the leftover's share into savings), account
 * security's rows and the record of an imported export.
 */
async function addTheRestOf({ auth, ids }: Person) {
  const { app } = harness;
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: bearer(auth), payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  };
  await call('PUT', '/api/tax/categories', { category: CATEGORY.DiningOut, tag: 'business' });
  await call('PUT', `/api/tax/transactions/${ids.transaction}`, { tag: 'medical' });
  await call('POST', '/api/onboarding/steps', { step: 'goal', status: 'skipped' });
  await call('POST', '/api/subscriptions/confirm', { id: ids.detectedSubscription });
  const [period] = await app.database.query<{ id: string }>(
    'select id from budget_periods where user_id = $1 limit 1',
    [auth.user.id],
  );
  await app.database.query(
    `insert into budget_achievements (user_id, period_id, category_id, title, earned_date)
     values ($1, $2, $3, 'Under budget', '2026-10-31')`,
    [auth.user.id, period?.id, ids.budgetCategory],
  );
  await app.database.query(
    'insert into savings_period_runs (period_id, user_id, leftover, allocated) values ($1, $2, 12345, 2469)',
    [period?.id, auth.user.id],
  );
  // Account security: a recovery code, a passkey, and a passkey challenge not yet answered.
  for (const sql of [
    `insert into recovery_codes (user_id, code_hash) values ($1::uuid, md5($1::text))`,
    `insert into passkeys (user_id, credential_id, public_key, name, transports)
       values ($1::uuid, md5($1::text || 'credential'), 'pQECAyYgASFY', 'Laptop', '["internal"]')`,
    `insert into webauthn_challenges (user_id, challenge, expires_at)
       values ($1, 'Y2hhbGxlbmdl', now() + interval '5 minutes')`,
    // A Tally export imported into the account.
    `insert into data_imports (user_id, export_digest, rows) values ($1::uuid, md5($1::text), '{"transactions": 3}')`,
  ])
    await app.database.query(sql, [auth.user.id]);
}
afterAll(async () => {
  await harness?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every table outside PostgreSQL's own catalogues: its row count and a digest of all its rows. */
async function tableDigests(database: Database) {
  const tables = await database.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as digest
         from ${name} x`,
    );
    digests[name] = `${row?.n} rows ${row?.digest}`;
  }
  return digests;
}

/** The digests once two readings in a row agree: background work (the job queue's polling) has settled. */
async function settledDigests(database: Database) {
  let last = await tableDigests(database);
  for (let tries = 0; tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = await tableDigests(database);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error('the database never held still');
}

/** Backs the harness's database up and restores it into an empty place, as an operator would. */
async function backupAndRestore(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-restore-'));
  dirs.push(dir);
  const source = harness.app.database;
  if (source.kind === 'pglite') {
    const backup = await makeBackup(source, { dataDir: path.join(dir, 'from'), keep: 1 });
    const dataDir = path.join(dir, 'into');
    await restoreBackup(backup.file, dataDir);
    return openDatabase({ dataDir });
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const [{ name } = { name: '' }] = await source.query<{ name: string }>('select current_database() as name');
  const dump = path.join(dir, 'tally.dump');
  execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, withDatabase(url, name)]);
  const restored = `tally_restored_${crypto.randomBytes(6).toString('hex')}`;
  const admin = fromPostgres(url, 1);
  await admin.exec(`CREATE DATABASE ${restored}`);
  execFileSync('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    `--dbname=${withDatabase(url, restored)}`,
    dump,
  ]);
  const database = fromPostgres(withDatabase(url, restored), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
      await admin.close();
    },
  };
}

describe('a backup restored', () => {
  it('holds every table exactly, and the app runs on it', async () => {
    // Every kind of row a person owns is there to lose.
    for (const person of people) {
      const owned = await countOwned(harness.app, person.auth.user.id);
      const empty = Object.entries(owned).filter(([, n]) => n === 0);
      expect(empty, 'tables the seeded person has no row in').toEqual([]);
    }
    const before = await settledDigests(harness.app.database);
    // The app's tables, its migrations' record and the job queue's own.
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.transactions',
        'drizzle.__drizzle_migrations',
        'pgboss.job',
      ]),
    );
    const restored = await backupAndRestore();
    let app: TestApp | undefined;
    try {
      expect(await tableDigests(restored)).toEqual(before);

      await restored.migrate();
      app = await createTestApp({ database: restored, env: { ...harness.fake.env() } });
      for (const person of people) {
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: person.auth.user.email, password: person.password },
        });
        expect(signedIn.statusCode).toBe(200);
        const { token } = signedIn.json() as { token: string };
        const mine = await app.inject({
          method: 'GET',
          url: '/api/transactions?pageSize=100',
          headers: bearer({ token }),
        });
        const theirs = await harness.app.inject({
          method: 'GET',
          url: '/api/transactions?pageSize=100',
          headers: bearer(person.auth),
        });
        expect(expectJson(mine, 200, transactionList)).toEqual(expectJson(theirs, 200, transactionList));
      }
    } finally {
      if (app) await app.close();
      else await restored.close();
    }
  });
});
