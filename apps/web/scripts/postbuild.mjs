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

const { FRAMED_PATHS, PAGES, renderAppFrame, renderPage } = await import(
  pathToFileURL(path.join(web, 'dist-prerender/prerender.js')).href
);
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

// The signed-in app's page. Its scripts start once the page has painted, not alongside its stylesheet: on a
// slow phone network they would share the bandwidth the first paint waits for. They are the app's own
// chunks and the chunks of the screen it opens on (stylesheet included), fetched together instead of after
// the app has run and routed; the screen's only with a session (else it is leaving). Here the screen's
// stylesheet is preloaded, not applied (the app applies it after Mantine's, in order); a screen's own page
// links it (below).
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
const appPage = path.join(dist, 'app.html');
let app = fs.readFileSync(appPage, 'utf8');
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entry = ENTRY.exec(app)?.[1];
if (!entry) throw new Error('app.html has no entry script');
const preloads = [...app.matchAll(PRELOAD)].map((match) => match[1]);
const loader = `(function(e,a,s){var d=0;function go(){if(d)return;d=1;var f=[];try{if(localStorage.getItem('authToken'))f=s[location.pathname]||[]}catch(x){}var t=document.createElement('script');t.type='module';t.crossOrigin='';t.src=e;document.head.appendChild(t);a.concat(f).forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go)})})(${JSON.stringify(entry)},${JSON.stringify(preloads)},${JSON.stringify(screens)})`;
app = app
  .replace(ENTRY, '')
  .replace(PRELOAD, '')
  .replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
fs.writeFileSync(appPage, app);

// Each screen's own copy (/transactions is transactions.html) with the app's frame prerendered in it, so a
// phone paints the top bar and the screen's header before any script has run. Inert and hidden from
// assistive technology: nothing in it works until the app replaces it, a moment later. The screen's own
// stylesheets (a few KB) are linked after the app's, so they are in place when its code arrives instead of
// being inserted and applied then.
const APP_STYLESHEET = /<link rel="stylesheet" crossorigin href="[^"]+">/;
if (!APP_STYLESHEET.test(app)) throw new Error('app.html has no stylesheet');
for (const screen of FRAMED_PATHS) {
  const frame = await renderAppFrame(screen);
  const sheets = (screens[screen] ?? []).filter((file) => file.endsWith('.css'));
  const links = sheets.map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`).join('');
  fs.writeFileSync(
    path.join(dist, `${screen.slice(1)}.html`),
    app
      .replace(APP_STYLESHEET, (link) => `${link}${links}`)
      .replace(ROOT, () => `<div id="root"><div inert aria-hidden="true">${frame}</div></div>`),
  );
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
console.log(
  `Prerendered ${Object.keys(PAGES).join(', ')} and the app's frame at ${FRAMED_PATHS.join(', ')}; compressed ${written} files (brotli and gzip).`,
);
