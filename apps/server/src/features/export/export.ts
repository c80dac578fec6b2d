import { type PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/client';
import { spreadsheetText } from '../../lib/spreadsheet';

/**
 * A person's own data as one ZIP (the README's "A person's own export" describes it): `manifest.json`, then every table they own
 * rows in as `data/<table>.json` (rows as stored: money in integer cents, days as YYYY-MM-DD) and as
 * `csv/<table>.csv` for spreadsheets. A table added later is exported unless it is named below.
 */
export const EXPORT_FORMAT = 'tally-export';
export const EXPORT_VERSION = 1;

/** Tables a person owns rows in that are not theirs to take: this server's own bookkeeping, or derived. */
export const LEFT_OUT: Record<string, string> = {
  sessions: 'sign-ins on this server',
  push_subscriptions: "browsers' keys for this server's notifications",
  recovery_codes: 'single-use sign-in codes: secret, and useless without the authenticator they stand in for',
  passkeys: "sign-in keys that work only on this server's address",
  access_tokens: "keys to this server's API, kept only as hashes: they could not work anywhere else",
  webauthn_challenges: "this server's passkey sign-ins under way",
  history_syncs: "this server's bank downloads",
  onboarding_preparations: "this server's first-run jobs",
  ai_insight_runs: "this server's insight refreshes",
  data_imports: 'exports imported into the account on this server',
  transaction_texts: 'search text, made again from the transactions',
  transaction_rollups: 'totals, made again from the transactions',
  daily_spending: 'totals, made again from the transactions',
  account_days: 'totals, made again from the transactions',
  transaction_week_rollups: 'totals, made again from the transactions',
  merchant_rollups: 'totals, made again from the transactions',
};

/** Secrets are never exported, hashed or sealed. */
export const SECRET_COLUMNS: Record<string, string[]> = {
  users: ['password_hash', 'totp_secret_encrypted', 'totp_last_step'],
  bank_connections: ['access_token_encrypted'],
};

const PAGE = 2000;

/** idType: the type of the table's id column, by which its rows are paged; null when it has none. */
type Table = { name: string; columns: string[]; idType: string | null };

/**
 * What `read` answers for a database, read once: the schema does not change under a running server. A read
 * that failed is tried again next time.
 */
export function oncePerDatabase<T>(read: (database: Database) => Promise<T>) {
  const answers = new WeakMap<Database, Promise<T>>();
  return (database: Database): Promise<T> => {
    let answer = answers.get(database);
    if (!answer) {
      answer = read(database);
      answer.catch(() => answers.delete(database));
      answers.set(database, answer);
    }
    return answer;
  };
}

const exportedTables = oncePerDatabase(readCatalogue);

/** The tables exported, with their columns in order (secrets left out), from PostgreSQL's catalogue. */
async function readCatalogue(database: Database): Promise<Table[]> {
  const rows = await database.query<{ table_name: string; columns: string[]; id_type: string | null }>(
    `select c.table_name, array_agg(c.column_name::text order by c.ordinal_position) as columns,
            max(c.udt_name::text) filter (where c.column_name = 'id') as id_type
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.table_name = 'users' or c.table_name in (
          select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'))
      group by c.table_name
      order by c.table_name = 'users' desc, c.table_name`,
  );
  return rows
    .filter((r) => !(r.table_name in LEFT_OUT))
    .map((r) => {
      const secret = SECRET_COLUMNS[r.table_name] ?? [];
      return { name: r.table_name, columns: r.columns.filter((c) => !secret.includes(c)), idType: r.id_type };
    });
}

/** How long a download may take before it is ended: a 100,000-transaction export takes about 20 s. */
const EXPORT_DEADLINE_MS = 15 * 60_000;

/** A table's rows of one person, a page at a time (in id order where the table has one), as JSON objects. */
async function* rowsOf(query: Database['query'], table: Table, userId: string, pageSize: number) {
  const list = table.columns.map((c) => `"${c}"`).join(', ');
  const owner = table.name === 'users' ? 'id' : 'user_id';
  if (!table.idType) {
    yield await query<{ row: Record<string, unknown> }>(
      `select to_json(r) as row from (select ${list} from "${table.name}" where ${owner} = $1) r`,
      [userId],
    );
    return;
  }
  let after: unknown = null;
  for (;;) {
    const page: Array<{ row: Record<string, unknown> }> = await query(
      `select to_json(r) as row from (select ${list} from "${table.name}"
         where ${owner} = $1 and ($2::${table.idType} is null or id > $2::${table.idType})
         order by id limit ${pageSize}) r`,
      [userId, after],
    );
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)?.row.id;
  }
}

/** A CSV cell: text that a spreadsheet would run as a formula opens as text; numbers stay numbers. */
const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? spreadsheetText(value)
      : typeof value === 'object'
        ? spreadsheetText(JSON.stringify(value))
        : String(value);

/**
 * Streams the person's export as a ZIP, one file after another (a ZIP's entries cannot interleave): every
 * table's JSON, then every table's CSV, then the manifest. A file's rows are read only when its turn comes, a
 * page at a time, and compressed as they come, as fast as the client takes them: what the server holds is a
 * page and the compressor's window, whatever the person owns.
 *
 * Every read is made in one snapshot of the database (Database.snapshot), held until the ZIP has gone out
 * or the download has stopped: a bank sync or an edit meanwhile cannot leave rows in the export whose
 * parents it lacks, which its import would refuse. (On PGlite, where a snapshot would hold every other
 * request for the export's length, the reads see each moment as it comes.)
 */
export function exportZip(
  database: Database,
  person: { id: string; email: string },
  now: Date,
  { pageSize = PAGE }: { pageSize?: number } = {},
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // The snapshot ends when the ZIP has been read to its end, or the download stopped (the stream closed).
  const over = new Promise<void>((resolve) => {
    output.once('end', resolve);
    output.once('close', resolve);
  });
  // A download nobody reads to its end is ended, and its snapshot with it.
  const deadline = setTimeout(
    () => output.destroy(new Error('the export was not read to its end in time')),
    EXPORT_DEADLINE_MS,
  ).unref();
  void over.then(() => clearTimeout(deadline));
  // The files' readers stop with the download, so nothing reads the snapshot once it is over.
  const files = new Set<Readable>();
  void over.then(() => {
    for (const file of files) file.destroy();
  });
  const counts: Record<string, number> = {};

  database
    .snapshot(async (query) => {
      const add = (name: string, lines: () => AsyncGenerator<string>) =>
        zip.addReadStreamLazy(name, { mtime: now, compressionLevel: 6 }, (done) => {
          const file = Readable.from(lines());
          files.add(file);
          file.once('close', () => files.delete(file));
          // A read that fails mid-file ends the download with an error; unheard, it would end the server.
          file.on('error', (error) => output.destroy(error));
          done(null, file);
        });
      const tables = await exportedTables(database);
      for (const table of tables) {
        add(`data/${table.name}.json`, async function* () {
          let rows = 0;
          yield '[';
          for await (const page of rowsOf(query, table, person.id, pageSize)) {
            yield `${rows > 0 ? ',\n' : '\n'}${page.map(({ row }) => JSON.stringify(row)).join(',\n')}`;
            rows += page.length;
          }
          yield rows > 0 ? '\n]\n' : ']\n';
          counts[table.name] = rows;
        });
      }
      for (const table of tables) {
        add(`csv/${table.name}.csv`, async function* () {
          yield stringify([table.columns]);
          for await (const page of rowsOf(query, table, person.id, pageSize)) {
            yield stringify(page.map(({ row }) => table.columns.map((c) => cell(row[c]))));
          }
        });
      }
      add('manifest.json', async function* () {
        const manifest = {
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          exportedAt: now.toISOString(),
          person: { id: person.id, email: person.email },
          tables: tables.map((t) => ({ name: t.name, rows: counts[t.name] ?? 0, columns: t.columns })),
          leftOut: LEFT_OUT,
          secretsLeftOut: SECRET_COLUMNS,
        };
        yield `${JSON.stringify(manifest, null, 2)}\n`;
      });
      zip.end();
      await over;
    })
    .catch((err) => output.destroy(err));
  return output as Readable;
}
