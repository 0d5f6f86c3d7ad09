import type { Order } from '@pizzeria/domain';

/** The payment wording of an order (its page and the history), by the `order.paypal.*` text it takes. */
export type PaymentLine =
  | { kind: 'cash' }
  | { kind: 'paypal'; state: 'unpaid' | 'declined' | 'pending' | 'paid' | 'refund_pending' | 'refunded' | 'reversed' };

export function paymentLine(order: Pick<Order, 'payment_method' | 'payment_status'>): PaymentLine {
  if (order.payment_method === 'cash') return { kind: 'cash' };
  switch (order.payment_status) {
    case null:
    case 'unpaid':
      return { kind: 'paypal', state: 'unpaid' };
    // A failed refund is the staff's to solve: the customer sees it as still on its way.
    case 'refund_failed':
      return { kind: 'paypal', state: 'refund_pending' };
    default:
      return { kind: 'paypal', state: order.payment_status };
  }
}

/** Whether the customer's money is on its way back or back already (a rejected, cancelled or expired order). */
export function refundState(order: Pick<Order, 'payment_method' | 'payment_status'>): 'refunding' | 'refunded' | null {
  const line = paymentLine(order);
  if (line.kind !== 'paypal') return null;
  if (line.state === 'refund_pending') return 'refunding';
  return line.state === 'refunded' ? 'refunded' : null;
}
