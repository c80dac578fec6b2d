import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountDays,
  bankConnections,
  dailySpending,
  loginFailures,
  merchantRollups,
  transactionRollups,
  transactions,
  transactionWeekRollups,
  users,
} from '../../db/schema';

/**
 * Every bank item of a person that may still be live at the provider: active ones, and disconnected ones
 * whose removal has not succeeded yet.
 */
export async function listLiveItems(db: Db, { userId }: { userId: string }) {
  return db
    .select({
      id: bankConnections.id,
      userId: bankConnections.userId,
      provider: bankConnections.provider,
      itemId: bankConnections.itemId,
      institutionName: bankConnections.institutionName,
      accessTokenEncrypted: bankConnections.accessTokenEncrypted,
    })
    .from(bankConnections)
    .where(and(eq(bankConnections.userId, userId), isNull(bankConnections.providerRemovedAt)))
    .orderBy(asc(bankConnections.createdAt));
}

/**
 * Locks the person's row until the transaction ends. Inserting a row that references a user (a bank
 * connection being linked) takes a key-share lock on that row, so it waits, and fails once the user is gone.
 */
export async function lockUser(db: Db, { userId }: { userId: string }) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Deletes everything of one person. Call it inside a transaction. Every table keyed by user_id references
 * users with ON DELETE CASCADE except the rollups, daily spending and account days (kept by triggers, no foreign key), so those and the rows
 * keyed by e-mail are deleted by hand; the account test checks every user_id table, so a new one is covered.
 */
export async function deleteUserData(db: Db, { userId, email }: { userId: string; email: string }) {
  // Transactions first, by themselves: their delete trigger keeps the rollups exact on the way out.
  await db.delete(transactions).where(eq(transactions.userId, userId));
  await db.delete(users).where(eq(users.id, userId));
  await db.delete(transactionRollups).where(eq(transactionRollups.userId, userId));
  await db.delete(dailySpending).where(eq(dailySpending.userId, userId));
  await db.delete(accountDays).where(eq(accountDays.userId, userId));
  await db.delete(transactionWeekRollups).where(eq(transactionWeekRollups.userId, userId));
  await db.delete(merchantRollups).where(eq(merchantRollups.userId, userId));
  await db.delete(loginFailures).where(eq(loginFailures.email, email.trim().toLowerCase()));
}
