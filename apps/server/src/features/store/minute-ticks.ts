/** A little past the boundary, so that "now" is surely in the new minute when the tick runs. */
const PAST_BOUNDARY_MS = 50;

/**
 * Calls `tick` just after every minute boundary of the clock until the returned function is called.
 * Slot times are whole minutes, so a push on the boundary shows a store opening or closing at once;
 * re-aimed at every tick, so timer drift never adds up.
 */
export function everyMinuteBoundary(tick: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(
      () => {
        if (stopped) return;
        tick();
        schedule();
      },
      60_000 - (Date.now() % 60_000) + PAST_BOUNDARY_MS,
    );
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
