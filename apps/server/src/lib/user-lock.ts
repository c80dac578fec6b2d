import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Runs `work` in one database transaction while holding one of the person's locks (by scope): reads that
 * catch state up and write it back (a page loads several at once) must not interleave and undo each other.
 */
export function withUserLock<T>(
  db: Db,
  scope: 'subscriptions' | 'savings' | 'ai' | 'support',
  userId: string,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${userId}`}, 0))`);
    return work(tx);
  });
}
