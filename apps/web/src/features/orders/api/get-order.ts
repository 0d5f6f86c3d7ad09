import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinalStatus, orderSchema, type Order, type OrderStatus } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The order page follows the order over its live channel; only while that is down does it ask over
 * HTTP, and slowly: the channel sends the current order as soon as it is back.
 */
export const ORDER_FALLBACK_POLL_MS = 30_000;

/**
 * Statuses after which nothing changes any more (rejected, completed, cancelled): the live channel and
 * polling stop. An accepted order still turns ready and then completed, or is cancelled.
 */
export function isFinished(status: OrderStatus): boolean {
  return isFinalStatus(status);
}

/** How often to ask over HTTP: never once finished or while the live channel delivers. */
export function fallbackPollInterval(status: OrderStatus | undefined, live: boolean): number | false {
  if (live || (status && isFinished(status))) return false;
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
    refetchInterval: (query) => fallbackPollInterval(query.state.data?.status, live),
  });
}
