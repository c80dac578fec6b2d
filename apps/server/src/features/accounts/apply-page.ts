import { CATEGORY, categoryFromProvider } from '@tally/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, transactions } from '../../db/schema';
import { loadCategoriser } from '../../lib/categorise';
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

  // The person's rules (in their order), then their category remembered per merchant.
  const categorise = incoming.length > 0 ? await loadCategoriser(tx, userId) : null;

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

  const rows = incoming.flatMap((t) => {
    const accountId = accountIds.get(t.providerAccountId);
    if (!accountId) return [];
    const prior = t.pendingTransactionId ? carried.get(t.pendingTransactionId) : undefined;
    const chosen = categorise?.({
      accountId,
      description: t.description,
      merchantName: t.merchantName,
      amount: t.amount,
    });
    const transfer = isTransfer(t.categoryPrimary, t.categoryDetailed);
    // The person's choice for this very transaction wins, then their rules and merchant memory, then the bank.
    const category =
      prior?.category ??
      chosen?.category ??
      (transfer ? CATEGORY.Uncategorized : categoryFromProvider(t.categoryPrimary, t.categoryDetailed));
    const source = prior?.category != null ? 'user' : chosen?.category != null ? 'rule' : 'provider';
    return [
      [
        accountId,
        t.providerTransactionId,
        t.date,
        t.description,
        // A rule's merchant name replaces the bank's, on every import of the transaction.
        chosen?.merchantName ?? t.merchantName,
        t.amount,
        category,
        source,
        t.categoryDetailed ?? t.categoryPrimary,
        transfer,
        t.pending,
        prior?.note ?? null,
        prior?.deletedAt?.toISOString() ?? null,
      ],
    ];
  });

  if (rows.length > 0) {
    // One array per column: a page is one statement with 14 parameters, whatever its size.
    const column = (i: number) => sql.param(rows.map((row) => row[i]));
    await tx.execute(sql`
      insert into transactions (user_id, account_id, provider_transaction_id, date, description, merchant_name,
        amount, category, category_source, provider_category, is_transfer, pending, note, deleted_at)
      select ${userId}::uuid, * from unnest(${column(0)}::uuid[], ${column(1)}::text[], ${column(2)}::date[],
        ${column(3)}::text[], ${column(4)}::text[], ${column(5)}::bigint[], ${column(6)}::smallint[],
        ${column(7)}::text[], ${column(8)}::text[], ${column(9)}::boolean[], ${column(10)}::boolean[],
        ${column(11)}::text[], ${column(12)}::timestamptz[])
      on conflict (user_id, provider_transaction_id) do update set
        account_id = excluded.account_id,
        date = excluded.date,
        description = excluded.description,
        merchant_name = excluded.merchant_name,
        amount = excluded.amount,
        pending = excluded.pending,
        provider_category = excluded.provider_category,
        is_transfer = excluded.is_transfer,
        -- The person's own choice always wins over the bank's.
        category = case when transactions.category_source = 'user' then transactions.category else excluded.category end,
        category_source = case when transactions.category_source = 'user' then 'user' else excluded.category_source end,
        note = coalesce(transactions.note, excluded.note),
        deleted_at = coalesce(transactions.deleted_at, excluded.deleted_at),
        updated_at = now()
      -- Leave unchanged rows alone, so a re-run writes nothing.
      where (transactions.account_id, transactions.date, transactions.description, transactions.merchant_name,
             transactions.amount, transactions.pending, transactions.provider_category, transactions.is_transfer)
          is distinct from (excluded.account_id, excluded.date, excluded.description, excluded.merchant_name,
             excluded.amount, excluded.pending, excluded.provider_category, excluded.is_transfer)
        or (transactions.category_source <> 'user' and transactions.category <> excluded.category)
        or (transactions.note is null and excluded.note is not null)
        or (transactions.deleted_at is null and excluded.deleted_at is not null)`);
  }

  const removedIds = [...opts.removed, ...pendingIds.filter((id) => carried.has(id))];
  let removed = 0;
  for (let i = 0; i < removedIds.length; i += CHUNK) {
    const deleted = await tx
      .delete(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          inArray(transactions.providerTransactionId, removedIds.slice(i, i + CHUNK)),
        ),
      )
      .returning({ id: transactions.id });
    removed += deleted.length;
  }
  return { upserted: rows.length, removed };
}
