// `npm start`: build the web app and the server where missing or older than their sources, then run the
// compiled server with plain Node (web + API on one port). Production never runs a dev loader.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAppIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = buildAppIfStale();

const server = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
