import {
  categoryGroup,
  categoryName,
  centsToDollars,
  dollarsToCents,
  type Transaction,
  type TransactionFilters,
} from '@tally/shared';
import { and, desc, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, merchantCategories, transactions } from '../../db/schema';

type Row = typeof transactions.$inferSelect & { accountName: string };

export function toTransaction(row: Row): Transaction {
  return {
    id: row.id,
    description: row.description,
    merchantName: row.merchantName,
    amount: centsToDollars(row.amount),
    accountId: row.accountId,
    accountName: row.accountName,
    category: row.category,
    categoryName: categoryName(row.category),
    date: row.date,
    pending: row.pending,
    isTransfer: row.isTransfer,
    note: row.note,
  };
}

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

const selection = {
  id: transactions.id,
  userId: transactions.userId,
  accountId: transactions.accountId,
  providerTransactionId: transactions.providerTransactionId,
  date: transactions.date,
  description: transactions.description,
  merchantName: transactions.merchantName,
  amount: transactions.amount,
  category: transactions.category,
  categorySource: transactions.categorySource,
  providerCategory: transactions.providerCategory,
  isTransfer: transactions.isTransfer,
  pending: transactions.pending,
  note: transactions.note,
  deletedAt: transactions.deletedAt,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
  accountName: bankAccounts.name,
};

/** The two statements behind a list page: the page's rows and the count of every match. */
export function listStatements(
  db: Db,
  {
    userId,
    filters,
    page,
    pageSize,
  }: { userId: string; filters: TransactionFilters; page: number; pageSize: number },
) {
  const where = filterWhere(userId, filters);
  // The page's ids first: an index-only scan, so skipping to a deep page costs index entries, not rows.
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    // Newest first; the id breaks ties so pages never overlap or skip.
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_ids');
  return {
    rows: db
      .select(selection)
      .from(pageIds)
      .innerJoin(transactions, eq(transactions.id, pageIds.id))
      .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
      .orderBy(desc(transactions.date), desc(transactions.id)),
    count: db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(where),
  };
}

export async function listTransactions(
  db: Db,
  args: { userId: string; filters: TransactionFilters; page: number; pageSize: number },
) {
  const { page, pageSize } = args;
  const statements = listStatements(db, args);
  const [rows, [count]] = await Promise.all([statements.rows, statements.count]);
  const totalItems = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  return {
    transactions: rows.map(toTransaction),
    pagination: {
      totalItems,
      currentPage: page,
      pageSize,
      totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
    },
  };
}

/** For CSV export: the filtered list, newest first, up to a limit. */
export async function exportTransactions(
  db: Db,
  { userId, filters, limit }: { userId: string; filters: TransactionFilters; limit: number },
) {
  const rows = await db
    .select(selection)
    .from(transactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
    .where(filterWhere(userId, filters))
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(limit);
  return rows.map(toTransaction);
}

export async function getTransaction(
  db: Db,
  { userId, transactionId, deleted = false }: { userId: string; transactionId: string; deleted?: boolean },
) {
  const [row] = await db
    .select(selection)
    .from(transactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.id, transactionId),
        deleted ? isNotNull(transactions.deletedAt) : isNull(transactions.deletedAt),
      ),
    );
  return row ?? null;
}

/** Income and spending of the filtered rows; transfers between own accounts are neither. */
export function summaryStatement(
  db: Db,
  { userId, filters }: { userId: string; filters: TransactionFilters },
) {
  return db
    .select({
      income: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.amount} > 0 and not ${transactions.isTransfer}), 0)`,
      expenses: sql<string>`coalesce(-sum(${transactions.amount}) filter (where ${transactions.amount} < 0 and not ${transactions.isTransfer}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(filterWhere(userId, filters));
}

export function spendingStatement(
  db: Db,
  { userId, filters }: { userId: string; filters: TransactionFilters },
) {
  return db
    .select({ category: transactions.category, spent: sql<string>`-sum(${transactions.amount})` })
    .from(transactions)
    .where(
      and(filterWhere(userId, filters), eq(transactions.isTransfer, false), sql`${transactions.amount} < 0`),
    )
    .groupBy(transactions.category);
}

/** Income and spending leave transfers between the person's own accounts out. */
export async function getSummary(
  db: Db,
  { userId, filters }: { userId: string; filters: TransactionFilters },
) {
  const [row] = await summaryStatement(db, { userId, filters });
  const income = Number(row?.income ?? 0);
  const expenses = Number(row?.expenses ?? 0);
  return {
    totalIncome: centsToDollars(income),
    totalExpenses: centsToDollars(expenses),
    netAmount: centsToDollars(income - expenses),
    transactionCount: Number(row?.count ?? 0),
  };
}

export async function getCategoryTotals(
  db: Db,
  { userId, filters }: { userId: string; filters: TransactionFilters },
) {
  const rows = await db
    .select({
      category: transactions.category,
      income: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.amount} > 0), 0)`,
      expenses: sql<string>`coalesce(-sum(${transactions.amount}) filter (where ${transactions.amount} < 0), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(and(filterWhere(userId, filters), eq(transactions.isTransfer, false)))
    .groupBy(transactions.category);
  return rows
    .map((r) => ({
      category: r.category,
      categoryName: categoryName(r.category),
      group: categoryGroup(r.category),
      income: centsToDollars(Number(r.income)),
      expenses: centsToDollars(Number(r.expenses)),
      transactionCount: Number(r.count),
    }))
    .sort((a, b) => b.expenses + b.income - (a.expenses + a.income));
}

export async function getSpendingByCategory(
  db: Db,
  { userId, filters }: { userId: string; filters: TransactionFilters },
) {
  const rows = await spendingStatement(db, { userId, filters });
  return rows
    .map((r) => ({
      category: r.category,
      categoryName: categoryName(r.category),
      amount: centsToDollars(Number(r.spent)),
    }))
    .sort((a, b) => b.amount - a.amount);
}

export async function updateTransaction(
  db: Db,
  {
    userId,
    transactionId,
    ...values
  }: { userId: string; transactionId: string } & Partial<
    Pick<typeof transactions.$inferInsert, 'category' | 'categorySource' | 'note' | 'deletedAt'>
  >,
) {
  const [row] = await db
    .update(transactions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, transactionId)))
    .returning({ id: transactions.id });
  return row ?? null;
}

export async function saveMerchantCategory(
  db: Db,
  { userId, merchantKey, category }: { userId: string; merchantKey: string; category: number },
) {
  await db
    .insert(merchantCategories)
    .values({ userId, merchantKey, category })
    .onConflictDoUpdate({
      target: [merchantCategories.userId, merchantCategories.merchantKey],
      set: { category, updatedAt: new Date() },
    });
}
