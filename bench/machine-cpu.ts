import { readFileSync } from 'node:fs';

// The whole machine's CPU time, so a bench can say what every process together spent on its load
// (PostgreSQL's backends included, which come and go) and whether the cores were the limit.

/** CPU time of all cores together since boot, in ms: spent working, and in all. */
export interface MachineCpu {
  busyMs: number;
  allMs: number;
}

/** /proc/stat counts in USER_HZ, a hundredth of a second on every Linux that Node runs on. */
const TICK_MS = 10;

/** The machine's CPU time so far from `/proc/stat`, or null where there is none (not Linux). */
export function machineCpu(): MachineCpu | null {
  let line: string;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  } catch {
    return null;
  }
  const [label, ...fields] = line.trim().split(/\s+/);
  const values = fields.slice(0, 8).map(Number);
  if (label !== 'cpu' || values.length < 8 || values.some((value) => !Number.isFinite(value))) return null;
  // (The defaults never apply: there are eight.)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  const busy = user + nice + system + irq + softirq;
  // Waiting for the disk and time the hypervisor gave to other machines are not work of ours.
  return { busyMs: busy * TICK_MS, allMs: (busy + idle + iowait + steal) * TICK_MS };
}

/**
 * What the machine spent between two readings on `orders` orders: all cores' busy time per order, the
 * part of it that the processes measured apart (`oursPerOrder`, ms per order) leave over, and the share
 * of all cores that was busy.
 */
export function machineSpent(
  before: MachineCpu | null,
  after: MachineCpu | null,
  orders: number,
  oursPerOrder: number,
) {
  if (!before || !after || after.allMs <= before.allMs) return null;
  const busyMs = after.busyMs - before.busyMs;
  const allPerOrder = busyMs / Math.max(1, orders);
  return { allPerOrder, restPerOrder: allPerOrder - oursPerOrder, busyShare: busyMs / (after.allMs - before.allMs) };
}
