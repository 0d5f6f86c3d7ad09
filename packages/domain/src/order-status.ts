import type { OrderStatus } from './api/orders.ts';

/**
 * Who takes a step of an order's life: the `restaurant`'s side (staff, the payment, the server's sweeps)
 * or the order's `customer` (signed in, or a guest with the tracking token).
 */
export type OrderStepTaker = 'restaurant' | 'customer';

const NONE: readonly OrderStatus[] = [];

/**
 * The restaurant's steps (docs/product/orders.md): placing makes an order `waiting` (or `pending_payment`
 * first when paid online, `expired` if never paid); the restaurant accepts or rejects it; an accepted order
 * becomes `ready` (pickup: ready to collect; delivery: on its way) and then `completed`, or is
 * `cancelled` with a reason before it is handed over.
 */
const RESTAURANT_STEPS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['waiting', 'expired'],
  waiting: ['accepted', 'rejected'],
  accepted: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  rejected: NONE,
  completed: NONE,
  cancelled: NONE,
  expired: NONE,
};

/**
 * The customer's steps: paying an order (or choosing cash instead) sends it to the kitchen, and calling it
 * off while the restaurant has not answered (nothing is cooked yet). Staff cancel only what they accepted
 * (decision 027).
 */
const CUSTOMER_STEPS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['waiting'],
  waiting: ['cancelled'],
  accepted: NONE,
  ready: NONE,
  rejected: NONE,
  completed: NONE,
  cancelled: NONE,
  expired: NONE,
};

const STEPS: Readonly<Record<OrderStepTaker, Readonly<Record<OrderStatus, readonly OrderStatus[]>>>> = {
  restaurant: RESTAURANT_STEPS,
  customer: CUSTOMER_STEPS,
};

/** An order's whole life: where each status may go next, whoever takes the step. Rejected, completed, cancelled and expired are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = bothSides();

function bothSides(): Record<OrderStatus, readonly OrderStatus[]> {
  const steps: Record<OrderStatus, readonly OrderStatus[]> = { ...RESTAURANT_STEPS };
  for (const from of Object.keys(CUSTOMER_STEPS) as OrderStatus[])
    steps[from] = [...new Set([...RESTAURANT_STEPS[from], ...CUSTOMER_STEPS[from]])];
  return steps;
}

/** Whether an order in `from` may be given `to`: by `by` when given, else by anyone. */
export function canTransition(from: OrderStatus, to: OrderStatus, by?: OrderStepTaker): boolean {
  return (by ? STEPS[by] : ORDER_TRANSITIONS)[from].includes(to);
}

/** The statuses an order may be in to be given `to` (by `by`): what a check-and-set update requires. */
export function statusesBefore(to: OrderStatus, by?: OrderStepTaker): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to, by));
}

/** Nothing happens to the order any more: its live channel and polling may stop. */
export function isFinalStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}
