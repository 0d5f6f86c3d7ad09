import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_ID, timeSlotsSchema, type OrderType, type TimeSlots } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/stores/13/slots: "as soon as possible" with its honest ready time, the free slots of a day
 * (`date`, today when null), and the days the store takes orders for.
 */
export function getTimeSlots(
  orderType: OrderType,
  postcode: string | null,
  date: string | null = null,
  storeId: number = STORE_ID,
): Promise<TimeSlots> {
  const query = new URLSearchParams({ order_type: orderType });
  if (orderType === 'delivery' && postcode) query.set('postcode', postcode);
  if (date) query.set('date', date);
  return apiRequest(`/stores/${storeId}/slots?${query.toString()}`, timeSlotsSchema);
}

/** The key every time-slot query starts with: the live store status invalidates them all. */
export const TIME_SLOTS_KEY = ['time-slots'] as const;

export function timeSlotsQueryOptions(
  orderType: OrderType,
  postcode: string | null,
  date: string | null = null,
  storeId: number = STORE_ID,
) {
  const zip = orderType === 'delivery' ? postcode : null;
  return queryOptions({
    queryKey: [...TIME_SLOTS_KEY, storeId, orderType, zip, date],
    queryFn: () => getTimeSlots(orderType, zip, date, storeId),
    // Another day's slots load under the last day's: its days stay to choose from meanwhile.
    placeholderData: keepPreviousData,
    // Slots fill up and the clock moves on: keep them fresh while the checkout is open.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** The slots of a day, `date` null for today. */
export function useTimeSlots(orderType: OrderType, postcode: string | null, date: string | null = null) {
  return useQuery(timeSlotsQueryOptions(orderType, postcode, date));
}
