import type {
  BalanceAccount,
  DayFlow,
  MerchantTotals,
  ReportInterval,
  TransactionFilters,
} from '@tally/shared';
import { and, asc, eq, gte, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountBalances, accountDays, bankAccounts, merchantRollups, transactions } from '../../db/schema';
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
