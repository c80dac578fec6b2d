import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBody, healthResponse, publicConfig } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectJson, type TestApp } from '../../../test/helpers';

describe('system routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers health once migrations have run', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(expectJson(res, 200, healthResponse)).toEqual({ status: 'ok' });
  });

  it('gives the web app its public config', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    const body = expectJson(res, 200, publicConfig);
    expect(body.googleClientId).toBe('test-client.apps.googleusercontent.com');
    expect(body.bankMode).toBe('demo');
    expect(body.plans.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Premium']);
  });

  it('sends security headers with a CSP limited to our origin, Google and Plaid', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://accounts.google.com https://cdn.plaid.com");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('documents every route in OpenAPI at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/plaid/connections',
        '/api/transactions/reset-and-resync',
      ]),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(expectJson(res, 404, errorBody)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('serving the web app', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tally</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    app = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => app.close());

  it('answers client-side routes with the app and caches fingerprinted assets for good', async () => {
    const page = await app.inject({ method: 'GET', url: '/transactions?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Tally</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves a rebuilt asset without a restart, and a missing one is a 404, not the app', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });
});
