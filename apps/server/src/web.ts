import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './lib/errors';

/**
 * The built web app (apps/web/dist): the public pages prerendered as <name>.html (index.html for /), the
 * signed-in app's page (app.html) for every other path, and fingerprinted files under assets/. Text files
 * come with brotli and gzip copies made at build time, sent as they are to browsers that accept them.
 */
const APP_PAGE = 'app.html';

const hasWebApp = (dist: string) => fs.existsSync(path.join(dist, APP_PAGE));

/**
 * The Content-Security-Policy sources for the pages' own inline scripts (colour mode, the session
 * redirects, the held submit, the screen preloads): their hashes, so they run and nothing else inline
 * does. A source list for helmet, read again whenever the build is newer (files are served per request).
 */
export function inlineScriptHashes(dist: string): Array<() => string> {
  if (!hasWebApp(dist)) return [];
  let builtAt = -1;
  let checkedAt = 0;
  let sources = '';
  return [
    () => {
      // Every answer carries the policy: look at the build at most once a second, not per request.
      const now = Date.now();
      if (now - checkedAt < 1000) return sources;
      checkedAt = now;
      const mtime = fs.statSync(path.join(dist, APP_PAGE), { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (mtime !== builtAt) {
        builtAt = mtime;
        sources = [...hashesOf(dist)].join(' ') || "'self'";
      }
      return sources;
    },
  ];
}

function hashesOf(dist: string): Set<string> {
  const hashes = new Set<string>();
  for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.html'))) {
    const html = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${crypto
          .createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return hashes;
}

/** Serves the web app beside the API; without a build (tests, API-only runs) only the API answers. */
export async function webRoutes(app: FastifyInstance, dist: string) {
  const hasWeb = hasWebApp(dist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      preCompressed: true,
      // Our own cache-control below; ETags (size and time) let browsers revalidate pages cheaply.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          // Fingerprinted: a new build has new names, so a copy is good for ever.
          path.relative(dist, file).startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    // Every other page path gets a document; a missing asset or API path is a real 404.
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      hasWeb &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/assets/')
    ) {
      return reply.sendFile(publicPage(dist, pathname) ?? APP_PAGE);
    }
    throw notFound(`No route for ${req.method} ${pathname}`);
  });
}

/** The prerendered page for a path (/ → index.html, /login → login.html), if there is one. */
function publicPage(dist: string, pathname: string): string | undefined {
  const name = pathname === '/' ? 'index' : pathname.slice(1);
  if (!/^[a-z-]+$/.test(name) || `${name}.html` === APP_PAGE) return undefined;
  return fs.existsSync(path.join(dist, `${name}.html`)) ? `${name}.html` : undefined;
}
