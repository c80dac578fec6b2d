// After the three Vite builds (see vite.config.ts): renders each public page into its HTML, then writes a
// brotli and a gzip copy beside every text file over 1 KB, which the server sends as they are to browsers
// that accept them (nothing is compressed per request).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const web = path.join(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ROOT = '<div id="root"></div>';

const { PAGES, renderPage } = await import(pathToFileURL(path.join(web, 'dist-prerender/prerender.js')).href);
for (const file of Object.keys(PAGES)) {
  const target = path.join(dist, file);
  const html = fs.readFileSync(target, 'utf8');
  if (!html.includes(ROOT)) throw new Error(`${file} has no empty ${ROOT} to fill`);
  fs.writeFileSync(target, html.replace(ROOT, `<div id="root">${await renderPage(file)}</div>`));
}

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
