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

  it('documents amounts as the dollars the wire carries, not the cents the code holds', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const summary =
      doc.paths['/api/transactions/summary'].get.responses['200'].content['application/json'].schema;
    expect(summary.properties.totalIncome).toEqual({
      type: 'number',
      description: 'US dollars, to the cent',
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(expectJson(res, 404, errorBody)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
