import { defineProject } from 'vitest/config';

// Property tests run a thousand cases each: on a busy 2-core machine that can take longer than vitest's 5 s.
export default defineProject({
  test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
