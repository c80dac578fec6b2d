// `npm run backup` and `npm run restore -- FILE`: the compiled server's backup tool, run with the same
// settings (environment, DATA_DIR) as `npm start`. It is built only when missing: rebuilding replaces the
// server's build, which may be running right now (the backup is then taken by it).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tool = path.join(root, 'apps/server/dist/backup.js');
if (!fs.existsSync(tool)) buildServerIfStale();
process.chdir(root);
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(tool).href);
