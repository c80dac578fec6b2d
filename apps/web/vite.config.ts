import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type UserConfig } from 'vite';
import { APP_PATHS, OPEN_APP_PATHS, PUBLIC_PAGES } from './src/app/paths.ts';

/** Sets Mantine's colour-scheme attribute before the first paint: the remembered pick, else the system's. */
const COLOR_SCHEME = `try{var s=localStorage.getItem('colorScheme');document.documentElement.setAttribute('data-mantine-color-scheme',s==='light'||s==='dark'?s:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}catch(e){}`;

/**
 * Sends the visitor to `to` (hiding the page meanwhile) when `wrong` says this page is not theirs, now and
 * whenever the page comes back from the back/forward cache (a sign-in or sign-out may have happened since).
 */
const redirectWhen = (wrong: string, to: string) =>
  `(function(){function c(){try{var t=localStorage.getItem('authToken');if(${wrong}){document.documentElement.style.visibility='hidden';location.replace(${to})}}catch(e){}}c();addEventListener('pageshow',function(e){if(e.persisted)c()})})();`;

/**
 * Public pages: a signed-in person goes straight to the app; a form submitted before the page is hydrated
 * is held (not sent by the browser, which would put the password in the address) and sent once it is.
 */
const PUBLIC_BOOT = `${redirectWhen('t', "'/dashboard'")}document.addEventListener('submit',function(e){if(!document.documentElement.hasAttribute('data-hydrated')){e.preventDefault();e.stopPropagation();window.__tallyHeldSubmit=e.target}},true);`;

/**
 * The signed-in app: without a session, its screens send the visitor to /login and anything else home, but
 * for the few open to visitors too (OPEN_APP_PATHS).
 */
const APP_BOOT = redirectWhen(
  `!t&&${JSON.stringify(OPEN_APP_PATHS)}.indexOf(location.pathname)<0`,
  `${JSON.stringify(APP_PATHS)}.some(function(a){var p=location.pathname;return p===a||p.indexOf(a+'/')===0})?'/login':'/'`,
);

const HEAD: HtmlTagDescriptor[] = [
  { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' } },
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#ffffff', media: '(prefers-color-scheme: light)' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#242424', media: '(prefers-color-scheme: dark)' } },
  { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-status-bar-style', content: 'default' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: 'Tally' } },
];

/**
 * One document per public page plus one for the signed-in app (see src/app/paths.ts): the head every page
 * shares, each page's boot script, the font preloaded; on the dev server, each path gets its document.
 */
function tallyPages(): Plugin {
  return {
    name: 'tally-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '/';
        if (req.method === 'GET' && req.headers.accept?.includes('text/html') && !path.includes('.')) {
          const file = PUBLIC_PAGES[path as keyof typeof PUBLIC_PAGES] ?? 'app.html';
          req.url = `/${file}${req.url?.slice(path.length) ?? ''}`;
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = ctx.path === '/app.html' ? APP_BOOT : PUBLIC_BOOT;
        // Right after the title: before the stylesheets, which an inline script would wait for.
        const withBoot = html.replace('</title>', `</title>\n    <script>${COLOR_SCHEME}${boot}</script>`);
        const tags: HtmlTagDescriptor[] = HEAD.map((tag) => ({ ...tag, injectTo: 'head' as const }));
        // The public pages' Inter is cut to their copy; the app's is Inter's Latin subset, which its frame's
        // first paint is set in.
        const fontFile = ctx.path === '/app.html' ? 'inter-latin-wght-normal.woff2' : 'inter-subset.woff2';
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && file.names.includes(fontFile),
        );
        if (font) {
          tags.push({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head',
          });
        }
        return { html: withBoot, tags };
      },
    },
  };
}

/** Mantine's useId replaced by src/lib/mantine-use-id.ts (see there why), wherever Mantine imports it. */
function mantineUseId(): Plugin {
  const replacement = path.join(import.meta.dirname, 'src/lib/mantine-use-id.ts');
  return {
    name: 'tally-mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      const own = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/.test(importer ?? '');
      return own && /(^|\/)use-id\/use-id\.mjs$/.test(source) ? replacement : null;
    },
  };
}

const ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')).replace(/development$/, 'production'),
  'index.mjs',
);

/** The zod chunk rule (see src/lib/zod-setup.ts): zod and the switch for its eval probe load together. */
const ZOD = { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ };

/**
 * A feature's front door (src/features/<name>/index.ts) only re-exports, so it runs nothing of its own: a
 * screen that takes one thing through it then loads that thing, not everything the door offers (the
 * bundler otherwise loads every module a door names wherever the door is imported).
 */
const FRONT_DOORS = { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/, sideEffects: false };

/**
 * Three builds into one dist/ (npm run build runs them in turn):
 * - default: the signed-in app (app.html), which empties dist/ first;
 * - `--mode public`: the public pages, on their own so their chunks hold only what they use whatever the
 *   app imports (their budget is 100 KB of script, the app's 250 KB);
 * - `--mode prerender`: the public pages for Node, which scripts/postbuild.mjs renders into their HTML.
 */
export default defineConfig(
  ({ mode }): UserConfig => ({
    appType: 'mpa',
    plugins: [react(), tallyPages(), mantineUseId()],
    server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
    // React Router's package points every build at its development files, which log development warnings.
    resolve:
      mode === 'development' ? {} : { alias: [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] },
    build:
      mode === 'prerender'
        ? {
            ssr: 'src/entries/prerender.tsx',
            outDir: 'dist-prerender',
            emptyOutDir: true,
            copyPublicDir: false,
          }
        : {
            emptyOutDir: mode !== 'public',
            copyPublicDir: mode !== 'public',
            // Read by scripts/postbuild.mjs and check-budgets.mjs: each entry's chunks.
            manifest: mode === 'public' ? '.vite/manifest.public.json' : '.vite/manifest.app.json',
            // The app's shared chunk (React, Mantine, the router) is over Vite's 500 kB warning, by design.
            chunkSizeWarningLimit: 800,
            // Every browser the CSS targets preloads modules natively.
            modulePreload: { polyfill: false },
            // light-dark() is kept as written (Chrome 123+, Safari 17.5+, Firefox 120+) rather than lowered
            // into undefined variables.
            cssTarget: ['chrome123', 'safari17.5', 'firefox120', 'edge123'],
            rolldownOptions: {
              input: mode === 'public' ? ['index.html', 'login.html', 'register.html'] : ['app.html'],
              output: { codeSplitting: { groups: [ZOD] } },
              treeshake: { moduleSideEffects: [FRONT_DOORS] },
            },
          },
  }),
);
