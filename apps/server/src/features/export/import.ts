import { createHash } from 'node:crypto';
import { timeZone } from '@tally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { dataImports } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { EXPORT_FORMAT, EXPORT_VERSION, LEFT_OUT } from './export';

/**
 * Tables of an export that are not imported: this server's own dealings with the person, which another
 * server's copy cannot stand for.
 */
export const NOT_IMPORTED: Record<string, string> = {
  billing_events: "the payments provider's events of the server that was paid",
  ai_usage: "the AI requests counted by the server they were made on, against that server's plan",
};

/**
 * Tables the app writes to by merely being used (a notice of the first sign-in, the guide skipped, insights
 * computed on a first visit): an account holding rows only in these is still empty, and the export's rows join
 * them, one the account already has (by its key) kept as it is.
 */
const WRITTEN_BY_USE = new Set(['notifications', 'onboarding_steps', 'ai_insights', 'merchant_categories']);

/** The most an export's one file may inflate to: a real one is far smaller; a ZIP bomb is refused. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

/** Rows per INSERT: a statement's JSON stays a few hundred kB, and PGlite's event loop turns between them. */
const ROWS_PER_STATEMENT = 1000;

const NOT_AN_EXPORT =
  'This file is not a Tally export. Choose the ZIP that Settings → Export all my data saved.';

const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().positive(),
  exportedAt: z.string(),
  person: z.object({ id: z.uuid() }),
  tables: z.array(
    z.object({ name: z.string(), rows: z.number().int().nonnegative(), columns: z.array(z.string()) }),
  ),
});

type Column = { name: string; type: string; generated: boolean };
type Table = { name: string; columns: Column[]; parents: string[] };

const catalogues = new WeakMap<Database, Promise<Map<string, Table>>>();

/** The tables an export may fill, with their columns' types and the tables they refer to; read once per database. */
function importableTables(database: Database) {
  let tables = catalogues.get(database);
  if (!tables) {
    tables = readCatalogue(database);
    tables.catch(() => catalogues.delete(database));
    catalogues.set(database, tables);
  }
  return tables;
}

async function readCatalogue(database: Database): Promise<Map<string, Table>> {
  const columns = await database.query<{
    table_name: string;
    column_name: string;
    udt_name: string;
    generated: boolean;
  }>(
    `select c.table_name, c.column_name, c.udt_name,
            (c.is_generated = 'ALWAYS' or c.is_identity = 'YES' or coalesce(c.column_default, '') like 'nextval(%') as generated
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name in (select table_name from information_schema.columns
                              where table_schema = 'public' and column_name = 'user_id')
      order by c.table_name, c.ordinal_position`,
  );
  const references = await database.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const tables = new Map<string, Table>();
  for (const c of columns) {
    if (c.table_name in LEFT_OUT || c.table_name in NOT_IMPORTED) continue;
    const table = tables.get(c.table_name) ?? { name: c.table_name, columns: [], parents: [] };
    table.columns.push({ name: c.column_name, type: c.udt_name, generated: c.generated });
    tables.set(c.table_name, table);
  }
  for (const { child, parent } of references) {
    const table = tables.get(child);
    if (table && parent !== child && tables.has(parent)) table.parents.push(parent);
  }
  return tables;
}

/** Parents before children, so every row's references are there when it is inserted. */
function inOrder(tables: Table[]): Table[] {
  const named = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: Table[] = [];
  const visit = (table: Table) => {
    if (done.has(table.name)) return;
    done.add(table.name);
    for (const parent of table.parents) {
      const p = named.get(parent);
      if (p) visit(p);
    }
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Text columns that name rows by id inside them: a notification's link to a goal (`/savings/<id>`). */
const LINK_COLUMNS = new Set(['link']);

/**
 * The id a row of the export takes in this account: derived from the account and the exported id alike (a
 * name-based UUID), so every reference to it, in any table or inside JSON, maps the same way without a table
 * of them, and the same export imported into another account gets ids of its own.
 */
export function importedId(userId: string, exported: string): string {
  const hash = createHash('sha256').update(`${userId}:${exported.toLowerCase()}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Reads one file of the ZIP; null when it has none of that name. */
function fileOf(zip: Uint8Array, name: string): string | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (file.name !== name) return false;
        if (file.originalSize > MAX_FILE_BYTES) throw new AppError(413, 'EXPORT_TOO_LARGE', NOT_AN_EXPORT);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'NOT_AN_EXPORT', NOT_AN_EXPORT);
  }
  const bytes = files[name];
  return bytes ? new TextDecoder().decode(bytes) : null;
}

/** The rows of one table's JSON file, as the export writes it: one row per line; any JSON array is read too. */
function* rowsIn(text: string): Generator<Record<string, unknown>> {
  if (!text.startsWith('[\n')) {
    const all: unknown = JSON.parse(text);
    if (!Array.isArray(all)) throw new SyntaxError('not an array');
    yield* all as Record<string, unknown>[];
    return;
  }
  let start = 2;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let line = text.slice(start, end);
    start = end + 1;
    if (line === ']' || line === '') continue;
    if (line.endsWith(',')) line = line.slice(0, -1);
    const row: unknown = JSON.parse(line);
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw new SyntaxError('not a row');
    yield row as Record<string, unknown>;
  }
}

export type ImportOutcome = { alreadyImported: boolean; rows: Record<string, number> };

/**
 * Imports a person's Tally export (the ZIP of exportZip) into this signed-in account, which must hold nothing
 * of its own yet: every row in one transaction (all or nothing), each id mapped to one of this account's
 * (importedId), bank connections kept as disconnected (the bank access is not in an export: the person links
 * the bank again), the time zone and notification choices carried over. The same export imported again is
 * answered as done, with what it imported then.
 */
export async function importExport(
  database: Database,
  person: { id: string },
  zip: Uint8Array,
  now: Date,
): Promise<ImportOutcome> {
  const manifestText = fileOf(zip, 'manifest.json');
  if (manifestText === null) throw new AppError(400, 'NOT_AN_EXPORT', NOT_AN_EXPORT);
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(manifestText);
  } catch {
    throw new AppError(400, 'NOT_AN_EXPORT', NOT_AN_EXPORT);
  }
  const parsed = manifestSchema.safeParse(manifestJson);
  if (!parsed.success) throw new AppError(400, 'NOT_AN_EXPORT', NOT_AN_EXPORT);
  const manifest = parsed.data;
  if (manifest.version > EXPORT_VERSION)
    throw new AppError(
      400,
      'EXPORT_TOO_NEW',
      'This export was made by a newer version of Tally. Update this server, then import it again.',
    );
  const digest = createHash('sha256').update(manifestText).digest('hex');
  const catalogue = await importableTables(database);
  const exported = new Map(manifest.tables.map((t) => [t.name, t]));
  const tables = inOrder([...catalogue.values()].filter((t) => exported.has(t.name)));

  const mapId = (value: string) => (value === manifest.person.id ? person.id : importedId(person.id, value));
  const mapJson = (value: unknown): unknown => {
    if (typeof value === 'string') return UUID.test(value) ? mapId(value) : value;
    if (Array.isArray(value)) return value.map(mapJson);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapJson(v)]));
    return value;
  };

  return database.db
    .transaction(async (tx) => {
      // Two imports into one account at once take turns: the second finds the first's rows.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import:${person.id}`}, 0))`);
      const [done] = await tx
        .select({ rows: dataImports.rows })
        .from(dataImports)
        .where(and(eq(dataImports.userId, person.id), eq(dataImports.exportDigest, digest)));
      if (done) return { alreadyImported: true, rows: done.rows };
      await refuseUnlessEmpty(tx, person.id, [...catalogue.values()]);

      const counts: Record<string, number> = {};
      // What triggers rewrite as later tables arrive (a manual account's balance moves with each transaction
      // inserted): set back as exported once every row is in.
      const rewritten: Record<string, unknown>[] = [];
      for (const table of tables) {
        const text = fileOf(zip, `data/${table.name}.json`);
        if (text === null) continue;
        const names = new Set(exported.get(table.name)?.columns);
        const columns = table.columns.filter((c) => !c.generated && names.has(c.name));
        const batch: Record<string, unknown>[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await insertRows(tx, table.name, columns, batch.splice(0));
        };
        counts[table.name] = 0;
        try {
          for (const row of rowsIn(text)) {
            const out: Record<string, unknown> = {};
            for (const c of columns) out[c.name] = mapValue(c, row[c.name]);
            out.user_id = person.id;
            if (table.name === 'bank_connections') disconnected(out, now);
            if (table.name === 'bank_accounts') rewritten.push(out);
            batch.push(out);
            counts[table.name] = (counts[table.name] ?? 0) + 1;
            if (batch.length >= ROWS_PER_STATEMENT) await flush();
          }
        } catch (error) {
          if (error instanceof SyntaxError) throw new AppError(400, 'NOT_AN_EXPORT', NOT_AN_EXPORT);
          throw error;
        }
        await flush();
      }
      if (rewritten.length > 0)
        await tx.execute(
          sql`update bank_accounts a set current_balance = r.current_balance, updated_at = r.updated_at
                from json_populate_recordset(null::bank_accounts, ${JSON.stringify(rewritten)}::json) r
               where a.user_id = ${person.id} and a.id = r.id`,
        );
      await carryPreferences(tx, person.id, fileOf(zip, 'data/users.json'));
      await tx
        .insert(dataImports)
        .values({ userId: person.id, exportDigest: digest, rows: counts, importedAt: now });
      return { alreadyImported: false, rows: counts };
    })
    .catch((error: unknown) => {
      // A row the database refuses (a missing reference, a value of the wrong kind): nothing was written.
      if (/^2[23]/.test(sqlState(error) ?? ''))
        throw new AppError(
          400,
          'EXPORT_INVALID',
          'This export could not be imported: some of its rows do not fit together. Nothing was imported.',
        );
      throw error;
    });

  function mapValue(column: Column, value: unknown): unknown {
    if (value === null || value === undefined) return null;
    if (column.type === 'uuid' && typeof value === 'string') return mapId(value);
    if (column.type === '_uuid' || column.type === 'json' || column.type === 'jsonb') return mapJson(value);
    if (LINK_COLUMNS.has(column.name) && typeof value === 'string')
      return value.replace(UUIDS_IN_TEXT, mapId);
    return value;
  }
}

/** The SQLSTATE of a database error, however it was wrapped. */
function sqlState(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A bank connection arrives without its bank access: disconnected, and never removed at the bank from here. */
function disconnected(row: Record<string, unknown>, now: Date) {
  row.access_token_encrypted = '';
  if (row.provider === 'manual') return;
  row.is_active = false;
  row.cursor = null;
  row.provider_removed_at = now.toISOString();
}

/** Rows as JSON, typed by the table's own row type (json_populate_recordset): one statement per batch. */
async function insertRows(tx: Db, table: string, columns: Column[], rows: Record<string, unknown>[]) {
  const names = sql.join(
    [...new Set([...columns.map((c) => c.name), ...Object.keys(rows[0] ?? {})])].map((n) =>
      sql.identifier(n),
    ),
    sql`, `,
  );
  const target = sql.identifier(table);
  await tx.execute(
    sql`insert into ${target} (${names}) select ${names} from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)${WRITTEN_BY_USE.has(table) ? sql` on conflict do nothing` : sql``}`,
  );
}

/** Refused when the account already holds something of its own beyond what merely using the app writes. */
async function refuseUnlessEmpty(tx: Db, userId: string, tables: Table[]) {
  const held = tables
    .filter((t) => !WRITTEN_BY_USE.has(t.name))
    .map(
      (t) =>
        sql`select ${t.name}::text as name where exists (select 1 from ${sql.identifier(t.name)} where user_id = ${userId})`,
    );
  // Both drivers answer a raw statement with its rows.
  const { rows } = (await tx.execute(sql.join(held, sql` union all `))) as unknown as { rows: unknown[] };
  if (rows.length > 0)
    throw new AppError(
      409,
      'ACCOUNT_NOT_EMPTY',
      'This account already has data of its own. An export is imported into a new or empty account: create one, then import it there.',
    );
}

/** The exported person's time zone and notification choices, onto this account. */
async function carryPreferences(tx: Db, userId: string, usersFile: string | null) {
  if (!usersFile) return;
  const [row] = [...rowsIn(usersFile)];
  if (!row) return;
  const zone = timeZone.safeParse(row.time_zone);
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : null);
  await tx.execute(
    sql`update users set
          time_zone = coalesce(${zone.success ? zone.data : null}, time_zone),
          push_notifications = coalesce(${flag(row.push_notifications)}::boolean, push_notifications),
          email_notifications = coalesce(${flag(row.email_notifications)}::boolean, email_notifications)
        where id = ${userId}`,
  );
}
