import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { MAX_ADMIN_ORDERS_PAGE, orderSchema, type OrderStatus } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

/** How often the dashboard asks again; the live board (WebSocket) comes with the orders board. */
export const DASHBOARD_REFRESH_MS = 15_000;

const ordersSchema = z.array(orderSchema);

/** `GET /api/admin/orders`: newest first, optionally of one status, at most `limit` (one page). */
export function adminOrdersQueryOptions({ status, limit }: { status?: OrderStatus; limit: number }) {
  const params = new URLSearchParams({ ...(status ? { status } : {}), limit: String(limit) });
  return queryOptions({
    queryKey: ['admin', 'orders', { status: status ?? null, limit }],
    queryFn: () => staffRequest(`/admin/orders?${params.toString()}`, ordersSchema),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** The waiting orders: one full page of them means there may be more. */
export function useWaitingOrders() {
  return useQuery(adminOrdersQueryOptions({ status: 'waiting', limit: MAX_ADMIN_ORDERS_PAGE }));
}

export const LATEST_ORDERS_LIMIT = 20;

export function useLatestOrders() {
  return useQuery(adminOrdersQueryOptions({ limit: LATEST_ORDERS_LIMIT }));
}
