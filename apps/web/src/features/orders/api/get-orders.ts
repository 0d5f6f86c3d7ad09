import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orderSchema, type Order } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const ordersSchema = z.array(orderSchema);

/** GET /api/orders/: the signed-in customer's orders, newest first. */
export function getOrders(): Promise<Order[]> {
  return apiRequest('/orders/', ordersSchema);
}

export function ordersQueryOptions() {
  return queryOptions({ queryKey: ['orders'], queryFn: getOrders, staleTime: 30_000 });
}

export function useOrders(enabled = true) {
  return useQuery({ ...ordersQueryOptions(), enabled });
}
