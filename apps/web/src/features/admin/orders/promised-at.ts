import type { Order } from '@pizzeria/domain';

/**
 * The time the customer was promised, as their order page shows it: staff's answer once the order is
 * accepted (`eta_at`, from the domain's `promisedTime`), before that the estimate the checkout gave.
 */
export function promisedAt(order: Pick<Order, 'eta_at' | 'promised_at'>): string {
  return order.eta_at ?? order.promised_at;
}
