import type {
  BalanceAccount,
  DayFlow,
  MerchantTotals,
  ReportInterval,
  TransactionFilters,
} from '@tally/shared';
import { and, asc, eq, gte, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountBalances, accountDays, bankAccounts, transactions } from '../../db/schema';
import { filterWhere } from '../transactions';

/**
 * Money spent per merchant (by name, case and surrounding spaces aside, as Transactions' merchant filter
 * reads it; a blank name is no merchant) and month or
 * week. The count is every row of the merchant, as Transactions lists them; the money leaves transfers out.
 */
export async function merchantTotals(
  db: Db,
  { userId, filters, per }: { userId: string; filters: TransactionFilters; per: ReportInterval },
): Promise<MerchantTotals[]> {
  const t = transactions;
  const key = sql<string>`lower(btrim(${t.merchantName}))`;
  const bucket = sql<string>`date_trunc('${sql.raw(per)}', ${t.date}::timestamp)::date::text`;
  const rows = await db
    .select({
      key,
      name: sql<string>`max(btrim(${t.merchantName}))`,
      bucket,
      count: sql<number>`count(*)::int`,
      spent: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0 and not ${t.isTransfer}), 0)`,
    })
    .from(t)
    .where(and(filterWhere(userId, filters), isNotNull(t.merchantName), sql`btrim(${t.merchantName}) <> ''`))
    .groupBy(key, bucket);
  return rows.map((r) => ({ ...r, spent: Number(r.spent) }));
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
    accounts: accounts.map((row) => ({
      ...row,
      currentBalance: row.currentBalance ?? 0,
      reported: reported.filter((r) => r.accountId === row.id),
    })),
    flows,
  };
}
