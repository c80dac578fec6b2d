// Builds the web app and the server where their output is missing or older than their sources: what
// `npm start` and `npm run cluster` run before starting the compiled server, and what `npm install` runs
// (the root's `prepare`), so the first `npm start` after it starts at once instead of building.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` in a workspace when its output is missing or older than any of its inputs. */
function buildIfStale({ workspace, output, inputs }) {
  const built = path.join(root, output);
  const sourceTime = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sourceTime) return;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The web app, then the server; the server's entry is returned. */
export function buildAppIfStale() {
  buildIfStale({
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/login.html',
      'apps/web/register.html',
      'apps/web/app.html',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/shared/src',
    ],
  });
  return buildServerIfStale();
}

/** The server alone (what `npm run backup` needs); its entry is returned. */
export function buildServerIfStale() {
  buildIfStale({
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/shared/src'],
  });
  return path.join(root, 'apps/server/dist/server.js');
}

// Run on its own (npm install's `prepare`): an install without the build tools (`npm ci --omit=dev` on a
// server that runs a build made elsewhere) has nothing to build with, and is not refused for it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const canBuild = (workspace, tool) => {
    try {
      createRequire(path.join(root, workspace, 'package.json')).resolve(`${tool}/package.json`);
      return true;
    } catch {
      return false;
    }
  };
  if (canBuild('apps/web', 'vite') && canBuild('apps/server', 'esbuild')) buildAppIfStale();
  else console.log('Build tools not installed: the app is not built now.');
}
