import { dateRangeQuery, transactionListQuery } from '@tally/shared';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { bankAccounts, transactions } from '../apps/server/src/db/schema';
import { filterWhere } from '../apps/server/src/features/transactions/transactions.queries';
import type { Query } from './queries';

type Statement = { label: string; sql: string; params: unknown[] };

/**
 * The statements each endpoint runs, rebuilt with the app's own filterWhere and the same shape as
 * transactions.queries.ts (list: page + count; summary; spending-by-category). Diagnostics only.
 */
function statements(database: Database, userId: string, q: Query): Statement[] {
  const db = database.db;
  const params = Object.fromEntries(new URL(q.url, 'http://x').searchParams);
  if (q.group === 'list') {
    const { page, pageSize, ...filters } = transactionListQuery.parse(params);
    const where = filterWhere(userId, filters);
    const rows = db
      .select({ ...getTableColumns(transactions), accountName: bankAccounts.name })
      .from(transactions)
      .innerJoin(bankAccounts, eq(bankAccounts.id, transactions.accountId))
      .where(where)
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .toSQL();
    const count = db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(where).toSQL();
    return [
      { label: 'page', ...rows },
      { label: 'count', ...count },
    ];
  }
  if (q.group === 'summary') {
    const filters = transactionListQuery.parse(params);
    const summary = db
      .select({
        income: sql`coalesce(sum(${transactions.amount}) filter (where ${transactions.amount} > 0 and not ${transactions.isTransfer}), 0)`,
        expenses: sql`coalesce(-sum(${transactions.amount}) filter (where ${transactions.amount} < 0 and not ${transactions.isTransfer}), 0)`,
        count: sql`count(*)::int`,
      })
      .from(transactions)
      .where(filterWhere(userId, filters))
      .toSQL();
    return [{ label: 'summary', ...summary }];
  }
  const filters = dateRangeQuery.parse(params);
  const spending = db
    .select({ category: transactions.category, spent: sql`-sum(${transactions.amount})` })
    .from(transactions)
    .where(
      and(filterWhere(userId, filters), eq(transactions.isTransfer, false), sql`${transactions.amount} < 0`),
    )
    .groupBy(transactions.category)
    .toSQL();
  return [{ label: 'spending', ...spending }];
}

export async function explainAll(
  database: Database,
  userId: string,
  queries: Query[],
  log: (message: string) => void,
) {
  for (const q of queries) {
    if (q.group === 'baseline') continue;
    for (const s of statements(database, userId, q)) {
      // Twice: the first warms the cache, the second is the plan and timing that steady state sees.
      let plan: Record<string, unknown>[] = [];
      for (let i = 0; i < 2; i++) {
        plan = await database.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.sql}`, s.params);
      }
      log(`\n--- ${q.name} [${s.label}]`);
      for (const row of plan) log(String(Object.values(row)[0]));
    }
  }
}
