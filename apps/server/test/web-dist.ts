import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const BOOT_SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme','light')";
/** Over 1 KB, as the build's compressed files are. */
export const ASSET = `console.log(${JSON.stringify('Tally '.repeat(400))});`;

/**
 * A web build as apps/web's makes one: prerendered public pages, the app's page, a fingerprinted asset,
 * each page with an inline boot script, and brotli and gzip copies of the asset.
 */
export function fakeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const page = (body: string) =>
    `<!doctype html><title>Tally</title><script>${BOOT_SCRIPT}</script><div id="root">${body}</div>`;
  fs.writeFileSync(path.join(dist, 'index.html'), page('<h1>A budget that grows</h1>'));
  fs.writeFileSync(path.join(dist, 'login.html'), page('<h1>Welcome back</h1>'));
  fs.writeFileSync(path.join(dist, 'register.html'), page('<h1>Create your account</h1>'));
  fs.writeFileSync(path.join(dist, 'app.html'), page(''));
  const asset = path.join(dist, 'assets', 'app-1.js');
  fs.writeFileSync(asset, ASSET);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET));
  return dist;
}
