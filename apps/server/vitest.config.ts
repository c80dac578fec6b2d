import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/leak-watch.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
