import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinalStatus, orderSchema, type Order, type PaymentStatus } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The order page follows the order over its live channel; only while that is down does it ask over
 * HTTP, and slowly: the channel sends the current order as soon as it is back.
 */
export const ORDER_FALLBACK_POLL_MS = 30_000;

/** Payments still moving after the order's last status: a refund under way, or a capture PayPal still checks. */
const MOVING_PAYMENTS: readonly PaymentStatus[] = ['pending', 'refund_pending', 'refund_failed'];

/**
 * Nothing changes any more (rejected, completed, cancelled, expired, and no refund under way): the live
 * channel and polling stop. An accepted order still turns ready and then completed, or is cancelled; a
 * rejected PayPal order still turns refunded.
 */
export function isFinished(order: Pick<Order, 'status' | 'payment_status'>): boolean {
  return isFinalStatus(order.status) && !(order.payment_status && MOVING_PAYMENTS.includes(order.payment_status));
}

/** How often to ask over HTTP: never once finished or while the live channel delivers. */
export function fallbackPollInterval(
  order: Pick<Order, 'status' | 'payment_status'> | undefined,
  live: boolean,
): number | false {
  if (live || (order && isFinished(order))) return false;
  return ORDER_FALLBACK_POLL_MS;
}

/** GET /api/orders/{id}: the owner's bearer token, or a guest's tracking token as `?token=`. */
export function getOrder(id: number, token: string | null): Promise<Order> {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return apiRequest(`/orders/${id}${query}`, orderSchema);
}

export function orderQueryOptions(id: number, token: string | null) {
  return queryOptions({
    queryKey: ['order', id, token],
    queryFn: () => getOrder(id, token),
    // A wrong link stays wrong: do not retry a 403/404.
    retry: false,
  });
}

export function useOrder(id: number, token: string | null, live: boolean) {
  return useQuery({
    ...orderQueryOptions(id, token),
    refetchInterval: (query) => fallbackPollInterval(query.state.data, live),
  });
}
