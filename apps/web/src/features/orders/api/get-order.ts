import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order, type OrderStatus } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often the order page asks while the restaurant has not decided yet (live updates come later). */
export const ORDER_POLL_MS = 5_000;

/** Statuses after which nothing changes any more: polling stops. */
export function isDecided(status: OrderStatus): boolean {
  return status === 'accepted' || status === 'rejected';
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
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isDecided(status) ? false : ORDER_POLL_MS;
    },
    // A wrong link stays wrong: do not retry a 403/404.
    retry: false,
  });
}

export function useOrder(id: number, token: string | null) {
  return useQuery(orderQueryOptions(id, token));
}
