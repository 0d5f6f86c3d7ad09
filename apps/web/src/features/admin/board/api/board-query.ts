import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { STORE_ID, boardSchema, type Board, type Order } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

export const BOARD_QUERY_KEY = ['admin', 'board', STORE_ID] as const;

/**
 * `GET /api/admin/stores/{id}/board`: read when the board opens and again after every (re)connect of its
 * live channel, which is what makes an order placed while disconnected appear (and ring) all the same.
 * Between those, the channel's events keep it current; no polling.
 */
export function boardQueryOptions() {
  return queryOptions({
    queryKey: BOARD_QUERY_KEY,
    queryFn: () => staffRequest(`/admin/stores/${STORE_ID}/board`, boardSchema),
    staleTime: Infinity,
  });
}

export function useBoard() {
  return useQuery(boardQueryOptions());
}

/**
 * Puts a new or changed order into the loaded board (a channel event or an action's answer). An older
 * copy than the board's never replaces it: an action's answer can arrive after the change that followed
 * it (a rejection's answer after the refund's push).
 */
export function upsertBoardOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<Board>(BOARD_QUERY_KEY, (board) => {
    if (!board) return board;
    const index = board.orders.findIndex((candidate) => candidate.id === order.id);
    if (index === -1) return { ...board, orders: [...board.orders, order] };
    if ((board.orders[index]?.revision ?? -1) > order.revision) return board;
    const orders = board.orders.slice();
    orders[index] = order;
    return { ...board, orders };
  });
}
