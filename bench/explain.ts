import { dateRangeQuery, transactionListQuery } from '@tally/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/server/src/db/client';
import {
  countExpression,
  countStatement,
  findSearchKeys,
  listTransactions,
  NEAR_END,
  pageStatement,
  pageWindow,
  totalsStatements,
} from '../apps/server/src/features/transactions/transactions.queries';
import type { Query } from './queries';

type Statement = { label: string; sql: string; params: unknown[] };

/** The statements each endpoint runs, taken from the app's own query builders. Diagnostics only. */
async function statements(database: Database, userId: string, q: Query): Promise<Statement[]> {
  const db = database.db;
  const params = Object.fromEntries(new URL(q.url, 'http://x').searchParams);
  if (q.group === 'list') {
    const { page, pageSize, ...query } = transactionListQuery.parse(params);
    // A search's keys first, as the app finds them, so its statements are the ones the app runs.
    const filters = await findSearchKeys(db, userId, query);
    const total = countExpression(db, { userId, filters });
    // As listTransactions reads it: near the top, the page carries the count; deeper, the count comes first.
    const offset = (page - 1) * pageSize;
    if (offset < NEAR_END) {
      const rows = pageStatement(db, { userId, filters, offset, limit: pageSize, total });
      return [{ label: 'page with its count', ...rows.toSQL() }];
    }
    const { pagination } = await listTransactions(db, { userId, filters, page, pageSize });
    const window = pageWindow(page, pageSize, pagination.totalItems) ?? { offset: 0, limit: pageSize };
    const rows = pageStatement(db, { userId, filters, ...window });
    const count = new PgDialect().sqlToQuery(countStatement(total));
    return [
      { label: 'count', sql: count.sql, params: count.params },
      { label: 'page', ...rows.toSQL() },
    ];
  }
  // Budget reads are the totals statements over the period plus one per-day read (see BENCHMARKS.md).
  if (q.group === 'budget' || q.group === 'savings' || q.group === 'ai' || q.group === 'dashboard') return [];
  const filters = await findSearchKeys(
    db,
    userId,
    (q.group === 'summary' ? transactionListQuery : dateRangeQuery).parse(params),
  );
  return totalsStatements(db, { userId, filters }).map((s) => ({ label: 'totals', ...s.toSQL() }));
}

export async function explainAll(
  database: Database,
  userId: string,
  queries: Query[],
  log: (message: string) => void,
) {
  for (const q of queries) {
    if (q.group === 'baseline') continue;
    for (const s of await statements(database, userId, q)) {
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
