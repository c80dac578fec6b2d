import { createHash } from 'node:crypto';
import { timeZone } from '@tally/shared';
import { and, eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { dataImports } from '../../db/schema';
import { AppError, sqlState } from '../../lib/errors';
import { EXPORT_FORMAT, EXPORT_VERSION, LEFT_OUT, oncePerDatabase } from './export';

/**
 * Tables of an export that are not imported: this server's own dealings with the person, which another
 * server's copy cannot stand for.
 */
export const NOT_IMPORTED: Record<string, string> = {
  ai_usage: "the AI requests counted by the server they were made on, against that server's plan",
};

/**
 * Tables the app writes to by merely being used (a notice of the first sign-in, the guide skipped, insights
 * computed on a first visit): an account holding rows only in these is still empty, and the export's rows join
 * them, one the account already has (by its key) kept as it is.
 */
const WRITTEN_BY_USE = new Set(['notifications', 'onboarding_steps', 'ai_insights', 'merchant_categories']);

/**
 * The most an export's one file may inflate to (a year of a busy person's transactions is tens of MB), and
 * how many files it may hold: a ZIP bomb is refused before it costs more than reading this much.
 */
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const MAX_FILES = 400;

/** How deep a JSON value of a row may nest (the app's own are two or three levels). */
const MAX_DEPTH = 32;

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

type Column = { name: string; generated: boolean };
type Table = { name: string; columns: Column[]; parents: string[] };

/** The tables an export may fill, with their columns' types and the tables they refer to. */
async function readCatalogue(database: Database): Promise<Map<string, Table>> {
  const columns = await database.query<{
    table_name: string;
    column_name: string;
    generated: boolean;
  }>(
    `select c.table_name, c.column_name,
            (c.is_generated = 'ALWAYS' or c.is_identity = 'YES' or coalesce(c.column_default, '') like 'nextval(%') as generated
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name in (select table_name from information_schema.columns
                              where table_schema = 'public' and column_name = 'user_id')
      order by c.table_name, c.ordinal_position`,
  );
  const references = await database.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  // A table with a key unique across everyone could let a file claim another person's key (a passkey's
  // credential, a browser's endpoint): such a table is never imported, whatever a later migration adds. A key
  // with the person or an id in it is the importing person's own (ids are mapped to theirs: importedId).
  const shared = await database.query<{ name: string }>(
    `select distinct t.relname as name
       from pg_index i
       join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_attribute a
                         where a.attrelid = t.oid and a.attnum = any(i.indkey)
                           and (a.attname = 'user_id' or a.atttypid = 'uuid'::regtype))`,
  );
  const refused = new Set(shared.map((r) => r.name));
  const tables = new Map<string, Table>();
  for (const c of columns) {
    if (c.table_name in LEFT_OUT || c.table_name in NOT_IMPORTED || refused.has(c.table_name)) continue;
    const table = tables.get(c.table_name) ?? { name: c.table_name, columns: [], parents: [] };
    table.columns.push({ name: c.column_name, generated: c.generated });
    tables.set(c.table_name, table);
  }
  for (const { child, parent } of references) {
    const table = tables.get(child);
    if (table && parent !== child && tables.has(parent)) table.parents.push(parent);
  }
  return tables;
}

const importableTables = oncePerDatabase(readCatalogue);

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

/** Ids wherever they are written: a uuid column, or inside text (`file:<account id>:…`, `goal:<id>`) and JSON. */
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A link inside the app (`/savings/…`), never one that leaves it (`//host`, `https:`, `/\host`). */
const IN_APP_LINK = /^\/(?:[A-Za-z0-9][^\s\\]*)?$/;

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

const notAnExport = () => new AppError(400, 'NOT_AN_EXPORT', NOT_AN_EXPORT);

/**
 * The export's ZIP, its files found through its directory: each named once, none claiming to inflate past
 * MAX_FILE_BYTES, and each read only when asked for, checked as it inflates against the size it claims (yauzl
 * stops one that claims less than it holds). CSV files are never inflated.
 */
async function openExport(zip: Buffer) {
  const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, z) =>
      err ? reject(notAnExport()) : resolve(z),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zipfile.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName) || entries.size >= MAX_FILES) return reject(notAnExport());
      if (entry.uncompressedSize > MAX_FILE_BYTES)
        return reject(
          new AppError(413, 'EXPORT_TOO_LARGE', 'One of the files in this export is too large to import.'),
        );
      entries.set(entry.fileName, entry);
      zipfile.readEntry();
    });
    zipfile.on('end', () => resolve());
    zipfile.on('error', () => reject(notAnExport()));
    zipfile.readEntry();
  });
  return {
    /** One file's text; null when the ZIP has none of that name. */
    read: async (name: string): Promise<string | null> => {
      const entry = entries.get(name);
      if (!entry) return null;
      const chunks: Buffer[] = [];
      try {
        const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
          zipfile.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
        );
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      } catch {
        throw notAnExport();
      }
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

type Row = Record<string, unknown>;

/** The rows of one table's JSON file as the export writes it, one row (a JSON object) per line. */
function* rowsIn(text: string): Generator<Row> {
  if (text === '[]\n' || text === '[]') return;
  if (!text.startsWith('[\n')) throw notAnExport();
  let start = 2;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let line = text.slice(start, end);
    start = end + 1;
    if (line === ']' || line === '') continue;
    if (line.endsWith(',')) line = line.slice(0, -1);
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw notAnExport();
    }
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw notAnExport();
    yield row as Row;
  }
}

type ImportOutcome = { alreadyImported: boolean; rows: Record<string, number> };

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
  zip: Buffer,
  now: Date,
): Promise<ImportOutcome> {
  const file = await openExport(zip);
  const manifestText = await file.read('manifest.json');
  if (manifestText === null) throw notAnExport();
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(manifestText);
  } catch {
    throw notAnExport();
  }
  const parsed = manifestSchema.safeParse(manifestJson);
  if (!parsed.success) throw notAnExport();
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

  const exporter = manifest.person.id.toLowerCase();
  const mapId = (value: string) =>
    value.toLowerCase() === exporter ? person.id : importedId(person.id, value);
  const mapText = (value: string) => value.replace(UUIDS, mapId);
  const mapJson = (value: unknown, depth = 0): unknown => {
    if (depth > MAX_DEPTH) throw notAnExport();
    if (typeof value === 'string') return mapText(value);
    if (Array.isArray(value)) return value.map((v) => mapJson(v, depth + 1));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapJson(v, depth + 1)]));
    return value;
  };
  const mapValue = (column: Column, value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') {
      const text = mapText(value);
      return column.name === 'link' && !IN_APP_LINK.test(text) ? '/' : text;
    }
    return typeof value === 'object' ? mapJson(value) : value;
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
        const text = await file.read(`data/${table.name}.json`);
        if (text === null) continue;
        const names = new Set(exported.get(table.name)?.columns);
        const columns = table.columns.filter((c) => !c.generated && names.has(c.name));
        // The columns written: the export's, the owner, and what a bank connection's arrival sets.
        const written = [
          ...new Set([
            ...columns.map((c) => c.name),
            'user_id',
            ...(table.name === 'bank_connections' ? Object.keys(disconnected({}, now)) : []),
          ]),
        ];
        const batch: Record<string, unknown>[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await insertRows(tx, table.name, written, batch.splice(0));
        };
        counts[table.name] = 0;
        for (const row of rowsIn(text)) {
          const out: Row = {};
          for (const c of columns) out[c.name] = mapValue(c, row[c.name]);
          out.user_id = person.id;
          if (table.name === 'bank_connections') disconnected(out, now);
          if (table.name === 'bank_accounts') rewritten.push(out);
          batch.push(out);
          counts[table.name] = (counts[table.name] ?? 0) + 1;
          if (batch.length >= ROWS_PER_STATEMENT) await flush();
        }
        await flush();
      }
      if (rewritten.length > 0)
        await tx.execute(
          sql`update bank_accounts a set current_balance = r.current_balance, updated_at = r.updated_at
                from json_populate_recordset(null::bank_accounts, ${JSON.stringify(rewritten)}::json) r
               where a.user_id = ${person.id} and a.id = r.id`,
        );
      await carryPreferences(tx, person.id, await file.read('data/users.json'));
      await tx
        .insert(dataImports)
        .values({ userId: person.id, exportDigest: digest, rows: counts, importedAt: now });
      return { alreadyImported: false, rows: counts };
    })
    .catch((error: unknown) => {
      // A row the database refuses (a missing reference, a value of the wrong kind): nothing was written.
      if (/^(2[23]|54)/.test(sqlState(error) ?? ''))
        throw new AppError(
          400,
          'EXPORT_INVALID',
          'This export could not be imported: some of its rows do not fit together. Nothing was imported.',
        );
      throw error;
    });
}

/**
 * A bank connection arrives without its bank access: disconnected, and never removed at the bank from here
 * (the hourly sweep and account deletion skip it). Manual accounts' connection holds no bank: it stays as it
 * was. Answers the row.
 */
function disconnected(row: Row, now: Date): Row {
  row.access_token_encrypted = '';
  if (row.provider === 'manual') return row;
  row.is_active = false;
  row.cursor = null;
  row.provider_removed_at = now.toISOString();
  return row;
}

/** Rows as JSON, typed by the table's own row type (json_populate_recordset): one statement per batch. */
async function insertRows(tx: Db, table: string, columns: string[], rows: Row[]) {
  const names = sql.join(
    columns.map((n) => sql.identifier(n)),
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
  const row = rowsIn(usersFile).next().value;
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
