import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_ID, timeSlotsSchema, type OrderType, type TimeSlots } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/stores/13/slots: "as soon as possible" with its honest ready time, and the free slots today. */
export function getTimeSlots(
  orderType: OrderType,
  postcode: string | null,
  storeId: number = STORE_ID,
): Promise<TimeSlots> {
  const query = new URLSearchParams({ order_type: orderType });
  if (orderType === 'delivery' && postcode) query.set('postcode', postcode);
  return apiRequest(`/stores/${storeId}/slots?${query.toString()}`, timeSlotsSchema);
}

/** The key every time-slot query starts with: the live store status invalidates them all. */
export const TIME_SLOTS_KEY = ['time-slots'] as const;

export function timeSlotsQueryOptions(orderType: OrderType, postcode: string | null, storeId: number = STORE_ID) {
  const zip = orderType === 'delivery' ? postcode : null;
  return queryOptions({
    queryKey: [...TIME_SLOTS_KEY, storeId, orderType, zip],
    queryFn: () => getTimeSlots(orderType, zip, storeId),
    // Slots fill up and the clock moves on: keep them fresh while the checkout is open.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useTimeSlots(orderType: OrderType, postcode: string | null) {
  return useQuery(timeSlotsQueryOptions(orderType, postcode));
}
