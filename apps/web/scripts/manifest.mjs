// The web build's manifests (see vite.config.ts: the public pages and the app are separate builds).
import fs from 'node:fs';
import path from 'node:path';

export const dist = path.join(import.meta.dirname, '../dist');

/** The public pages' and the app's manifests in one, keyed by source (and page) path. */
export function readManifests() {
  return Object.assign(
    {},
    ...['manifest.public.json', 'manifest.app.json'].map((name) =>
      JSON.parse(fs.readFileSync(path.join(dist, '.vite', name), 'utf8')),
    ),
  );
}

/** A chunk's file and every chunk it imports statically, as output files; with `css`, their stylesheets. */
export function closure(manifest, key, { css = false } = {}, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  if (css) for (const sheet of chunk.css ?? []) files.add(sheet);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, { css }, files);
  return files;
}
