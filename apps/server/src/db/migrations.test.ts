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

describe('migration 0016_trial_for_existing_people', () => {
  let client: PGlite;
  let before: string;
  beforeAll(async () => {
    client = await PGlite.create(pgliteOptions);
    before = migrationsBefore('0016_trial_for_existing_people');
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('gives everyone on Starter without a trial a 14-day trial from now, and leaves everyone else', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    const set = new Date('2026-12-01T00:00:00Z');
    await client.query(
      `insert into users (email, first_name, last_name, plan, trial_ends_at) values
         ('old@example.com', 'Old', 'Timer', 'starter', null),
         ('trial@example.com', 'On', 'Trial', 'starter', $1),
         ('payer@example.com', 'Pays', 'Already', 'pro', null)`,
      [set],
    );

    await migrate(db, { migrationsFolder });

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
  });
});
