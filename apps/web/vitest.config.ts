import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // A worker runs its files one after another in one module graph instead of loading React, Mantine and
    // the app afresh for each (half the project's time). Each test renders its own tree with its own query
    // client; test-setup.ts cleans the DOM and storage between tests.
    isolate: false,
    // A screen's test clicks through many renders; with the server suite running beside it on two cores, one
    // that takes 4 s alone has taken 16 s in CI without anything being wrong.
    testTimeout: 30_000,
  },
});
