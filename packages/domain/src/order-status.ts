import type { OrderStatus } from './api/orders.ts';

/**
 * An order's life (docs/product/orders.md): where each status may go next. Placing makes it `waiting` (or
 * `pending_payment` first when paid online, `expired` if never paid); the restaurant accepts or rejects it; an accepted order
 * becomes `ready` (pickup: ready to collect; delivery: on its way) and then `completed`, or is
 * `cancelled` with a reason before it is handed over. Rejected, completed and cancelled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['waiting', 'expired'],
  waiting: ['accepted', 'rejected'],
  accepted: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  rejected: [],
  completed: [],
  cancelled: [],
  expired: [],
};

/** Whether an order in `from` may be given `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses an order may be in to be given `to`: what a check-and-set update requires. */
export function statusesBefore(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/** Nothing happens to the order any more: its live channel and polling may stop. */
export function isFinalStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}
