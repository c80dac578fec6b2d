/**
 * Tally performance benchmarks: `npm run bench [-- options]`. See BENCHMARKS.md.
 *
 *   --db=pglite|postgres|both      which databases (env BENCH_DB, default both)
 *   --scale=1                      1 = 2M rows, L with 100k (env BENCH_SCALE)
 *   --runs=3                       runs per measurement; the median is reported (env BENCH_RUNS)
 *   --iterations=100               requests per query per run (env BENCH_ITERATIONS)
 *   --only=queries,import,export,portability,backup,file-import,costs,memory   what to measure (env BENCH_ONLY, default all;
 *                                  portability: the person's own ZIP export, imported into a new account;
 *                                  backup: the embedded database backed up and restored (PGlite only);
 *                                  memory: the built server's RSS and start, on no bench database)
 *   --groups=dashboard,budget      time only these query groups (env BENCH_GROUPS, default all)
 *   --regenerate                   rebuild the data even if the cache matches (env BENCH_REGENERATE=1)
 *   --pg-url=postgres://…          server to create tally_bench on (env BENCH_DATABASE_URL)
 *                                  (the database's name: env BENCH_PG_DATABASE, default tally_bench)
 *   --explain                      print EXPLAIN (ANALYZE, BUFFERS) of each query's SQL on L
 *   --skip-vacuum                  PGlite: no VACUUM (ANALYZE) after the load (PGlite has no autovacuum;
 *                                  the app vacuums only after imports); cached separately
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BackupResult, measureBackup } from './backup';
import { measureRouteCosts, type RouteCost } from './costs';
import { type BenchDatabase, CACHE_DIR, preparePglite, preparePostgres } from './databases';
import { explainAll } from './explain';
import { type ExportResult, measureExport, measurePortability, type PortabilityResult } from './export';
import { FILE_TARGETS, type FileImportResult, measureFileImport } from './file-import';
import { L_EMAIL, L_PASSWORD } from './generate';
import { type ImportResult, measureImport } from './import';
import { login, startApp } from './lib/app';
import { type MemoryResult, measureMemory, memoryReport } from './memory';
import { buildQueries, type Group, measureQueries, median as medianOf, type QueryResult } from './queries';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DB ?? 'both' },
    scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    iterations: { type: 'string', default: process.env.BENCH_ITERATIONS ?? '100' },
    only: {
      type: 'string',
      default: process.env.BENCH_ONLY ?? 'queries,import,export,portability,backup,file-import,costs,memory',
    },
    groups: { type: 'string', default: process.env.BENCH_GROUPS ?? '' },
    regenerate: { type: 'boolean', default: process.env.BENCH_REGENERATE === '1' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    explain: { type: 'boolean', default: false },
    'skip-vacuum': { type: 'boolean', default: false },
  },
});

const scale = Number(values.scale);
const runs = Number(values.runs);
const iterations = Number(values.iterations);
const only = new Set(values.only.split(',').map((s) => s.trim()));
const groups = new Set(values.groups.split(',').flatMap((s) => (s.trim() ? [s.trim()] : [])));
const kinds = (values.db === 'both' ? ['pglite', 'postgres'] : [values.db]) as ('pglite' | 'postgres')[];
if (!(scale >= 0.02 && scale <= 5)) throw new Error('--scale must be between 0.02 and 5');
if (!(runs >= 1 && iterations >= 5)) throw new Error('--runs ≥ 1 and --iterations ≥ 5');
for (const k of kinds) if (k !== 'pglite' && k !== 'postgres') throw new Error(`unknown --db ${k}`);

const log = (message: string) => console.log(message);
const TARGETS: Record<'pglite' | 'postgres', Record<Group, number> & { importSeconds: number }> = {
  pglite: {
    baseline: Number.NaN,
    list: 20,
    summary: 50,
    spending: 50,
    reports: 100,
    budget: 30,
    subscriptions: 1000,
    savings: 30,
    ai: 50,
    dashboard: 50,
    importSeconds: 3,
  },
  postgres: {
    baseline: Number.NaN,
    list: 10,
    summary: 50,
    spending: 50,
    reports: 50,
    budget: 30,
    subscriptions: 1000,
    savings: 30,
    ai: 50,
    dashboard: 50,
    importSeconds: 2,
  },
};

type Result = {
  kind: 'pglite' | 'postgres';
  version: string;
  prepared: BenchDatabase['preparedIn'];
  generated: BenchDatabase['meta'];
  queries?: QueryResult[];
  import?: ImportResult;
  export?: ExportResult;
  portability?: PortabilityResult;
  backup?: BackupResult;
  fileImport?: FileImportResult;
  costs?: RouteCost[];
};

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

function report(result: Result): string {
  const t = TARGETS[result.kind];
  const lines: string[] = [];
  lines.push(`### ${result.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${result.version})`);
  const g = result.generated.report;
  lines.push('');
  lines.push(
    `${g.transactions.toLocaleString('en-US')} transactions, ${g.users} users, ${g.accounts} accounts; ` +
      `L = ${g.lTransactions.toLocaleString('en-US')}. Data ${result.prepared.how} ` +
      `(${result.prepared.seconds.toFixed(0)} s; generation took ${g.seconds.total.toFixed(0)} s: ` +
      `rows ${g.seconds.rows.toFixed(0)} s, indexes ${g.seconds.indexes.toFixed(0)} s, ` +
      `${result.generated.key.endsWith('-novacuum') ? 'no VACUUM ANALYZE' : `VACUUM ANALYZE ${g.seconds.vacuumAnalyze.toFixed(0)} s`}).`,
  );
  if (result.queries) {
    lines.push('');
    lines.push(`Median of ${runs} runs × ${iterations} requests per query, milliseconds.`);
    lines.push('');
    lines.push('| Query | Rows matched | p50 | p95 | Target p95 | |');
    lines.push('|---|---:|---:|---:|---:|---|');
    for (const q of result.queries) {
      const target = t[q.group];
      const verdict = Number.isNaN(target) ? '' : q.p95 <= target ? 'ok' : '**over**';
      lines.push(
        `| ${q.name} | ${q.matched.toLocaleString('en-US')} | ${ms(q.p50)} | ${ms(q.p95)} | ${Number.isNaN(target) ? '–' : target} | ${verdict} |`,
      );
    }
    lines.push('');
    for (const group of [
      'list',
      'summary',
      'spending',
      'reports',
      'budget',
      'subscriptions',
      'savings',
      'ai',
      'dashboard',
    ] as const) {
      const rows = result.queries.filter((q) => q.group === group);
      if (rows.length === 0) continue;
      const worst = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      const met = rows.filter((q) => q.p95 <= t[group]).length;
      lines.push(
        `- ${group}: ${met}/${rows.length} within p95 ≤ ${t[group]} ms; worst p95 ${ms(worst.p95)} ms (${worst.name})`,
      );
    }
  }
  if (result.import) {
    const imp = result.import;
    lines.push('');
    lines.push(
      `Import (${imp.institution}, transactionsPerInstitution ${imp.transactionsPerInstitution}; ` +
        `demo history generated in ${imp.providerGenerationSeconds.toFixed(2)} s before timing):`,
    );
    lines.push('');
    lines.push(
      '| Run | Transactions | Import (s) | of which provider (s) | Node CPU (s) | Re-run backfill (s) | Re-run full sync (s) | Rows unchanged |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---|');
    imp.runs.forEach((r, i) => {
      lines.push(
        `| ${i + 1} | ${r.transactions.toLocaleString('en-US')} | ${r.seconds.toFixed(2)} | ${r.providerSeconds.toFixed(2)} | ${r.nodeCpuSeconds.toFixed(2)} | ${r.rerunBackfillSeconds.toFixed(2)} | ${r.rerunFullSyncSeconds.toFixed(2)} | ${r.unchanged.backfill && r.unchanged.fullSync ? 'yes' : '**no**'} |`,
      );
    });
    lines.push('');
    lines.push(
      `- median import ${imp.medianSeconds.toFixed(2)} s vs target ≤ ${t.importSeconds} s: ${imp.medianSeconds <= t.importSeconds ? 'ok' : '**over**'}`,
    );
    lines.push(
      `- VACUUM (ANALYZE) transactions afterwards (${imp.runs.reduce((n, r) => n + r.transactions, 0).toLocaleString('en-US')} new rows): ${imp.vacuumAnalyzeSeconds.toFixed(2)} s`,
    );
  }
  if (result.export) {
    lines.push('');
    lines.push(`Export of L's whole history over HTTP (median of ${runs} runs):`);
    lines.push('');
    lines.push(
      '| Exports at once | Seconds | Rows | MB sent | Peak heap growth (MB) | Longest event-loop stall (ms) |',
    );
    lines.push('|---:|---:|---:|---:|---:|---:|');
    for (const concurrent of [1, 4]) {
      const rs = result.export.runs.filter((r) => r.concurrent === concurrent);
      const med = (pick: (r: (typeof rs)[number]) => number) => medianOf(rs.map(pick));
      lines.push(
        `| ${concurrent} | ${med((r) => r.seconds).toFixed(2)} | ${rs[0]?.rows.toLocaleString('en-US')} | ${med((r) => r.megabytes).toFixed(1)} | ${med((r) => r.peakHeapGrowthMB).toFixed(0)} | ${med((r) => r.maxEventLoopDelayMs).toFixed(0)} |`,
      );
    }
  }
  if (result.portability) {
    const rs = result.portability.runs;
    const med = (pick: (r: (typeof rs)[number]) => number) => medianOf(rs.map(pick));
    lines.push(
      '',
      `The L person's own export (ZIP of every table) and its import into a new account, over HTTP (median of ${runs} runs):`,
      '',
      '| Step | Seconds | Size | Peak heap growth (MB) | Longest event-loop stall (ms) |',
      '|---|---:|---:|---:|---:|',
      `| Export | ${med((r) => r.exportSeconds).toFixed(2)} | ${med((r) => r.zipMegabytes).toFixed(1)} MB | ${med((r) => r.exportPeakHeapGrowthMB).toFixed(0)} | ${med((r) => r.exportMaxStallMs).toFixed(0)} |`,
      `| Import | ${med((r) => r.importSeconds).toFixed(2)} | ${rs[0]?.importedRows.toLocaleString('en-US')} rows | ${med((r) => r.importPeakHeapGrowthMB).toFixed(0)} | ${med((r) => r.importMaxStallMs).toFixed(0)} |`,
    );
  }
  if (result.backup) {
    const rs = result.backup.runs;
    const med = (pick: (r: (typeof rs)[number]) => number) => medianOf(rs.map(pick));
    lines.push(
      '',
      `Backup of the embedded database (the whole bench database) and its restore (median of ${runs} runs):`,
      '',
      '| Database (MB) | Backup (s) | Longest stall (ms) | File (MB) | Restore (s) |',
      '|---:|---:|---:|---:|---:|',
      `| ${med((r) => r.databaseMB).toFixed(0)} | ${med((r) => r.backupSeconds).toFixed(2)} | ${med((r) => r.maxStallMs).toFixed(0)} | ${med((r) => r.fileMB).toFixed(1)} | ${med((r) => r.restoreSeconds).toFixed(2)} |`,
    );
  }
  if (result.fileImport) lines.push('', ...fileImportReport(result.fileImport));
  if (result.costs) {
    lines.push(
      '',
      `What the largest legitimate request costs the server's thread (median of ${runs} runs):`,
      '',
    );
    lines.push('| Request | Status | Longest stall (ms) | Memory (MB) |', '|---|---:|---:|---:|');
    for (const c of result.costs) {
      lines.push(`| ${c.name} | ${c.status} | ${c.stallMs.toFixed(0)} | ${c.memoryMb.toFixed(1)} |`);
    }
  }
  return lines.join('\n');
}

function fileImportReport(f: FileImportResult): string[] {
  const verdict = (value: number, target: number) => (value <= target ? 'ok' : '**over**');
  const lines = [
    `File import: a ${f.rows.toLocaleString('en-US')}-row ${f.format.toUpperCase()} (${f.megabytes.toFixed(1)} MB; ` +
      `the parser alone ${f.parseSeconds.toFixed(2)} s; mapping ${f.needsMapping ? 'confirmed by hand' : 'detected'}) into a new manual account:`,
    '',
    'Seconds; Node CPU of the request in brackets (PGlite runs inside it: on a shared machine, what the request takes alone).',
    '',
    '| Run | Preview | Import | Upkeep after | Re-import | Imported | Re-import added |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  f.runs.forEach((r, i) => {
    lines.push(
      `| ${i + 1} | ${r.previewSeconds.toFixed(2)} (${r.previewCpuSeconds.toFixed(2)}) | ${r.importSeconds.toFixed(2)} (${r.importCpuSeconds.toFixed(2)}) | ${r.upkeepSeconds.toFixed(2)} | ${r.reimportSeconds.toFixed(2)} (${r.reimportCpuSeconds.toFixed(2)}) | ${r.imported.toLocaleString('en-US')} | ${r.reimportAdded} |`,
    );
  });
  const m = f.median;
  lines.push(
    '',
    `- median preview ${m.previewSeconds.toFixed(2)} s (CPU ${m.previewCpuSeconds.toFixed(2)} s) vs ≤ ${FILE_TARGETS.previewSeconds} s: ${verdict(m.previewSeconds, FILE_TARGETS.previewSeconds)}`,
    `- median import ${m.importSeconds.toFixed(2)} s (CPU ${m.importCpuSeconds.toFixed(2)} s) vs ≤ ${FILE_TARGETS.importSeconds} s: ${verdict(m.importSeconds, FILE_TARGETS.importSeconds)}`,
    `- median re-import ${m.reimportSeconds.toFixed(2)} s (CPU ${m.reimportCpuSeconds.toFixed(2)} s) vs ≤ ${FILE_TARGETS.reimportSeconds} s: ${verdict(m.reimportSeconds, FILE_TARGETS.reimportSeconds)}`,
  );
  return lines;
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<Result> {
  log(`\n== ${kind} ==`);
  const options = { scale, regenerate: values.regenerate, vacuum: !values['skip-vacuum'], log };
  const bench =
    kind === 'pglite' ? await preparePglite(options) : await preparePostgres(values['pg-url'], options);
  try {
    const [v] = await bench.database.query<{ version: string }>('SELECT version()');
    const version = (v?.version ?? '').split(' on ')[0]!.split(',')[0]!;
    const result: Result = { kind, version, prepared: bench.preparedIn, generated: bench.meta };
    if (only.has('export')) {
      log("export: the L person's whole history, alone and four at once");
      result.export = await measureExport(
        () => startApp(bench.database, { runJobs: false }),
        { email: L_EMAIL, password: L_PASSWORD },
        { runs, log },
      );
    }
    if (only.has('backup') && bench.database.backupFiles) {
      log('backup: the embedded database backed up and restored');
      result.backup = await measureBackup(bench.database, { runs, log });
    }
    if (only.has('portability')) {
      log("portability: the L person's own export, imported into a new account");
      result.portability = await measurePortability(
        () => startApp(bench.database, { runJobs: false }),
        { email: L_EMAIL, password: L_PASSWORD },
        { runs, log },
      );
    }
    if (only.has('queries') || values.explain) {
      const app = await startApp(bench.database, { runJobs: false });
      try {
        const auth = await login(app, L_EMAIL, L_PASSWORD);
        const queries = (
          await buildQueries(app, auth, bench.meta.report.anchor, {
            resetAiUsage: () => bench.database.query('delete from ai_usage'),
            staleInsights: () => bench.database.query('delete from ai_insight_runs'),
          })
        ).filter((q) => groups.size === 0 || groups.has(q.group));
        if (values.explain) {
          await explainAll(bench.database, bench.meta.report.lUserId, queries, log);
        }
        if (only.has('queries')) {
          log(`${queries.length} queries × ${iterations} iterations × ${runs} runs`);
          result.queries = await measureQueries(app, auth, queries, { runs, iterations, warmup: 3, log });
        }
      } finally {
        await app.close();
      }
    }
    if (only.has('import')) {
      log('import: 10k transactions through the demo provider');
      result.import = await measureImport(bench.database, { runs, transactionsPerInstitution: 10_000, log });
    }
    if (only.has('file-import')) {
      log('file import: a 50k-row CSV previewed, imported and imported again');
      result.fileImport = await measureFileImport(bench.database, { runs, log });
    }
    if (only.has('costs')) {
      log("costs: each route's largest legitimate request, its longest stall and memory");
      result.costs = await measureRouteCosts(bench.database, bench.meta.report.anchor, { runs, log });
    }
    return result;
  } finally {
    await bench.close();
  }
}

const started = Date.now();
const results: Result[] = [];
if ([...only].some((what) => what !== 'memory')) for (const kind of kinds) results.push(await benchOne(kind));
let memory: MemoryResult | undefined;
if (only.has('memory')) {
  log("memory: the built server at its defaults, first started, reopened, after a person's 2-year import");
  memory = await measureMemory(path.resolve(import.meta.dirname, '..'), { runs, log });
}
const info = machine();
const header = [
  `Machine: ${info.cpu}, ${info.memoryGiB} GiB RAM, ${info.platform}, Node ${info.node}.`,
  `Scale ${scale}, ${runs} runs × ${iterations} iterations; finished ${new Date().toISOString()} ` +
    `in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
].join('\n');
const markdown = [header, ...results.map(report), ...(memory ? [memoryReport(memory).join('\n')] : [])].join(
  '\n\n',
);
console.log(`\n${markdown}`);
fs.mkdirSync(CACHE_DIR, { recursive: true });
const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
const out = path.join(CACHE_DIR, `results-${stamp}`);
fs.writeFileSync(
  `${out}.json`,
  `${JSON.stringify({ machine: info, scale, runs, iterations, results, memory }, null, 2)}\n`,
);
fs.writeFileSync(`${out}.md`, `${markdown}\n`);
console.log(`\nSaved ${path.relative(process.cwd(), out)}.{json,md}`);
