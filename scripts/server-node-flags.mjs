// The flags `npm start` gives Node, set once in package.json's start script, for everything else that runs the
// compiled server as production does (npm run cluster, the benchmarks). Measured in BENCHMARKS.md ("Memory by
// Node's own settings"):
// - --v8-pool-size=1: V8's background threads for collecting and compiling (four by default) each keep memory
//   of their own; on the two cores Tally is sized for, one is as fast and the server holds ~40 MB less.
// - --max-semi-space-size=2 (MB): a smaller young generation, ~25 MB less for a re-import ~10% slower.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @returns {string[]} */
export function serverNodeFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
