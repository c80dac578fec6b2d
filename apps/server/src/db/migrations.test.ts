import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, pgliteOptions } from './client';

type Journal = { entries: Array<{ tag: string }> };

/** A copy of the migrations folder holding only the migrations before `tag`: the database as it was. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal: Journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/**
 * One migration's test, on a database of its own that has every migration before `tag` applied (the
 * database as that migration found it): the test puts in what it should find, calls `migrateToLatest` to
 * apply it and those after it, and looks at what it left.
 */
function testMigration(
  tag: string,
  name: string,
  test: (database: { client: PGlite; migrateToLatest: () => Promise<void> }) => Promise<void>,
) {
  describe(`migration ${tag}`, () => {
    let client: PGlite;
    let before: string;
    beforeAll(async () => {
      client = await PGlite.create(pgliteOptions);
      before = migrationsBefore(tag);
    });
    afterAll(async () => {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    });

    it(name, async () => {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await test({ client, migrateToLatest: () => migrate(db, { migrationsFolder }) });
    });
  });
}

testMigration(
  '0016_trial_for_existing_people',
  'gives everyone on Starter without a trial a 14-day trial from now, and leaves everyone else',
  async ({ client, migrateToLatest }) => {
    const set = new Date('2026-12-01T00:00:00Z');
    await client.query(
      `insert into users (email, first_name, last_name, plan, trial_ends_at) values
         ('old@example.com', 'Old', 'Timer', 'starter', null),
         ('trial@example.com', 'On', 'Trial', 'starter', $1),
         ('payer@example.com', 'Pays', 'Already', 'pro', null)`,
      [set],
    );

    await migrateToLatest();

    const rows = (
      await client.query<{ email: string; trial_ends_at: Date | null; in_days: number | null }>(
        `select email, trial_ends_at,
                extract(epoch from trial_ends_at - now()) / 86400 as in_days
           from users order by email`,
      )
    ).rows;
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(Number(byEmail['old@example.com']?.in_days)).toBeCloseTo(14, 2);
    expect(byEmail['trial@example.com']?.trial_ends_at).toEqual(set);
    expect(byEmail['payer@example.com']?.trial_ends_at).toBeNull();
  },
);

testMigration(
  '0025_history_syncs',
  'renames import_runs to history_syncs with its rows, its keys and its index',
  async ({ client, migrateToLatest }) => {
    const [user] = (
      await client.query<{ id: string }>(
        `insert into users (email, first_name, last_name) values ('ada@example.com', 'Ada', 'L') returning id`,
      )
    ).rows;
    const [connection] = (
      await client.query<{ id: string }>(
        `insert into bank_connections (user_id, provider, item_id, institution_name, access_token_encrypted)
         values ($1, 'demo', 'item-1', 'First Demo Bank', 'sealed') returning id`,
        [user!.id],
      )
    ).rows;
    const [run] = (
      await client.query<{ id: string }>(
        `insert into import_runs (user_id, connection_id, status, processed, from_day, claimed_by)
         values ($1, $2, 'InProgress', 120, '2026-03-01', 'old-server') returning id`,
        [user!.id, connection!.id],
      )
    ).rows;

    await migrateToLatest();

    const names = async (sql: string) => (await client.query<{ name: string }>(sql)).rows.map((r) => r.name);
    expect(await names(`select to_regclass('import_runs')::text as name`)).toEqual([null]);
    expect(
      (
        await client.query(
          'select id, status, message, processed, from_day::text, claimed_by from history_syncs',
        )
      ).rows,
    ).toEqual([
      {
        id: run!.id,
        status: 'InProgress',
        message: 'Import pending...',
        processed: 120,
        from_day: '2026-03-01',
        claimed_by: 'old-server',
      },
    ]);
    // Every constraint and index of the table says its new name; nothing is left under the old one.
    const constraints = await names(
      `select conname as name from pg_constraint where conrelid = 'history_syncs'::regclass order by 1`,
    );
    expect(constraints).toEqual(
      expect.arrayContaining([
        'history_syncs_connection_id_bank_connections_id_fk',
        'history_syncs_pkey',
        'history_syncs_user_id_users_id_fk',
      ]),
    );
    expect(constraints.filter((name) => !name.startsWith('history_syncs_'))).toEqual([]);
    expect(
      await names(`select relname as name from pg_class where starts_with(relname::text, 'import_runs')
                   union all select conname from pg_constraint where starts_with(conname::text, 'import_runs')`),
    ).toEqual([]);
    expect(
      await names(`select indexname as name from pg_indexes where tablename = 'history_syncs' order by 1`),
    ).toEqual(['history_syncs_pkey', 'history_syncs_user_connection_idx']);
    // The keys still cascade: a person's runs go with them.
    await client.query('delete from users where id = $1', [user!.id]);
    expect((await client.query('select id from history_syncs')).rows).toEqual([]);
  },
);

testMigration(
  '0026_insight_figures_in_cents',
  "keeps each stored figure's amount in cents, in order, with the rest of the figure as it was",
  async ({ client, migrateToLatest }) => {
    const [user] = (
      await client.query<{ id: string }>(
        `insert into users (email, first_name, last_name) values ('ada@example.com', 'Ada', 'L') returning id`,
      )
    ).rows;
    const source = { description: 'Dining out in October', startDate: '2026-10-01', endDate: null };
    const figures = [
      { label: 'Dining out', amount: 412.37, source },
      { label: 'Refund', amount: -0.07, source },
      { label: 'Round', amount: 1200, source },
    ];
    await client.query(
      `insert into ai_insights (user_id, key, type, priority, context, title, message, confidence, figures,
                                rank, generated_at)
       values ($1, 'a', 'spending_alert', 'high', 'dashboard', 'T', 'M', 0.9, $2, 0, now()),
              ($1, 'b', 'spending_alert', 'high', 'dashboard', 'T', 'M', 0.9, '[]', 1, now())`,
      [user!.id, JSON.stringify(figures)],
    );

    await migrateToLatest();

    const rows = (
      await client.query<{ key: string; figures: unknown }>(
        'select key, figures from ai_insights order by key',
      )
    ).rows;
    expect(rows).toEqual([
      {
        key: 'a',
        figures: [
          { label: 'Dining out', amount: 41237, source },
          { label: 'Refund', amount: -7, source },
          { label: 'Round', amount: 120000, source },
        ],
      },
      { key: 'b', figures: [] },
    ]);
  },
);
