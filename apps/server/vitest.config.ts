import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/leak-watch.setup.ts'],
    // A worker runs its files one after another in one module graph instead of loading the whole server
    // afresh for each (two seconds a file, a third of the suite's time). Each file builds its own app on its
    // own database; no module keeps state a file could leave behind (limits are app config, not globals).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
