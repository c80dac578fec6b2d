import crypto from 'node:crypto';
import type { Database } from '../apps/server/src/db/client';
import { createDemoProvider } from '../apps/server/src/providers/bank/demo/demo-bank';
import type { BankProvider } from '../apps/server/src/providers/bank/types';
import { IMPORT_EMAIL_DOMAIN } from './databases';
import { type Auth, call, register, startApp } from './lib/app';

export type ImportRun = {
  /** POST exchange-public-token-with-historical-data: link + every page applied before it answers. */
  seconds: number;
  /** Of which: waiting on the provider (the demo bank paging its history); the rest is ours. */
  providerSeconds: number;
  /** CPU time of this Node process meanwhile (for PGlite that includes the database itself). */
  nodeCpuSeconds: number;
  transactions: number;
  pages: number;
  /** Re-runs, each from a queued job until its progress row says Completed (includes job pick-up). */
  rerunBackfillSeconds: number;
  rerunFullSyncSeconds: number;
  unchanged: { backfill: boolean; fullSync: boolean };
  checksum: string;
};

export type ImportResult = {
  institution: string;
  transactionsPerInstitution: number;
  /** The demo bank generating its history once (the provider's cost, not ours; warmed before timing). */
  providerGenerationSeconds: number;
  runs: ImportRun[];
  medianSeconds: number;
  /**
   * VACUUM (ANALYZE) transactions after the imports: what keeping statistics and the visibility map
   * current costs. PostgreSQL's autovacuum does this in the background; PGlite has no autovacuum.
   */
  vacuumAnalyzeSeconds: number;
};

type Checksum = { n: number; sum: string; updated: string };

/** The same provider, with the time spent inside its calls added up. */
function timed(provider: BankProvider): BankProvider & { spent: () => number; reset: () => void } {
  let spent = 0;
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const t = performance.now();
      try {
        return await fn(...args);
      } finally {
        spent += performance.now() - t;
      }
    };
  return {
    kind: provider.kind,
    sandbox: provider.sandbox,
    createLinkToken: wrap(provider.createLinkToken.bind(provider)),
    exchangePublicToken: wrap(provider.exchangePublicToken.bind(provider)),
    getAccounts: wrap(provider.getAccounts.bind(provider)),
    getInstitutionName: wrap(provider.getInstitutionName.bind(provider)),
    syncTransactions: wrap(provider.syncTransactions.bind(provider)),
    removeItem: wrap(provider.removeItem.bind(provider)),
    createSandboxPublicToken: wrap(provider.createSandboxPublicToken.bind(provider)),
    listInstitutions: wrap(provider.listInstitutions.bind(provider)),
    spent: () => spent / 1000,
    reset: () => {
      spent = 0;
    },
  };
}

/** Every column of every row of the user's transactions, plus xmin: any write at all changes it. */
async function checksum(database: Database, userId: string): Promise<Checksum> {
  const [row] = await database.query<Checksum>(
    `SELECT count(*)::int AS n,
       md5(string_agg(t.xmin::text || ':' || t::text, '|' ORDER BY t.provider_transaction_id)) AS sum,
       max(t.updated_at)::text AS updated
     FROM transactions t WHERE t.user_id = $1`,
    [userId],
  );
  if (!row) throw new Error('no checksum');
  return row;
}

type Progress = { status: string; transactionsImported: number };

async function waitForImport(app: Awaited<ReturnType<typeof startApp>>, auth: Auth, connectionId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const p = await call<Progress>(
      app,
      auth,
      'GET',
      `/api/plaid/connections/${connectionId}/import-progress`,
    );
    if (p.status === 'Completed') return p;
    if (p.status === 'Failed') throw new Error('import job failed');
    if (Date.now() > deadline) throw new Error('import job did not finish in 2 minutes');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Imports a two-year, ~10k-transaction history through the provider interface and the real HTTP path
 * (sandbox public token → exchange with historical data, which imports everything before answering),
 * into the benchmark database next to the 2M generated rows, as a new user each run. Then re-runs the
 * import twice — a 2-year backfill (import-historical-data) and a full cursor re-sync from the start
 * (reconnect) — and checks that neither changed a single transaction row.
 */
export async function measureImport(
  database: Database,
  options: { runs: number; transactionsPerInstitution: number; log: (message: string) => void },
): Promise<ImportResult> {
  const institution = 'demo_harbor';
  const provider = timed(
    createDemoProvider({ transactionsPerInstitution: options.transactionsPerInstitution }),
  );
  const warm = performance.now();
  const { accessToken } = await provider.exchangePublicToken(
    await provider.createSandboxPublicToken(institution),
  );
  let cursor: string | null = null;
  for (;;) {
    const page = await provider.syncTransactions(accessToken, cursor);
    if (!page.hasMore) break;
    cursor = page.nextCursor;
  }
  const providerGenerationSeconds = (performance.now() - warm) / 1000;

  const app = await startApp(database, { runJobs: true, bankProvider: provider });
  const runs: ImportRun[] = [];
  try {
    for (let run = 0; run < options.runs; run++) {
      const email = `import-${run}-${crypto.randomBytes(4).toString('hex')}@${IMPORT_EMAIL_DOMAIN}`;
      const auth = await register(app, email);
      const [user] = await database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      if (!user) throw new Error('registered user not found');

      const started = performance.now();
      provider.reset();
      const cpu = process.cpuUsage();
      const { publicToken } = await call<{ publicToken: string }>(
        app,
        auth,
        'POST',
        '/api/plaid/sandbox/public-token',
        { institutionId: institution },
      );
      const exchanged = await call<{ connection: { id: string }; transactionsImported: number }>(
        app,
        auth,
        'POST',
        '/api/plaid/exchange-public-token-with-historical-data',
        { publicToken },
      );
      const seconds = (performance.now() - started) / 1000;
      const providerSeconds = provider.spent();
      const used = process.cpuUsage(cpu);
      const nodeCpuSeconds = (used.user + used.system) / 1e6;
      const connectionId = exchanged.connection.id;
      const before = await checksum(database, user.id);

      const backfillStarted = performance.now();
      await call(app, auth, 'POST', '/api/plaid/import-historical-data', { connectionId, range: '2y' });
      await waitForImport(app, auth, connectionId);
      const rerunBackfillSeconds = (performance.now() - backfillStarted) / 1000;
      const afterBackfill = await checksum(database, user.id);

      const syncStarted = performance.now();
      await call(app, auth, 'POST', `/api/plaid/connections/${connectionId}/reconnect`);
      await waitForImport(app, auth, connectionId);
      const rerunFullSyncSeconds = (performance.now() - syncStarted) / 1000;
      const afterSync = await checksum(database, user.id);

      const result: ImportRun = {
        seconds,
        providerSeconds,
        nodeCpuSeconds,
        transactions: before.n,
        pages: Math.ceil(exchanged.transactionsImported / 500),
        rerunBackfillSeconds,
        rerunFullSyncSeconds,
        unchanged: {
          backfill: afterBackfill.sum === before.sum && afterBackfill.n === before.n,
          fullSync: afterSync.sum === before.sum && afterSync.n === before.n,
        },
        checksum: before.sum,
      };
      runs.push(result);
      options.log(
        `  import ${run + 1}/${options.runs}: ${result.transactions} transactions in ${seconds.toFixed(2)} s ` +
          `(provider ${providerSeconds.toFixed(2)} s, Node CPU ${nodeCpuSeconds.toFixed(2)} s); ` +
          `re-runs ${rerunBackfillSeconds.toFixed(2)} s / ${rerunFullSyncSeconds.toFixed(2)} s, ` +
          `rows unchanged: ${result.unchanged.backfill && result.unchanged.fullSync ? 'yes' : 'NO'}`,
      );
    }
  } finally {
    await app.close();
  }
  const vacuumStarted = performance.now();
  await database.exec('VACUUM (ANALYZE) transactions');
  const vacuumAnalyzeSeconds = (performance.now() - vacuumStarted) / 1000;
  const sorted = runs.map((r) => r.seconds).sort((a, b) => a - b);
  return {
    institution,
    transactionsPerInstitution: options.transactionsPerInstitution,
    providerGenerationSeconds,
    runs,
    medianSeconds: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    vacuumAnalyzeSeconds,
  };
}
