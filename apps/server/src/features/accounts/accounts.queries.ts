import { type Account, type Connection, type HistorySyncProgress, sortAccounts } from '@tally/shared';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notLike,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountBalances,
  bankAccounts,
  bankConnections,
  historySyncs,
  transactions,
  users,
} from '../../db/schema';
import { LEGACY_SEALED_PREFIX } from '../../lib/crypto';
import { zoneKnownToDatabase } from '../../lib/known-zone';
import type { ProviderAccount } from '../../providers/bank/types';
import {
  type AccountRow,
  type ConnectionRow,
  MANUAL_PROVIDER,
  toAccount,
  toConnection,
} from './account-shapes';

export type { AccountRow, ConnectionRow };
export type HistorySyncRow = typeof historySyncs.$inferSelect;

/** Bank connections only: the person's manual accounts hold nothing to sync, remove or reconnect. */
const isBank = ne(bankConnections.provider, MANUAL_PROVIDER);

export function toHistorySyncProgress(run: HistorySyncRow): HistorySyncProgress {
  return {
    status: run.status,
    progress: run.progress,
    message: run.message,
    canDismiss: run.status === 'Completed' || run.status === 'Failed',
    quickSyncCompletedAt: run.quickSyncCompletedAt?.toISOString() ?? null,
    completedAt: run.completedAt?.toISOString() ?? null,
    transactionsImported: run.processed,
  };
}

export async function getConnection(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  const [row] = await db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.id, connectionId)));
  return row ?? null;
}

/** The bank connections holding a provider's item (a webhook names only the item). */
export async function getConnectionsByItem(db: Db, { itemId }: { itemId: string }) {
  return db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.itemId, itemId), isBank));
}

/** Every person's active bank connections not synced since `before` (the scheduled refresh). */
export async function staleConnections(db: Db, { before }: { before: Date }) {
  return db
    .select({ id: bankConnections.id, userId: bankConnections.userId })
    .from(bankConnections)
    .where(
      and(
        eq(bankConnections.isActive, true),
        isBank,
        or(isNull(bankConnections.lastSyncAt), lt(bankConnections.lastSyncAt, before)),
      ),
    );
}

/**
 * Every person's disconnected connections whose item may still be live at `provider` (its removal failed
 * at disconnect): the hourly sweep removes them.
 */
export async function itemsAwaitingRemoval(db: Db, { provider }: { provider: ConnectionRow['provider'] }) {
  return db
    .select()
    .from(bankConnections)
    .where(
      and(
        eq(bankConnections.isActive, false),
        isNull(bankConnections.providerRemovedAt),
        eq(bankConnections.provider, provider),
      ),
    );
}

/**
 * Records that a disconnected connection's item is gone at the provider. Only while the connection still
 * holds that item and is still disconnected: a reconnect meanwhile linked a new item (or reused this one)
 * that is live. Answers whether it was recorded.
 */
export async function markItemRemoved(
  db: Db,
  { userId, connectionId, itemId, now }: { userId: string; connectionId: string; itemId: string; now: Date },
) {
  const rows = await db
    .update(bankConnections)
    .set({ providerRemovedAt: now, updatedAt: now })
    .where(
      and(
        eq(bankConnections.userId, userId),
        eq(bankConnections.id, connectionId),
        eq(bankConnections.itemId, itemId),
        eq(bankConnections.isActive, false),
      ),
    )
    .returning({ id: bankConnections.id });
  return rows.length > 0;
}

/**
 * Every person's connections whose access token is still sealed the old way, not bound to its row. Crosses
 * people by design, like the scheduled refresh: resealing them at start is maintenance.
 */
export function connectionsWithUnboundTokens(db: Db) {
  return db
    .select({
      id: bankConnections.id,
      userId: bankConnections.userId,
      itemId: bankConnections.itemId,
      sealed: bankConnections.accessTokenEncrypted,
    })
    .from(bankConnections)
    .where(like(bankConnections.accessTokenEncrypted, `${LEGACY_SEALED_PREFIX}%`));
}

/**
 * Writes a connection's sealed access token, only while it still holds `from`: another instance starting
 * at the same time may have written it first. Answers whether it was written.
 */
export async function replaceSealedToken(
  db: Db,
  { userId, connectionId, from, to }: { userId: string; connectionId: string; from: string; to: string },
) {
  const rows = await db
    .update(bankConnections)
    .set({ accessTokenEncrypted: to })
    .where(
      and(
        eq(bankConnections.userId, userId),
        eq(bankConnections.id, connectionId),
        eq(bankConnections.accessTokenEncrypted, from),
      ),
    )
    .returning({ id: bankConnections.id });
  return rows.length > 0;
}

/** The person's connections, oldest first; `banksOnly` leaves out the one holding their manual accounts. */
export async function listConnectionRows(
  db: Db,
  {
    userId,
    activeOnly = false,
    banksOnly = false,
  }: { userId: string; activeOnly?: boolean; banksOnly?: boolean },
) {
  return db
    .select()
    .from(bankConnections)
    .where(
      and(
        eq(bankConnections.userId, userId),
        activeOnly ? eq(bankConnections.isActive, true) : undefined,
        banksOnly ? isBank : undefined,
      ),
    )
    .orderBy(asc(bankConnections.createdAt));
}

/**
 * Accounts kept past the plan's limit are hidden, and accounts the person unlinked are gone from the bank's
 * card: neither is listed, counted, totalled or given transactions.
 */
const isVisible = and(isNull(bankAccounts.hiddenAt), isNull(bankAccounts.unlinkedAt));

/** The person's visible accounts, of the given connections or all. */
export async function listAccountRows(
  db: Db,
  { userId, connectionIds }: { userId: string; connectionIds?: string[] },
) {
  if (connectionIds && connectionIds.length === 0) return [];
  return db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        isVisible,
        connectionIds ? inArray(bankAccounts.connectionId, connectionIds) : undefined,
      ),
    );
}

/** How many active accounts each of the connections keeps hidden past the plan's limit (none: absent). */
export async function countHiddenAccounts(
  db: Db,
  { userId, connectionIds }: { userId: string; connectionIds: string[] },
): Promise<Map<string, number>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .select({ connectionId: bankAccounts.connectionId, n: sql<number>`count(*)::int` })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        inArray(bankAccounts.connectionId, connectionIds),
        isNotNull(bankAccounts.hiddenAt),
        eq(bankAccounts.isActive, true),
      ),
    )
    .groupBy(bankAccounts.connectionId);
  return new Map(rows.map((r) => [r.connectionId, Number(r.n)]));
}

/** A connection as the API shows it: its visible accounts, and how many it keeps hidden. */
export function toConnectionWithHidden(
  row: ConnectionRow,
  accounts: AccountRow[],
  hidden: number,
): Connection {
  return { ...toConnection(row, accounts), ...(hidden > 0 ? { hiddenAccounts: hidden } : {}) };
}

export async function listConnections(db: Db, { userId }: { userId: string }): Promise<Connection[]> {
  const rows = await listConnectionRows(db, { userId });
  const connectionIds = rows.map((r) => r.id);
  const [accounts, hidden] = await Promise.all([
    listAccountRows(db, { userId, connectionIds }),
    countHiddenAccounts(db, { userId, connectionIds }),
  ]);
  return rows.map((r) =>
    toConnectionWithHidden(
      r,
      accounts.filter((a) => a.connectionId === r.id),
      r.isActive ? (hidden.get(r.id) ?? 0) : 0,
    ),
  );
}

/** The person's plan and trial, for the limit a sync holds (a sync runs without a signed-in request). */
export async function getPlanHolder(db: Db, { userId }: { userId: string }) {
  const [row] = await db
    .select({ plan: users.plan, trialEndsAt: users.trialEndsAt, trialPlan: users.trialPlan })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The person's stored accounts with these provider ids, wherever they are, as the limit needs them. */
export async function accountStates(
  db: Db,
  { userId, providerAccountIds }: { userId: string; providerAccountIds: string[] },
) {
  if (providerAccountIds.length === 0) return [];
  return db
    .select({
      id: bankAccounts.id,
      providerAccountId: bankAccounts.providerAccountId,
      connectionId: bankAccounts.connectionId,
      isActive: bankAccounts.isActive,
      hiddenAt: bankAccounts.hiddenAt,
      unlinkedAt: bankAccounts.unlinkedAt,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), inArray(bankAccounts.providerAccountId, providerAccountIds)));
}

/** The accounts of active connections, for pickers and totals. */
export async function listActiveAccounts(db: Db, { userId }: { userId: string }): Promise<Account[]> {
  const rows = await db
    .select({
      account: bankAccounts,
      institutionName: bankConnections.institutionName,
      provider: bankConnections.provider,
    })
    .from(bankAccounts)
    .innerJoin(bankConnections, eq(bankConnections.id, bankAccounts.connectionId))
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankConnections.isActive, true),
        eq(bankAccounts.isActive, true),
        isVisible,
      ),
    );
  return sortAccounts(
    rows.map(({ account, institutionName, provider }) => ({
      ...account,
      holder: { institutionName, provider },
    })),
  ).map((r) => toAccount(r, r.holder));
}

/**
 * Writes take `now`, the app's clock, for updatedAt: tests pin it. Every one of them is scoped by userId.
 * Saves a linked item; linking the same item again refreshes it instead of duplicating it.
 */
export async function saveConnection(
  db: Db,
  {
    now,
    ...values
  }: Pick<
    ConnectionRow,
    'userId' | 'provider' | 'itemId' | 'institutionId' | 'institutionName' | 'accessTokenEncrypted'
  > & { now: Date },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(bankConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [bankConnections.userId, bankConnections.itemId],
      set: {
        accessTokenEncrypted: values.accessTokenEncrypted,
        institutionName: values.institutionName,
        isActive: true,
        // The item was just exchanged, so it is live, whatever an earlier disconnect recorded.
        providerRemovedAt: null,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

/**
 * Saves a connection's accounts as the bank reports them. `hidden` names (by provider id) those kept past the
 * plan's limit: they keep the time they were first hidden; every other account is visible.
 */
export async function saveAccounts(
  db: Db,
  {
    userId,
    connectionId,
    accounts,
    now,
    hidden,
  }: {
    userId: string;
    connectionId: string;
    accounts: ProviderAccount[];
    now: Date;
    hidden?: ReadonlySet<string>;
  },
) {
  if (accounts.length === 0) return [];
  const saved = await db
    .insert(bankAccounts)
    .values(
      accounts.map((a) => ({
        userId,
        connectionId,
        providerAccountId: a.providerAccountId,
        name: a.name,
        officialName: a.officialName,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        currentBalance: a.currentBalance,
        availableBalance: a.availableBalance,
        isoCurrencyCode: a.isoCurrencyCode,
        hiddenAt: hidden?.has(a.providerAccountId) ? now : null,
      })),
    )
    .onConflictDoUpdate({
      target: [bankAccounts.userId, bankAccounts.providerAccountId],
      set: {
        connectionId,
        name: sql`excluded.name`,
        officialName: sql`excluded.official_name`,
        mask: sql`excluded.mask`,
        type: sql`excluded.type`,
        subtype: sql`excluded.subtype`,
        currentBalance: sql`excluded.current_balance`,
        availableBalance: sql`excluded.available_balance`,
        // One the person unlinked stays so, whatever the bank still reports.
        isActive: sql`${bankAccounts.unlinkedAt} is null`,
        hiddenAt: sql`case when excluded.hidden_at is null then null
                           else coalesce(${bankAccounts.hiddenAt}, excluded.hidden_at) end`,
        updatedAt: now,
      },
    })
    .returning({ id: bankAccounts.id, providerAccountId: bankAccounts.providerAccountId });
  await recordBalances(db, { userId, accountIds: saved.map((a) => a.id), now });
  return saved;
}

/**
 * The balances the bank reported at this sync, kept as their day's last (the person's day): net worth runs
 * the days between back from these.
 */
async function recordBalances(
  db: Db,
  { userId, accountIds, now }: { userId: string; accountIds: string[]; now: Date },
) {
  const a = bankAccounts;
  await db
    .insert(accountBalances)
    .select(
      db
        .select({
          userId: a.userId,
          accountId: a.id,
          day: sql<string>`(${now.toISOString()}::timestamptz at time zone ${zoneKnownToDatabase(users.timeZone)})::date`.as(
            'day',
          ),
          balance: sql<number>`${a.currentBalance}`.as('balance'),
        })
        .from(a)
        .innerJoin(users, eq(users.id, a.userId))
        .where(and(eq(a.userId, userId), inArray(a.id, accountIds), isNotNull(a.currentBalance))),
    )
    .onConflictDoUpdate({
      target: [accountBalances.userId, accountBalances.accountId, accountBalances.day],
      set: { balance: sql`excluded.balance` },
    });
}

export async function updateConnection(
  db: Db,
  {
    userId,
    connectionId,
    now,
    ...values
  }: { userId: string; connectionId: string; now: Date } & Partial<ConnectionRow>,
) {
  const [row] = await db
    .update(bankConnections)
    .set({ ...values, updatedAt: now })
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.id, connectionId)))
    .returning();
  return row ?? null;
}

/**
 * Locks the connection row for this transaction; null when it is gone or disconnected. Disconnect's update
 * waits on the same row lock, so no page lands on a disconnected connection.
 */
export async function lockActiveConnection(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  const [row] = await db
    .select({ cursor: bankConnections.cursor, isActive: bankConnections.isActive })
    .from(bankConnections)
    .where(and(eq(bankConnections.userId, userId), eq(bankConnections.id, connectionId)))
    .for('update');
  return row?.isActive ? row : null;
}

export async function setAccountsActive(
  db: Db,
  {
    userId,
    connectionId,
    isActive,
    now,
  }: { userId: string; connectionId: string; isActive: boolean; now: Date },
) {
  await db
    .update(bankAccounts)
    .set({ isActive, updatedAt: now })
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.connectionId, connectionId)));
}

/** One linked account of an active bank connection of the person's (not a manual one), with its connection. */
export async function bankAccountOf(db: Db, { userId, accountId }: { userId: string; accountId: string }) {
  const [row] = await db
    .select({ account: bankAccounts, connection: bankConnections })
    .from(bankAccounts)
    .innerJoin(bankConnections, eq(bankConnections.id, bankAccounts.connectionId))
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.id, accountId),
        eq(bankAccounts.isActive, true),
        isVisible,
        eq(bankConnections.isActive, true),
        isBank,
      ),
    );
  return row ?? null;
}

/**
 * Unlinks one account for good: inactive, marked, so no sync revives it. False when it was unlinked already
 * (a second request that read it before the first committed).
 */
export async function markUnlinked(
  db: Db,
  { userId, accountId, now }: { userId: string; accountId: string; now: Date },
) {
  const rows = await db
    .update(bankAccounts)
    .set({ isActive: false, unlinkedAt: now, updatedAt: now })
    .where(
      and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId), isNull(bankAccounts.unlinkedAt)),
    )
    .returning({ id: bankAccounts.id });
  return rows.length > 0;
}

/** The bank's ids of a connection's accounts the person did not unlink (hidden ones too). */
export async function keptProviderAccountIds(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  const rows = await db
    .select({ id: bankAccounts.providerAccountId })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.connectionId, connectionId),
        isNull(bankAccounts.unlinkedAt),
      ),
    );
  return rows.map((r) => r.id);
}

/** Deletes one account's whole history, what came from the bank and from files alike. */
export async function deleteAccountTransactions(
  db: Db,
  { userId, accountId }: { userId: string; accountId: string },
) {
  await db
    .delete(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.accountId, accountId)));
}

/**
 * Deletes the imported history of a connection's accounts. `keepFileRows` keeps what the bank will not bring
 * back: what the person imported from files (provider ids 'file:…'), and the history they kept of an account
 * they unlinked.
 */
export async function deleteConnectionTransactions(
  db: Db,
  {
    userId,
    connectionId,
    keepFileRows = false,
  }: { userId: string; connectionId: string; keepFileRows?: boolean },
) {
  await db.delete(transactions).where(
    and(
      eq(transactions.userId, userId),
      keepFileRows ? notLike(transactions.providerTransactionId, 'file:%') : undefined,
      inArray(
        transactions.accountId,
        db
          .select({ id: bankAccounts.id })
          .from(bankAccounts)
          .where(
            and(
              eq(bankAccounts.userId, userId),
              eq(bankAccounts.connectionId, connectionId),
              keepFileRows ? isNull(bankAccounts.unlinkedAt) : undefined,
            ),
          ),
      ),
    ),
  );
}

/** Deletes a connection's accounts (and whatever history is left on them): their item was replaced. */
export async function deleteConnectionAccounts(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  await db
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.connectionId, connectionId)));
}

export async function countConnectionTransactions(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
    .where(
      and(
        eq(transactions.userId, userId),
        eq(bankAccounts.connectionId, connectionId),
        sql`${transactions.deletedAt} is null`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** A backfill's days; absent on a cursor sync run. */
export type HistorySyncWindow = { fromDay: string; toDay?: string };

export async function createHistorySync(
  db: Db,
  { userId, connectionId, window }: { userId: string; connectionId: string; window?: HistorySyncWindow },
) {
  const [row] = await db
    .insert(historySyncs)
    .values({ userId, connectionId, fromDay: window?.fromDay ?? null, toDay: window?.toDay ?? null })
    .returning();
  return row!;
}

/** The run's window, or undefined for a cursor sync. */
export const historySyncWindow = (
  run: Pick<HistorySyncRow, 'fromDay' | 'toDay'>,
): HistorySyncWindow | undefined =>
  run.fromDay ? { fromDay: run.fromDay, ...(run.toDay ? { toDay: run.toDay } : {}) } : undefined;

/**
 * owner: only while this process still holds the run's claim (a run taken over is no longer its to write).
 * Answers whether the row was written.
 */
export async function updateHistorySync(
  db: Db,
  {
    userId,
    runId,
    now,
    owner,
    ...values
  }: { userId: string; runId: string; now: Date; owner?: string } & Partial<HistorySyncRow>,
) {
  const rows = await db
    .update(historySyncs)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(historySyncs.userId, userId),
        eq(historySyncs.id, runId),
        owner ? eq(historySyncs.claimedBy, owner) : undefined,
      ),
    )
    .returning({ id: historySyncs.id });
  return rows.length > 0;
}

export async function latestHistorySync(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  const [row] = await db
    .select()
    .from(historySyncs)
    .where(and(eq(historySyncs.userId, userId), eq(historySyncs.connectionId, connectionId)))
    .orderBy(desc(historySyncs.createdAt))
    .limit(1);
  return row ?? null;
}

/** Not yet finished: waiting for a worker or being worked (possibly by a process that has since died). */
const isOpen = inArray(historySyncs.status, ['Pending', 'InProgress']);
/** Nobody works the run: never claimed, released after a failed attempt, or its claim lapsed. */
const isUnclaimed = (now: Date) => or(isNull(historySyncs.claimedBy), lte(historySyncs.claimExpiresAt, now));

/**
 * Every person's history syncs that are open and that no live process works: left by a stopped or crashed
 * server, to be queued again. A run whose claim is still renewed is never among them.
 */
export async function unfinishedHistorySyncs(db: Db, { now }: { now: Date }) {
  const rows = await db
    .select({ run: historySyncs })
    .from(historySyncs)
    .innerJoin(
      bankConnections,
      and(eq(bankConnections.userId, historySyncs.userId), eq(bankConnections.id, historySyncs.connectionId)),
    )
    // A bank's history sync only: nothing here would know how to finish one on the manual connection.
    .where(and(isOpen, isUnclaimed(now), isBank));
  return rows.map((r) => r.run);
}

/** A connection's open history syncs, oldest first; the caller's connection lock keeps this current. */
export async function openHistorySyncs(
  db: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  return db
    .select()
    .from(historySyncs)
    .where(and(eq(historySyncs.userId, userId), eq(historySyncs.connectionId, connectionId), isOpen))
    .orderBy(asc(historySyncs.createdAt));
}

/** Marks a connection's waiting or running history syncs as stopped (disconnect). */
export async function cancelOpenRuns(
  db: Db,
  { userId, connectionId, now }: { userId: string; connectionId: string; now: Date },
) {
  await db
    .update(historySyncs)
    .set({ status: 'Failed', message: 'Import cancelled', updatedAt: now })
    .where(
      and(
        eq(historySyncs.userId, userId),
        eq(historySyncs.connectionId, connectionId),
        inArray(historySyncs.status, ['Pending', 'InProgress']),
      ),
    );
}

/**
 * Takes a run for `owner` until `expiresAt`: a waiting run, one released after a failed attempt, or one
 * whose previous owner stopped renewing its claim (crashed). Null when the run is finished or a live
 * process holds it, so a duplicate delivery (restart, queue expiry, a second server) never runs it twice.
 */
export async function claimHistorySync(
  db: Db,
  {
    userId,
    runId,
    owner,
    now,
    expiresAt,
  }: { userId: string; runId: string; owner: string; now: Date; expiresAt: Date },
) {
  const [row] = await db
    .update(historySyncs)
    .set({
      status: 'InProgress',
      message: 'Importing historical data...',
      claimedBy: owner,
      claimExpiresAt: expiresAt,
      updatedAt: now,
    })
    .where(and(eq(historySyncs.userId, userId), eq(historySyncs.id, runId), isOpen, isUnclaimed(now)))
    .returning();
  return row ?? null;
}

/** Gives the run back (a failed attempt the queue retries): the retry, on any process, may claim it at once. */
export async function releaseHistorySync(
  db: Db,
  { userId, runId, owner, now }: { userId: string; runId: string; owner: string; now: Date },
) {
  await db
    .update(historySyncs)
    .set({ claimedBy: null, claimExpiresAt: null, updatedAt: now })
    .where(
      and(eq(historySyncs.userId, userId), eq(historySyncs.id, runId), eq(historySyncs.claimedBy, owner)),
    );
}

/** Where a relinked bank's imported transactions wait to be taken over: a file row's id, so adoptFileRows pairs them. */
const relinkedPrefix = (t: string) => sql.raw(`'file:' || ${t}.account_id::text || ':relinked:'`);

/**
 * The person's connections an export's import recreated for this provider and institution, without bank
 * access (features/export/import.ts): what a bank linked anew takes over.
 */
const importedConnectionsOf = (userId: string, connection: ConnectionRow) => sql`
  select id from bank_connections
   where user_id = ${userId}::uuid and id <> ${connection.id}::uuid and provider = ${connection.provider}
     and institution_id = ${connection.institutionId} and access_token_encrypted = ''
     and provider_removed_at is not null`;

/**
 * A bank linked anew takes over what an export's import brought of the same bank. Each imported account
 * that one account of the new link matches, one to one (same type, subtype and mask, or name where the bank
 * gives no mask), becomes that account: its id, and so its history, rules and ties, are kept, now on the
 * new connection. Its bank transactions then wait, as a statement file's rows do, for the bank's to take
 * them over, one per day and amount (adoptFileRows), keeping the person's categories, notes and deletions;
 * what the bank no longer sends stays as history. Its pending ones are deleted: the bank sends them again,
 * pending or posted. A connection left without accounts is deleted. Inside the link's transaction, right
 * after its accounts are saved; answers the accounts taken over.
 */
export async function takeOverImportedBank(
  tx: Db,
  { userId, connection, now }: { userId: string; connection: ConnectionRow; now: Date },
): Promise<number> {
  if (!connection.institutionId) return 0;
  const key = sql.raw(`type, coalesce(subtype, ''), coalesce('#' || mask, '=' || name)`);
  const found = await tx.execute(sql`
    with fresh as (
      select id, ${key} as key, count(*) over (partition by ${key}) as alike
        from bank_accounts a
       where user_id = ${userId}::uuid and connection_id = ${connection.id}::uuid
         -- Only rows this link made: nothing refers to them yet.
         and not exists (select 1 from transactions t where t.user_id = a.user_id and t.account_id = a.id)),
    imported as (
      select id, ${key} as key, count(*) over (partition by ${key}) as alike
        from bank_accounts
       where user_id = ${userId}::uuid and unlinked_at is null
         and connection_id in (${importedConnectionsOf(userId, connection)}))
    select i.id as old_id, f.id as new_id
      from fresh f join imported i using (key)
     where f.alike = 1 and i.alike = 1`);
  const pairs = (found as unknown as { rows: Array<{ old_id: string; new_id: string }> }).rows;
  if (pairs.length === 0) return 0;
  const oldIds = sql.param(pairs.map((p) => p.old_id));
  const newIds = sql.param(pairs.map((p) => p.new_id));
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    update transactions set deleted_at = coalesce(deleted_at, ${at}), updated_at = ${at}
     where user_id = ${userId}::uuid and account_id = any(${oldIds}::uuid[]) and pending`);
  await tx.execute(sql`
    update transactions t set provider_transaction_id = ${relinkedPrefix('t')} || t.provider_transaction_id,
           updated_at = ${at}
     where t.user_id = ${userId}::uuid and t.account_id = any(${oldIds}::uuid[]) and not t.pending
       and not starts_with(t.provider_transaction_id, 'file:')`);
  // The new rows go, and the old ones take their place on the new connection.
  const gone = await tx.execute(sql`
    delete from bank_accounts where user_id = ${userId}::uuid and id = any(${newIds}::uuid[])
    returning id, connection_id, provider_account_id, name, official_name, current_balance, available_balance,
              iso_currency_code, hidden_at`);
  const fresh = new Map(
    (gone as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => [r.id, r]),
  );
  const column = (name: string) => sql.param(pairs.map((p) => fresh.get(p.new_id)?.[name] ?? null));
  await tx.execute(sql`
    update bank_accounts a set connection_id = n.connection_id, provider_account_id = n.provider_account_id,
           name = n.name, official_name = n.official_name, current_balance = n.current_balance,
           available_balance = n.available_balance, iso_currency_code = n.iso_currency_code, is_active = true,
           hidden_at = n.hidden_at, updated_at = ${at}
      from unnest(${oldIds}::uuid[], ${column('connection_id')}::uuid[], ${column('provider_account_id')}::text[],
                  ${column('name')}::text[], ${column('official_name')}::text[], ${column('current_balance')}::bigint[],
                  ${column('available_balance')}::bigint[], ${column('iso_currency_code')}::text[],
                  ${column('hidden_at')}::timestamptz[])
        as n(id, connection_id, provider_account_id, name, official_name, current_balance, available_balance,
             iso_currency_code, hidden_at)
     where a.user_id = ${userId}::uuid and a.id = n.id`);
  await tx.execute(sql`
    delete from bank_connections c
     where c.user_id = ${userId}::uuid and c.id in (${importedConnectionsOf(userId, connection)})
       and not exists (select 1 from bank_accounts a where a.connection_id = c.id)`);
  return pairs.length;
}

/** Whether the person has this connection's bank linked, live, through another connection. */
export async function hasLiveConnectionTo(db: Db, connection: ConnectionRow) {
  const [row] = await db
    .select({ id: bankConnections.id })
    .from(bankConnections)
    .where(
      and(
        eq(bankConnections.userId, connection.userId),
        ne(bankConnections.id, connection.id),
        eq(bankConnections.provider, connection.provider),
        connection.institutionId ? eq(bankConnections.institutionId, connection.institutionId) : sql`false`,
        eq(bankConnections.isActive, true),
        ne(bankConnections.accessTokenEncrypted, ''),
      ),
    )
    .limit(1);
  return !!row;
}

/** Every claim given back: for a database no process can still be working in (the embedded one, at start). */
export async function releaseEveryHistorySync(db: Db, { now }: { now: Date }) {
  await db
    .update(historySyncs)
    .set({ claimedBy: null, claimExpiresAt: null, updatedAt: now })
    .where(and(eq(historySyncs.status, 'InProgress'), isNotNull(historySyncs.claimedBy)));
}

// ---------------------------------------------------------------------------------------------------------
// A bank's page of transactions, applied (apply-page.ts): each statement set-based, one per page

/** The connection's accounts not hidden, by the bank's account id. */
export function visibleConnectionAccounts(
  tx: Db,
  { userId, connectionId }: { userId: string; connectionId: string },
) {
  return tx
    .select({ id: bankAccounts.id, providerAccountId: bankAccounts.providerAccountId })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.connectionId, connectionId), isVisible));
}

/** The person's stored transactions with these provider ids (pending ones a page's posted ones replace). */
export function transactionsByProviderId(
  tx: Db,
  { userId, providerTransactionIds }: { userId: string; providerTransactionIds: string[] },
) {
  return tx
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
    .where(
      and(
        eq(transactions.userId, userId),
        inArray(transactions.providerTransactionId, providerTransactionIds),
      ),
    );
}

/** One bank transaction as stored, column by column, and whether it may take over a file row. */
export type PageRow = [
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
export async function adoptFileRows(
  tx: Db,
  { userId, rows }: { userId: string; rows: readonly PageRow[] },
): Promise<Set<string>> {
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
       where t.user_id = ${userId}::uuid and ${isFileRow('t')}
         -- A row a relinked bank's import brought is taken over even if the person deleted it: it stays so.
         and (t.deleted_at is null or starts_with(t.provider_transaction_id, ${relinkedPrefix('t')}))
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
      -- A row that came with a file's key (a relinked bank's, from its first file) keeps it.
      file_key = coalesce(t.file_key, t.provider_transaction_id),
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
 * Upserts a page's rows on (user, provider id). The person's own category choice, note and deletion, and a
 * file key once set, survive the bank's later versions of the row; a row the bank sends again unchanged is
 * not written.
 */
export async function upsertPageRows(tx: Db, { userId, rows }: { userId: string; rows: readonly PageRow[] }) {
  // One array per column: a page is one statement with 15 parameters, whatever its size.
  const column = (i: number) => sql.param(rows.map((row) => row[i]));
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

/** Deleting by provider id, this many ids to a statement (a statement's parameters are limited). */
const DELETE_CHUNK = 500;

/** Deletes the person's transactions with these provider ids; answers how many there were. */
export async function deleteByProviderIds(
  tx: Db,
  {
    userId,
    accountIds,
    providerTransactionIds,
  }: { userId: string; accountIds: readonly string[]; providerTransactionIds: readonly string[] },
) {
  let removed = 0;
  if (accountIds.length === 0) return removed;
  for (let i = 0; i < providerTransactionIds.length; i += DELETE_CHUNK) {
    const deleted = await tx
      .delete(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          inArray(transactions.accountId, [...accountIds]),
          inArray(transactions.providerTransactionId, providerTransactionIds.slice(i, i + DELETE_CHUNK)),
        ),
      )
      .returning({ id: transactions.id });
    removed += deleted.length;
  }
  return removed;
}
