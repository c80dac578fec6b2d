import type { CsvMapping } from '@tally/shared';
import { and, between, eq, isNull, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankConnections, transactions } from '../../db/schema';

/** The account a file goes into: one of the person's active accounts, manual or linked. */
export type ImportAccount = { id: string; name: string; importMapping: unknown };

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
    .select({ id: bankAccounts.id, name: bankAccounts.name, importMapping: bankAccounts.importMapping })
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
        eq(bankConnections.isActive, true),
      ),
    );
  const [row] = lock ? await query.for('no key update', { of: bankAccounts }) : await query;
  return row ?? null;
}

/**
 * Which of these provider ids the person already has (live or deleted: a row deleted after an import must
 * not come back with the next one). One statement whatever the file's size: the array is probed against
 * the (user_id, provider_transaction_id) unique index.
 */
export async function existingProviderIds(
  db: Db,
  { userId, ids }: { userId: string; ids: readonly string[] },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: transactions.providerTransactionId })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        sql`${transactions.providerTransactionId} = any(${sql.param(ids)}::text[])`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** A live bank or hand-entered transaction a file row may be the same money as. */
export type MatchCandidate = { date: string; amount: number };

/**
 * The account's live transactions that did not come from a file (bank or entered by hand), between two
 * days: one range read of the account's list index, whatever the file's size.
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
    .select({ date: transactions.date, amount: transactions.amount })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.accountId, accountId),
        isNull(transactions.deletedAt),
        between(transactions.date, fromDay, toDay),
        notLike(transactions.providerTransactionId, 'file:%'),
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
 * Stores a file's new rows in one statement (one array per column, so 14 parameters whatever the size).
 * A row whose provider id the person already has is left alone (DO NOTHING): a second import of the same
 * file running at the same moment waits on the unique index and then adds nothing. Answers what was
 * really added, so a row the other import took is not counted twice.
 */
export async function insertFileRows(
  tx: Db,
  { userId, accountId, rows }: { userId: string; accountId: string; rows: readonly NewFileRow[] },
): Promise<Inserted> {
  if (rows.length === 0) return { inserted: 0, fromDate: null, toDate: null };
  const column = <K extends keyof NewFileRow>(key: K) => sql.param(rows.map((row) => row[key]));
  const result = await tx.execute(sql`
    with added as (
      insert into transactions (user_id, account_id, provider_transaction_id, date, description, merchant_name,
        amount, category, category_source, note)
      select ${userId}::uuid, ${accountId}::uuid, * from unnest(${column('providerTransactionId')}::text[],
        ${column('date')}::date[], ${column('description')}::text[], ${column('merchantName')}::text[],
        ${column('amount')}::bigint[], ${column('category')}::smallint[], ${column('categorySource')}::text[],
        ${column('note')}::text[])
      on conflict (user_id, provider_transaction_id) do nothing
      returning date)
    select count(*)::int as inserted, min(date)::text as from_date, max(date)::text as to_date from added`);
  const [row] = rowsOf<{ inserted: number | string; from_date: string | null; to_date: string | null }>(
    result,
  );
  return {
    inserted: Number(row?.inserted ?? 0),
    fromDate: row?.from_date ?? null,
    toDate: row?.to_date ?? null,
  };
}

/** Remembers the CSV mapping on the account, for its next file. */
export async function saveImportMapping(
  tx: Db,
  { userId, accountId, mapping, now }: { userId: string; accountId: string; mapping: CsvMapping; now: Date },
) {
  await tx
    .update(bankAccounts)
    .set({ importMapping: mapping, updatedAt: now })
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId)));
}

/** A raw statement's rows: both drivers (PGlite, node-postgres) answer execute with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
