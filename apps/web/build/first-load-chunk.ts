import path from 'node:path';
import type { Plugin } from 'vite';

/** The storefront's own code; libraries and the domain are placed by Rolldown, by what uses them. */
const OWN_CODE = /apps[\\/]web[\\/]src[\\/]/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Puts the storefront's own code that it loads first into one `app` chunk: the entry and every module of
 * ours it reaches through static imports. Rolldown would otherwise split out each module that lazy
 * chunks share with the entry (27 files of the first load), and gzip compresses each of those files
 * alone (docs/decisions/003). Libraries and the domain join the chunk where first-load code uses them;
 * a module that only lazy screens use (a library's `<Trans>`, the domain's order schemas, the phone
 * number parser) stays with them, as the domain and those libraries are free of side effects: no list
 * of such modules to keep (docs/decisions/021).
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
              name: (id, graph) => {
                firstLoad ??= staticClosure(graph);
                return firstLoad.has(id) && OWN_CODE.test(id) ? 'app' : null;
              },
            },
          ],
        },
      };
    },
  };
}
