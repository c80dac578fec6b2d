import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankConnections, loginFailures, transactionRollups, transactions, users } from '../../db/schema';

/** Every bank item a person linked, disconnected ones too: each may still be live at the provider. */
export async function listUserItems(db: Db, { userId }: { userId: string }) {
  return db
    .select({
      id: bankConnections.id,
      provider: bankConnections.provider,
      itemId: bankConnections.itemId,
      accessTokenEncrypted: bankConnections.accessTokenEncrypted,
    })
    .from(bankConnections)
    .where(eq(bankConnections.userId, userId));
}

/**
 * Deletes everything of one person. Call it inside a transaction. Every table keyed by user_id references
 * users with ON DELETE CASCADE except the rollups (kept by triggers, no foreign key), so those and the rows
 * keyed by e-mail are deleted by hand; the account test checks every user_id table, so a new one is covered.
 */
export async function deleteUserData(db: Db, { userId, email }: { userId: string; email: string }) {
  // Transactions first, by themselves: their delete trigger keeps the rollups exact on the way out.
  await db.delete(transactions).where(eq(transactions.userId, userId));
  await db.delete(users).where(eq(users.id, userId));
  await db.delete(transactionRollups).where(eq(transactionRollups.userId, userId));
  await db.delete(loginFailures).where(eq(loginFailures.email, email.trim().toLowerCase()));
  // Their imports and syncs in pg-boss, waiting or finished (and archived). One running right now finds its
  // connection gone and stops; pg-boss then finds no row to mark done, which it takes in its stride.
  await db.execute(sql`delete from pgboss.job where data->>'userId' = ${userId}`);
  await db.execute(sql`delete from pgboss.archive where data->>'userId' = ${userId}`);
}
