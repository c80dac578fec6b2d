/**
 * Web delivery benchmark: `npm run bench:web [-- options]`. Lighthouse (mobile defaults: simulated slow 4G,
 * 150 ms RTT, 4× CPU) against the built app as production serves it. See BENCHMARKS.md.
 *
 *   --root=<path>            which checkout's build to serve (default this repository); built if missing
 *   --build                  build it even if built
 *   --runs=3                 Lighthouse runs per page; the median of each number is reported (env BENCH_RUNS)
 *   --pages=/,/login,…       which pages (default all five)
 *   --write=before|after     replace that block of BENCHMARKS.md (between <!-- web-<block>:start/end -->)
 *   --skip-typing            with /transactions, leave out the typing run at L
 *
 * With /transactions, the person then grows to L (a 100,000-row statement imported) and types into the
 * search on a phone with the CPU slowed 4×: the interactions' INP (Event Timing), median of the runs.
 *
 * Every run's Lighthouse report is kept in bench/.cache/lighthouse/<block or latest>/.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'lighthouse';
import { writeResults } from './benchmarks-file';
import { median } from './queries';
import { lighthouseRun, type Measurement, type Run } from './web/lighthouse';
import { buildIfNeeded, type Session, signUpWithDemoBank, startServer } from './web/server';
import { growToL, TYPING_TARGET_MS, type TypingRun, typingRun } from './web/typing';

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/transactions', signedIn: true },
];

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(here, '..') },
    build: { type: 'boolean', default: false },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    pages: { type: 'string', default: PAGES.map((p) => p.path).join(',') },
    write: { type: 'string' },
    'skip-typing': { type: 'boolean', default: false },
  },
});

const root = path.resolve(values.root);
const runs = Number(values.runs);
const wanted = values.pages.split(',').map((s) => s.trim());
const pages = wanted.map((p) => {
  const page = PAGES.find((q) => q.path === p);
  if (!page) throw new Error(`unknown page ${p} (known: ${PAGES.map((q) => q.path).join(', ')})`);
  return page;
});
if (!(Number.isInteger(runs) && runs >= 1)) throw new Error('--runs must be a whole number ≥ 1');
if (values.write !== undefined && values.write !== 'before' && values.write !== 'after')
  throw new Error('--write must be before or after');

const log = (message: string) => console.log(message);
const reportDir = path.join(here, '.cache', 'lighthouse', values.write ?? 'latest');

type PageResult = { path: string; median: Measurement; runs: Run[] };

function medianMeasurement(measurements: Measurement[]): Measurement {
  const first = measurements[0];
  if (!first) throw new Error('no measurements');
  const out = { ...first };
  for (const key of Object.keys(first) as (keyof Measurement)[])
    out[key] = median(measurements.map((m) => m[key]));
  return out;
}

/** The run whose LCP is the median one: its LCP element, LCP phases and main-thread breakdown. */
function lcpNotes(result: PageResult): string {
  const sorted = [...result.runs].sort((a, b) => a.measurement.lcp - b.measurement.lcp);
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)]?.lhr as Result;
  type Table = { items?: Record<string, unknown>[] };
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined;
  const node = lcp?.items?.[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (lcp?.items?.[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(Number(p.timing))} ms`);
  const main = (lhr.audits['mainthread-work-breakdown']?.details as Table | undefined)?.items ?? [];
  const top = main
    .slice(0, 3)
    .map((g) => `${g.groupLabel} ${Math.round(Number(g.duration))} ms`)
    .join(', ');
  const label = (node?.nodeLabel ?? '?').replace(/\s+/g, ' ').slice(0, 60);
  return `${result.path}: LCP element "${label}" (${node?.selector ?? '?'}); ${phases.join(', ')}; main thread: ${top}`;
}

/** Lighthouse now and then fails to record a load (NO_NAVSTART, NO_FCP); such a run is repeated, twice at most. */
async function withRetries(run: () => Promise<Run>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      log(`  run failed, repeating it: ${(error as Error).message}`);
    }
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function table(results: PageResult[]): string[] {
  const lines = [
    '| Page | Performance | Accessibility | Best practices | FCP (s) | LCP (s) | TBT (ms) | CLS | JS transferred (KiB) | JS decoded (KiB) | Scripts |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { path: p, median: m } of results) {
    lines.push(
      `| \`${p}\` | ${Math.round(m.performance)} | ${Math.round(m.accessibility)} | ${Math.round(m.bestPractices)} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${kib(m.jsTransferred)} | ${kib(m.jsDecoded)} | ${Math.round(m.scripts)} |`,
    );
  }
  return lines;
}

function describeCheckout(): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'apps', 'packages') !== '';
  return dirty ? `${commit} with uncommitted changes` : commit;
}

function writeBlock(block: 'before' | 'after', text: string) {
  writeResults(`web-${block}`, text);
  log(`wrote the ${block} block of BENCHMARKS.md`);
}

buildIfNeeded(root, values.build, log);
const checkout = describeCheckout();
const server = await startServer(root);
const results: PageResult[] = [];
const typingRuns: TypingRun[] = [];
try {
  log(`serving ${root} (${checkout}) at ${server.origin}`);
  let session: Session | undefined;
  if (pages.some((p) => p.signedIn)) {
    session = await signUpWithDemoBank(server.origin);
    log(`signed up and linked the demo bank: ${session.transactions.toLocaleString('en-US')} transactions`);
  }
  fs.rmSync(reportDir, { recursive: true, force: true });
  fs.mkdirSync(reportDir, { recursive: true });
  for (const page of pages) {
    const pageRuns: Run[] = [];
    for (let i = 1; i <= runs; i++) {
      const run = await withRetries(() =>
        lighthouseRun(`${server.origin}${page.path}`, page.signedIn ? session : undefined),
      );
      const slug = page.path === '/' ? 'home' : page.path.slice(1);
      fs.writeFileSync(path.join(reportDir, `${slug}-${i}.json`), JSON.stringify(run.lhr));
      const m = run.measurement;
      log(
        `${page.path} run ${i}/${runs}: performance ${m.performance}, LCP ${seconds(m.lcp)} s, TBT ${Math.round(m.tbt)} ms`,
      );
      pageRuns.push(run);
    }
    results.push({
      path: page.path,
      median: medianMeasurement(pageRuns.map((r) => r.measurement)),
      runs: pageRuns,
    });
  }
  // Then the same person grows to L, and types into the search.
  if (session && wanted.includes('/transactions') && !values['skip-typing']) {
    const rows = await growToL(server.origin, session);
    log(`imported a 100,000-row statement: ${rows.toLocaleString('en-US')} transactions`);
    for (let i = 1; i <= runs; i++) {
      const run = await typingRun(server.origin, session);
      log(
        `typing run ${i}/${runs}: INP ${Math.round(run.inp)} ms (keys ${run.keys.map(Math.round).join(', ')}), results ${Math.round(run.resultsMs)} ms after the last key`,
      );
      typingRuns.push(run);
    }
  }
} finally {
  await server.stop();
}

const first = results[0]?.runs[0] as Run;
const benchmarkIndex = median(results.flatMap((r) => r.runs.map((x) => x.lhr.environment.benchmarkIndex)));
const caption =
  `Commit ${checkout}, ${new Date().toISOString().slice(0, 10)}; median of ${runs} run${runs === 1 ? '' : 's'} per page; ` +
  `Lighthouse ${first.lhr.lighthouseVersion}, Chromium ${first.browser.replace(/^\w+\//, '')}, Node ${process.version}, ${os.cpus().length} cores, ` +
  `BenchmarkIndex ${Math.round(benchmarkIndex)} (median).`;
const lines = [caption, '', ...table(results)];
if (typingRuns.length > 0) {
  const inp = median(typingRuns.map((r) => r.inp));
  lines.push(
    '',
    `Typing "grocery" into the transaction search at L (${typingRuns.length} runs, phone, CPU 4× slower): INP ${Math.round(inp)} ms ` +
      `(target ≤ ${TYPING_TARGET_MS} ms ${inp <= TYPING_TARGET_MS ? '✓' : '✗'}), the results shown ${Math.round(median(typingRuns.map((r) => r.resultsMs)))} ms after the last key.`,
  );
}
log('');
log(lines.join('\n'));
log('');
for (const r of results) log(lcpNotes(r));
log(`Lighthouse reports: ${path.relative(process.cwd(), reportDir)}/`);
if (values.write === 'before' || values.write === 'after') writeBlock(values.write, lines.join('\n'));
