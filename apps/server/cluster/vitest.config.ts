import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../../..');

// `npm run test:cluster`: the compiled server, several at once behind nginx (scripts/cluster.mjs), on
// PostgreSQL and Redis. Apart from the unit projects: it needs those services and starts real processes.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    // One cluster per file (webhooks.test.ts runs the payment and bank providers' fakes), one file at a time,
    // its tests one after another.
    fileParallelism: false,
    testTimeout: 120_000,
    // Starting builds the app first when its build is missing or stale.
    hookTimeout: 600_000,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: path.join(root, 'test-results/vitest-cluster.json') }]]
      : ['default'],
  },
});
