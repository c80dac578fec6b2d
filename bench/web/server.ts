import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

export type Server = { origin: string; pid: number; stop: () => Promise<void> };
export type Session = { token: string; user: unknown; transactions: number };

/** Builds the checkout at `root` unless both builds are there (or `force`). */
export function buildIfNeeded(root: string, force: boolean, log: (message: string) => void) {
  const built =
    fs.existsSync(path.join(root, 'apps/server/dist/server.js')) &&
    fs.existsSync(path.join(root, 'apps/web/dist'));
  if (built && !force) return;
  log(`building ${root} (npm run build)…`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The built server of `root` as production runs it: embedded database, demo bank. In a fresh directory,
 * removed when it stops, unless `dataDir` names one to open (and keep).
 */
export async function startServer(root: string, options: { dataDir?: string } = {}): Promise<Server> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-web-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  for (const key of [
    'DATABASE_URL',
    'REDIS_URL',
    'PLAID_CLIENT_ID',
    'PLAID_SECRET',
    'WEB_DIST_DIR',
    'LOG_LEVEL',
  ])
    delete env[key];
  env.LOG_LEVEL = 'warn';
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), 'apps/server/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timeout = sleep(10_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited, timeout]);
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, pid: child.pid!, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`no answer from ${origin}/api/health within 60 s:\n${output.join('')}`);
    }
    await sleep(250);
  }
}

export async function api<T>(
  origin: string,
  method: string,
  url: string,
  token?: string,
  body?: object,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${origin}${url}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new person with the demo bank linked as the connect dialog does it, once the two-year import has finished. */
export async function signUpWithDemoBank(origin: string): Promise<Session> {
  const { token, user } = await api<{ token: string; user: unknown }>(
    origin,
    'POST',
    '/api/auth/register',
    undefined,
    {
      firstName: 'Lena',
      lastName: 'Lighthouse',
      email: `lighthouse-${Date.now()}@example.com`,
      password: 'bench-web-password',
      timeZone: 'UTC',
    },
  );
  const { publicToken } = await api<{ publicToken: string }>(
    origin,
    'POST',
    '/api/plaid/sandbox/public-token',
    token,
    {
      institutionId: 'demo_summit',
    },
  );
  const linked = await api<{ connection: { id: string } }>(
    origin,
    'POST',
    '/api/plaid/exchange-public-token-quick-sync',
    token,
    { publicToken },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    const progress = await api<{ status: string }>(
      origin,
      'GET',
      `/api/plaid/connections/${linked.connection.id}/import-progress`,
      token,
    );
    if (progress.status === 'Completed') break;
    if (progress.status === 'Failed') throw new Error('the demo bank import failed');
    if (Date.now() > deadline) throw new Error('the demo bank import did not finish within 120 s');
    await sleep(500);
  }
  const list = await api<{ pagination: { totalItems: number } }>(
    origin,
    'GET',
    '/api/transactions?page=1&pageSize=1',
    token,
  );
  const total = list.pagination.totalItems;
  if (!(total > 0)) throw new Error('the demo bank import left no transactions');
  return { token, user, transactions: total };
}
