import { dateRangeQuery, transactionListQuery } from '@tally/shared';
import type { Database } from '../apps/server/src/db/client';
import {
  countStatements,
  listTransactions,
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
    const { page, pageSize, ...filters } = transactionListQuery.parse(params);
    const counts = countStatements(db, { userId, filters });
    // The page as the app reads it, which past page 1 depends on the count (listTransactions).
    const { pagination } = await listTransactions(db, { userId, filters, page, pageSize });
    const window = pageWindow(page, pageSize, pagination.totalItems) ?? { offset: 0, limit: pageSize };
    const rows = pageStatement(db, { userId, filters, ...window });
    return [
      { label: 'page', ...rows.toSQL() },
      ...counts.map((count) => ({ label: 'count', ...count.toSQL() })),
    ];
  }
  // Budget reads are the totals statements over the period plus one per-day read (see BENCHMARKS.md).
  if (q.group === 'budget' || q.group === 'savings' || q.group === 'ai' || q.group === 'dashboard') return [];
  const filters = (q.group === 'summary' ? transactionListQuery : dateRangeQuery).parse(params);
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
