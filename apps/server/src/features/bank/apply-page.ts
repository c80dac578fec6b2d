import { CATEGORY, type CategoryCode, categoryFromProvider, merchantKey } from '@tally/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, merchantCategories, transactions } from '../../db/schema';
import type { ProviderTransaction } from '../../providers/bank/types';

const CHUNK = 500;

/** Money moving between the person's own accounts: shown, but neither income nor spending. */
export function isTransfer(primary: string | null, detailed: string | null): boolean {
  return (
    primary === 'TRANSFER_IN' ||
    primary === 'TRANSFER_OUT' ||
    detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'
  );
}

export type ApplyResult = { upserted: number; removed: number };

/**
 * Applies one /transactions/sync page for one connection inside the caller's database transaction:
 * upserts on (user, provider id), carries a pending transaction's note, category choice and deletion over
 * to the posted one that replaces it, deletes removed ids. Re-applying the same page changes nothing.
 */
export async function applyPage(
  tx: Db,
  opts: {
    userId: string;
    connectionId: string;
    added: ProviderTransaction[];
    modified: ProviderTransaction[];
    removed: string[];
    /** Only days on or after this are stored (quick sync and ranged backfills). */
    fromDay?: string;
    toDay?: string;
  },
): Promise<ApplyResult> {
  const { userId } = opts;
  const incoming = [...opts.added, ...opts.modified].filter(
    (t) => (!opts.fromDay || t.date >= opts.fromDay) && (!opts.toDay || t.date <= opts.toDay),
  );

  const accounts = await tx
    .select({ id: bankAccounts.id, providerAccountId: bankAccounts.providerAccountId })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.connectionId, opts.connectionId)));
  const accountIds = new Map(accounts.map((a) => [a.providerAccountId, a.id]));

  const rules = new Map<string, CategoryCode>();
  if (incoming.length > 0) {
    const rows = await tx
      .select({ key: merchantCategories.merchantKey, category: merchantCategories.category })
      .from(merchantCategories)
      .where(eq(merchantCategories.userId, userId));
    for (const r of rows) rules.set(r.key, r.category as CategoryCode);
  }

  // Pending rows that posted transactions replace: what the person did to them carries over.
  const pendingIds = incoming.map((t) => t.pendingTransactionId).filter((id): id is string => !!id);
  const carried = new Map<string, { note: string | null; deletedAt: Date | null; category: number | null }>();
  if (pendingIds.length > 0) {
    const rows = await tx
      .select({
        providerTransactionId: transactions.providerTransactionId,
        note: transactions.note,
        deletedAt: transactions.deletedAt,
        category: transactions.category,
        categorySource: transactions.categorySource,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), inArray(transactions.providerTransactionId, pendingIds)));
    for (const r of rows) {
      carried.set(r.providerTransactionId, {
        note: r.note,
        deletedAt: r.deletedAt,
        category: r.categorySource === 'user' ? r.category : null,
      });
    }
  }

  const values = incoming.flatMap((t) => {
    const accountId = accountIds.get(t.providerAccountId);
    if (!accountId) return [];
    const prior = t.pendingTransactionId ? carried.get(t.pendingTransactionId) : undefined;
    const rule = rules.get(merchantKey(t.merchantName, t.description));
    const transfer = isTransfer(t.categoryPrimary, t.categoryDetailed);
    const category =
      prior?.category ??
      rule ??
      (transfer ? CATEGORY.Uncategorized : categoryFromProvider(t.categoryPrimary, t.categoryDetailed));
    return [
      {
        userId,
        accountId,
        providerTransactionId: t.providerTransactionId,
        date: t.date,
        description: t.description,
        merchantName: t.merchantName,
        amount: t.amount,
        category,
        categorySource:
          prior?.category != null
            ? ('user' as const)
            : rule !== undefined
              ? ('rule' as const)
              : ('provider' as const),
        providerCategory: t.categoryDetailed ?? t.categoryPrimary,
        isTransfer: transfer,
        pending: t.pending,
        note: prior?.note ?? null,
        deletedAt: prior?.deletedAt ?? null,
      },
    ];
  });

  for (let i = 0; i < values.length; i += CHUNK) {
    await tx
      .insert(transactions)
      .values(values.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [transactions.userId, transactions.providerTransactionId],
        set: {
          accountId: sql`excluded.account_id`,
          date: sql`excluded.date`,
          description: sql`excluded.description`,
          merchantName: sql`excluded.merchant_name`,
          amount: sql`excluded.amount`,
          pending: sql`excluded.pending`,
          providerCategory: sql`excluded.provider_category`,
          isTransfer: sql`excluded.is_transfer`,
          // The person's own choice always wins over the bank's.
          category: sql`case when ${transactions.categorySource} = 'user' then ${transactions.category} else excluded.category end`,
          categorySource: sql`case when ${transactions.categorySource} = 'user' then ${transactions.categorySource} else excluded.category_source end`,
          note: sql`coalesce(${transactions.note}, excluded.note)`,
          deletedAt: sql`coalesce(${transactions.deletedAt}, excluded.deleted_at)`,
          updatedAt: sql`now()`,
        },
        // Leave unchanged rows alone, so a re-run writes nothing.
        setWhere: sql`(${transactions.accountId}, ${transactions.date}, ${transactions.description}, ${transactions.merchantName}, ${transactions.amount}, ${transactions.pending}, ${transactions.providerCategory}, ${transactions.isTransfer})
          is distinct from (excluded.account_id, excluded.date, excluded.description, excluded.merchant_name, excluded.amount, excluded.pending, excluded.provider_category, excluded.is_transfer)
          or (${transactions.categorySource} <> 'user' and ${transactions.category} <> excluded.category)
          or (${transactions.note} is null and excluded.note is not null)
          or (${transactions.deletedAt} is null and excluded.deleted_at is not null)`,
      });
  }

  const removedIds = [...opts.removed, ...pendingIds.filter((id) => carried.has(id))];
  let removed = 0;
  for (let i = 0; i < removedIds.length; i += CHUNK) {
    const rows = await tx
      .delete(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          inArray(transactions.providerTransactionId, removedIds.slice(i, i + CHUNK)),
        ),
      )
      .returning({ id: transactions.id });
    removed += rows.length;
  }
  return { upserted: values.length, removed };
}
