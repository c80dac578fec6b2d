import { dollarsToCents, type TransactionFilters, wholeMonths } from '@tally/shared';
import { and, eq, gte, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionRollups, transactions } from '../../db/schema';

/**
 * The transaction filters as SQL, and the statements that count and total what they match — shared by
 * the transactions screens and the budgets, so a budget's spent is the summary's rule read the same way.
 */

/** LIKE treats % and _ as wildcards; a person searching for "50%" means the characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every filter as one WHERE, always scoped to the person and leaving deleted rows out. */
export function filterWhere(userId: string, f: TransactionFilters, { deleted = false } = {}): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(transactions.userId, userId),
    deleted ? isNotNull(transactions.deletedAt) : isNull(transactions.deletedAt),
    f.category !== undefined ? eq(transactions.category, f.category) : undefined,
    f.accountId ? eq(transactions.accountId, f.accountId) : undefined,
    f.startDate ? gte(transactions.date, f.startDate) : undefined,
    f.endDate ? lte(transactions.date, f.endDate) : undefined,
    // Amount bounds are about size: "under $50" means spending or income below $50.
    f.minAmount !== undefined
      ? sql`abs(${transactions.amount}) >= ${dollarsToCents(f.minAmount)}`
      : undefined,
    f.maxAmount !== undefined
      ? sql`abs(${transactions.amount}) <= ${dollarsToCents(f.maxAmount)}`
      : undefined,
    f.searchTerm
      ? sql`lower(${transactions.description} || ' ' || coalesce(${transactions.merchantName}, '')) like ${`%${escapeLike(f.searchTerm.toLowerCase())}%`}`
      : undefined,
  ];
  return and(...conditions)!;
}

/**
 * Where totals can come from the monthly rollups: their rows for the whole months of the range, plus the
 * transactions of the partial months at its edges (none at an open end). Null when they cannot:
 * amount and text filters, or a range without a whole month.
 */
function rollupPlan(userId: string, f: TransactionFilters) {
  if (f.searchTerm || f.minAmount !== undefined || f.maxAmount !== undefined) return null;
  const months = wholeMonths(f.startDate, f.endDate);
  if (!months) return null;
  const { from, to } = months;
  const rollups = and(
    eq(transactionRollups.userId, userId),
    f.category !== undefined ? eq(transactionRollups.category, f.category) : undefined,
    f.accountId ? eq(transactionRollups.accountId, f.accountId) : undefined,
    from ? gte(transactionRollups.month, from) : undefined,
    to ? lt(transactionRollups.month, to) : undefined,
  )!;
  // One statement per edge, so each reads only its own days from the date index.
  const where = filterWhere(userId, f);
  const edges = [
    from ? and(where, lt(transactions.date, from)) : undefined,
    to ? and(where, gte(transactions.date, to)) : undefined,
  ].filter((edge) => edge !== undefined);
  return { rollups, edges };
}

/** Statements whose counts add up to the number of matching transactions. */
export function countStatements(db: Db, userId: string, filters: TransactionFilters) {
  const count = (where: SQL) => db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(where);
  const plan = rollupPlan(userId, filters);
  if (!plan) return [count(filterWhere(userId, filters))];
  const fromRollups = db
    .select({ n: sql<number>`coalesce(sum(${transactionRollups.count}), 0)::int` })
    .from(transactionRollups)
    .where(plan.rollups);
  return [fromRollups, ...plan.edges.map(count)];
}

/** Statements whose rows, added up per category and transfer flag, are the matches' count, income and spending. */
export function totalsStatements(
  db: Db,
  { userId, filters }: { userId: string; filters: TransactionFilters },
) {
  const t = transactions;
  const direct = (where: SQL) =>
    db
      .select({
        category: t.category,
        isTransfer: t.isTransfer,
        count: sql<number>`count(*)::int`,
        income: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.amount} > 0), 0)`,
        expenses: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0), 0)`,
      })
      .from(t)
      .where(where)
      .groupBy(t.category, t.isTransfer);
  const plan = rollupPlan(userId, filters);
  if (!plan) return [direct(filterWhere(userId, filters))];
  const r = transactionRollups;
  const fromRollups = db
    .select({
      category: r.category,
      isTransfer: r.isTransfer,
      count: sql<number>`sum(${r.count})::int`,
      income: sql<string>`sum(${r.income})`,
      expenses: sql<string>`sum(${r.expenses})`,
    })
    .from(r)
    .where(plan.rollups)
    .groupBy(r.category, r.isTransfer);
  return [fromRollups, ...plan.edges.map(direct)];
}
