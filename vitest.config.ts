import { defineConfig } from 'vitest/config';

const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // CI keeps a JSON report per run so scripts/test-summary.mjs can add them up.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: `test-results/vitest-${database}.json` }]]
      : ['default'],
  },
});
