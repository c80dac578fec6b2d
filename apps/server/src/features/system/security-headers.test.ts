import { profileResponse } from '@tally/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { fakeWebDist } from '../../../test/web-dist';

/** The Content-Security-Policy header as directive → sources. */
function cspOf(res: LightMyRequestResponse) {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources] as const),
  );
}

/** What every answer, page or API, must carry so injected markup can't run and the app can't be framed. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  const scriptSrc = csp.get('script-src') ?? [];
  expect(scriptSrc).toContain("'self'");
  // Injected markup must never run: no inline script, no eval, no wildcard or data: scripts.
  for (const loose of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    '*',
    'data:',
    'http:',
    'https:',
  ]) {
    expect(scriptSrc).not.toContain(loose);
  }
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);

  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
    res.headers['referrer-policy'],
  );
  const hsts = String(res.headers['strict-transport-security']);
  // At least 180 days, the floor browsers' preload lists accept.
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
  expect(hsts).toContain('includeSubDomains');
  expect(res.headers['x-frame-options']).toBe('DENY');
  // Google's sign-in popup needs to reach its opener; nothing looser than that.
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
}

describe('security headers', () => {
  let app: TestApp;
  let session: { token: string };
  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST_DIR: fakeWebDist() } });
    // A route that picks its own caching, as a public, cacheable API answer would.
    app.get('/api/test/cacheable', async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
    );
    session = await signUp(app);
  });
  afterAll(() => app.close());

  it('sends a strict CSP, nosniff, referrer, HSTS, frame and opener policies with the HTML pages', async () => {
    for (const url of ['/', '/login', '/dashboard', '/transactions?page=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(res);
    }
  });

  it('sends the same headers with API answers, errors included', async () => {
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(session) });
    expectJson(profile, 200, profileResponse);
    expectSecurityHeaders(profile);
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/api/user/profile' }));
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/api/nope' }));
  });

  it('marks authenticated API answers no-store, so no browser or proxy cache keeps user data', async () => {
    const answers = [
      { url: '/api/user/profile', status: 200 },
      { url: '/api/user/notification-settings', status: 200 },
      { url: '/api/transactions', status: 200 },
      { url: '/api/transactions/summary', status: 200 },
      { url: '/api/plaid/connections', status: 200 },
      { url: '/api/transactions/export', status: 200 },
      { url: '/api/transactions/00000000-0000-4000-8000-000000000000', status: 404 },
    ];
    for (const { url, status } of answers) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(session) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signIn = await app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('keeps a cache-control a route or page chose for itself', async () => {
    const chosen = await app.inject({ method: 'GET', url: '/api/test/cacheable' });
    expect(chosen.json()).toEqual({ ok: true });
    expect(chosen.headers['cache-control']).toBe('public, max-age=60');
    // Pages are revalidated and fingerprinted assets cached for good, as before.
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['cache-control']).not.toContain('no-store');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
