/**
 * Runs `task` once the browser is idle (requestIdleCallback, else a short timeout): used to prefetch
 * lazy chunks so that opening a dialog does not wait on the network. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/** Starts loading a lazy module when the browser is idle; a failed prefetch is retried on real use. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  return whenIdle(() => {
    load().catch(() => undefined);
  });
}
