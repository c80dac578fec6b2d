import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import type { BankProvider } from '../../apps/server/src/providers/bank/types';

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The real app on the given database, configured as in production but silent, with no web build. */
export async function startApp(
  database: Database,
  options: {
    runJobs: boolean;
    bankProvider?: BankProvider;
    /** The app's clock; a benchmark with answers relative to today pins it. */
    now?: () => Date;
    /** More environment, e.g. a bank provider's keys. */
    env?: Record<string, string>;
  },
): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-app-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    JOB_POLL_SECONDS: '0.5',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    tokenEncryptionKey: crypto.randomBytes(32).toString('hex'),
    runJobs: options.runJobs,
    bankProvider: options.bankProvider,
    now: options.now,
    // A timed request must not share the machine with upkeep an earlier one set off.
    refreshInsightsAfterMs: null,
  });
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

export type Auth = { authorization: string };

export async function login(app: App, email: string, password: string): Promise<Auth> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

export async function register(app: App, email: string): Promise<Auth> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      firstName: 'Ivy',
      lastName: 'Importer',
      email,
      password: 'bench-import-password',
      timeZone: 'UTC',
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

/** GET or POST through the whole HTTP layer; throws unless the status is the expected one. */
export async function call<T>(
  app: App,
  auth: Auth,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  expect = 200,
): Promise<T> {
  const res = await app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  if (res.statusCode !== expect) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
