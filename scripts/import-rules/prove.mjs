// Proves the import rules still catch what they must: runs dependency-cruiser with the project's config on
// a small fixture of made-up features and fails unless exactly the planted violations are reported (a
// rule that stopped matching, or stopped seeing type-only imports, fails here before it fails silently).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const expected = [
  'server-feature-front-door: apps/server/src/features/alpha/alpha.service.ts → apps/server/src/features/beta/beta.queries.ts',
  'lib-to-feature: apps/server/src/lib/job-name.ts → apps/server/src/jobs/job.ts',
  'feature-cycle: apps/server/src/features/alpha/alpha.service.ts → apps/server/src/features/beta/index.ts',
  'web-feature-front-door: apps/web/src/features/alpha/AlphaRow.tsx → apps/web/src/features/beta/api/get-beta.ts',
].sort();

let output;
try {
  output = execFileSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['apps', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: path.join(import.meta.dirname, 'fixture'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
} catch (error) {
  // dependency-cruiser exits non-zero when it finds violations, as it must here.
  output = error.stdout;
}
const found = JSON.parse(output)
  .summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
  .sort();
const missing = expected.filter((v) => !found.includes(v));
const unexpected = found.filter((v) => !expected.includes(v));
if (missing.length > 0 || unexpected.length > 0) {
  console.error('The import rules no longer judge the fixture as planted (scripts/import-rules/fixture).');
  for (const v of missing) console.error(`  not caught: ${v}`);
  for (const v of unexpected) console.error(`  caught but allowed: ${v}`);
  process.exit(1);
}
console.log(`✔ the import rules catch all ${expected.length} planted violations and nothing else`);
