import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Modules that a library's index re-exports but only lazy screens use (react-i18next's `<Trans>`, on the
 * privacy page; TanStack Query's `useMutation`, in the account, checkout and back-office forms). Static
 * reachability cannot tell them apart, so they are named here.
 */
const LAZY_ONLY =
  /node_modules\/(?:html-parse-stringify|void-elements)\/|react-i18next\/dist\/es\/(?:Icu)?Trans|@tanstack\/(?:react-query\/build\/modern\/useMutation|query-core\/build\/modern\/mutationObserver)\.js$/;

/**
 * Domain modules that only lazy screens use (opening hours, time slots, the live status, orders, payments,
 * accounts). The domain's index re-exports them, so static reachability would put them in the first
 * load; they get a chunk of their own instead. The first load does not import it because the domain is
 * declared free of side effects (vite.config.ts); should first-load code ever use one of them, the
 * chunk becomes a preloaded file of the first load and `npm run size` counts it.
 */
const LAZY_DOMAIN =
  /packages[\\/]domain[\\/]src[\\/](?:opening-hours|time-slots|store-availability|order-status|promised-time|sold-out|api[\\/](?:realtime|orders|addresses|accounts|input|staff|store-admin|board|reports|admin-common|admin-menu|admin-toppings|admin-settings|legal-notice|payments))\.ts$/;

/**
 * The phone number parser (libphonenumber-js with its metadata, about 30 KB gzipped) and the domain
 * modules that use it (issue 15): a chunk of their own, loaded by the screens that take or show a phone
 * number (guest form, checkout, registration, addresses, order page, back office), never by the first
 * load or the live status.
 */
const PHONE =
  /node_modules[\\/]libphonenumber-js[\\/]|packages[\\/]domain[\\/]src[\\/](?:phone|api[\\/]contact-details)\.ts$/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Puts everything the storefront loads first into one `app` chunk: the entry and every module it
 * reaches through static imports. Rolldown would otherwise split out each module that lazy chunks
 * share with the entry, and gzip compresses each of those files alone (docs/decisions/003).
 */
export function firstLoadChunk(): Plugin {
  let entry = '';
  let firstLoad: Set<string> | undefined;

  const staticClosure = (graph: ModuleGraph): Set<string> => {
    const reached = new Set<string>();
    const pending = [entry];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (reached.has(id)) continue;
      reached.add(id);
      pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return reached;
  };

  return {
    name: 'pizzeria:first-load-chunk',
    // The browser's build only: the server's (entry-server.tsx) is one module, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      entry = path.resolve(config.root, 'index.html');
    },
    buildStart() {
      firstLoad = undefined;
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: 'domain-lazy',
              test: LAZY_DOMAIN,
              // Ahead of `app`, and without the first-load schemas these modules import.
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'phone',
              test: PHONE,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: (id, graph) => {
                firstLoad ??= staticClosure(graph);
                return firstLoad.has(id) && !LAZY_ONLY.test(id) ? 'app' : null;
              },
            },
          ],
        },
      };
    },
  };
}
