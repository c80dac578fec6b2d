import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../test/helpers';
import { ASSET, BOOT_SCRIPT, fakeWebDist } from '../test/web-dist';

describe('serving the web app', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    app = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('answers each public path with its prerendered page and every other path with the app', async () => {
    expect((await get('/')).body).toContain('<h1>A budget that grows</h1>');
    expect((await get('/login')).body).toContain('<h1>Welcome back</h1>');
    expect((await get('/register?ref=x')).body).toContain('<h1>Create your account</h1>');
    for (const url of ['/dashboard', '/transactions?page=2', '/no/such/page', '/app']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
    }
  });

  it('has pages revalidated (no-cache, with an ETag) and fingerprinted assets cached for good', async () => {
    for (const url of ['/', '/login', '/dashboard']) {
      const page = await get(url);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers.etag, url).toBeTruthy();
      const again = await get(url, { 'if-none-match': String(page.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    const asset = await get('/assets/app-1.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.etag).toBeTruthy();
  });

  it('sends the build’s brotli or gzip copy to a browser that accepts it, and the plain file otherwise', async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gzip = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const plain = await get('/assets/app-1.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('lets the pages’ boot script run by its hash, and no other inline script', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hash = crypto.createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('allows a rebuilt page’s boot script without a restart', async () => {
    const script = "document.documentElement.dataset.rebuilt='1'";
    const page = `<!doctype html><title>Tally</title><script>${script}</script><div id="root"></div>`;
    fs.writeFileSync(path.join(dist, 'app.html'), page);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'app.html'), later, later);
    // The build is looked at once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const csp = String((await get('/dashboard')).headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
  });

  it('serves a rebuilt asset without a restart, and a missing one is a 404, not the app', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await get('/assets/app-2.js')).body).toBe('console.log(2)');
    expect((await get('/assets/gone.js')).statusCode).toBe(404);
  });
});

describe('compressing API answers', () => {
  let app: TestApp;
  let session: { token: string };
  beforeAll(async () => {
    app = await createTestApp();
    session = await signUp(app);
  });
  afterAll(() => app.close());

  it('compresses JSON over 1 KB with what the client accepts, and leaves small answers alone', async () => {
    const docs = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');

    const gzip = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { ...bearer(session), 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
