import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { upsertBoardOrder } from './board-query.ts';

/**
 * `POST /api/admin/orders/{id}/refund`: tries a failed PayPal refund again. The answer is the order with
 * its refund under way (`refund_pending`); whether it then succeeds arrives over the board's channel.
 * A 409 `refund_not_possible` (nothing left to refund) carries the server's message.
 */
export function retryRefund(orderId: number): Promise<Order> {
  return staffRequest(`/admin/orders/${orderId}/refund`, orderSchema, { method: 'POST' });
}

export function useRetryRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryRefund(orderId),
    onSuccess: (order) => {
      upsertBoardOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
    },
  });
}
