// `npm start`: build the web app and the server where missing or older than their sources, then run the
// compiled server with plain Node (web + API on one port). Production never runs a dev loader. The server runs
// in this process: a second Node process to start it would hold ~45 MB for nothing.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAppIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = buildAppIfStale();
process.chdir(root);
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);
