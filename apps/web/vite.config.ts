import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { firstLoadChunk } from './build/first-load-chunk.ts';
import { precompress } from './build/precompress.ts';
import { backOfficeServiceWorker } from './build/service-worker.ts';

export default defineConfig({
  base: '/order-online/',
  plugins: [firstLoadChunk(), compileHints(), precompress(), backOfficeServiceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The domain is pure (ESLint allows it only zod): its modules may be dropped when unused, which lets
    // the domain code of lazy screens stay out of the first load (build/first-load-chunk.ts).
    rolldownOptions: {
      // Libraries mark their React Server Components boundaries; a single-page app has none.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      // The first load lists every lazy chunk's file name (for preloading); seven hash characters are
      // plenty to bust caches and keep that list short (Rolldown wants seven beyond 64 chunks).
      output: { chunkFileNames: 'assets/[name]-[hash:7].js' },
    },
  },
  // The server's build of the shop (entry-server.tsx, `npm run build`): one module with every library in
  // it, so the server needs none of the web app's dependencies of its own.
  ssr: { noExternal: true, target: 'node' },
  // The server's build lists no chunk names, and splits into more chunks than six hash characters may
  // name (rolldown refuses more than 64 of them): it keeps the default length. Minified like the
  // browser's, so the server loads less.
  environments: {
    ssr: { build: { minify: true, rolldownOptions: { output: { chunkFileNames: 'assets/[name]-[hash].js' } } } },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
