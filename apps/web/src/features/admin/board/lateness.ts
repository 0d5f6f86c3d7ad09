import type { Order } from '@pizzeria/domain';
import { dueAt } from '../orders/promised-at.ts';

/** From this many minutes before its time an open order is flagged as due soon. */
export const DUE_SOON_MINUTES = 10;

/** Only orders still to be made or handed over can be late; done ones are past caring. */
const OPEN = new Set<Order['status']>(['waiting', 'accepted', 'ready']);

export type Lateness =
  | { kind: 'on_time' }
  /** Due within `DUE_SOON_MINUTES`: `minutes` left, rounded up (0 never: that is `late`). */
  | { kind: 'due_soon'; minutes: number }
  /** Its time has come: `minutes` past it, rounded down (0: due this very minute). */
  | { kind: 'late'; minutes: number };

/**
 * How an open order stands against the time the customer was given: staff's promise once accepted, before
 * that the time told at checkout (`dueAt`). `now` is the server's time in ms, from the board's clock tick.
 * Null for an order that is done.
 */
export function lateness(order: Pick<Order, 'status' | 'eta_at' | 'promised_at'>, now: number): Lateness | null {
  if (!OPEN.has(order.status)) return null;
  const left = Date.parse(dueAt(order)) - now;
  if (Number.isNaN(left)) return null;
  if (left <= 0) return { kind: 'late', minutes: Math.floor((0 - left) / 60_000) };
  const minutes = Math.ceil(left / 60_000);
  return minutes <= DUE_SOON_MINUTES ? { kind: 'due_soon', minutes } : { kind: 'on_time' };
}
