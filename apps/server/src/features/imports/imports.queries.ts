import { randomUUID } from 'node:crypto';
import type { CsvMapping, QifDayOrder } from '@tally/shared';
import { and, between, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bankAccounts, bankConnections, transactions } from '../../db/schema';
import { nextTurn } from '../../lib/next-turn';

/** The account a file goes into: one of the person's active accounts, manual or linked. */
export type ImportAccount = {
  id: string;
  name: string;
  importMapping: unknown;
  importDayOrder: string | null;
};

/**
 * The person's active account (of an active connection), or null: another person's id, a closed account
 * and a disconnected bank's account are all "not found". With `lock`, inside a transaction, the account row
 * is held until it ends (FOR NO KEY UPDATE, the lock saving its mapping needs anyway, taken first so two
 * imports never wait on each other's): imports into one account run one after the other, and deleting the
 * account or disconnecting its bank (which deactivates its accounts) waits, so no row lands in an account
 * that is going away. New transactions' foreign-key checks (a bank sync) are not held up by it.
 */
export async function getImportAccount(
  db: Db,
  { userId, accountId, lock = false }: { userId: string; accountId: string; lock?: boolean },
): Promise<ImportAccount | null> {
  const query = db
    .select({
      id: bankAccounts.id,
      name: bankAccounts.name,
      importMapping: bankAccounts.importMapping,
      importDayOrder: bankAccounts.importDayOrder,
    })
    .from(bankAccounts)
    .innerJoin(
      bankConnections,
      and(eq(bankConnections.userId, bankAccounts.userId), eq(bankConnections.id, bankAccounts.connectionId)),
    )
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.id, accountId),
        eq(bankAccounts.isActive, true),
        // An account hidden past the plan's limit takes no rows, from its bank or from a file.
        isNull(bankAccounts.hiddenAt),
        eq(bankConnections.isActive, true),
      ),
    );
  const [row] = lock ? await query.for('no key update', { of: bankAccounts }) : await query;
  return row ?? null;
}

/**
 * Which of these provider ids the person already has (live or deleted: a row deleted after an import must
 * not come back with the next one), and the file keys of rows a bank took over (file_key: their day may have
 * moved since). Each array of up to IDS_PER_STATEMENT ids is one statement probed against the (user_id,
 * provider_transaction_id) unique index; the taken-over rows are few and read whole from their own index.
 */
export async function existingProviderIds(
  db: Db,
  { userId, ids }: { userId: string; ids: readonly string[] },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const stored = (part: readonly string[]) =>
    db
      .select({ id: transactions.providerTransactionId })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          sql`${transactions.providerTransactionId} = any(${sql.param(part)}::text[])`,
        ),
      );
  const takenOver = db
    .select({ id: sql<string>`${transactions.fileKey}` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNotNull(transactions.fileKey)));
  if (ids.length <= IDS_PER_STATEMENT) {
    const rows = await unionAll(stored(ids), takenOver);
    return new Set(rows.map((r) => r.id));
  }
  const found = new Set((await takenOver).map((r) => r.id));
  for (let from = 0; from < ids.length; from += IDS_PER_STATEMENT) {
    await nextTurn();
    for (const r of await stored(ids.slice(from, from + IDS_PER_STATEMENT))) found.add(r.id);
  }
  return found;
}

/**
 * Ids looked up per statement. PGlite runs each statement on the request thread: 250,000 ids in one held it
 * for seconds; in parts, other requests are answered between them.
 */
const IDS_PER_STATEMENT = 2_500;

/** A live transaction of the account a file row may be the same money as (with its file key, if a bank took it over). */
export type MatchCandidate = {
  providerTransactionId: string;
  fileKey: string | null;
  date: string;
  amount: number;
};

/**
 * The account's live transactions between two days (from the bank, typed, or from another file): one range
 * read of the account's list index, whatever the file's size.
 */
export async function matchCandidates(
  db: Db,
  {
    userId,
    accountId,
    fromDay,
    toDay,
  }: { userId: string; accountId: string; fromDay: string; toDay: string },
): Promise<MatchCandidate[]> {
  return db
    .select({
      providerTransactionId: transactions.providerTransactionId,
      fileKey: transactions.fileKey,
      date: transactions.date,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.accountId, accountId),
        isNull(transactions.deletedAt),
        between(transactions.date, fromDay, toDay),
      ),
    );
}

/** One file row as it is stored. */
export type NewFileRow = {
  providerTransactionId: string;
  date: string;
  description: string;
  merchantName: string | null;
  amount: number;
  category: number;
  categorySource: 'rule' | 'provider';
  note: string | null;
};

export type Inserted = { inserted: number; fromDate: string | null; toDate: string | null };

/**
 * Stores a file's new rows in one statement (one array per column: 11 parameters whatever the size), inside
 * the import's transaction and after its account lock (getImportAccount with `lock`) and its read of the keys
 * already stored. Nothing else writes a 'file:<accountId>:' key, and imports into one account run one after
 * the other, so every row here is new: a plain INSERT, without ON CONFLICT's per-row probe and speculative
 * insertion (a fifth of the statement on the embedded database). Should a key exist after all, the unique index
 * refuses the whole file rather than storing a row twice.
 *
 * Shaped for speed on the embedded database, where a 50k-row file is seconds of work: ids are made here
 * (PGlite draws each gen_random_uuid() through a JavaScript call), rows go in newest first as the list
 * indexes are ordered, and unnest in the select list streams the rows instead of spilling them to a temporary
 * file as a function in FROM does. With `deferSearchIndex` the trigram index's pending list may grow past
 * its 4 MB default for this statement, so the merge into the index happens in the VACUUM that follows the
 * import (vacuumAfterImports) rather than during it; searches read pending entries meanwhile, so nothing
 * is missing from them.
 *
 * With `trustAccountLock` (the embedded database, where the server is its superuser) the statement skips the
 * foreign-key check of every row, a fifth of its time: the caller holds the account's row lock and read it as
 * this person's, active account, so (user_id, account_id) exists and cannot go until the commit. Only the
 * check is skipped (session_replication_role = replica, for this one statement); the rollup, daily-spending,
 * balance and AI triggers are ENABLE ALWAYS (migration 0020) and fire as ever, and unique indexes still hold.
 *
 * PGlite runs each statement on the request thread: with `rowsPerStatement` a large file goes in as several
 * statements, one per turn of the event loop, so no single one holds the server (still in one transaction).
 */
export async function insertFileRows(
  tx: Db,
  {
    userId,
    accountId,
    rows,
    deferSearchIndex = false,
    trustAccountLock = false,
    rowsPerStatement,
  }: {
    userId: string;
    accountId: string;
    rows: readonly NewFileRow[];
    deferSearchIndex?: boolean;
    trustAccountLock?: boolean;
    /** Rows per INSERT, with a turn of the event loop between (all in one when unset). */
    rowsPerStatement?: number;
  },
): Promise<Inserted> {
  if (rows.length === 0) return { inserted: 0, fromDate: null, toDate: null };
  const ordered = [...rows].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  if (trustAccountLock) await tx.execute(sql`set local session_replication_role = replica`);
  if (deferSearchIndex) await tx.execute(sql`set local gin_pending_list_limit = '1GB'`);
  const perStatement = rowsPerStatement ?? ordered.length;
  for (let from = 0; from < ordered.length; from += perStatement) {
    if (from > 0) await nextTurn();
    const part = ordered.slice(from, from + perStatement);
    const column = <K extends keyof NewFileRow>(key: K) => sql.param(part.map((row) => row[key]));
    const ids = sql.param(part.map(() => randomUUID()));
    await tx.execute(sql`
      insert into transactions (id, user_id, account_id, provider_transaction_id, date, description,
        merchant_name, amount, category, category_source, note)
      select unnest(${ids}::uuid[]), ${userId}::uuid, ${accountId}::uuid,
        unnest(${column('providerTransactionId')}::text[]), unnest(${column('date')}::date[]),
        unnest(${column('description')}::text[]), unnest(${column('merchantName')}::text[]),
        unnest(${column('amount')}::bigint[]), unnest(${column('category')}::smallint[]),
        unnest(${column('categorySource')}::text[]), unnest(${column('note')}::text[])`);
  }
  if (trustAccountLock) await tx.execute(sql`set local session_replication_role = origin`);
  return {
    inserted: ordered.length,
    fromDate: ordered.at(-1)?.date ?? null,
    toDate: ordered[0]?.date ?? null,
  };
}

/**
 * Remembers on the account how its last file was read, for its next one: a CSV's mapping, a QIF's day order
 * (when the file proved it or the person chose it). One update whatever is remembered; none when nothing is.
 */
export async function saveImportSettings(
  tx: Db,
  {
    userId,
    accountId,
    mapping,
    dayOrder,
    now,
  }: {
    userId: string;
    accountId: string;
    mapping: CsvMapping | null;
    dayOrder: QifDayOrder | null;
    now: Date;
  },
) {
  if (!mapping && !dayOrder) return;
  await tx
    .update(bankAccounts)
    .set({
      ...(mapping ? { importMapping: mapping } : {}),
      ...(dayOrder ? { importDayOrder: dayOrder } : {}),
      updatedAt: now,
    })
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId)));
}
