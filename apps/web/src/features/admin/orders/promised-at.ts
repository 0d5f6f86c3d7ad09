import type { Order, OrderStatus } from '@pizzeria/domain';

/** The statuses an order reaches only through being accepted. */
const ACCEPTED: ReadonlySet<OrderStatus> = new Set(['accepted', 'ready', 'completed', 'cancelled']);

/**
 * The time staff promised the order for: set when they accept it (`eta_at`, from the domain's
 * `promisedTime`). Null while it is undecided, and for an order never accepted (rejected, expired): only a
 * decided order is promised, whatever the checkout estimated.
 */
export function promisedAt(order: Pick<Order, 'status' | 'eta_at'>): string | null {
  return ACCEPTED.has(order.status) ? order.eta_at : null;
}

/**
 * When the order is due: its promise once there is one, before that the time the checkout told the
 * customer (`promised_at`, the estimate the order was placed with). For sorting and for an estimate
 * shown as one, never as a promise.
 */
export function dueAt(order: Pick<Order, 'eta_at' | 'promised_at'>): string {
  return order.eta_at ?? order.promised_at;
}
