import path from 'node:path';
import type { Plugin } from 'vite';

/** The back office's service worker (TypeScript) and where the browser finds it: a fixed name, no hash. */
const SOURCE = 'src/features/admin/push/service-worker.ts';
export const SERVICE_WORKER_FILE = 'admin/sw.js';

/**
 * Builds the back office's service worker as a chunk of its own at `admin/sw.js`: under the back office's
 * path, so its scope is `/order-online/admin/` without any header, and without a hash, because a worker
 * must keep its address (the browser checks it for updates; the server sends it `no-cache`). It imports
 * nothing, so no code is shared with the app's chunks and nothing of it is in the storefront's first load.
 */
export function backOfficeServiceWorker(): Plugin {
  let root = '';
  return {
    name: 'pizzeria:back-office-service-worker',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(root, SOURCE), fileName: SERVICE_WORKER_FILE });
    },
  };
}
