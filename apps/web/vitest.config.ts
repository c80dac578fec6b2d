import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // A screen's test clicks through many renders; with three test files at once on two cores, one can take
    // longer than vitest's 5 s without anything being wrong.
    testTimeout: 15_000,
  },
});
