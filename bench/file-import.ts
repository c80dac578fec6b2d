import crypto from 'node:crypto';
import { type CsvMapping, type ImportPreview, type ImportResult, parseImportFile } from '@tally/shared';
import type { Database } from '../apps/server/src/db/client';
import { createDemoProvider } from '../apps/server/src/providers/bank/demo/demo-bank';
import type { ProviderTransaction } from '../apps/server/src/providers/bank/types';
import { IMPORT_EMAIL_DOMAIN } from './databases';
import { type App, type Auth, call, register, startApp } from './lib/app';

/** The file size and targets (seconds, PGlite; PostgreSQL is held to the same). */
export const FILE_ROWS = 50_000;
export const FILE_TARGETS = { previewSeconds: 1, importSeconds: 3, reimportSeconds: 2 } as const;

export type FileImportRun = {
  /** POST /api/imports/preview without a mapping (detected), as the web's first step sends it. */
  previewSeconds: number;
  /** POST /api/imports with the mapping the preview answered: every row new. */
  importSeconds: number;
  /**
   * After the import answered, until the database is free again: PGlite's VACUUM (ANALYZE) runs right
   * after a large import, in the same thread (zero on PostgreSQL, whose autovacuum works apart).
   */
  upkeepSeconds: number;
  /** The same file again, once the upkeep is done: every row a duplicate. */
  reimportSeconds: number;
  /**
   * Node CPU (user + system) during each request; on PGlite the database runs inside it, so on a machine
   * shared with other work this is what the request would take alone.
   */
  previewCpuSeconds: number;
  importCpuSeconds: number;
  reimportCpuSeconds: number;
  previewCounts: ImportPreview['counts'];
  imported: number;
  reimportAdded: number;
  reimportDuplicates: number;
  /** Rows of the account afterwards, counted in the database. */
  stored: number;
};

export type FileImportResult = {
  rows: number;
  megabytes: number;
  /** Making the statement from the demo bank's history (not timed). */
  generationSeconds: number;
  /** The parser alone on this file, in this process (median of 3): the floor under every request. */
  parseSeconds: number;
  format: string;
  needsMapping: boolean;
  runs: FileImportRun[];
  median: {
    previewSeconds: number;
    importSeconds: number;
    reimportSeconds: number;
    previewCpuSeconds: number;
    importCpuSeconds: number;
    reimportCpuSeconds: number;
  };
};

/** How a card statement names the demo bank's categories (Chase's export), so the category column is real. */
const STATEMENT_CATEGORY: Record<string, string> = {
  FOOD_AND_DRINK: 'Food & Drink',
  FOOD_AND_DRINK_GROCERIES: 'Groceries',
  GENERAL_MERCHANDISE: 'Shopping',
  TRANSPORTATION: 'Automotive',
  TRAVEL: 'Travel',
  RENT_AND_UTILITIES: 'Bills & Utilities',
  ENTERTAINMENT: 'Entertainment',
  MEDICAL: 'Health & Wellness',
  PERSONAL_CARE: 'Personal',
  GENERAL_SERVICES: 'Personal',
  HOME_IMPROVEMENT: 'Home',
  BANK_FEES: 'Fees & Adjustments',
  GOVERNMENT_AND_NON_PROFIT: 'Gifts & Donations',
};

/** The statement's columns, as the person would map them. */
export const STATEMENT_MAPPING: CsvMapping = {
  delimiter: ',',
  hasHeader: true,
  date: 0,
  description: 2,
  amount: 5,
  debit: null,
  credit: null,
  category: 3,
  notes: 6,
  dateFormat: 'MM/DD/YYYY',
  decimalSeparator: '.',
  negateAmount: false,
};

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function dollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 2026-11-24 → 11/24/2026, as US bank exports write days. */
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * A realistic 50,000-row statement: the demo bank's posted history (real descriptor shapes, repeated
 * merchants, same-day identical charges, refunds, pay and transfers), newest first as banks export it,
 * in the shape of a card export: Transaction Date, Post Date, Description, Category, Type, Amount, Memo.
 */
export async function generateStatement(rows = FILE_ROWS): Promise<string> {
  const provider = createDemoProvider({ transactionsPerInstitution: Math.ceil(rows * 1.15) });
  const { accessToken } = await provider.exchangePublicToken(
    await provider.createSandboxPublicToken('demo_harbor'),
  );
  const posted: ProviderTransaction[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await provider.syncTransactions(accessToken, cursor);
    for (const t of page.added) if (!t.pending) posted.push(t);
    if (!page.hasMore) break;
    cursor = page.nextCursor;
  }
  if (posted.length < rows) throw new Error(`the demo bank made ${posted.length} rows, fewer than ${rows}`);
  posted.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const lines = ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo'];
  for (const t of posted.slice(0, rows)) {
    const category =
      STATEMENT_CATEGORY[t.categoryDetailed ?? ''] ?? STATEMENT_CATEGORY[t.categoryPrimary ?? ''] ?? '';
    const type = t.amount < 0 ? 'Sale' : t.categoryPrimary === 'INCOME' ? 'Payment' : 'Return';
    lines.push(
      [usDay(t.date), usDay(t.date), cell(t.description), cell(category), type, dollars(t.amount), ''].join(
        ',',
      ),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Waits until the database answers at once again: on PGlite the upkeep after a large import (started on
 * the next turn of the event loop) holds the one thread until it ends.
 */
async function settled(database: Database) {
  // The upkeep starts on the loop's next turn and holds the thread while it runs: this timer fires after it.
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await database.query('SELECT 1');
    if (performance.now() - started < 20) return;
  }
}

/** A manual account for the person, through the API when it is there, else as its route writes it. */
async function manualAccount(app: App, auth: Auth, database: Database, userId: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/accounts/manual',
    headers: auth,
    payload: { name: 'Card statement', type: 2, subtype: 'creditcard', openingBalance: 0 },
  });
  if (res.statusCode === 201) return (res.json() as { id: string }).id;
  const [connection] = await database.query<{ id: string }>(
    `insert into bank_connections (user_id, provider, item_id, institution_name, access_token_encrypted)
     values ($1, 'manual', 'manual', 'Manual accounts', '') returning id`,
    [userId],
  );
  const [account] = await database.query<{ id: string }>(
    `insert into bank_accounts (user_id, connection_id, provider_account_id, name, type, subtype, opening_balance, current_balance)
     values ($1, $2, 'manual:' || gen_random_uuid()::text, 'Card statement', 2, 'creditcard', 0, 0) returning id`,
    [userId, connection?.id],
  );
  if (!account) throw new Error(`no manual account: ${res.statusCode} ${res.body}`);
  return account.id;
}

/**
 * The file-import targets through the real HTTP path (app.inject: body parsing, validation,
 * parsing the file, categorising, the database), into the benchmark database next to its generated rows,
 * as a newly registered person with a manual account each run: preview (mapping detected), import with the
 * preview's mapping (all rows new), then the same file again (all duplicates, nothing added).
 */
export async function measureFileImport(
  database: Database,
  options: { runs: number; rows?: number; log: (message: string) => void },
): Promise<FileImportResult> {
  const rows = options.rows ?? FILE_ROWS;
  const generated = performance.now();
  const content = await generateStatement(rows);
  const generationSeconds = seconds(generated);
  const parseTimes: number[] = [];
  let parsed = parseImportFile(content);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    parsed = parseImportFile(content);
    parseTimes.push(seconds(t));
  }
  options.log(
    `  statement: ${rows.toLocaleString('en-US')} rows, ${(content.length / 1e6).toFixed(1)} MB, ` +
      `${parsed.format}, parsed in ${median(parseTimes).toFixed(2)} s (generated in ${generationSeconds.toFixed(1)} s)`,
  );
  if (parsed.errors.length > 0)
    throw new Error(`the statement has invalid rows: ${parsed.errors[0]?.reason}`);

  // Jobs on, as in production: the import asks for its notice to be delivered through the queue.
  const app = await startApp(database, { runJobs: true });
  const runs: FileImportRun[] = [];
  try {
    for (let run = 0; run < options.runs; run++) {
      const email = `file-import-${run}-${crypto.randomBytes(4).toString('hex')}@${IMPORT_EMAIL_DOMAIN}`;
      const auth = await register(app, email);
      const [user] = await database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      if (!user) throw new Error('registered user not found');
      const accountId = await manualAccount(app, auth, database, user.id);

      let started = performance.now();
      let cpu = process.cpuUsage();
      const preview = await call<ImportPreview>(app, auth, 'POST', '/api/imports/preview', {
        accountId,
        content,
        fileName: 'statement.csv',
      });
      const previewSeconds = seconds(started);
      const previewCpuSeconds = cpuSince(cpu);
      // What the person would confirm when detection is unsure; otherwise the detected mapping, as the web sends it.
      const mapping: CsvMapping | null = preview.needsMapping ? STATEMENT_MAPPING : preview.mapping;
      if (!preview.needsMapping && preview.counts.new !== rows) {
        throw new Error(`preview: ${JSON.stringify(preview.counts)}`);
      }
      const body = { accountId, content, fileName: 'statement.csv', ...(mapping ? { mapping } : {}) };

      started = performance.now();
      cpu = process.cpuUsage();
      const imported = await call<ImportResult>(app, auth, 'POST', '/api/imports', body, 201);
      const importSeconds = seconds(started);
      const importCpuSeconds = cpuSince(cpu);

      started = performance.now();
      await settled(database);
      const upkeepSeconds = seconds(started);

      started = performance.now();
      cpu = process.cpuUsage();
      const again = await call<ImportResult>(app, auth, 'POST', '/api/imports', body, 201);
      const reimportSeconds = seconds(started);
      const reimportCpuSeconds = cpuSince(cpu);

      const [count] = await database.query<{ n: number | string }>(
        'SELECT count(*)::int AS n FROM transactions WHERE user_id = $1 AND account_id = $2',
        [user.id, accountId],
      );
      const result: FileImportRun = {
        previewSeconds,
        importSeconds,
        reimportSeconds,
        previewCpuSeconds,
        importCpuSeconds,
        reimportCpuSeconds,
        upkeepSeconds,
        previewCounts: preview.counts,
        imported: imported.imported,
        reimportAdded: again.imported,
        reimportDuplicates: again.duplicates,
        stored: Number(count?.n),
      };
      if (result.imported !== rows || result.reimportAdded !== 0 || result.stored !== rows) {
        throw new Error(`file import run ${run + 1} stored the wrong rows: ${JSON.stringify(result)}`);
      }
      runs.push(result);
      options.log(
        `  file import ${run + 1}/${options.runs}: preview ${previewSeconds.toFixed(2)} s (CPU ${previewCpuSeconds.toFixed(2)} s), import ` +
          `${importSeconds.toFixed(2)} s (CPU ${importCpuSeconds.toFixed(2)} s), upkeep ${upkeepSeconds.toFixed(2)} s, re-import ` +
          `${reimportSeconds.toFixed(2)} s (CPU ${reimportCpuSeconds.toFixed(2)} s; ${again.imported} added, ${again.duplicates} duplicates)`,
      );
    }
  } finally {
    await app.close();
  }
  return {
    rows,
    megabytes: Buffer.byteLength(content) / 1e6,
    generationSeconds,
    parseSeconds: median(parseTimes),
    format: parsed.format,
    needsMapping: parsed.needsMapping,
    runs,
    median: {
      previewSeconds: median(runs.map((r) => r.previewSeconds)),
      importSeconds: median(runs.map((r) => r.importSeconds)),
      reimportSeconds: median(runs.map((r) => r.reimportSeconds)),
      previewCpuSeconds: median(runs.map((r) => r.previewCpuSeconds)),
      importCpuSeconds: median(runs.map((r) => r.importCpuSeconds)),
      reimportCpuSeconds: median(runs.map((r) => r.reimportCpuSeconds)),
    },
  };
}
