import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // light-dark() is kept as written (Chrome 123+, Safari 17.5+, Firefox 120+) rather than lowered into undefined variables.
  build: {
    chunkSizeWarningLimit: 800,
    cssTarget: ['chrome123', 'safari17.5', 'firefox120', 'edge123'],
    rolldownOptions: {
      output: {
        // Zod and the file that switches off its eval probe share a chunk, so every chunk that builds
        // schemas runs the switch first (see src/lib/zod-setup.ts): no CSP violation on load.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ },
          ],
        },
      },
    },
  },
});
