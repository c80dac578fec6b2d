// `npm run cluster`: several Tally servers behind nginx, on one PostgreSQL and one Redis, as a deployment with
// more than one server runs. Builds what is stale (as `npm start` does), starts N compiled servers (default 2),
// each on its own port, then nginx in front of them with ops/cluster/nginx.conf. Ctrl-C stops everything.
//
//   npm run cluster                       # 2 servers behind http://127.0.0.1:8080
//   npm run cluster -- --servers 3 --port 9000
//
// DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/tally_cluster, created if missing),
// REDIS_URL (default redis://127.0.0.1:6379), JWT_SECRET and TOKEN_ENCRYPTION_KEY (generated once into
// CLUSTER_DATA_DIR, default ./data/cluster, when not given) are the same for every server; any other
// setting in the environment is passed to every server too. The cluster's test suite
// (apps/server/cluster) starts clusters through the functions exported here.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildAppIfStale } from './build-if-stale.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');

export const DEFAULT_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/tally_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_DATA_DIR = path.join(root, 'data', 'cluster');
export const NGINX_TEMPLATE = path.join(root, 'ops', 'cluster', 'nginx.conf');
/** What servers started here believe X-Forwarded-For from: nginx, on this machine. */
const NGINX_ADDRESSES = 'loopback';
const START_TIMEOUT_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The database named in `url`, and a URL of the same server's `postgres` database to administer it. */
function databaseOf(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`${url} names no database`);
  u.pathname = '/postgres';
  return { name, adminUrl: u.toString() };
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

async function withAdmin(url, run) {
  const { name, adminUrl } = databaseOf(url);
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${new URL(adminUrl).host} does not answer (${error.message}). Start it, or set DATABASE_URL.`,
    );
  }
  try {
    return await run(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the database `url` names unless it exists. */
export function ensureDatabase(url) {
  return withAdmin(url, async (client, name) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${quoteIdent(name)}`);
  });
}

/** Drops the database `url` names, closing whatever is still connected to it. */
export function dropDatabase(url) {
  return withAdmin(url, (client, name) =>
    client.query(`drop database if exists ${quoteIdent(name)} with (force)`),
  );
}

/** Whether something answers the Redis protocol at `url` (any answer to PING: one asking for a password counts). */
export function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    const finish = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(2000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.once('data', (data) => finish(/^[+-]/.test(data.toString())));
  });
}

/**
 * The secrets every server must share: from the environment when given, else generated once into
 * dataDir/secrets (mode 0600) under the names a server would use, so the cluster keeps them across runs.
 */
export function clusterSecrets(dataDir, env = process.env) {
  const read = (name, given) => {
    if (given) return given;
    const file = path.join(dataDir, 'secrets', name);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    return fs.readFileSync(file, 'utf8').trim();
  };
  return {
    JWT_SECRET: read('jwt-secret', env.JWT_SECRET),
    TOKEN_ENCRYPTION_KEY: read('token-encryption-key', env.TOKEN_ENCRYPTION_KEY),
  };
}

const asRoot = (command) => (process.getuid?.() === 0 ? command : ['sudo', '-n', ...command]);

/** Debian's nginx binary, or null. */
export function findNginx() {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p)) ?? null;
}

/** nginx from Debian's packages, installed with apt-get (as root, or with sudo that asks no password) if missing. */
export function ensureNginx() {
  const found = findNginx();
  if (found) return found;
  console.log('Installing nginx (Debian package)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const command of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'nginx'],
  ]) {
    const [bin, ...args] = asRoot(command);
    const result = spawnSync(bin, args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      throw new Error(
        `Could not install nginx (${command.join(' ')} failed). Run as root: apt-get install -y nginx`,
      );
    }
  }
  const installed = findNginx();
  if (!installed) throw new Error('nginx was installed but is not found');
  return installed;
}

/** Resolves when `url` answers 200, or rejects when the process exits first or after timeoutMs. */
export async function waitForHealth(url, { exited, timeoutMs = START_TIMEOUT_MS, name = url } = {}) {
  let gone = null;
  exited?.then((how) => {
    gone = how;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`${name} exited before answering (${JSON.stringify(gone)})`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** Runs a child, handing each line of its output to onLine; `exited` resolves with its code and signal. */
function run(bin, args, { env, name, onLine }) {
  const child = spawn(bin, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => onLine(name, line));
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, pid: child.pid, exited };
}

/** nginx's configuration for these server ports, from the template in ops/cluster. */
export function nginxConfig({ prefix, port, serverPorts, upstreamHeader = false, accessLog = false }) {
  return fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{prefix}}', prefix)
    .replace('{{listen}}', `127.0.0.1:${port}`)
    .replace('{{access_log}}', accessLog ? `${prefix}/access.log` : 'off')
    .replace('{{servers}}', serverPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n'))
    .replace(
      '{{extra}}',
      upstreamHeader
        ? '      # Tests: which servers a request went to (more than one when it was retried).\n      add_header X-Upstream $upstream_addr always;'
        : '',
    );
}

/**
 * Starts the cluster: the database created if missing, N servers on their own ports (all at once: they
 * migrate one at a time under a lock), then nginx. Options:
 * - servers (2), port (nginx's; 8080, 0 for a free one), serverPorts (default the ports after nginx's, or
 *   free ones when port is 0)
 * - databaseUrl, redisUrl, dataDir (the servers' DATA_DIR, shared: the generated secrets and push keys)
 * - env: more settings for every server (after the environment's own when inheritEnv)
 * - onLine(name, line): each line the servers and nginx write (default: printed with the name in front)
 * - build: build what is stale first (true); upstreamHeader: nginx names the servers it tried (tests)
 */
export async function startCluster(options = {}) {
  const {
    servers: count = 2,
    databaseUrl = DEFAULT_DATABASE_URL,
    redisUrl = DEFAULT_REDIS_URL,
    dataDir = DEFAULT_DATA_DIR,
    env: extraEnv = {},
    inheritEnv = true,
    onLine = (name, line) => console.log(`[${name}] ${line}`),
    build = true,
    upstreamHeader = false,
  } = options;
  const entry = build ? buildAppIfStale() : path.join(root, 'apps/server/dist/server.js');
  const nginxBin = ensureNginx();
  if (!(await redisAnswers(redisUrl))) {
    throw new Error(
      `Redis does not answer at ${redisUrl}. Start one (redis-server --daemonize yes --bind 127.0.0.1 --save "" --appendonly no), or set REDIS_URL.`,
    );
  }
  await ensureDatabase(databaseUrl);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const port = options.port === 0 ? await freePort() : (options.port ?? 8080);
  const serverPorts =
    options.serverPorts ??
    (options.port === 0
      ? await Promise.all(Array.from({ length: count }, () => freePort()))
      : Array.from({ length: count }, (_, i) => port + 1 + i));
  const url = `http://127.0.0.1:${port}`;
  const base = inheritEnv ? { ...process.env } : { PATH: process.env.PATH ?? '' };
  const env = {
    ...base,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: NGINX_ADDRESSES,
    PUBLIC_URL: base.PUBLIC_URL || `http://localhost:${port}`,
    ...extraEnv,
  };
  Object.assign(env, clusterSecrets(dataDir, env));

  /** @type {Array<{ index: number, name: string, port: number, url: string, pid: number, child: import('node:child_process').ChildProcess, exited: Promise<{ code: number | null, signal: string | null }> }>} */
  const servers = [];
  const launch = (index) => {
    const serverPort = serverPorts[index];
    const name = `server ${index + 1}`;
    const started = run(process.execPath, [...serverNodeFlags(), '--enable-source-maps', entry], {
      env: { ...env, PORT: String(serverPort) },
      name,
      onLine,
    });
    servers[index] = { index, name, port: serverPort, url: `http://127.0.0.1:${serverPort}`, ...started };
    return waitForHealth(servers[index].url, { exited: started.exited, name });
  };
  const stopServers = () =>
    Promise.all(
      servers.map(async (s) => {
        s.child.kill('SIGTERM');
        await s.exited;
      }),
    );
  try {
    await Promise.all(serverPorts.map((_, index) => launch(index)));
  } catch (error) {
    await stopServers();
    throw error;
  }

  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-nginx-'));
  // Workers may run as another user when nginx starts as root: they reach their temp paths in here.
  fs.chmodSync(prefix, 0o755);
  const confFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(confFile, nginxConfig({ prefix, port, serverPorts, upstreamHeader }));
  const nginx = run(nginxBin, ['-e', 'stderr', '-p', prefix, '-c', confFile], {
    env: process.env,
    name: 'nginx',
    onLine,
  });
  try {
    await waitForHealth(url, { exited: nginx.exited, name: 'nginx' });
  } catch (error) {
    nginx.child.kill('SIGTERM');
    await Promise.all([nginx.exited, stopServers()]);
    fs.rmSync(prefix, { recursive: true, force: true });
    throw error;
  }

  let stopping = null;
  return {
    url,
    port,
    databaseUrl,
    redisUrl,
    dataDir,
    env,
    servers,
    nginx,
    /** Sends the signal to a server and resolves with how it exited. */
    async stopServer(index, signal = 'SIGTERM') {
      const server = servers[index];
      server.child.kill(signal);
      return server.exited;
    },
    /** Starts a stopped server again on its port; resolves once it answers. */
    async startServer(index) {
      await launch(index);
    },
    /** Stops nginx and every server (each finishes its requests and jobs), then removes nginx's files. */
    stop() {
      stopping ??= (async () => {
        nginx.child.kill('SIGQUIT');
        await Promise.all([nginx.exited, stopServers()]);
        fs.rmSync(prefix, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      servers: { type: 'string', short: 'n', default: process.env.CLUSTER_SERVERS ?? '2' },
      port: { type: 'string', short: 'p', default: process.env.CLUSTER_PORT ?? '8080' },
    },
  });
  const servers = Number(values.servers);
  const port = Number(values.port);
  if (!Number.isInteger(servers) || servers < 1) throw new Error('--servers must be a whole number from 1');
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port must be a TCP port');
  const cluster = await startCluster({
    servers,
    port,
    databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    dataDir: path.resolve(process.env.CLUSTER_DATA_DIR || DEFAULT_DATA_DIR),
  });
  console.log(
    `\nTally is running at ${cluster.url}: nginx in front of ${servers} servers (${cluster.servers
      .map((s) => s.url)
      .join(', ')}) on ${new URL(cluster.databaseUrl).pathname.slice(1)}. Ctrl-C stops everything.\n`,
  );
  let stopping = false;
  for (const server of cluster.servers) {
    server.exited.then((how) => {
      if (!stopping)
        console.log(
          `[${server.name}] exited (${JSON.stringify(how)}); nginx sends its requests to the others`,
        );
    });
  }
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping: servers finish their requests and jobs…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  cluster.nginx.exited.then((how) => {
    if (stopping) return;
    console.error(`nginx exited (${JSON.stringify(how)}); stopping the servers`);
    stop();
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
