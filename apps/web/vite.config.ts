import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // light-dark() is kept as written (Chrome 123+, Safari 17.5+, Firefox 120+) rather than lowered into undefined variables.
  build: { chunkSizeWarningLimit: 800, cssTarget: ['chrome123', 'safari17.5', 'firefox120', 'edge123'] },
});
