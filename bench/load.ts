/**
 * Load benchmark: `npm run bench:load [-- options]`. Debian's wrk against several servers behind nginx on
 * PostgreSQL (`npm run cluster`), signed in as L (100,000 transactions at scale 1). See BENCHMARKS.md.
 *
 *   --servers=2          servers behind nginx (env BENCH_SERVERS)
 *   --connections=32     wrk's open connections (env BENCH_CONNECTIONS)
 *   --seconds=10         length of each timed run, after a 3 s warm-up (env BENCH_SECONDS)
 *   --runs=3             timed runs per workload; medians are reported (env BENCH_RUNS)
 *   --only=list,search,mixed   which workloads (env BENCH_ONLY)
 *   --scale=1            the generated data (as `npm run bench`; env BENCH_SCALE)
 *   --pg-url=postgres://…  server to create tally_bench on (env BENCH_DATABASE_URL)
 *
 * Workloads: "list" is the transaction list's pages and filters, "search" the list with search terms as a
 * person types them, "mixed" every call the signed-in screens make when they open (recorded in Chromium
 * from the built app, so it follows the screens), counted as screens per second. Each process's CPU time
 * during a run (servers, nginx, PostgreSQL, wrk itself) is read from /proc: wrk shares the machine's cores.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CATEGORY } from '@tally/shared';
import puppeteer from 'puppeteer-core';
import { startCluster } from '../scripts/cluster.mjs';
import { BENCH_DATABASE, preparePostgres, withDatabaseName } from './databases';
import { L_EMAIL, L_PASSWORD } from './generate';
import { login, startApp } from './lib/app';
import { buildQueries, median } from './queries';
import { CHROMIUM, CHROMIUM_ARGS } from './web/lighthouse';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: process.env.BENCH_SERVERS ?? '2' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '32' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    only: { type: 'string', default: process.env.BENCH_ONLY ?? 'list,search,mixed' },
    scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const servers = Number(values.servers);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const runs = Number(values.runs);
const scale = Number(values.scale);
const only = values.only.split(',').map((s) => s.trim());
for (const w of only)
  if (!['list', 'search', 'mixed'].includes(w))
    throw new Error(`unknown workload ${w} (list, search, mixed)`);
if (!(servers >= 1 && connections >= 1 && seconds >= 1 && runs >= 1)) throw new Error('bad options');

const log = (message: string) => console.log(message);

const PG_SOCKET_DIR = '/var/run/postgresql';
/**
 * The servers reach a PostgreSQL on this machine through its Unix socket, as a deployment with the database
 * beside its servers should: here a query over TCP loopback cost the server and PostgreSQL about a third more CPU.
 */
function viaSocket(url: string): string {
  const u = new URL(url);
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  if (!local || !fs.existsSync(path.join(PG_SOCKET_DIR, `.s.PGSQL.${u.port || 5432}`))) return url;
  u.searchParams.set('host', PG_SOCKET_DIR);
  return u.toString();
}
const TARGETS = {
  list: { perSecond: 2000, p99: 50 },
  search: { perSecond: 1000, p99: 50 },
  mixed: { perSecond: 800, p99: 50 },
};

type Call = { method: 'GET' | 'POST'; path: string; body?: string };
type Workload = { name: keyof typeof TARGETS; calls: Call[]; callsPerUnit: number; unit: string };

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The list as the transactions screen asks for it: pages 1–40 alone and under each filter and their mixes. */
function listCalls(anchor: string, accountIds: string[]): Call[] {
  const C = CATEGORY;
  const ranges = [30, 90, 365].map((d) => `startDate=${addDays(anchor, -d + 1)}&endDate=${anchor}`);
  const filters = [
    '',
    `category=${C.Groceries}`,
    `category=${C.DiningOut}`,
    `category=${C.Travel}`,
    ...accountIds.map((id) => `accountId=${id}`),
    ...ranges,
    'minAmount=100',
    'maxAmount=20',
    'minAmount=20&maxAmount=50',
    `category=${C.Groceries}&${ranges[1]}`,
    `accountId=${accountIds[0]}&${ranges[2]}&minAmount=50`,
  ];
  const calls: Call[] = [];
  for (let page = 1; page <= 40; page += 1) {
    const filter = filters[(page * 7) % filters.length];
    // Most people read the first pages.
    const shown = page <= 20 ? (page % 4) + 1 : page;
    const query = [filter, `page=${shown}`, 'pageSize=25'].filter(Boolean).join('&');
    calls.push({ method: 'GET', path: `/api/transactions?${query}` });
  }
  return calls;
}

/** Searches as typed: every prefix of a few words from 3 letters on, some with an account, some paged. */
function searchCalls(accountIds: string[]): Call[] {
  const words = ['grocery', 'starbucks', 'uber', 'amazon', 'netflix', 'shell', 'target', 'rent', 'coffee'];
  const calls: Call[] = [];
  let n = 0;
  for (const word of words) {
    for (let end = 3; end <= word.length; end += 1) {
      n += 1;
      const account = n % 5 === 0 ? `&accountId=${accountIds[n % accountIds.length]}` : '';
      const page = n % 7 === 0 ? 2 : 1;
      calls.push({
        method: 'GET',
        path: `/api/transactions?searchTerm=${encodeURIComponent(word.slice(0, end))}${account}&page=${page}&pageSize=25`,
      });
    }
  }
  return calls;
}

const SCREENS = ['/dashboard', '/transactions', '/budgets', '/subscriptions', '/savings'];

/** Every API call each signed-in screen makes as it opens, recorded in Chromium. */
async function screenCalls(origin: string, token: string, user: unknown) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      (t, u) => {
        const { localStorage } = globalThis as unknown as {
          localStorage: { setItem: (key: string, value: string) => void };
        };
        localStorage.setItem('authToken', t);
        localStorage.setItem('userData', u);
      },
      token,
      JSON.stringify(user),
    );
    const byScreen: Record<string, Call[]> = {};
    for (const screen of SCREENS) {
      const calls: Call[] = [];
      const hear = (request: import('puppeteer-core').HTTPRequest) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith('/api/') || request.resourceType() === 'eventsource') return;
        const method = request.method();
        if (method !== 'GET' && method !== 'POST') return;
        calls.push({ method, path: url.pathname + url.search, body: request.postData() });
      };
      page.on('request', hear);
      await page.goto(`${origin}${screen}`, { waitUntil: 'networkidle0' });
      page.off('request', hear);
      if (new URL(page.url()).pathname !== screen) throw new Error(`${screen} ended on ${page.url()}`);
      byScreen[screen] = calls;
    }
    return byScreen;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// CPU time of the processes involved, from /proc

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function processes() {
  return fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const rest = stat.slice(close + 2).split(' ');
      return [
        {
          pid: Number(name),
          comm,
          ppid: Number(rest[1]),
          cpu: (Number(rest[11]) + Number(rest[12])) / TICKS,
        },
      ];
    } catch {
      return [];
    }
  });
}

function cpuByRole(serverPids: number[], nginxPid: number) {
  const all = processes();
  const sum = (pred: (p: (typeof all)[number]) => boolean) => all.filter(pred).reduce((s, p) => s + p.cpu, 0);
  return {
    servers: sum((p) => serverPids.includes(p.pid)),
    nginx: sum((p) => p.pid === nginxPid || p.ppid === nginxPid),
    postgres: sum((p) => p.comm.startsWith('postgres')),
  };
}

// ---------------------------------------------------------------------------------------------------------
// wrk

const luaString = (s: string) => JSON.stringify(s);

function wrkScript(calls: Call[], authorization: string): string {
  const entries = calls
    .map((c) => `  {${luaString(c.method)}, ${luaString(c.path)}, ${c.body ? luaString(c.body) : 'nil'}}`)
    .join(',\n');
  return `local calls = {
${entries}
}
local i = 0
local headers = {
  ["Authorization"] = ${luaString(authorization)},
  ["Accept-Encoding"] = "br, gzip",
  ["Content-Type"] = "application/json",
}
request = function()
  i = i % #calls + 1
  local c = calls[i]
  return wrk.format(c[1], c[2], headers, c[3])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"micros":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;
}

type WrkResult = {
  requests: number;
  micros: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

/** Runs wrk for `secs` seconds; its own CPU time from the shell's `times`. */
function wrk(url: string, script: string, secs: number): Promise<{ result: WrkResult; cpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      ['-c', `wrk -t1 -c${connections} -d${secs}s --timeout 5s -s "$1" "$2" && times`, 'wrk', script, url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}):\n${out}`));
      // `times`: the shell's user/system, then its children's: "0m1.234s 0m0.567s".
      const children = out.trim().split('\n').at(-1) ?? '';
      const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (s, m) => s + Number(m[1]) * 60 + Number(m[2]),
        0,
      );
      resolve({ result: JSON.parse(line.slice(7)) as WrkResult, cpu });
    });
  });
}

type RunResult = {
  perSecond: number;
  unitsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: { wrk: number; servers: number; nginx: number; postgres: number; idle: number };
};

async function main() {
  if (!fs.existsSync('/usr/bin/wrk')) throw new Error('wrk is missing: apt-get install -y wrk');
  const started = performance.now();
  const prepared = await preparePostgres(values['pg-url'], { scale, regenerate: false, log });
  const anchor = prepared.meta.report.anchor;
  // L's budgets, subscriptions and goals, as the query benchmark makes them (once, kept with the data).
  const app = await startApp(prepared.database, { runJobs: false });
  await buildQueries(app, await login(app, L_EMAIL, L_PASSWORD), anchor);
  await app.close();
  await prepared.close();
  log(`data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-load-'));
  const lines: string[] = [];
  const cluster = await startCluster({
    servers,
    port: 0,
    databaseUrl: viaSocket(withDatabaseName(values['pg-url'], BENCH_DATABASE)),
    dataDir,
    onLine: (name: string, line: string) => lines.push(`[${name}] ${line}`),
    env: { LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
  });
  const results: Record<string, RunResult[]> = {};
  try {
    const signIn = await fetch(`${cluster.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: L_EMAIL, password: L_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { token, user } = (await signIn.json()) as { token: string; user: unknown };
    const authorization = `Bearer ${token}`;
    const accounts = (await (
      await fetch(`${cluster.url}/api/plaid/accounts`, { headers: { authorization } })
    ).json()) as { id: string }[];
    const accountIds = accounts.map((a) => a.id).slice(0, 6);

    const workloads: Workload[] = [];
    if (only.includes('list'))
      workloads.push({
        name: 'list',
        calls: listCalls(anchor, accountIds),
        callsPerUnit: 1,
        unit: 'requests',
      });
    if (only.includes('search'))
      workloads.push({ name: 'search', calls: searchCalls(accountIds), callsPerUnit: 1, unit: 'requests' });
    if (only.includes('mixed')) {
      const byScreen = await screenCalls(cluster.url, token, user);
      for (const [screen, calls] of Object.entries(byScreen)) log(`${screen}: ${calls.length} calls`);
      const calls = Object.values(byScreen).flat();
      workloads.push({ name: 'mixed', calls, callsPerUnit: calls.length / SCREENS.length, unit: 'screens' });
    }

    const serverPids = cluster.servers.map((s: { pid: number }) => s.pid);
    for (const w of workloads) {
      const script = path.join(dataDir, `${w.name}.lua`);
      fs.writeFileSync(script, wrkScript(w.calls, authorization));
      await wrk(cluster.url, script, 3); // warm-up
      const rs: RunResult[] = [];
      results[w.name] = rs;
      for (let run = 0; run < runs; run += 1) {
        const before = cpuByRole(serverPids, cluster.nginx.pid);
        const wall = performance.now();
        const { result, cpu } = await wrk(cluster.url, script, seconds);
        const elapsed = (performance.now() - wall) / 1000;
        const after = cpuByRole(serverPids, cluster.nginx.pid);
        const perSecond = result.requests / (result.micros / 1e6);
        const used = {
          wrk: cpu,
          servers: after.servers - before.servers,
          nginx: after.nginx - before.nginx,
          postgres: after.postgres - before.postgres,
        };
        const busy = used.wrk + used.servers + used.nginx + used.postgres;
        const r: RunResult = {
          perSecond,
          unitsPerSecond: perSecond / w.callsPerUnit,
          p50: result.p50 / 1000,
          p99: result.p99 / 1000,
          errors: result.connect + result.read + result.write + result.status + result.timeout,
          // Shares of the machine's cores over the run.
          cpu: {
            ...Object.fromEntries(Object.entries(used).map(([k, v]) => [k, v / elapsed / os.cpus().length])),
            idle: Math.max(0, 1 - busy / elapsed / os.cpus().length),
          } as RunResult['cpu'],
        };
        rs.push(r);
        if (r.errors > 0) {
          const { connect, read, write, status, timeout } = result;
          log(`  errors: ${JSON.stringify({ connect, read, write, status, timeout })}`);
        }
        log(
          `${w.name} run ${run + 1}: ${r.unitsPerSecond.toFixed(0)} ${w.unit}/s (${perSecond.toFixed(0)} requests/s), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors; CPU ${Object.entries(
            r.cpu,
          )
            .map(([k, v]) => `${k} ${(v * 100).toFixed(0)}%`)
            .join(', ')}`,
        );
      }
    }
    // The servers log warnings and errors only: any line here is something that went wrong under load.
    if (lines.length > 0)
      log(`servers' log (${lines.length} lines), the first:\n${lines.slice(0, 5).join('\n')}`);
  } catch (error) {
    console.error(lines.slice(-30).join('\n'));
    throw error;
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
  const table = [
    `${servers} servers behind nginx on PostgreSQL, wrk with ${connections} connections, ${runs} runs × ${seconds} s (medians); ${os.cpus().length} cores: ${os.cpus()[0]?.model ?? ''}`,
    '',
    '| workload | per second | target | p50 ms | p99 ms | errors | CPU: servers / PostgreSQL / nginx / wrk / idle |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...Object.entries(results).map(([name, rs]) => {
      const target = TARGETS[name as keyof typeof TARGETS];
      const m = (pick: (r: RunResult) => number) => median(rs.map(pick));
      const unit = name === 'mixed' ? 'screens' : 'requests';
      const ok = m((r) => r.unitsPerSecond) >= target.perSecond && m((r) => r.p99) <= target.p99;
      return `| ${name} | ${m((r) => r.unitsPerSecond).toFixed(0)} ${unit}${ok ? '' : ' **✗**'} | ≥ ${target.perSecond}, p99 ≤ ${target.p99} | ${m((r) => r.p50).toFixed(1)} | ${m((r) => r.p99).toFixed(1)} | ${rs.reduce((s, r) => s + r.errors, 0)} | ${pct(m((r) => r.cpu.servers))} / ${pct(m((r) => r.cpu.postgres))} / ${pct(m((r) => r.cpu.nginx))} / ${pct(m((r) => r.cpu.wrk))} / ${pct(m((r) => r.cpu.idle))} |`;
    }),
  ].join('\n');
  log(`\n${table}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
