import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type AcceptOrder, type CancelOrder, type Order, type RejectOrder } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { upsertBoardOrder } from './board-query.ts';

/** What staff do with an order, as `POST /api/admin/orders/{id}/{step}` takes it. */
export type OrderAction =
  | ({ step: 'accept' } & AcceptOrder)
  | ({ step: 'reject' } & RejectOrder)
  | { step: 'ready' }
  | { step: 'complete' }
  | ({ step: 'cancel' } & CancelOrder);

export function postOrderAction(orderId: number, { step, ...body }: OrderAction): Promise<Order> {
  return staffRequest(`/admin/orders/${orderId}/${step}`, orderSchema, { method: 'POST', json: body });
}

/**
 * One step on one order. The answer goes straight into the board; a 409 (another device was quicker, or
 * the step no longer fits) carries the server's message saying who did what, shown where the staff
 * member clicked, and the board reloads the order from the channel.
 */
export function useOrderAction(orderId: number, onDone: (order: Order, action: OrderAction) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => postOrderAction(orderId, action),
    // Here, not in `mutate`'s callbacks: the channel often brings the changed order before the answer
    // does, the panel that asked is replaced by the next status's, and `mutate`'s callbacks die with it.
    onSuccess: (order, action) => {
      upsertBoardOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
      onDone(order, action);
    },
  });
}
