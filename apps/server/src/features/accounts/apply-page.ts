import { CATEGORY, categoryFromProvider } from '@tally/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, transactions } from '../../db/schema';
import type { ProviderTransaction } from '../../providers/bank/types';
import { loadCategoriser } from '../transactions';

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

/** One bank transaction as stored, column by column, and whether it may take over a file row. */
type PageRow = [
  accountId: string,
  providerTransactionId: string,
  date: string,
  description: string,
  merchantName: string | null,
  amount: number,
  category: number,
  categorySource: string,
  providerCategory: string | null,
  isTransfer: boolean,
  pending: boolean,
  note: string | null,
  deletedAt: string | null,
  adoptable: boolean,
  /** The file key the pending transaction it replaces had taken over (transactions.file_key), else null. */
  fileKey: string | null,
];

/**
 * Whether a stored row is one a statement file brought into its own account and no bank transaction has
 * taken over yet: its provider id is 'file:<accountId>:…', as fingerprintKeys writes it
 * (features/imports/fingerprint.ts). Kept here as SQL so the match runs in the database.
 */
const isFileRow = (t: string) =>
  sql.raw(`starts_with(${t}.provider_transaction_id, 'file:' || ${t}.account_id::text || ':')`);

/**
 * A statement file may have brought days before the bank does (a file imported into a linked account, then
 * a sync or backfill reaching those days): each new bank transaction (its provider id not stored yet) takes
 * over a live file row of the same account, day and amount instead of being stored beside it, one to one
 * (the page's order against the rows' import order, oldest first, so the pairing is deterministic). Two
 * identical coffees at the bank against one in the file: one takes the row over, the other is stored new.
 *
 * The row gets the bank's provider id, so the bank's later changes and removals apply to it, and keeps its file
 * key in file_key, so importing the file again knows it, even after its day moved (a pending transaction
 * posted on another day: the posted one inherits the key). Row id, created time and the person's own
 * choices stay: their category (source 'user'), else one carried from a pending row, else the one their rules
 * chose for the file's wording ('rule'); their note, else the pending row's; a live row stays live. The
 * description becomes the bank's, as do the pending flag, bank category and transfer flag, and the merchant
 * name where the bank has one: from now on the row is the bank's transaction, and any later pass over it (the
 * upsert below, e.g. in the cursor sync that follows a link's quick backfill) writes the bank's wording as for
 * every bank row. Keeping the file's description would last only until then, and a linked account's
 * descriptions are not the person's to edit; only the 'user' category and the note are kept by those passes.
 *
 * Two statements at most: the pairing reads only the page's keys (no file row in its days, the usual case,
 * ends there), and the update writes the pairs. The rollup triggers follow the update. Answers the provider
 * ids that took a row over.
 */
async function adoptFileRows(tx: Db, userId: string, rows: readonly PageRow[]): Promise<Set<string>> {
  const adoptable = rows.filter((row) => row[13]);
  if (adoptable.length === 0) return new Set();
  const keys = (i: number) => sql.param(adoptable.map((row) => row[i]));
  const paired = await tx.execute(sql`
    with incoming as (
      select * from unnest(${keys(0)}::uuid[], ${keys(1)}::text[], ${keys(2)}::date[], ${keys(5)}::bigint[])
        with ordinality as i(account_id, provider_transaction_id, date, amount, ord)),
    candidates as (
      select t.id, t.account_id, t.date, t.amount,
             row_number() over (partition by t.account_id, t.date, t.amount order by t.created_at, t.id) as n
        from transactions t
       where t.user_id = ${userId}::uuid and t.deleted_at is null and ${isFileRow('t')}
         and (t.account_id, t.date, t.amount) in (select account_id, date, amount from incoming)),
    -- Only transactions not stored yet: a stored one is updated in place by the upsert.
    fresh as (
      select i.account_id, i.date, i.amount, i.provider_transaction_id,
             row_number() over (partition by i.account_id, i.date, i.amount order by i.ord) as n
        from incoming i
       where (i.account_id, i.date, i.amount) in (select account_id, date, amount from candidates)
         and not exists (select 1 from transactions s
                          where s.user_id = ${userId}::uuid and s.provider_transaction_id = i.provider_transaction_id))
    select c.id, f.provider_transaction_id from fresh f join candidates c using (account_id, date, amount, n)`);
  const pairs = (paired as unknown as { rows: { id: string; provider_transaction_id: string }[] }).rows;
  if (pairs.length === 0) return new Set();

  const byId = new Map(adoptable.map((row) => [row[1], row]));
  const taken = pairs.flatMap((p) => {
    const row = byId.get(p.provider_transaction_id);
    return row ? [{ id: p.id, row }] : [];
  });
  const column = (i: number) => sql.param(taken.map((p) => p.row[i]));
  await tx.execute(sql`
    update transactions t set
      provider_transaction_id = p.provider_transaction_id,
      file_key = t.provider_transaction_id,
      description = p.description,
      merchant_name = coalesce(p.merchant_name, t.merchant_name),
      -- The person's choice for this row, then one carried from the pending row, then their rule's on the file.
      category = case when t.category_source = 'user' then t.category
                      when p.category_source = 'user' then p.category
                      when t.category_source = 'rule' then t.category
                      else p.category end,
      category_source = case when t.category_source = 'user' or p.category_source = 'user' then 'user'
                             when t.category_source = 'rule' then 'rule'
                             else p.category_source end,
      provider_category = p.provider_category,
      is_transfer = p.is_transfer,
      pending = p.pending,
      note = coalesce(t.note, p.note),
      updated_at = now()
    from unnest(${sql.param(taken.map((p) => p.id))}::uuid[], ${column(1)}::text[], ${column(3)}::text[],
        ${column(4)}::text[], ${column(6)}::smallint[], ${column(7)}::text[], ${column(8)}::text[],
        ${column(9)}::boolean[], ${column(10)}::boolean[], ${column(11)}::text[])
      as p(id, provider_transaction_id, description, merchant_name, category, category_source, provider_category,
           is_transfer, pending, note)
    where t.id = p.id and t.user_id = ${userId}::uuid`);
  return new Set(taken.map((p) => p.row[1]));
}

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
  const accounts = await tx
    .select({ id: bankAccounts.id, providerAccountId: bankAccounts.providerAccountId })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.connectionId, opts.connectionId),
        isNull(bankAccounts.hiddenAt),
      ),
    );
  const accountIds = new Map(accounts.map((a) => [a.providerAccountId, a.id]));

  // The person's rules (in their order), then their category remembered per merchant.
  const categorise = incoming.length > 0 ? await loadCategoriser(tx, userId) : null;

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
    const rows = await tx
      .select({
        providerTransactionId: transactions.providerTransactionId,
        accountId: transactions.accountId,
        date: transactions.date,
        amount: transactions.amount,
        note: transactions.note,
        deletedAt: transactions.deletedAt,
        category: transactions.category,
        categorySource: transactions.categorySource,
        fileKey: transactions.fileKey,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), inArray(transactions.providerTransactionId, pendingIds)));
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

  const adopted = await adoptFileRows(tx, userId, rows);
  const rest = adopted.size > 0 ? rows.filter((row) => !adopted.has(row[1])) : rows;
  if (rest.length > 0) {
    // One array per column: a page is one statement with 15 parameters, whatever its size.
    const column = (i: number) => sql.param(rest.map((row) => row[i]));
    await tx.execute(sql`
      insert into transactions (user_id, account_id, provider_transaction_id, date, description, merchant_name,
        amount, category, category_source, provider_category, is_transfer, pending, note, deleted_at, file_key)
      select ${userId}::uuid, * from unnest(${column(0)}::uuid[], ${column(1)}::text[], ${column(2)}::date[],
        ${column(3)}::text[], ${column(4)}::text[], ${column(5)}::bigint[], ${column(6)}::smallint[],
        ${column(7)}::text[], ${column(8)}::text[], ${column(9)}::boolean[], ${column(10)}::boolean[],
        ${column(11)}::text[], ${column(12)}::timestamptz[], ${column(14)}::text[])
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
        file_key = coalesce(transactions.file_key, excluded.file_key),
        updated_at = now()
      -- Leave unchanged rows alone, so a re-run writes nothing.
      where (transactions.account_id, transactions.date, transactions.description, transactions.merchant_name,
             transactions.amount, transactions.pending, transactions.provider_category, transactions.is_transfer)
          is distinct from (excluded.account_id, excluded.date, excluded.description, excluded.merchant_name,
             excluded.amount, excluded.pending, excluded.provider_category, excluded.is_transfer)
        or (transactions.category_source <> 'user' and transactions.category <> excluded.category)
        or (transactions.note is null and excluded.note is not null)
        or (transactions.deleted_at is null and excluded.deleted_at is not null)
        or (transactions.file_key is null and excluded.file_key is not null)`);
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
