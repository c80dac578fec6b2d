import type {
  BalanceAccount,
  CustomAmount,
  CustomGrouping,
  CustomReportDefinition,
  CustomTotals,
  DayFlow,
  MerchantTotals,
  ReportInterval,
  TransactionFilters,
} from '@tally/shared';
import { and, asc, eq, gte, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountBalances,
  accountDays,
  bankAccounts,
  merchantRollups,
  savedReports,
  transactionRollups,
  transactions,
  transactionWeekRollups,
} from '../../db/schema';
import { filterWhere, rollupPlan } from '../transactions';

/**
 * Money spent per merchant (by name, case and surrounding spaces aside, as Transactions' merchant filter
 * reads it; a blank name is no merchant) and month or week. The count is every row of the merchant, as
 * Transactions lists them; the money leaves transfers out. By month, whole months come from the merchant
 * rollups and only the partial months at the edges from the transactions.
 */
export async function merchantTotals(
  db: Db,
  { userId, filters, per }: { userId: string; filters: TransactionFilters; per: ReportInterval },
): Promise<MerchantTotals[]> {
  const t = transactions;
  const key = sql<string>`lower(btrim(${t.merchantName}))`;
  const bucket = sql<string>`date_trunc('${sql.raw(per)}', ${t.date}::timestamp)::date::text`;
  const direct = (where: SQL) =>
    db
      .select({
        key,
        name: sql<string>`max(btrim(${t.merchantName}))`,
        bucket,
        count: sql<number>`count(*)::int`,
        spent: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0 and not ${t.isTransfer}), 0)`,
      })
      .from(t)
      .where(and(where, isNotNull(t.merchantName), sql`btrim(${t.merchantName}) <> ''`))
      .groupBy(key, bucket);
  const plan = per === 'month' ? rollupPlan(userId, filters) : null;
  const m = merchantRollups;
  const statements = plan
    ? [
        db
          .select({
            key: sql<string>`lower(${m.merchant})`,
            name: sql<string>`max(${m.merchant})`,
            bucket: sql<string>`${m.month}::text`,
            count: sql<number>`sum(${m.count})::int`,
            spent: sql<string>`sum(${m.spent})`,
          })
          .from(m)
          .where(
            plan.rollupWhere({
              userId: m.userId,
              start: m.month,
              accountId: m.accountId,
              category: m.category,
            }),
          )
          .groupBy(sql`lower(${m.merchant})`, m.month),
        ...plan.edges.map(direct),
      ]
    : [direct(filterWhere(userId, filters))];
  // A merchant's month comes from one statement only (whole months, or an edge's days).
  return (await Promise.all(statements)).flat().map((r) => ({ ...r, spent: Number(r.spent) }));
}

/**
 * The accounts net worth counts (active and shown, or the one asked for) with the balances the bank reported
 * from `since` on, and their days' transactions after `since`: what runs each balance back to that day.
 */
export async function balanceHistoryData(
  db: Db,
  { userId, accountId, since }: { userId: string; accountId?: string; since: string },
): Promise<{ accounts: BalanceAccount[]; flows: DayFlow[] }> {
  const a = bankAccounts;
  const b = accountBalances;
  const d = accountDays;
  const only = (column: typeof a.id | typeof b.accountId | typeof d.accountId): SQL | undefined =>
    accountId ? eq(column, accountId) : undefined;
  const [accounts, reported, flows] = await Promise.all([
    db
      .select({ id: a.id, name: a.name, type: a.type, currentBalance: a.currentBalance })
      .from(a)
      .where(and(eq(a.userId, userId), eq(a.isActive, true), isNull(a.hiddenAt), only(a.id)))
      .orderBy(asc(a.type), asc(a.name), asc(a.id)),
    db
      .select({ accountId: b.accountId, day: b.day, balance: b.balance })
      .from(b)
      .where(and(eq(b.userId, userId), gte(b.day, since), only(b.accountId)))
      .orderBy(asc(b.day)),
    db
      .select({ accountId: d.accountId, day: d.day, net: d.net, count: d.count })
      .from(d)
      .where(and(eq(d.userId, userId), sql`${d.day} > ${since}`, only(d.accountId))),
  ]);
  return {
    accounts: accounts.flatMap((row) => {
      const own = reported.filter((r) => r.accountId === row.id);
      // An account whose balance was never known has no history to tell.
      if (row.currentBalance === null && own.length === 0) return [];
      return [{ ...row, currentBalance: row.currentBalance ?? 0, reported: own }];
    }),
    flows,
  };
}

/**
 * A custom report's sums: money in and out and the count per group (and per part of a stacked chart: by
 * category, or by month when grouped by category), transfers apart. Categories, accounts and months read
 * the monthly rollups where whole months allow, weeks the weekly ones, with the partial months (weeks) at
 * the edges from the transactions, and merchants' spending their rollups likewise; their income and net, and
 * days of the week, read the transactions.
 */
export async function customTotals(
  db: Db,
  {
    userId,
    filters,
    groupBy,
    amount,
    split,
  }: {
    userId: string;
    filters: TransactionFilters;
    groupBy: CustomGrouping;
    amount: CustomAmount;
    split: 'category' | 'month' | null;
  },
): Promise<CustomTotals[]> {
  const t = transactions;
  const trunc = (per: 'month' | 'week') => sql`date_trunc('${sql.raw(per)}', ${t.date}::timestamp)::date`;
  // Grouped by the values as stored, named as text once per group (not once per row).
  const directKeys: Record<CustomGrouping | 'split-month', SQL | typeof t.category | typeof t.accountId> = {
    category: t.category,
    account: t.accountId,
    month: trunc('month'),
    week: trunc('week'),
    merchant: sql`lower(btrim(${t.merchantName}))`,
    weekday: sql`extract(isodow from ${t.date})::int`,
    'split-month': trunc('month'),
  };
  const text = (key: SQL | typeof t.category | typeof t.accountId) => sql<string>`${key}::text`;
  const direct = (where: SQL) => {
    const group = directKeys[groupBy];
    const parts = split === null ? null : directKeys[split === 'month' ? 'split-month' : 'category'];
    return db
      .select({
        group: text(group),
        name: groupBy === 'merchant' ? sql<string>`max(btrim(${t.merchantName}))` : sql<null>`null`,
        split: parts ? text(parts) : sql<null>`null`,
        isTransfer: t.isTransfer,
        count: sql<number>`count(*)::int`,
        income: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.amount} > 0), 0)`,
        expenses: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0), 0)`,
      })
      .from(t)
      .where(
        groupBy === 'merchant'
          ? and(where, isNotNull(t.merchantName), sql`btrim(${t.merchantName}) <> ''`)
          : where,
      )
      .groupBy(group, t.isTransfer, ...(parts ? [parts] : []));
  };
  const per = groupBy === 'week' ? 'week' : 'month';
  // Merchants' rollups keep their spending and count only: income and net read the transactions.
  const rolled = groupBy === 'weekday' ? false : groupBy === 'merchant' ? amount === 'spending' : true;
  const plan = rolled ? rollupPlan(userId, filters, per) : null;
  const statements = plan
    ? [
        groupBy === 'merchant'
          ? fromMerchantRollups(db, { plan, split })
          : fromRollups(db, { plan, per, groupBy, split }),
        ...plan.edges.map(direct),
      ]
    : [direct(filterWhere(userId, filters))];
  return (await Promise.all(statements)).flat().map((r) => ({
    ...r,
    name: r.name ?? undefined,
    income: Number(r.income),
    expenses: Number(r.expenses),
  }));
}

/** The whole months' (weeks') sums of a custom report from the rollups. */
function fromRollups(
  db: Db,
  {
    plan,
    per,
    groupBy,
    split,
  }: {
    plan: NonNullable<ReturnType<typeof rollupPlan>>;
    per: 'month' | 'week';
    groupBy: CustomGrouping;
    split: 'category' | 'month' | null;
  },
) {
  const weekly = per === 'week';
  const r = weekly ? transactionWeekRollups : transactionRollups;
  const start = weekly ? transactionWeekRollups.week : transactionRollups.month;
  const keys: Partial<Record<CustomGrouping, SQL<string>>> = {
    category: sql<string>`${r.category}::text`,
    account: sql<string>`${r.accountId}::text`,
    month: sql<string>`${start}::text`,
    week: sql<string>`${start}::text`,
  };
  const group = keys[groupBy] ?? keys.category!;
  const parts = split === null ? null : split === 'month' ? keys.month! : keys.category!;
  return db
    .select({
      group,
      name: sql<null>`null`,
      split: parts ?? sql<null>`null`,
      isTransfer: r.isTransfer,
      count: sql<number>`sum(${r.count})::int`,
      income: sql<string>`sum(${r.income})`,
      expenses: sql<string>`sum(${r.expenses})`,
    })
    .from(r)
    .where(plan.rollupWhere({ userId: r.userId, start, accountId: r.accountId, category: r.category }))
    .groupBy(group, r.isTransfer, ...(parts ? [parts] : []));
}

/**
 * The whole months' spending per merchant (as spelled, case aside) from the merchant rollups: money out with
 * transfers left out, and every row counted, as the transactions' sums have them.
 */
function fromMerchantRollups(
  db: Db,
  { plan, split }: { plan: NonNullable<ReturnType<typeof rollupPlan>>; split: 'category' | 'month' | null },
) {
  const m = merchantRollups;
  const group = sql<string>`lower(${m.merchant})`;
  const parts =
    split === null
      ? null
      : split === 'month'
        ? sql<string>`${m.month}::text`
        : sql<string>`${m.category}::text`;
  return db
    .select({
      group,
      name: sql<string>`max(${m.merchant})`,
      split: parts ?? sql<null>`null`,
      isTransfer: sql<boolean>`false`,
      count: sql<number>`sum(${m.count})::int`,
      income: sql<string>`0`,
      expenses: sql<string>`sum(${m.spent})`,
    })
    .from(m)
    .where(
      plan.rollupWhere({ userId: m.userId, start: m.month, accountId: m.accountId, category: m.category }),
    )
    .groupBy(group, ...(parts ? [parts] : []));
}

/** The person's accounts by id, hidden and closed ones too (a report of the past names them). */
export async function accountNames(db: Db, { userId }: { userId: string }) {
  const rows = await db
    .select({ id: bankAccounts.id, name: bankAccounts.name })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---------------------------------------------------------------------------------------------------------
// Saved custom reports

export type SavedReportRow = typeof savedReports.$inferSelect;
const sr = savedReports;

/** The person's saved reports, oldest first (the order the dashboard shows them in). */
export function listSavedReports(db: Db, { userId }: { userId: string }): Promise<SavedReportRow[]> {
  return db.select().from(sr).where(eq(sr.userId, userId)).orderBy(asc(sr.createdAt), asc(sr.id));
}

export async function countSavedReports(db: Db, { userId }: { userId: string }): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sr).where(eq(sr.userId, userId));
  return Number(row?.n ?? 0);
}

/** Whether another of the person's reports has this name, case aside. */
export async function nameTaken(
  db: Db,
  { userId, name, except }: { userId: string; name: string; except?: string },
) {
  const [row] = await db
    .select({ id: sr.id })
    .from(sr)
    .where(
      and(
        eq(sr.userId, userId),
        sql`lower(${sr.name}) = lower(${name})`,
        except ? ne(sr.id, except) : undefined,
      ),
    );
  return !!row;
}

export async function insertSavedReport(
  db: Db,
  {
    userId,
    name,
    definition,
    onDashboard,
    now,
  }: { userId: string; name: string; definition: CustomReportDefinition; onDashboard: boolean; now: Date },
): Promise<SavedReportRow> {
  const [row] = await db
    .insert(sr)
    .values({ userId, name, definition, onDashboard, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Changes one of the person's reports; null when it is not theirs. */
export async function updateSavedReport(
  db: Db,
  {
    userId,
    id,
    values,
    now,
  }: {
    userId: string;
    id: string;
    values: Partial<Pick<SavedReportRow, 'name' | 'definition' | 'onDashboard'>>;
    now: Date;
  },
): Promise<SavedReportRow | null> {
  const [row] = await db
    .update(sr)
    .set({ ...values, updatedAt: now })
    .where(and(eq(sr.userId, userId), eq(sr.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes one of the person's reports; whether it was theirs. */
export async function deleteSavedReport(db: Db, { userId, id }: { userId: string; id: string }) {
  const rows = await db
    .delete(sr)
    .where(and(eq(sr.userId, userId), eq(sr.id, id)))
    .returning({ id: sr.id });
  return rows.length > 0;
}

/**
 * Runs `work` in one database transaction holding the person's saved-reports lock, so two saves never both
 * pass the limit or both take one name.
 */
export function withSavedReportsLock<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved-reports:${userId}`}, 0))`);
    return work(tx);
  });
}
