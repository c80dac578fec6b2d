import { randomUUID } from 'node:crypto';
import type { AccountTypeCode, CategoryCode } from '@tally/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankConnections, transactions } from '../../db/schema';
import { type AccountRow, type ConnectionRow, MANUAL_PROVIDER } from '../accounts';
import { type TransactionRow, transactionSelection } from '../transactions';

/** What the person's one manual connection is made of (the design's fixed values). */
export const MANUAL_CONNECTION_VALUES = {
  provider: MANUAL_PROVIDER,
  itemId: 'manual',
  institutionName: 'Manual accounts',
  // No bank, so no token: nothing ever opens this (sync, removal and reconnect skip the connection).
  accessTokenEncrypted: '',
} as const;

/**
 * The person's manual connection, made on their first manual account. Call it inside the transaction that
 * adds the account: the upsert takes the row's lock, so two first accounts at once make one connection
 * (unique on user and item), and deleting the last account (which takes the same lock) cannot remove it
 * under an account being added.
 */
export async function upsertManualConnection(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(bankConnections)
    .values({ userId, ...MANUAL_CONNECTION_VALUES })
    .onConflictDoUpdate({
      target: [bankConnections.userId, bankConnections.itemId],
      set: { updatedAt: now },
    })
    .returning();
  return row!;
}

/** Locks the person's manual connection for this transaction; null when they have none. */
/** How many accounts the person's manual connection holds. */
export async function countManualAccounts(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  const [row] = await db
    .select({ n: count() })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.connectionId, connectionId)));
  return row?.n ?? 0;
}

export async function lockManualConnection(db: Db, { userId }: { userId: string }) {
  const [row] = await db
    .select({ id: bankConnections.id })
    .from(bankConnections)
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.provider, MANUAL_PROVIDER)))
    .for('update');
  return row ?? null;
}

export type NewManualAccount = {
  userId: string;
  connectionId: string;
  name: string;
  type: AccountTypeCode;
  subtype: string;
  /** Cents. */
  openingBalance: number;
};

export async function insertManualAccount(db: Db, values: NewManualAccount): Promise<AccountRow> {
  const [row] = await db
    .insert(bankAccounts)
    .values({
      ...values,
      providerAccountId: `manual:${randomUUID()}`,
      // No transactions yet: the balance is the opening balance (the trigger keeps it from here on).
      currentBalance: values.openingBalance,
    })
    .returning();
  return row!;
}

/**
 * One of the person's manual accounts with its connection, or null (another person's, or a linked one).
 * `lock` holds the account (FOR SHARE) until the transaction ends, so it cannot be deleted under a
 * transaction being written to it.
 */
export async function getManualAccount(
  db: Db,
  { userId, accountId, lock = false }: { userId: string; accountId: string; lock?: boolean },
) {
  const query = db
    .select({ account: bankAccounts, connection: bankConnections })
    .from(bankAccounts)
    .innerJoin(
      bankConnections,
      and(eq(bankConnections.userId, bankAccounts.userId), eq(bankConnections.id, bankAccounts.connectionId)),
    )
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.id, accountId),
        eq(bankConnections.provider, MANUAL_PROVIDER),
      ),
    );
  // The lock the balance trigger takes too: taking a weaker one first would let two writers deadlock.
  const [row] = await (lock ? query.for('no key update', { of: bankAccounts }) : query);
  return row ?? null;
}

/** Renames a manual account, changes its subtype and opening balance (cents), and its balance with it. */
export async function updateManualAccount(
  db: Db,
  {
    userId,
    accountId,
    now,
    ...values
  }: { userId: string; accountId: string; now: Date; name: string; subtype: string; openingBalance: number },
) {
  await db
    .update(bankAccounts)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.id, accountId),
        isNotNull(bankAccounts.openingBalance),
      ),
    );
  await refreshManualBalances(db, { accountIds: [accountId] });
}

/**
 * Sets manual accounts' balances to their opening balance and live transactions (migration 0017's
 * function; its trigger calls it on every write to transactions, this is for the opening balance).
 */
export async function refreshManualBalances(db: Db, { accountIds }: { accountIds: string[] }) {
  if (accountIds.length === 0) return;
  await db.execute(
    sql`select refresh_manual_balances(array[${sql.join(
      accountIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}])`,
  );
}

/**
 * Deletes a manual account with its transactions, and the person's manual connection with it when it held
 * nothing else. Call it inside a transaction holding the connection's lock (lockManualConnection).
 * Answers whether the connection went too.
 */
export async function deleteManualAccount(
  db: Db,
  { userId, accountId, connectionId }: { userId: string; accountId: string; connectionId: string },
) {
  // Transactions first, by themselves: their delete triggers keep the rollups exact on the way out.
  await db
    .delete(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.accountId, accountId)));
  await db.delete(bankAccounts).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId)));
  const [left] = await db
    .select({ n: count() })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.connectionId, connectionId)));
  if (Number(left?.n ?? 0) > 0) return false;
  await db
    .delete(bankConnections)
    .where(
      and(
        eq(bankConnections.userId, userId),
        eq(bankConnections.id, connectionId),
        eq(bankConnections.provider, MANUAL_PROVIDER),
      ),
    );
  return true;
}

export type ManualTransactionValues = {
  accountId: string;
  date: string;
  description: string;
  /** Cents, positive = money in. */
  amount: number;
  category: CategoryCode;
  /** Undefined leaves the note as it is (on an edit); null clears it. */
  note?: string | null;
};

/** A transaction typed by hand: the person chose its category; it is posted and not a transfer. */
export async function insertManualTransaction(
  db: Db,
  { userId, note, ...values }: ManualTransactionValues & { userId: string },
) {
  const [row] = await db
    .insert(transactions)
    .values({
      ...values,
      userId,
      note: note ?? null,
      providerTransactionId: `manual:${randomUUID()}`,
      merchantName: null,
      categorySource: 'user',
      pending: false,
      isTransfer: false,
    })
    .returning({ id: transactions.id });
  return row!.id;
}

/** Rewrites a live transaction of a manual account; the balance trigger follows the old and new accounts. */
export async function updateManualTransaction(
  db: Db,
  {
    userId,
    transactionId,
    now,
    ...values
  }: ManualTransactionValues & { userId: string; transactionId: string; now: Date },
) {
  await db
    .update(transactions)
    .set({ ...values, categorySource: 'user', updatedAt: now })
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.id, transactionId),
        isNull(transactions.deletedAt),
      ),
    );
}

/**
 * A live transaction in one of the person's manual accounts, as the lists show it; null otherwise (another
 * person's, a bank's, or deleted). `lock` holds the row for an edit.
 */
export async function getManualTransaction(
  db: Db,
  { userId, transactionId, lock = false }: { userId: string; transactionId: string; lock?: boolean },
): Promise<TransactionRow | null> {
  const query = db
    .select(transactionSelection)
    .from(transactions)
    .innerJoin(
      bankAccounts,
      and(eq(bankAccounts.userId, transactions.userId), eq(bankAccounts.id, transactions.accountId)),
    )
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.id, transactionId),
        isNull(transactions.deletedAt),
        isNotNull(bankAccounts.openingBalance),
      ),
    );
  // Locked, the row's account cannot be deleted (nor the row) until the edit is written.
  const [row] = await (lock ? query.for('update', { of: transactions }) : query);
  return row ?? null;
}

/** Holds several of the person's accounts for a write, always in the same order (no deadlock between two moves). */
export async function lockAccounts(db: Db, { userId, accountIds }: { userId: string; accountIds: string[] }) {
  await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), inArray(bankAccounts.id, accountIds)))
    .orderBy(asc(bankAccounts.id))
    .for('no key update');
}
