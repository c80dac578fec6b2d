import { CATEGORY, categoryFromProvider } from '@tally/shared';
import type { Db } from '../../db/client';
import type { ProviderTransaction } from '../../providers/bank/types';
import { loadCategoriser } from '../transactions';
import {
  adoptFileRows,
  deleteByProviderIds,
  type PageRow,
  transactionsByProviderId,
  upsertPageRows,
  visibleConnectionAccounts,
} from './accounts.queries';

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
 * a new bank transaction first takes over a row a statement file brought for the same days (adoptFileRows),
 * the rest upserts on (user, provider id); carries a pending transaction's note, category choice and deletion
 * over to the posted one that replaces it, deletes removed ids. Re-applying the same page changes nothing.
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

  // Only the connection's visible accounts: the rows of an account kept hidden past the plan's limit are
  // dropped with those of an account we do not know, in this same pass, so the page (and its cursor) is
  // applied as one; showing the account later reads its history again from the start.
  const accounts = await visibleConnectionAccounts(tx, { userId, connectionId: opts.connectionId });
  const accountIds = new Map(accounts.map((a) => [a.providerAccountId, a.id]));

  // The person's rules (in their order), then their category remembered per merchant.
  const categorise = incoming.length > 0 ? await loadCategoriser(tx, { userId }) : null;

  // Pending rows that posted transactions replace: what the person did to them carries over.
  const pendingIds = incoming.map((t) => t.pendingTransactionId).filter((id): id is string => !!id);
  const carried = new Map<
    string,
    {
      note: string | null;
      deletedAt: Date | null;
      category: number | null;
      accountId: string;
      date: string;
      amount: number;
      fileKey: string | null;
    }
  >();
  if (pendingIds.length > 0) {
    const rows = await transactionsByProviderId(tx, { userId, providerTransactionIds: pendingIds });
    for (const r of rows) {
      carried.set(r.providerTransactionId, {
        accountId: r.accountId,
        date: r.date,
        amount: r.amount,
        note: r.note,
        deletedAt: r.deletedAt,
        category: r.categorySource === 'user' ? r.category : null,
        fileKey: r.fileKey,
      });
    }
  }

  const rows = incoming.flatMap((t): PageRow[] => {
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
    // A posted transaction replacing a stored pending one of the same account, day and amount takes that
    // row's place (below), so it adopts no file row: the pending row already stands for it there, and may be
    // the very file row it adopted. Posted on another day or for another amount, it arrives there anew.
    const replacesInPlace =
      !!prior && prior.accountId === accountId && prior.date === t.date && prior.amount === t.amount;
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
        !replacesInPlace,
        prior?.fileKey ?? null,
      ],
    ];
  });

  const adopted = await adoptFileRows(tx, { userId, rows });
  const rest = adopted.size > 0 ? rows.filter((row) => !adopted.has(row[1])) : rows;
  if (rest.length > 0) await upsertPageRows(tx, { userId, rows: rest });

  const removedIds = [...opts.removed, ...pendingIds.filter((id) => carried.has(id))];
  // Of the visible accounts only: the history kept of an account the person unlinked is theirs now, and
  // the bank's later removals and postings no longer reach it.
  const removed = await deleteByProviderIds(tx, {
    userId,
    accountIds: [...accountIds.values()],
    providerTransactionIds: removedIds,
  });
  return { upserted: rows.length, removed };
}
