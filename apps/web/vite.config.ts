import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadChunk } from './build/first-load-chunk.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  base: '/order-online/',
  plugins: [react(), firstLoadChunk(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The domain is pure (ESLint allows it only zod): its modules may be dropped when unused, which lets
    // the domain code of lazy screens stay out of the first load (build/first-load-chunk.ts).
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      // The first load lists every lazy chunk's file name (for preloading); six hash characters are
      // plenty to bust caches and keep that list short.
      output: { chunkFileNames: 'assets/[name]-[hash:6].js' },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
