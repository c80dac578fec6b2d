import type { Database } from '../apps/server/src/db/client';
import { measure } from '../apps/server/test/cost';
import { generateStatement, STATEMENT_MAPPING } from './file-import';
import { L_EMAIL, L_PASSWORD } from './generate';
import { type Auth, login, register, startApp } from './lib/app';
import { buildQueries, median } from './queries';

/**
 * What the largest legitimate request of each kind costs the server's thread at L's size: each query of the
 * filter matrix (a whole year, every filter, deep pages, the dashboard's requests at once), a statement file of
 * 50,000 rows and one at the 20M-character limit previewed and imported, and the whole history exported. The
 * same measure as the bad-input sweep's (test/cost.ts): the longest event-loop stall and the memory held above
 * the start, the median over the runs. On PGlite the database works on this thread too, so its statements count.
 */
export type RouteCost = { name: string; status: number; stallMs: number; memoryMb: number };

export async function measureRouteCosts(
  database: Database,
  anchor: string,
  { runs, log }: { runs: number; log: (message: string) => void },
): Promise<RouteCost[]> {
  const app = await startApp(database, { runJobs: false });
  const results: RouteCost[] = [];
  const time = async (name: string, send: () => Promise<{ statusCode: number }>) => {
    const costs = [];
    let status = 0;
    for (let run = 0; run < runs; run++) {
      const { result, cost } = await measure(send);
      status = result.statusCode;
      costs.push(cost);
    }
    const r = {
      name,
      status,
      stallMs: median(costs.map((c) => c.stallMs)),
      memoryMb: median(costs.map((c) => c.memoryMb)),
    };
    log(`${name}: ${r.status}, ${r.stallMs.toFixed(0)} ms stall, ${r.memoryMb.toFixed(1)} MB`);
    results.push(r);
  };
  try {
    const auth = await login(app, L_EMAIL, L_PASSWORD);
    const inject = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object, who: Auth = auth) =>
      app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
    for (const q of await buildQueries(app, auth, anchor)) {
      await time(`${q.name} (${q.method ?? 'GET'} ${q.url.split('?')[0]})`, async () => {
        if (!q.parallel) return inject(q.url, q.method, q.body);
        const answers = await Promise.all(q.parallel.map((p) => inject(p.url, p.method, p.body)));
        return answers.find((a) => a.statusCode !== 200) ?? answers[0]!;
      });
    }
    await time('whole history as CSV (GET /api/transactions/export)', () =>
      inject('/api/transactions/export'),
    );

    const statement = await generateStatement();
    // The largest file accepted: the same statement repeated up to the 20M-character limit.
    const lines = statement.split('\n');
    const header = lines[0] ?? '';
    const body = lines.slice(1).join('\n');
    const largest = `${header}\n${body.repeat(Math.floor((20_000_000 - header.length - 1) / (body.length + 1)))}`;
    for (const [label, content] of [
      ['a 50,000-row CSV', statement],
      [`a ${(largest.length / 1e6).toFixed(1)}M-character CSV`, largest],
    ] as const) {
      // A new person and account per file and run: uploads are rate-limited per person, and an import adds rows.
      let n = 0;
      const fresh = async () => {
        const who = await register(app, `costs-${Date.now()}-${n++}@example.com`);
        const res = await inject(
          '/api/accounts/manual',
          'POST',
          { name: 'Statement', type: 0, subtype: 'checking', openingBalance: 0 },
          who,
        );
        return { who, accountId: (res.json() as { id: string }).id };
      };
      const previewer = await fresh();
      let mapping: unknown = STATEMENT_MAPPING;
      await time(`${label} previewed (POST /api/imports/preview)`, async () => {
        const res = await inject(
          '/api/imports/preview',
          'POST',
          { accountId: previewer.accountId, content },
          previewer.who,
        );
        const preview = res.json() as { needsMapping?: boolean; mapping?: unknown };
        if (preview.needsMapping === false) mapping = preview.mapping;
        return res;
      });
      const importers = await Promise.all(Array.from({ length: runs }, fresh));
      let next = 0;
      await time(`${label} imported (POST /api/imports)`, () => {
        const { who, accountId } = importers[next++ % importers.length]!;
        return inject('/api/imports', 'POST', { accountId, content, mapping }, who);
      });
    }
  } finally {
    await app.close();
  }
  return results;
}
