import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderQueryOptions } from './get-order.ts';

interface OwnOrder {
  id: number;
  /** A guest's tracking token; null for a signed-in customer (their bearer token is sent). */
  token: string | null;
}

/** `POST /api/orders/{id}/cancel`: the customer calls off their order while the restaurant has not answered. */
export function cancelOrder({ id, token }: OwnOrder): Promise<Order> {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return apiRequest(`/orders/${id}/cancel${query}`, orderSchema, { method: 'POST' });
}

/**
 * Cancels and shows the answer at once (unless the live channel brought a newer copy); a refusal (the
 * restaurant accepted meanwhile) reads the order again, so the page shows what it became.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order, { id, token }) =>
      queryClient.setQueryData<Order>(orderQueryOptions(id, token).queryKey, (known) =>
        known && known.revision > order.revision ? known : order,
      ),
    onError: (_error, { id, token }) =>
      queryClient.invalidateQueries({ queryKey: orderQueryOptions(id, token).queryKey }),
  });
}
