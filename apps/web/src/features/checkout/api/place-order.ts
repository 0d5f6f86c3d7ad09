import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order, type OrderRequest } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderQueryOptions, ordersQueryOptions } from '../../orders/index.ts';

export interface PlaceOrderInput {
  /** Guests post to `/orders/guest` with their shipping address, customers to `/orders/`. */
  guest: boolean;
  body: OrderRequest;
  /** The same key for every retry of one attempt: the server then never creates a second order. */
  idempotencyKey: string;
}

/** POST /api/orders/ (bearer) or /api/orders/guest with an `Idempotency-Key` header (docs/product/orders.md). */
export function placeOrder({ guest, body, idempotencyKey }: PlaceOrderInput): Promise<Order> {
  return apiRequest(guest ? '/orders/guest' : '/orders/', orderSchema, {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order, { guest }) => {
      // The order page (guests: with the tracking token in its link) shows the answer at once.
      const token = guest ? (order.tracking_token ?? null) : null;
      queryClient.setQueryData(orderQueryOptions(order.id, token).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey });
    },
  });
}
