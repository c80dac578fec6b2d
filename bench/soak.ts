/**
 * Soak: `npm run bench:soak [-- options]`. Two servers behind nginx on PostgreSQL (`npm run cluster`'s
 * set-up, on a database of its own), and mixed traffic at a fixed rate for a long while: reads of every
 * screen, writes, file imports, the advisor, the person's own export. See BENCHMARKS.md.
 *
 *   --minutes=30        how long the traffic runs (env SOAK_MINUTES)
 *   --rate=25           requests started per second, whatever the answers' speed (env SOAK_RATE)
 *   --people=24         people sharing the traffic, each with a demo bank's two years (env SOAK_PEOPLE)
 *   --servers=2         servers behind nginx (env SOAK_SERVERS)
 *   --pg-url=postgres://…  server to create the soak's database on (env BENCH_DATABASE_URL)
 *
 * Reported: every minute's requests, errors (any answer but 2xx, or none), p50 and p99; each server's
 * memory (RSS) every 10 s; at the end, what is left: locks held, transactions open, jobs active, imports
 * under way. The verdict compares the first five minutes with the last five.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORY, type LoginResult } from '@tally/shared';
import pg from 'pg';
import {
  call,
  clientAddress,
  historySyncOver,
  linkBank,
  REDIS_URL,
  register,
} from '../apps/server/cluster/support';
import { DEMO_INSTITUTIONS } from '../apps/server/src/providers/bank/demo/catalogue';
import { dropDatabase, startCluster } from '../scripts/cluster.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.SOAK_MINUTES ?? '30' },
    rate: { type: 'string', default: process.env.SOAK_RATE ?? '25' },
    people: { type: 'string', default: process.env.SOAK_PEOPLE ?? '24' },
    servers: { type: 'string', default: process.env.SOAK_SERVERS ?? '2' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
    },
  },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const peopleCount = Number(values.people);
const serverCount = Number(values.servers);
if (!(minutes > 0 && rate > 0 && peopleCount > 0 && serverCount > 0)) throw new Error('bad options');

/** Requests still unanswered past this many are not started (counted as skipped): the soak measures, it does not pile up. */
const MAX_IN_FLIGHT = 200;
const SAMPLE_EVERY_MS = 10_000;
/** Memory growth after warm-up taken as a trend rather than the collector's saw-tooth. */
const MAX_GROWTH_MB_PER_HOUR = 50;
const WINDOW_MINUTES = Math.min(5, Math.max(1, Math.floor(minutes / 3)));

const log = (message: string) => console.log(`[soak] ${message}`);

type Person = {
  auth: LoginResult;
  address: string;
  accountId: string;
  transactionIds: string[];
  /** Manual transactions written by the soak, deleted again by it. */
  written: string[];
  imports: number;
};

const databaseUrl = (() => {
  const u = new URL(values['pg-url']);
  u.pathname = '/tally_soak';
  return u.toString();
})();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A small statement file as a bank writes it: rows of the person's own, new each time. */
function statement(person: Person) {
  person.imports += 1;
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < 40; i += 1) {
    lines.push(`${day(-(i % 60))},SOAK ${person.imports}-${i} CORNER SHOP,-${(2 + (i % 17)).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)]!;

const ADVISOR_QUESTIONS = [
  'How much did I spend on dining out last month?',
  'Am I on track with my budget this month?',
  'What are my biggest expenses?',
  'Which subscriptions could I cancel?',
];
const SEARCHES = ['coffee', 'uber', 'market', 'rent', 'amazon', 'salary'];

type Op = { name: string; weight: number; run: (base: string, p: Person) => Promise<number> };

const status = async (
  base: string,
  p: Person,
  method: string,
  url: string,
  body?: unknown,
): Promise<number> =>
  (await call(base, method, url, { token: p.auth.token, address: p.address, body })).status;

/** The traffic's mix, by weight: mostly the screens' reads, then edits, and now and then the heavy things. */
const OPS: Op[] = [
  {
    name: 'transactions',
    weight: 22,
    run: (b, p) => status(b, p, 'GET', `/api/transactions?page=${randomInt(1, 40)}&pageSize=25`),
  },
  {
    name: 'search',
    weight: 8,
    run: (b, p) => status(b, p, 'GET', `/api/transactions?search=${pick(SEARCHES)}`),
  },
  { name: 'summary', weight: 6, run: (b, p) => status(b, p, 'GET', '/api/transactions/summary') },
  { name: 'budget', weight: 8, run: (b, p) => status(b, p, 'GET', '/api/budget/active') },
  { name: 'subscriptions', weight: 5, run: (b, p) => status(b, p, 'GET', '/api/subscriptions') },
  { name: 'savings', weight: 5, run: (b, p) => status(b, p, 'GET', '/api/savings/overview') },
  { name: 'notifications', weight: 5, run: (b, p) => status(b, p, 'GET', '/api/notifications') },
  { name: 'accounts', weight: 4, run: (b, p) => status(b, p, 'GET', '/api/plaid/accounts') },
  { name: 'cash-flow', weight: 3, run: (b, p) => status(b, p, 'GET', '/api/reports/monthly-cash-flow') },
  {
    name: 'recategorise',
    weight: 8,
    run: (b, p) =>
      status(b, p, 'PUT', `/api/transactions/${pick(p.transactionIds)}/category`, {
        category: pick([CATEGORY.Groceries, CATEGORY.DiningOut, CATEGORY.Entertainment]),
      }),
  },
  {
    name: 'note',
    weight: 4,
    run: (b, p) =>
      status(b, p, 'PUT', `/api/transactions/${pick(p.transactionIds)}/note`, { note: `soak ${Date.now()}` }),
  },
  {
    name: 'manual-add-delete',
    weight: 4,
    run: async (b, p) => {
      const gone = p.written.length > 3 ? p.written.shift() : undefined;
      if (gone) return status(b, p, 'DELETE', `/api/transactions/${gone}`);
      const res = await call(b, 'POST', '/api/transactions/manual', {
        token: p.auth.token,
        address: p.address,
        body: {
          accountId: p.accountId,
          date: day(-randomInt(0, 20)),
          description: 'Farmers market',
          amount: -12.5,
          category: CATEGORY.Groceries,
        },
      });
      if (res.status === 201) p.written.push((res.body as { id: string }).id);
      return res.status;
    },
  },
  {
    name: 'file-import',
    weight: 1.5,
    run: (b, p) =>
      status(b, p, 'POST', '/api/imports', {
        accountId: p.accountId,
        content: statement(p),
        fileName: 'soak.csv',
      }),
  },
  {
    name: 'advisor',
    weight: 1.5,
    run: (b, p) => status(b, p, 'POST', '/api/ai/query', { query: pick(ADVISOR_QUESTIONS) }),
  },
  {
    name: 'export',
    weight: 0.5,
    run: async (b, p) => {
      // The ZIP read to its end, as a browser saving it does.
      const res = await fetch(`${b}/api/user/export`, {
        headers: { authorization: `Bearer ${p.auth.token}`, 'x-forwarded-for': p.address },
      });
      await res.arrayBuffer();
      return res.status;
    },
  },
];
const TOTAL_WEIGHT = OPS.reduce((sum, op) => sum + op.weight, 0);
function chooseOp(): Op {
  let x = Math.random() * TOTAL_WEIGHT;
  for (const op of OPS) {
    x -= op.weight;
    if (x < 0) return op;
  }
  return OPS[0]!;
}

type Sample = { at: number; op: string; ms: number; status: number };

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Least-squares slope of y over x (per unit of x). */
function slope(points: Array<[number, number]>) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function setUp(base: string): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < peopleCount; i += 1) {
    const address = clientAddress();
    const auth = await register(base, address);
    const connectionId = await linkBank(
      base,
      auth.token,
      address,
      DEMO_INSTITUTIONS[i % DEMO_INSTITUTIONS.length]!.id,
    );
    people.push({ auth, address, accountId: '', transactionIds: [], written: [], imports: 0 });
    const person = people.at(-1)!;
    const over = await historySyncOver(base, auth.token, address, connectionId);
    if (over !== 'Completed') throw new Error(`a history sync ended ${over}`);
    const account = await call(base, 'POST', '/api/accounts/manual', {
      token: auth.token,
      address,
      body: { name: 'Wallet', type: 0, subtype: 'checking', openingBalance: 0 },
    });
    person.accountId = (account.body as { id: string }).id;
    const budget = await call(base, 'POST', '/api/budget', {
      token: auth.token,
      address,
      body: {
        name: 'Monthly plan',
        period: 2,
        totalIncome: 5000,
        categories: [
          { category: CATEGORY.Groceries, allocatedAmount: 600, allowRollover: true },
          { category: CATEGORY.DiningOut, allocatedAmount: 300 },
          { category: CATEGORY.Entertainment, allocatedAmount: 150 },
        ],
      },
    });
    if (budget.status !== 201) throw new Error(`budget answered ${budget.status}`);
    await call(base, 'POST', '/api/savings/goals', {
      token: auth.token,
      address,
      body: { name: 'Holiday', targetAmount: 3000, allocationPercentage: 50, targetDate: day(400) },
    });
    const page = await call(base, 'GET', '/api/transactions?pageSize=100', { token: auth.token, address });
    person.transactionIds = (page.body as { transactions: Array<{ id: string }> }).transactions.map(
      (t) => t.id,
    );
    if (person.transactionIds.length === 0) throw new Error('a person has no transactions');
    if ((i + 1) % 6 === 0) log(`${i + 1} of ${peopleCount} people set up`);
  }
  return people;
}

/** What the traffic left behind once it has stopped and the servers had a moment to finish. */
async function leftBehind(db: pg.Client) {
  const one = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  return {
    advisoryLocks: await one(
      `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and a.datname = current_database() and a.pid <> pg_backend_pid()`,
    ),
    rowLocksWaiting: await one(
      `select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`,
    ),
    openTransactions: await one(
      `select count(*) as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
    ),
    activeJobs: await one(`select count(*) as n from pgboss.job where state = 'active'`),
    importsUnderway: await one(`select count(*) as n from history_syncs where status = 'InProgress'`),
  };
}

async function main() {
  await dropDatabase(databaseUrl).catch(() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-soak-'));
  log(`starting ${serverCount} servers behind nginx on ${new URL(databaseUrl).pathname.slice(1)}`);
  const cluster = await startCluster({
    servers: serverCount,
    port: 0,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    onLine: () => {},
  });
  // Stopped early (Ctrl-C): the servers and nginx stop with it, and the database goes.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      log(`stopped by ${signal}`);
      void cluster
        .stop()
        .then(() => dropDatabase(databaseUrl))
        .finally(() => process.exit(130));
    });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const base = cluster.url;
    const started = Date.now();
    const people = await setUp(base);
    log(`${people.length} people set up in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const samples: Sample[] = [];
    const memory: Array<{ at: number; rss: number[] }> = [];
    let inFlight = 0;
    let skipped = 0;
    const pending = new Set<Promise<void>>();
    const begin = Date.now();
    const end = begin + minutes * 60_000;
    const sampleMemory = () =>
      memory.push({ at: Date.now() - begin, rss: cluster.servers.map((s) => rssMb(s.pid)) });
    sampleMemory();
    const sampler = setInterval(sampleMemory, SAMPLE_EVERY_MS);
    let lastReport = begin;

    // Open loop: the n-th request starts at begin + n / rate, however long the answers take.
    for (let n = 0; ; n += 1) {
      const due = begin + (n * 1000) / rate;
      if (due >= end) break;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      const op = chooseOp();
      const person = pick(people);
      const at = Date.now();
      inFlight += 1;
      const done = op
        .run(base, person)
        .catch(() => 0)
        .then((code) => {
          samples.push({ at: at - begin, op: op.name, ms: Date.now() - at, status: code });
        })
        .finally(() => {
          inFlight -= 1;
          pending.delete(done);
        });
      pending.add(done);
      if (Date.now() - lastReport >= 60_000) {
        lastReport = Date.now();
        const minute = samples.filter((s) => s.at >= lastReport - begin - 60_000);
        const ms = minute.map((s) => s.ms).sort((a, b) => a - b);
        const errors = minute.filter((s) => s.status < 200 || s.status >= 300).length;
        const rss = memory
          .at(-1)
          ?.rss.map((r) => r.toFixed(0))
          .join(' / ');
        log(
          `minute ${Math.round((lastReport - begin) / 60_000)}: ${minute.length} requests, ${errors} errors, p50 ${quantile(ms, 0.5)} ms, p99 ${quantile(ms, 0.99)} ms, RSS ${rss} MB, in flight ${inFlight}`,
        );
      }
    }
    await Promise.all(pending);
    clearInterval(sampler);
    sampleMemory();
    // The servers' own work started by the traffic (imports' follow-ups, deliveries) settles.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    // A scheduled job may be running at that moment: what is left is what is still there half a minute on.
    let left = await leftBehind(db);
    for (let i = 0; i < 15 && Object.values(left).some((n) => n > 0); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      left = await leftBehind(db);
    }

    const window = WINDOW_MINUTES * 60_000;
    const total = minutes * 60_000;
    const slice = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to);
    const summary = (list: Sample[]) => {
      const ms = list.map((s) => s.ms).sort((a, b) => a - b);
      return {
        requests: list.length,
        errors: list.filter((s) => s.status < 200 || s.status >= 300).length,
        p50: quantile(ms, 0.5),
        p99: quantile(ms, 0.99),
      };
    };
    const first = summary(slice(0, window));
    const last = summary(slice(total - window, total));
    const all = summary(samples);
    const errorsByOp = new Map<string, Map<number, number>>();
    for (const s of samples) {
      if (s.status >= 200 && s.status < 300) continue;
      const byStatus = errorsByOp.get(s.op) ?? new Map<number, number>();
      byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
      errorsByOp.set(s.op, byStatus);
    }
    const perOp = OPS.map((op) => ({ op: op.name, ...summary(samples.filter((s) => s.op === op.name)) }));
    // Memory after the first window (warm-up: caches fill, the JIT settles), per server: MB per hour.
    const settled = memory.filter((m) => m.at >= window);
    const servers = cluster.servers.map((_, i) => {
      const points = settled.map((m) => [m.at / 3_600_000, m.rss[i]!] as [number, number]);
      const mean = (list: typeof memory) =>
        list.reduce((s, m) => s + m.rss[i]!, 0) / Math.max(1, list.length);
      return {
        server: i + 1,
        firstWindowMb: Math.round(mean(memory.filter((m) => m.at < window))),
        lastWindowMb: Math.round(mean(memory.filter((m) => m.at >= total - window))),
        peakMb: Math.round(Math.max(...memory.map((m) => m.rss[i]!))),
        mbPerHourAfterWarmUp: Number(slope(points).toFixed(1)),
      };
    });
    const result = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB`,
      minutes,
      rate,
      people: peopleCount,
      servers: serverCount,
      all,
      skipped,
      first,
      last,
      p99Ratio: Number((last.p99 / Math.max(1, first.p99)).toFixed(2)),
      memory: servers,
      left,
      errors: Object.fromEntries([...errorsByOp].map(([op, m]) => [op, Object.fromEntries(m)])),
      perOp,
    };
    const file = path.resolve(import.meta.dirname, '../test-results/soak.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...result, memorySamples: memory }, null, 2));
    console.log(JSON.stringify(result, null, 2));
    log(`written to ${path.relative(process.cwd(), file)}`);
    const clean =
      all.errors === 0 &&
      skipped === 0 &&
      servers.every((s) => s.mbPerHourAfterWarmUp < MAX_GROWTH_MB_PER_HOUR) &&
      Object.values(left).every((n) => n === 0) &&
      last.p99 <= first.p99 * 1.5;
    log(clean ? 'verdict: steady' : 'verdict: NOT steady (see above)');
    process.exitCode = clean ? 0 : 1;
  } finally {
    await db.end();
    await cluster.stop();
    await dropDatabase(databaseUrl).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
