import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsFolder, pgliteOptions } from './client';

/**
 * Every migration, from the oldest schema to the newest, run over a database that holds a row in every table
 * it has at each step: before each migration, a table made by the ones before it gets a row (every column
 * filled, references pointing at real rows); after it, every row is still there, unless the migration says
 * it drops them (below, with why). At the end every table holds data and every constraint is validated.
 * A migration added later is walked too: one that loses rows, or fails on data, fails here by name.
 */

/** Rows a migration removes on purpose, by migration tag and table. */
const DROPPED: Record<string, Record<string, string>> = {
  '0023_safety_second_round': {
    push_subscriptions:
      'a browser now belongs to the session that allowed it; the old ones, of no session, ask again',
  },
};

/** Tables a migration renamed, by migration tag: their rows are looked for under the new name. */
const RENAMED: Record<string, Record<string, string>> = {
  '0025_history_syncs': { import_runs: 'history_syncs' },
};

/** Tables made again from others by migrations and triggers (their rows follow those of the sources). */
const DERIVED = new Set([
  'transaction_rollups',
  'daily_spending',
  'ai_insight_runs',
  'transaction_texts',
  'account_days',
  'transaction_week_rollups',
  'merchant_rollups',
]);

type Journal = { entries: Array<{ tag: string }> };
const journal: Journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
);

let client: PGlite;
let dir: string;
beforeAll(async () => {
  client = await PGlite.create(pgliteOptions);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-migration-walk-'));
});
afterAll(async () => {
  await client?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Applies the migrations up to and including the `count`th (a copy of the folder whose journal ends there). */
async function migrateThrough(count: number) {
  const folder = path.join(dir, String(count));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  await migrate(drizzle(client), { migrationsFolder: folder });
  fs.rmSync(folder, { recursive: true, force: true });
}

type Column = { name: string; type: string; udt: string; generated: boolean };
type Reference = { child: string; parent: string; columns: string[]; parentColumns: string[] };

async function catalogue() {
  const columns = (
    await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      generated: boolean;
    }>(
      `select c.table_name, c.column_name, c.data_type, c.udt_name,
              (c.is_generated = 'ALWAYS' or c.is_identity = 'YES' or coalesce(c.column_default, '') like 'nextval(%') as generated
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
    )
  ).rows;
  const references = (
    await client.query<Reference>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
              array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
              array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "parentColumns"
         from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    )
  ).rows;
  const tables = new Map<string, Column[]>();
  for (const c of columns) {
    const list = tables.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type, udt: c.udt_name, generated: c.generated });
    tables.set(c.table_name, list);
  }
  return { tables, references };
}

/** A value of the column's type, as SQL text the database casts. */
function valueFor(column: Column, n: number): unknown {
  const day = `2026-0${1 + (n % 9)}-1${n % 10}`;
  switch (column.udt) {
    case 'uuid':
      return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    case 'int2':
    case 'int4':
    case 'int8':
    case 'numeric':
    case 'float4':
    case 'float8':
      return 1 + (n % 7);
    case 'bool':
      return false;
    case 'date':
      return day;
    case 'timestamptz':
    case 'timestamp':
      return `${day}T12:00:00Z`;
    case 'json':
    case 'jsonb':
      return '[]';
    default:
      if (column.udt.startsWith('_')) return '{}';
      return `${column.name} ${n}`;
  }
}

/** Parents first: every reference of a row points at a row already there. */
function fillOrder(tables: Map<string, Column[]>, references: Reference[]) {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string) => {
    if (seen.has(table)) return;
    seen.add(table);
    for (const r of references) if (r.child === table && r.parent !== table) visit(r.parent);
    ordered.push(table);
  };
  for (const table of [...tables.keys()].sort()) visit(table);
  return ordered;
}

let serial = 0;

/** A row in every table that has none yet. */
async function fillEmptyTables() {
  const { tables, references } = await catalogue();
  for (const table of fillOrder(tables, references)) {
    const [{ n }] = (await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows as [
      { n: number },
    ];
    if (n > 0) continue;
    const row = new Map<string, unknown>();
    for (const column of tables.get(table) ?? []) {
      serial += 1;
      if (!column.generated) row.set(column.name, valueFor(column, serial));
    }
    // References point at the parent's row (a composite one at all its columns at once).
    for (const r of references.filter((x) => x.child === table && x.parent !== table)) {
      const cols = r.parentColumns.map((c) => `"${c}"`).join(', ');
      const [parent] = (
        await client.query<Record<string, unknown>>(`select ${cols} from "${r.parent}" limit 1`)
      ).rows;
      for (const [i, c] of r.columns.entries()) row.set(c, parent?.[r.parentColumns[i] ?? ''] ?? null);
    }
    const names = [...row.keys()];
    await client
      .query(
        `insert into "${table}" (${names.map((c) => `"${c}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
        names.map((c) => row.get(c)),
      )
      .catch((error: unknown) => {
        throw new Error(`a row for ${table}: ${(error as Error).message}`);
      });
  }
}

async function counts() {
  const { tables } = await catalogue();
  const out: Record<string, number> = {};
  for (const table of tables.keys()) {
    const [{ n }] = (await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows as [
      { n: number },
    ];
    out[table] = n;
  }
  return out;
}

it('walks every migration over data in every table, losing no row and leaving every constraint valid', async () => {
  for (let count = 1; count <= journal.entries.length; count += 1) {
    const tag = journal.entries[count - 1]?.tag ?? '';
    if (count > 1) await fillEmptyTables();
    const before = await counts();
    await migrateThrough(count).catch((error: unknown) => {
      throw new Error(`${tag} failed on data: ${(error as Error).message}`);
    });
    const after = await counts();
    for (const [table, n] of Object.entries(before)) {
      if (DERIVED.has(table) || DROPPED[tag]?.[table]) continue;
      // A table renamed by the migration is followed under its new name; none is dropped with its rows.
      const now = RENAMED[tag]?.[table] ?? table;
      expect(after, `${tag} kept the table ${table}`).toHaveProperty(now);
      expect(after[now], `${tag} kept the rows of ${table}`).toBeGreaterThanOrEqual(n);
    }
  }
  await fillEmptyTables();
  const final = await counts();
  expect(Object.entries(final).filter(([, n]) => n === 0)).toEqual([]);
  expect(Object.keys(final).length).toBeGreaterThan(30);
  const invalid = await client.query(
    `select conname from pg_constraint where connamespace = 'public'::regnamespace and not convalidated`,
  );
  expect(invalid.rows).toEqual([]);
});
