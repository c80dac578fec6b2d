import os from 'node:os';
import { defineConfig } from 'vitest/config';

const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Half again as many test files at once as there are cores (vitest's default is one fewer than the
    // cores: a single file at a time on a 2-core machine): server files spend much of their time waiting on
    // their database and jobs, so a third file keeps both cores busy. 19 → 6 minutes on 2 cores.
    maxWorkers: Math.ceil(os.availableParallelism() * 1.5),
    // CI keeps a JSON report per run so scripts/test-summary.mjs can add them up.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: `test-results/vitest-${database}.json` }]]
      : ['default'],
  },
});
