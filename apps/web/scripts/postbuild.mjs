// After the three Vite builds (see vite.config.ts): renders each public page into its HTML, then writes a
// brotli and a gzip copy beside every text file over 1 KB, which the server sends as they are to browsers
// that accept them (nothing is compressed per request).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { closure, dist, readManifests } from './manifest.mjs';

const web = path.join(import.meta.dirname, '..');
const ROOT = '<div id="root"></div>';

const { PAGES, renderPage } = await import(pathToFileURL(path.join(web, 'dist-prerender/prerender.js')).href);
for (const file of Object.keys(PAGES)) {
  const target = path.join(dist, file);
  const html = fs.readFileSync(target, 'utf8');
  if (!html.includes(ROOT)) throw new Error(`${file} has no empty ${ROOT} to fill`);
  const body = await renderPage(file);
  fs.writeFileSync(
    target,
    html.replace(ROOT, () => `<div id="root">${body}</div>`),
  );
}

// The signed-in app's page starts fetching the screen it opens on (its chunks and stylesheet) alongside the
// app's own, instead of after the app has run and routed; only with a session (else it is leaving). The
// stylesheet is preloaded, not applied: the app's loader applies it after Mantine's, in order.
const manifest = readManifests();
const inApp = closure(manifest, 'app.html', { css: true });
const screens = {};
for (const screen of manifest['app.html'].dynamicImports ?? []) {
  // src/features/<feature>/<Name>Page.tsx is the screen at /<feature>.
  const feature = /^src\/features\/([a-z-]+)\/[A-Za-z]+Page\.tsx$/.exec(screen)?.[1];
  if (!feature) continue;
  const files = [...closure(manifest, screen, { css: true })].filter((file) => !inApp.has(file));
  screens[`/${feature}`] = files.map((file) => `/${file}`);
}
const preload = `(function(s){var f=s[location.pathname];if(f&&localStorage.getItem('authToken'))f.forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})(${JSON.stringify(screens)})`;
const appPage = path.join(dist, 'app.html');
fs.writeFileSync(
  appPage,
  fs
    .readFileSync(appPage, 'utf8')
    .replace('<script type="module"', () => `<script>${preload}</script>\n    <script type="module"`),
);

const TEXT = /\.(html|js|css|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;
let written = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.test(entry.name) || entry.parentPath.includes('.vite')) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  written += 1;
}
console.log(`Prerendered ${Object.keys(PAGES).join(', ')}; compressed ${written} files (brotli and gzip).`);
