import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The storefront's dialogs and sheets that a tap opens; their code is fetched while the browser is idle. */
const TAP_OPENED =
  /src[\\/]features[\\/](?:menu[\\/]options[\\/]product-options-dialog|cart[\\/]components[\\/]cart-dialog|delivery[\\/]components[\\/]postcode-picker|auth[\\/]components[\\/]login-dialog)\.tsx$/;

/** V8's explicit compile hint: compile every function of this file eagerly, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';

/**
 * Marks the code of the dialogs a tap opens (and the chunks they import, but not the first load) with
 * V8's explicit compile hint. Chrome fetches them while the browser is idle and then compiles their
 * functions on a background thread, instead of one by one, on the main thread, during the tap that
 * opens the dialog: on a phone that was a third of the options dialog's first opening
 * (docs/decisions/013). Other browsers ignore the comment.
 */
export function compileHints(): Plugin {
  return {
    name: 'pizzeria:compile-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter(isChunk)
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const closure = (start: Iterable<OutputChunk>, skip: Set<OutputChunk>): Set<OutputChunk> => {
        const reached = new Set<OutputChunk>();
        const pending = [...start];
        for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
          if (reached.has(chunk) || skip.has(chunk)) continue;
          reached.add(chunk);
          for (const fileName of chunk.imports) {
            const imported = chunks.get(fileName);
            if (imported) pending.push(imported);
          }
        }
        return reached;
      };
      // The first load (the entry and what it imports, the `app` chunk) is compiled as it runs anyway.
      const firstLoad = closure(
        [...chunks.values()].filter((chunk) => chunk.isEntry),
        new Set(),
      );
      const dialogs = [...chunks.values()].filter(
        (chunk) => chunk.isDynamicEntry && TAP_OPENED.test(chunk.facadeModuleId ?? ''),
      );
      for (const chunk of closure(dialogs, firstLoad)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    },
  };
}
