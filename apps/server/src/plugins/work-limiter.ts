/**
 * Runs work with at most `maxRunning` at once and at most `maxWaiting` waiting for a turn, in the order
 * it came; more is refused with `busy()`. Bounds what expensive work (password hashes, picture
 * decoding) may hold of memory and of libuv's thread pool, however many requests ask for it at once.
 */
export function createWorkLimiter(maxRunning: number, maxWaiting: number, busy: () => Error) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= maxRunning) {
      if (waiting.length >= maxWaiting) throw busy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so `running` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
