import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { firstLoadChunk } from './build/first-load-chunk.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  base: '/order-online/',
  plugins: [firstLoadChunk(), compileHints(), precompress()],
  resolve: {
    // Preact runs the React code (docs/decisions/013): the same components, a tenth of React DOM's bytes.
    alias: [
      { find: /^react(?:-dom)?$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('build/preact/use-sync-external-store.ts', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
        replacement: fileURLToPath(new URL('build/preact/with-selector.ts', import.meta.url)),
      },
    ],
  },
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
      // The first load lists every lazy chunk's file name (for preloading); six hash characters are
      // plenty to bust caches and keep that list short.
      output: { chunkFileNames: 'assets/[name]-[hash:6].js' },
    },
  },
  // The server's build of the shop (entry-server.tsx, `npm run build`): one module with every library
  // in it, so that they run on the same Preact as in the browser.
  ssr: { noExternal: true, target: 'node' },
  // The server's build lists no chunk names, and splits into more chunks than six hash characters may
  // name (rolldown refuses more than 64 of them): it keeps the default length.
  environments: {
    ssr: { build: { rolldownOptions: { output: { chunkFileNames: 'assets/[name]-[hash].js' } } } },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
