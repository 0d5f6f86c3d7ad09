import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderSchema, type AdminOrder } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

/** `GET /api/admin/orders/{id}`: the order as staff see it, with its history of status changes. */
export function getAdminOrder(id: number): Promise<AdminOrder> {
  return staffRequest(`/admin/orders/${id}`, adminOrderSchema);
}

export function adminOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: () => getAdminOrder(id),
  });
}

export function useAdminOrder(id: number) {
  return useQuery(adminOrderQueryOptions(id));
}
