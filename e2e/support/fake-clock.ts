/**
 * Preloaded into a journey's own server (`node --import`) to move its clock forward: the server's
 * `Date` (every `new Date()` and `Date.now()`) runs ahead by what the journey sent over the IPC channel,
 * `{ type: 'advance-clock', ms }`, answered with `{ type: 'clock-advanced' }`. Timers still run in real
 * time. Nothing of this is in the product: only `own-server.ts` starts a server with it.
 */
const RealDate = Date;
let offsetMs = 0;

const ShiftedDate = new Proxy(RealDate, {
  construct(target, args: unknown[], newTarget) {
    return Reflect.construct(target, args.length === 0 ? [target.now() + offsetMs] : args, newTarget) as object;
  },
  apply() {
    return new RealDate(RealDate.now() + offsetMs).toString();
  },
  get(target, property, receiver) {
    if (property === 'now') return () => target.now() + offsetMs;
    return Reflect.get(target, property, receiver) as unknown;
  },
});
globalThis.Date = ShiftedDate;

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || !('type' in message) || message.type !== 'advance-clock')
    return;
  offsetMs += 'ms' in message && typeof message.ms === 'number' ? message.ms : 0;
  process.send?.({ type: 'clock-advanced' });
});
