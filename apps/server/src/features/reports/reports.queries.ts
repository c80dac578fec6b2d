import type { MerchantTotals, ReportInterval, TransactionFilters } from '@tally/shared';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
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
