import type { CategoryCode } from '@tally/shared';
import {
  addMonths,
  categoryGroup,
  categoryName,
  dollarsToCents,
  type MonthlyCashFlow,
  type ReportInterval,
  recentMonths,
  startOfMonth,
  TRANSACTION_KIND_DETAILED,
  type TransactionFilters,
  wholeMonths,
  wholeWeeks,
} from '@tally/shared';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, plannedForValues } from '../../db/client';
import {
  bankAccounts,
  merchantCategories,
  transactionRollups,
  transactionRules,
  transactions,
  transactionTexts,
  transactionWeekRollups,
} from '../../db/schema';
import { type TransactionRow, toTransaction, transactionSelection } from './transaction-shapes';

// ---------------------------------------------------------------------------------------------------------
// The transaction filters as SQL, and the statements that count and total what they match — shared by
// the transactions screens and the budgets, so a budget's spent is the summary's rule read the same way.

/** LIKE treats % and _ as wildcards; a person searching for "50%" means the characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a search: its text anywhere, in any case. */
const searchPattern = (term: string) => `%${escapeLike(term.toLowerCase())}%`;

/** The filters, with a search's text keys once they are found (searchKeys). */
export type Filters = TransactionFilters & { searchKeys?: readonly string[] };

/**
 * Finds a search's texts first, among the person's distinct texts (transaction_texts, a few thousand where
 * there are a hundred thousand rows), so the rows are then read by key from a btree. A term no text has
 * finds nothing at once.
 */
export async function findSearchKeys<F extends Filters>(db: Db, userId: string, f: F): Promise<F> {
  if (!f.searchTerm || f.searchKeys) return f;
  const found = await db
    .select({ key: transactionTexts.key })
    .from(transactionTexts)
    .where(
      and(
        eq(transactionTexts.userId, userId),
        sql`${transactionTexts.text} like ${searchPattern(f.searchTerm)}`,
      ),
    );
  return { ...f, searchKeys: found.map((row) => row.key) };
}

/** A search as a row condition: by its keys when they were found, else by the text itself. */
function searchCondition(f: Filters & { searchTerm: string }): SQL {
  // One array parameter, whatever the number of keys; planned for them, as no one plan suits every number.
  if (f.searchKeys)
    return sql`${transactions.textKey} = any(${`{${f.searchKeys.join(',')}}`}::uuid[]) ${plannedForValues}`;
  return sql`lower(${transactions.description} || ' ' || coalesce(${transactions.merchantName}, '')) like ${searchPattern(f.searchTerm)}`;
}

/** Every filter as one WHERE, always scoped to the person and leaving deleted rows out. */
export function filterWhere(userId: string, f: Filters, { deleted = false } = {}): SQL {
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
    f.searchTerm ? searchCondition({ ...f, searchTerm: f.searchTerm }) : undefined,
    f.merchant ? sql`lower(btrim(${transactions.merchantName})) = ${f.merchant.toLowerCase()}` : undefined,
    f.kind ? inArray(transactions.providerCategory, [...TRANSACTION_KIND_DETAILED[f.kind]]) : undefined,
  ];
  return and(...conditions)!;
}

/** A rollup table's columns a plan narrows: the person, the first day of its month or week, account, category. */
export type RollupColumns = {
  userId: AnyColumn;
  start: AnyColumn;
  accountId: AnyColumn;
  category: AnyColumn;
};
const columnsOf = (r: typeof transactionRollups | typeof transactionWeekRollups, start: AnyColumn) => ({
  userId: r.userId,
  start,
  accountId: r.accountId,
  category: r.category,
});
const MONTHS = columnsOf(transactionRollups, transactionRollups.month);
const WEEKS = columnsOf(transactionWeekRollups, transactionWeekRollups.week);

/**
 * Where totals can come from rollups by month (or week): the rollup rows of the whole months (weeks) of the
 * range, narrowed by `rollupWhere`, plus the transactions of the partial months (weeks) at its edges (none at
 * an open end). Null when they cannot: amount and text filters, or a range without a whole month (week).
 */
export function rollupPlan(userId: string, f: Filters, per: ReportInterval = 'month') {
  if (f.searchTerm || f.merchant || f.kind || f.minAmount !== undefined || f.maxAmount !== undefined)
    return null;
  const whole = per === 'week' ? wholeWeeks(f.startDate, f.endDate) : wholeMonths(f.startDate, f.endDate);
  if (!whole) return null;
  const { from, to } = whole;
  const rollupWhere = (r: RollupColumns) =>
    and(
      eq(r.userId, userId),
      f.category !== undefined ? eq(r.category, f.category) : undefined,
      f.accountId ? eq(r.accountId, f.accountId) : undefined,
      from ? gte(r.start, from) : undefined,
      to ? lt(r.start, to) : undefined,
    )!;
  // One statement per edge, so each reads only its own days from the date index.
  const where = filterWhere(userId, f);
  const edges = [
    from ? and(where, lt(transactions.date, from)) : undefined,
    to ? and(where, gte(transactions.date, to)) : undefined,
  ].filter((edge) => edge !== undefined);
  return { rollupWhere, edges };
}

/**
 * The number of matching transactions as one SQL expression: the rollups' counts plus the edges' rows when
 * the filters allow, else a count of the rows. One expression, so it rides in the statement that reads a page.
 */
export function countExpression(db: Db, { userId, filters }: { userId: string; filters: Filters }) {
  const count = (where: SQL) => db.select({ n: sql`count(*)` }).from(transactions).where(where);
  const plan = rollupPlan(userId, filters);
  const parts = plan
    ? [
        db
          .select({ n: sql`coalesce(sum(${transactionRollups.count}), 0)` })
          .from(transactionRollups)
          .where(plan.rollupWhere(MONTHS)),
        ...plan.edges.map(count),
      ]
    : [count(filterWhere(userId, filters))];
  return sql<number>`(${sql.join(
    parts.map((part) => sql`(${part})`),
    sql` + `,
  )})::int`;
}

/** The statement that reads a count expression alone. */
export const countStatement = (count: SQL<number>) => sql`select ${count} as n`;

async function countOf(db: Db, count: SQL<number>): Promise<number> {
  const result = await db.execute(countStatement(count));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * Statements whose rows, added up per category and transfer flag (and per month or week with `per`: the
 * bucket's first day), are the matches' count, income and spending: from the rollups by month or week where
 * the filters allow, and the transactions of the edges.
 */
export function totalsStatements(
  db: Db,
  { userId, filters, per }: { userId: string; filters: Filters; per?: ReportInterval },
) {
  const t = transactions;
  const bucket = per && sql<string>`date_trunc('${sql.raw(per)}', ${t.date}::timestamp)::date::text`;
  const direct = (where: SQL) =>
    db
      .select({
        bucket: bucket ?? sql<null>`null`,
        category: t.category,
        isTransfer: t.isTransfer,
        count: sql<number>`count(*)::int`,
        income: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.amount} > 0), 0)`,
        expenses: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0), 0)`,
      })
      .from(t)
      .where(where)
      .groupBy(t.category, t.isTransfer, ...(bucket ? [bucket] : []));
  const plan = rollupPlan(userId, filters, per);
  if (!plan) return [direct(filterWhere(userId, filters))];
  const r = per === 'week' ? transactionWeekRollups : transactionRollups;
  const columns = per === 'week' ? WEEKS : MONTHS;
  const start = per && sql<string>`${columns.start}::text`;
  const fromRollups = db
    .select({
      bucket: start ?? sql<null>`null`,
      category: r.category,
      isTransfer: r.isTransfer,
      count: sql<number>`sum(${r.count})::int`,
      income: sql<string>`sum(${r.income})`,
      expenses: sql<string>`sum(${r.expenses})`,
    })
    .from(r)
    .where(plan.rollupWhere(columns))
    .groupBy(r.category, r.isTransfer, ...(start ? [start] : []));
  return [fromRollups, ...plan.edges.map(direct)];
}

// ---------------------------------------------------------------------------------------------------------
// The person's transactions: pages, totals, edits

type Row = TransactionRow;
const selection = transactionSelection;

/**
 * The ids at positions [offset, offset + limit) of the newest-first list, then their rows, newest first.
 * `fromOldest` counts the positions from the other end, so a page near the end skips few index entries.
 */
export function pageStatement(
  db: Db,
  {
    userId,
    filters,
    offset,
    limit,
    fromOldest = false,
    total = sql<null>`null`,
  }: {
    userId: string;
    filters: Filters;
    offset: number;
    limit: number;
    fromOldest?: boolean;
    /** An expression every row carries (the matches' count, from countExpression), read in the same statement. */
    total?: SQL<number | null>;
  },
) {
  const order = fromOldest ? asc : desc;
  // Ids first: an index-only scan, so skipping to a deep page costs index entries, not rows.
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(filterWhere(userId, filters))
    // The id breaks ties so pages never overlap or skip.
    .orderBy(order(transactions.date), order(transactions.id))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .select({ ...selection, total })
    .from(pageIds)
    .innerJoin(transactions, eq(transactions.id, pageIds.id))
    .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
    .orderBy(desc(transactions.date), desc(transactions.id));
}

/**
 * The positions page `page` covers, counted from the oldest end when it lies beyond the middle of the list
 * (so the index skips fewer entries); null past the end.
 */
export function pageWindow(page: number, pageSize: number, totalItems: number) {
  const offset = (page - 1) * pageSize;
  const remaining = totalItems - offset;
  if (remaining <= 0) return null;
  if (offset <= remaining) return { offset, limit: pageSize, fromOldest: false };
  return {
    offset: Math.max(0, remaining - pageSize),
    limit: Math.min(pageSize, remaining),
    fromOldest: true,
  };
}

/** Pages starting before this position are read from the newest end in the same statement as the count. */
export const NEAR_END = 1000;

export async function listTransactions(
  db: Db,
  { userId, filters, page, pageSize }: { userId: string; filters: Filters; page: number; pageSize: number },
) {
  filters = await findSearchKeys(db, userId, filters);
  const count = countExpression(db, { userId, filters });
  const offset = (page - 1) * pageSize;
  let rows: Row[];
  let totalItems: number;
  if (offset < NEAR_END) {
    // One round trip: the page, each row carrying the count. No row on page 1 means no match at all.
    const found = await pageStatement(db, { userId, filters, offset, limit: pageSize, total: count });
    rows = found;
    totalItems = found[0]?.total ?? (offset === 0 ? 0 : await countOf(db, count));
  } else {
    // Deep pages count first, so a page beyond the middle can be read from the oldest end.
    totalItems = await countOf(db, count);
    const window = pageWindow(page, pageSize, totalItems);
    rows = window ? await pageStatement(db, { userId, filters, ...window }) : [];
  }
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

/**
 * For CSV export: the filtered list, newest first, up to a limit, read a page at a time (keyset on
 * date and id) so a long history never sits in memory at once and other requests run between pages.
 */
export async function* exportTransactions(
  db: Db,
  {
    userId,
    filters,
    limit,
    pageSize = 2_000,
  }: { userId: string; filters: Filters; limit: number; pageSize?: number },
) {
  filters = await findSearchKeys(db, userId, filters);
  let after: { date: string; id: string } | null = null;
  for (let sent = 0; sent < limit; ) {
    const rows = await db
      .select(selection)
      .from(transactions)
      .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
      .where(
        and(
          filterWhere(userId, filters),
          after
            ? or(
                lt(transactions.date, after.date),
                and(eq(transactions.date, after.date), lt(transactions.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(Math.min(pageSize, limit - sent));
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map(toTransaction);
    sent += rows.length;
    if (rows.length < pageSize) return;
    after = { date: last.date, id: last.id };
  }
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

type Totals = { count: number; income: number; expenses: number };

/**
 * Count, income and spending (cents) of the filtered rows per category, split by the transfer flag, and per
 * month or week with `per` (`bucket`, its first day; '' without).
 */
export async function totalsByCategory(
  db: Db,
  { userId, filters, per }: { userId: string; filters: Filters; per?: ReportInterval },
) {
  const byKey = new Map<string, Totals & { bucket: string; category: number; isTransfer: boolean }>();
  const found = await findSearchKeys(db, userId, filters);
  for (const rows of await Promise.all(totalsStatements(db, { userId, filters: found, per }))) {
    for (const row of rows) {
      const bucket = row.bucket ?? '';
      const key = `${bucket}|${row.category}|${row.isTransfer}`;
      const totals = byKey.get(key) ?? {
        bucket,
        category: row.category,
        isTransfer: row.isTransfer,
        count: 0,
        income: 0,
        expenses: 0,
      };
      totals.count += Number(row.count);
      totals.income += Number(row.income);
      totals.expenses += Number(row.expenses);
      byKey.set(key, totals);
    }
  }
  return [...byKey.values()].filter((t) => t.count > 0);
}

/** Income and spending leave transfers between the person's own accounts out; the count keeps them. */
export async function getSummary(db: Db, { userId, filters }: { userId: string; filters: Filters }) {
  const totals = await totalsByCategory(db, { userId, filters });
  const sum = (pick: (t: Totals) => number, rows = totals) => rows.reduce((n, t) => n + pick(t), 0);
  const spendable = totals.filter((t) => !t.isTransfer);
  const income = sum((t) => t.income, spendable);
  const expenses = sum((t) => t.expenses, spendable);
  return {
    totalIncome: income,
    totalExpenses: expenses,
    netAmount: income - expenses,
    transactionCount: sum((t) => t.count),
  };
}

export async function getCategoryTotals(db: Db, { userId, filters }: { userId: string; filters: Filters }) {
  const totals = await totalsByCategory(db, { userId, filters });
  return totals
    .filter((t) => !t.isTransfer)
    .map((t) => ({
      category: t.category,
      categoryName: categoryName(t.category),
      group: categoryGroup(t.category),
      income: t.income,
      expenses: t.expenses,
      transactionCount: t.count,
    }))
    .sort((a, b) => b.expenses + b.income - (a.expenses + a.income));
}

export async function getSpendingByCategory(
  db: Db,
  { userId, filters }: { userId: string; filters: Filters },
) {
  const totals = await totalsByCategory(db, { userId, filters });
  return totals
    .filter((t) => !t.isTransfer && t.expenses > 0)
    .map((t) => ({
      category: t.category,
      categoryName: categoryName(t.category),
      amount: t.expenses,
    }))
    .sort((a, b) => b.amount - a.amount);
}

/**
 * Income and spending per calendar month for the last `months` months up to the person's today, oldest
 * first, a month with nothing as zeros. Every month, this one included, comes from the monthly rollups (a
 * row per account and category, never the transactions); rows of this month dated after today are then
 * taken off, read from the date index (usually none), so a payment scheduled ahead does not count yet.
 * Transfers between one's own accounts are left out, as in the summary.
 */
export async function getMonthlyCashFlow(
  db: Db,
  { userId, today, months }: { userId: string; today: string; months: number },
): Promise<MonthlyCashFlow> {
  const firstDays = recentMonths(today, months);
  const current = startOfMonth(today);
  const r = transactionRollups;
  const t = transactions;
  const [rolled, [ahead]] = await Promise.all([
    db
      .select({
        month: r.month,
        income: sql<string>`sum(${r.income})`,
        expenses: sql<string>`sum(${r.expenses})`,
      })
      .from(r)
      .where(
        and(
          eq(r.userId, userId),
          gte(r.month, firstDays[0]!),
          lte(r.month, current),
          eq(r.isTransfer, false),
        ),
      )
      .groupBy(r.month),
    db
      .select({
        income: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.amount} > 0), 0)`,
        expenses: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0), 0)`,
      })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          isNull(t.deletedAt),
          eq(t.isTransfer, false),
          gt(t.date, today),
          lt(t.date, addMonths(current, 1)),
        ),
      ),
  ]);
  const byMonth = new Map(
    rolled.map((row) => [row.month, { income: Number(row.income), expenses: Number(row.expenses) }]),
  );
  const thisMonth = byMonth.get(current);
  if (thisMonth && ahead) {
    thisMonth.income -= Number(ahead.income);
    thisMonth.expenses -= Number(ahead.expenses);
  }
  return firstDays.map((month) => {
    const { income, expenses } = byMonth.get(month) ?? { income: 0, expenses: 0 };
    return {
      month,
      income: income,
      expenses: expenses,
      net: income - expenses,
    };
  });
}

export async function updateTransaction(
  db: Db,
  {
    userId,
    transactionId,
    now,
    ...values
  }: { userId: string; transactionId: string; now: Date } & Partial<
    Pick<typeof transactions.$inferInsert, 'category' | 'categorySource' | 'note' | 'deletedAt'>
  >,
) {
  const [row] = await db
    .update(transactions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(transactions.userId, userId), eq(transactions.id, transactionId)))
    .returning({ id: transactions.id });
  return row ?? null;
}

export async function saveMerchantCategory(
  db: Db,
  {
    userId,
    merchantKey,
    category,
    now,
  }: { userId: string; merchantKey: string; category: CategoryCode; now: Date },
) {
  await db
    .insert(merchantCategories)
    .values({ userId, merchantKey, category })
    .onConflictDoUpdate({
      target: [merchantCategories.userId, merchantCategories.merchantKey],
      set: { category, updatedAt: now },
    });
}

// ---------------------------------------------------------------------------------------------------------
// What the person decided, read by the categoriser

/** The person's rules in the order they apply. */
export function rulesInOrder(db: Db, { userId }: { userId: string }) {
  return db
    .select()
    .from(transactionRules)
    .where(eq(transactionRules.userId, userId))
    .orderBy(asc(transactionRules.position), asc(transactionRules.createdAt));
}

/** The category the person chose for each merchant, by merchant key (remembered from their edits). */
export function rememberedCategories(db: Db, { userId }: { userId: string }) {
  return db
    .select({ key: merchantCategories.merchantKey, category: merchantCategories.category })
    .from(merchantCategories)
    .where(eq(merchantCategories.userId, userId));
}
