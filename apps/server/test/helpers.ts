import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type LoginResult, loginResult, type PlanCode, type RegisterBody } from '@tally/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import type { z } from 'zod';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, fromPglite, fromPostgres, pgliteOptions } from '../src/db/client';
import { createLogger } from '../src/lib/logger';
import { withDatabase } from './global-setup';
import { leakWatch } from './leak-watch';

/** A fresh, migrated database: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `tally_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = fromPostgres(url, 1);
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const database = fromPostgres(withDatabase(url, name), 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return fromPglite(await PGlite.create({ ...pgliteOptions, loadDataDir: dump }));
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tally-data-')),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'tally-no-web'),
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    // JSON with every request, as operators run it, whether or not the tests run at a terminal.
    LOG_FORMAT: 'json',
    ...env,
  });
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: Database };

export async function createTestApp(
  options: { env?: Record<string, string>; database?: Database; keepDatabase?: boolean } & Partial<
    Omit<BuildAppOptions, 'config' | 'database'>
  > = {},
): Promise<TestApp> {
  const { env, database: given, keepDatabase, ...rest } = options;
  const database = given ?? (await createTestDatabase());
  const jwtSecret = rest.jwtSecret ?? crypto.randomBytes(32).toString('hex');
  const tokenEncryptionKey = rest.tokenEncryptionKey ?? crypto.randomBytes(32).toString('hex');
  const config = testConfig({ JOB_POLL_SECONDS: '0.5', ...env });
  // Every test's logs (at debug level, kept nowhere) and answers are watched for secrets: see leak-watch.ts.
  const watch = leakWatch([
    jwtSecret,
    tokenEncryptionKey,
    config.plaid?.secret ?? '',
    config.ai?.apiKey === 'none' ? '' : (config.ai?.apiKey ?? ''),
    DEFAULT_PASSWORD,
  ]);
  const app = await buildApp({
    log: createLogger({ logLevel: 'debug' }, watch.logs),
    // Insights are recomputed by the reads that find them stale, at a known moment, unless a test asks.
    refreshInsightsAfterMs: null,
    ...rest,
    jwtSecret,
    tokenEncryptionKey,
    config,
    database,
  });
  // A test that restarts the server keeps its database across app instances.
  if (!keepDatabase) app.addHook('onClose', () => database.close());
  const inject = app.inject.bind(app) as (request: InjectOptions) => Promise<LightMyRequestResponse>;
  const watched = async (request: InjectOptions) => {
    const res = await inject(request);
    watch.answer(`${request.method ?? 'GET'} ${request.url}`, res);
    return res;
  };
  return Object.assign(app, { database, inject: watched as typeof app.inject });
}

const DEFAULT_PASSWORD = 'correct horse';
let counter = 0;
export function aUser(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

export async function signUp(app: TestApp, overrides: Partial<RegisterBody> = {}): Promise<LoginResult> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: aUser(overrides) });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return loginResult.parse(res.json());
}

/**
 * Puts a person on a plan as the server's operator (SELF_HOSTED_PLAN) or Stripe's webhook would: no trial
 * running. Tests of Starter's limits on a server whose operator gives everyone Premium start here.
 */
export async function putOnPlan(app: TestApp, auth: LoginResult, plan: PlanCode) {
  await app.database.query('update users set plan = $2, trial_ends_at = null where id = $1', [
    auth.user.id,
    plan,
  ]);
}

/** Puts a person on Starter with a trial of `trialPlan` running until `ends`, as starting one would. */
export async function putOnTrial(app: TestApp, auth: LoginResult, trialPlan: 'pro' | 'premium', ends: Date) {
  await app.database.query(
    `update users set plan = 'starter', trial_plan = $2, trial_ends_at = $3 where id = $1`,
    [auth.user.id, trialPlan, ends],
  );
}

/**
 * Asserts the status and that the body is what its shared schema describes, and answers the body as it
 * came over the wire (amounts in dollars, as the SPEC writes them), so a test checks the API's contract.
 */
export function expectJson<S extends z.ZodType>(
  res: LightMyRequestResponse,
  status: number,
  schema: S,
): z.input<S> {
  expect(res.statusCode, res.body).toBe(status);
  return wire(schema, res.json());
}

/** A body checked against its shared schema and answered as it came over the wire (amounts in dollars). */
export function wire<S extends z.ZodType>(schema: S, body: unknown): z.input<S> {
  schema.parse(body);
  return body as z.input<S>;
}

export const bearer = (auth: { token: string }) => ({ authorization: `Bearer ${auth.token}` });
