import { randomUUID } from 'node:crypto';
import {
  type CategoryCode,
  type CsvMapping,
  categoryFromDescription,
  categoryFromName,
  categoryName,
  csvMapping,
  type ImportBody,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ImportRowStatus,
  importCompletedNotice,
  type ParsedFile,
  type ParsedRow,
  type PlanHolder,
  PREVIEW_ROWS,
  planAllows,
  type QifDayOrder,
  qifDayOrder,
  type RowError,
  todayIn,
} from '@tally/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { nextTurn } from '../../lib/next-turn';
import { planInForce } from '../billing';
import { type DeliveryQueue, notify, requestDelivery } from '../notifications';
import { requestPreparation } from '../onboarding';
import { refreshSubscriptions } from '../subscriptions';
import { loadCategoriser } from '../transactions';
import {
  existingProviderIds,
  getImportAccount,
  type ImportAccount,
  insertFileRows,
  type MatchCandidate,
  matchCandidates,
  type NewFileRow,
  saveImportSettings,
} from './imports.queries';
import type { FileReader, ReadFile } from './read-file';

export type ImportDeps = {
  db: Db;
  /** Reads files on worker threads, within a time and memory budget (read-file.ts). */
  reader: FileReader;
  now: () => Date;
  queue: DeliveryQueue;
  log: FastifyBaseLogger;
  /** Database upkeep after rows were stored (PGlite: VACUUM ANALYZE once enough arrived), as bank imports. */
  afterImport?: (rows: number) => Promise<void>;
  /** The upkeep merges the search index's pending entries soon after: a large file may leave them to it. */
  deferSearchIndex?: boolean;
  /** The embedded database: the insert may rely on the account lock instead of per-row foreign-key checks. */
  trustAccountLock?: boolean;
  /** The embedded database works on the request thread: a file's rows go in this many per statement. */
  rowsPerStatement?: number;
};

/** Who imports: their id, and what their follow-ups depend on (their calendar, their plan). */
export type Importer = PlanHolder & { id: string; timeZone: string };

/** How many invalid rows a preview lists and a refusal details. */
export const INVALID_ROWS_SHOWN = 50;

/** A valid row of the file with everything it would be stored with. */
export type CategorisedRow = {
  row: ParsedRow;
  providerTransactionId: string;
  category: CategoryCode;
  categorySource: 'rule' | 'provider';
  merchantName: string | null;
};

/** How a QIF's dates were read, and what the account keeps of it. */
type DayOrderOutcome = Pick<ImportPreview, 'dayOrder' | 'dayOrderSource' | 'needsDayOrder'> & {
  /** The order to remember on the account after an import (proved by the file or chosen), null to keep its own. */
  remember: QifDayOrder | null;
};

type Prepared = {
  account: ImportAccount;
  parsed: ParsedFile;
  mappingRemembered: boolean;
  dayOrder: DayOrderOutcome;
  rows: CategorisedRow[];
};

const accountNotFound = () => notFound('Account not found');

/** The account's remembered mapping, when it still reads as one (an older shape is ignored, not trusted). */
function rememberedMapping(account: ImportAccount): CsvMapping | undefined {
  const result = csvMapping.safeParse(account.importMapping);
  return result.success ? result.data : undefined;
}

/** The order the account's last QIF was read in, when it remembers one. */
function rememberedDayOrder(account: ImportAccount): QifDayOrder | undefined {
  const result = qifDayOrder.safeParse(account.importDayOrder);
  return result.success ? result.data : undefined;
}

/**
 * What decided a QIF's day order: its own days, else the order chosen with the request, else the account's
 * remembered one, else month first. The person is asked when the days do not show it, reading them the other
 * way changes them and the account remembers none; the question stays while they choose. What the file proved
 * or the person chose is remembered; a default nobody confirmed is not.
 */
export function dayOrderOutcome(
  parsed: ParsedFile,
  chosen: QifDayOrder | undefined,
  remembered: QifDayOrder | undefined,
): DayOrderOutcome {
  if (parsed.dayOrder === null) {
    return { dayOrder: null, dayOrderSource: null, needsDayOrder: false, remember: null };
  }
  const proved = parsed.dayOrderConfident === true;
  const dayOrderSource = proved ? 'file' : chosen ? 'chosen' : remembered ? 'remembered' : 'default';
  const settled = dayOrderSource === 'file' || dayOrderSource === 'chosen';
  return {
    dayOrder: parsed.dayOrder,
    dayOrderSource,
    needsDayOrder: !proved && parsed.dayOrderMatters === true && remembered === undefined,
    remember: settled ? parsed.dayOrder : null,
  };
}

/**
 * Each row with its key (readFile: a FITID, else a fingerprint of day, amount, description and occurrence),
 * and its category and merchant as a bank import decides them: the person's rules and remembered
 * merchant categories first ('rule'); else the file's own category when it names one of ours, else a guess
 * from the description ('provider', like a bank's category). Descriptions repeat a lot in a statement, so
 * each distinct text is looked up once.
 */
async function categorise(
  db: Db,
  { userId, accountId, file: { parsed, keys } }: { userId: string; accountId: string; file: ReadFile },
) {
  const person = await loadCategoriser(db, { userId });
  const rows = parsed.rows;
  const fromName = new Map<string, CategoryCode | null>();
  const fromDescription = new Map<string, CategoryCode>();
  const out: CategorisedRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const row = rows[i] as ParsedRow;
    const choice = person({
      accountId,
      description: row.description,
      merchantName: row.merchantName,
      amount: row.amount,
    });
    const merchantName = choice.merchantName ?? row.merchantName;
    const providerTransactionId = keys[i] ?? '';
    if (choice.category !== null) {
      out.push({
        row,
        providerTransactionId,
        category: choice.category,
        categorySource: 'rule',
        merchantName,
      });
      continue;
    }
    let category: CategoryCode | null = null;
    if (row.category !== null) {
      if (!fromName.has(row.category)) fromName.set(row.category, categoryFromName(row.category));
      category = fromName.get(row.category) ?? null;
    }
    if (category === null) {
      category = fromDescription.get(row.description) ?? categoryFromDescription(row.description);
      fromDescription.set(row.description, category);
    }
    out.push({ row, providerTransactionId, category, categorySource: 'provider', merchantName });
  }
  return out;
}

/**
 * Rows handled per turn of the request thread: the per-row work after a file is read (rules, classifying)
 * is linear but held the thread ~1.5 s for 100,000 rows in one go; between turns other requests are answered.
 */
const ROWS_PER_TURN = 1_000;

async function prepare(
  { db, reader }: Pick<ImportDeps, 'db' | 'reader'>,
  userId: string,
  body: ImportBody,
): Promise<Prepared> {
  // The account first: another person's id answers 404 whatever the file holds.
  const account = await getImportAccount(db, { userId, accountId: body.accountId });
  if (!account) throw accountNotFound();
  const remembered = body.mapping ? undefined : rememberedMapping(account);
  const rememberedOrder = rememberedDayOrder(account);
  const read = await reader.read(account.id, body.content, {
    mapping: body.mapping ?? remembered,
    dayOrder: body.qifDayOrder ?? rememberedOrder,
  });
  const { parsed } = read;
  const rows = await categorise(db, { userId, accountId: account.id, file: read });
  return {
    account,
    parsed,
    mappingRemembered: parsed.format === 'csv' && remembered !== undefined,
    dayOrder: dayOrderOutcome(parsed, body.qifDayOrder, rememberedOrder),
    rows,
  };
}

/**
 * What becomes of each valid row, in file order. A row whose provider id the person already has (an
 * earlier file, or an earlier row of this one) is a duplicate. Otherwise a row with the date and amount of
 * a live transaction of the account that this file does not already account for (from the bank, typed by
 * hand, or from a file in another format, e.g. an OFX after a CSV of the same month) is that transaction
 * ("matched", not stored twice), one to one: each such transaction answers for one row at most, so two
 * identical coffees on a day with one at the bank leave one matched and one new. Everything else is new.
 */
export async function classify(
  rows: readonly Pick<CategorisedRow, 'providerTransactionId' | 'row'>[],
  existing: ReadonlySet<string>,
  candidates: readonly MatchCandidate[],
): Promise<ImportRowStatus[]> {
  const ownKeys = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    ownKeys.add((rows[i] as (typeof rows)[number]).providerTransactionId);
  }
  const open = new Map<string, number>();
  for (const c of candidates) {
    // This file's own rows (also one a bank took over) stand for themselves as duplicates: none is open.
    if (ownKeys.has(c.providerTransactionId) || (c.fileKey !== null && ownKeys.has(c.fileKey))) continue;
    const key = `${c.date}|${c.amount}`;
    open.set(key, (open.get(key) ?? 0) + 1);
  }
  const seen = new Set<string>();
  const statuses: ImportRowStatus[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const { providerTransactionId: id, row } = rows[i] as (typeof rows)[number];
    if (existing.has(id) || seen.has(id)) {
      statuses.push('duplicate');
      continue;
    }
    seen.add(id);
    const key = `${row.date}|${row.amount}`;
    const left = open.get(key) ?? 0;
    if (left > 0) {
      open.set(key, left - 1);
      statuses.push('matched');
    } else statuses.push('new');
  }
  return statuses;
}

/** The rows' first and last day (ISO days compare as strings). */
function dayRange(rows: readonly CategorisedRow[]): { fromDay: string; toDay: string } | null {
  const first = rows[0];
  if (!first) return null;
  let fromDay = first.row.date;
  let toDay = first.row.date;
  for (const { row } of rows) {
    if (row.date < fromDay) fromDay = row.date;
    if (row.date > toDay) toDay = row.date;
  }
  return { fromDay, toDay };
}

/** Looks up what the person already has (two statements, whatever the file's size) and classifies. */
async function statusesOf(
  db: Db,
  { userId, accountId, rows }: { userId: string; accountId: string; rows: readonly CategorisedRow[] },
) {
  const range = dayRange(rows);
  if (!range) return [];
  const [existing, candidates] = await Promise.all([
    existingProviderIds(db, { userId, ids: rows.map((r) => r.providerTransactionId) }),
    matchCandidates(db, { userId, accountId, ...range }),
  ]);
  return classify(rows, existing, candidates);
}

function count(statuses: readonly ImportRowStatus[], status: ImportRowStatus): number {
  let n = 0;
  for (const s of statuses) if (s === status) n += 1;
  return n;
}

const invalidRow = (error: RowError): ImportPreviewRow => ({
  line: error.line,
  status: 'invalid',
  date: null,
  description: '',
  merchantName: null,
  amount: null,
  category: 99,
  categoryName: categoryName(99),
  note: null,
  error: error.reason,
});

const previewRow = (r: CategorisedRow, status: ImportRowStatus): ImportPreviewRow => ({
  line: r.row.line,
  status,
  date: r.row.date,
  description: r.row.description,
  merchantName: r.merchantName,
  amount: r.row.amount,
  category: r.category,
  categoryName: categoryName(r.category),
  note: r.row.note,
  error: null,
});

/** The file's first rows in file order, invalid ones at their line. */
function firstRows(
  rows: readonly CategorisedRow[],
  statuses: readonly ImportRowStatus[],
  errors: readonly RowError[],
): ImportPreviewRow[] {
  const out: ImportPreviewRow[] = [];
  let v = 0;
  let e = 0;
  while (out.length < PREVIEW_ROWS) {
    const valid = rows[v];
    const error = errors[e];
    if (!valid && !error) break;
    if (valid && (!error || valid.row.line <= error.line)) {
      out.push(previewRow(valid, statuses[v] ?? 'new'));
      v += 1;
    } else if (error) {
      out.push(invalidRow(error));
      e += 1;
    }
  }
  return out;
}

/** POST /imports/preview: what importing the file would do, without storing anything. */
export async function previewImport(
  deps: ImportDeps,
  userId: string,
  body: ImportBody,
): Promise<ImportPreview> {
  const { parsed, mappingRemembered, dayOrder, rows, account } = await prepare(deps, userId, body);
  const statuses = await statusesOf(deps.db, { userId, accountId: account.id, rows });
  return {
    format: parsed.format,
    columns: parsed.columns,
    sampleRows: parsed.sampleRows,
    mapping: parsed.mapping,
    mappingRemembered,
    needsMapping: parsed.needsMapping,
    dayOrder: dayOrder.dayOrder,
    dayOrderSource: dayOrder.dayOrderSource,
    needsDayOrder: dayOrder.needsDayOrder,
    rows: firstRows(rows, statuses, parsed.errors),
    counts: {
      total: rows.length + parsed.errors.length,
      new: count(statuses, 'new'),
      duplicate: count(statuses, 'duplicate'),
      matched: count(statuses, 'matched'),
      invalid: parsed.errors.length,
    },
    invalidRows: parsed.errors.slice(0, INVALID_ROWS_SHOWN).map(({ line, reason }) => ({ line, reason })),
  };
}

/** The refusal of a file with invalid rows (unless skipInvalid): the first one's line and reason. */
function invalidRowsError(errors: readonly RowError[]): AppError {
  const [first] = errors;
  return new AppError(
    400,
    'IMPORT_INVALID_ROW',
    `Line ${first?.line}: ${first?.reason}`,
    errors
      .slice(0, INVALID_ROWS_SHOWN)
      .map(({ line, reason }) => ({ path: `line ${line}`, message: reason })),
  );
}

/**
 * POST /imports: stores the file's new rows in the account. The whole file is one database transaction
 * (all its new rows or none); an invalid row refuses the file unless skipInvalid. A CSV's mapping is
 * remembered on the account for its next file, and so is a QIF's day order when its days proved it or the
 * person chose it (a QIF imported without either is read month first, as Quicken writes). Then, when rows were stored, what a bank import does after
 * new transactions: the person is told, and their subscriptions catch up with the charges.
 */
export async function importFile(deps: ImportDeps, user: Importer, body: ImportBody): Promise<ImportResult> {
  const userId = user.id;
  const { parsed, dayOrder, rows } = await prepare(deps, userId, body);
  if (parsed.needsMapping) {
    throw badRequest('Choose which columns hold the date, description and amount', 'IMPORT_NEEDS_MAPPING');
  }
  if (parsed.errors.length > 0 && !body.skipInvalid) throw invalidRowsError(parsed.errors);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const account = await getImportAccount(tx, { userId, accountId: body.accountId, lock: true });
    if (!account) throw accountNotFound();
    const statuses = await statusesOf(tx, { userId, accountId: account.id, rows });
    const fresh: NewFileRow[] = [];
    rows.forEach((r, i) => {
      if (statuses[i] !== 'new') return;
      fresh.push({
        providerTransactionId: r.providerTransactionId,
        date: r.row.date,
        description: r.row.description,
        merchantName: r.merchantName,
        amount: r.row.amount,
        category: r.category,
        categorySource: r.categorySource,
        note: r.row.note,
      });
    });
    const stored = await insertFileRows(tx, {
      userId,
      accountId: account.id,
      rows: fresh,
      deferSearchIndex: deps.deferSearchIndex,
      trustAccountLock: deps.trustAccountLock,
      rowsPerStatement: deps.rowsPerStatement,
    });
    await saveImportSettings(tx, {
      userId,
      accountId: account.id,
      mapping: parsed.mapping,
      dayOrder: dayOrder.remember,
      now,
    });
    if (stored.inserted > 0) {
      // In the transaction, so the notice exists exactly when the rows do; delivery is asked for after it.
      await notify(tx, {
        userId,
        notice: importCompletedNotice({
          id: randomUUID(),
          institution: account.name,
          stored: stored.inserted,
        }),
        createdAt: now,
      });
    }
    return {
      stored,
      duplicates: count(statuses, 'duplicate'),
      matched: count(statuses, 'matched'),
    };
  });
  if (outcome.stored.inserted > 0) await afterStored(deps, user, outcome.stored.inserted);
  return {
    format: parsed.format,
    imported: outcome.stored.inserted,
    duplicates: outcome.duplicates,
    matched: outcome.matched,
    skippedInvalid: parsed.errors.length,
    fromDate: outcome.stored.fromDate,
    toDate: outcome.stored.toDate,
  };
}

/**
 * The bank import's follow-ups, once the rows are committed: the "import completed" notice is delivered,
 * subscriptions (on plans that track them) link the new charges and move their due dates, a Premium
 * person's first import has their setup prepared (requestPreparation), and PGlite
 * gets its statistics refreshed after large imports. Budget alerts come from the notifications scan, which
 * this write makes due at the person's next read. The import itself is done: a failure here is logged,
 * not answered as the import's.
 */
async function afterStored(deps: ImportDeps, user: Importer, stored: number) {
  try {
    await requestDelivery(deps.queue, user.id);
    const now = deps.now();
    if (planAllows(planInForce(user, now), 'subscriptions')) {
      await refreshSubscriptions(deps, user.id, todayIn(user.timeZone, now));
    }
    await requestPreparation(deps, user.id);
    await deps.afterImport?.(stored);
  } catch (error) {
    deps.log.warn({ err: error }, 'follow-ups after a file import failed');
  }
}
