import type { CategoryCode, TaxTag } from '@tally/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, categoryTaxTags, transactions, transactionTaxTags } from '../../db/schema';
import { filterWhere } from '../transactions';

type Person = { userId: string };

export function categoryTags(db: Db, { userId }: Person) {
  return db
    .select({ category: categoryTaxTags.category, tag: categoryTaxTags.tag })
    .from(categoryTaxTags)
    .where(eq(categoryTaxTags.userId, userId))
    .orderBy(categoryTaxTags.category);
}

export async function setCategoryTag(
  db: Db,
  { userId, category, tag }: Person & { category: CategoryCode; tag: TaxTag | null },
) {
  if (tag === null) {
    await db
      .delete(categoryTaxTags)
      .where(and(eq(categoryTaxTags.userId, userId), eq(categoryTaxTags.category, category)));
    return;
  }
  await db
    .insert(categoryTaxTags)
    .values({ userId, category, tag })
    .onConflictDoUpdate({
      target: [categoryTaxTags.userId, categoryTaxTags.category],
      set: { tag, updatedAt: sql`now()` },
    });
}

/** Sets (or, with null, clears) a transaction's own tag; false when the person has no such transaction. */
export async function setTransactionTag(
  db: Db,
  { userId, transactionId, tag }: Person & { transactionId: string; tag: TaxTag | 'none' | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(filterWhere(userId, {}), eq(transactions.id, transactionId)));
    if (!owned) return false;
    if (tag === null) {
      await tx.delete(transactionTaxTags).where(eq(transactionTaxTags.transactionId, transactionId));
    } else {
      await tx
        .insert(transactionTaxTags)
        .values({ transactionId, userId, tag })
        .onConflictDoUpdate({
          target: transactionTaxTags.transactionId,
          set: { tag, updatedAt: sql`now()` },
        });
    }
    return true;
  });
}

/**
 * The year's posted spending and refunds (transfers between the person's own accounts left out) with
 * their tags: the transaction's own, else its category's. Newest first.
 */
export function yearTransactions(db: Db, { userId, from, to }: Person & { from: string; to: string }) {
  return db
    .select({
      id: transactions.id,
      date: transactions.date,
      description: transactions.description,
      merchantName: transactions.merchantName,
      amount: transactions.amount,
      category: transactions.category,
      accountName: bankAccounts.name,
      ownTag: transactionTaxTags.tag,
      categoryTag: categoryTaxTags.tag,
    })
    .from(transactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
    .leftJoin(transactionTaxTags, eq(transactionTaxTags.transactionId, transactions.id))
    .leftJoin(
      categoryTaxTags,
      and(
        eq(categoryTaxTags.userId, transactions.userId),
        eq(categoryTaxTags.category, transactions.category),
      ),
    )
    .where(
      and(
        filterWhere(userId, { startDate: from, endDate: to }),
        eq(transactions.pending, false),
        eq(transactions.isTransfer, false),
      ),
    )
    .orderBy(desc(transactions.date), desc(transactions.id));
}

/** The years from the person's latest transaction back to their earliest, newest first. */
export async function yearsWithTransactions(db: Db, { userId }: Person): Promise<number[]> {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${transactions.date})`,
      last: sql<string | null>`max(${transactions.date})`,
    })
    .from(transactions)
    .where(filterWhere(userId, {}));
  if (!row?.first || !row.last) return [];
  const first = Number(row.first.slice(0, 4));
  const last = Number(row.last.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => last - i);
}
