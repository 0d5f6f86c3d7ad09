import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { STORE_ID, discountSchema, type Discount } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OrderType } from '../../delivery/index.ts';

const discountsSchema = z.array(discountSchema);

/** GET /api/discounts/13: the delivery and pickup discounts in percent. */
export function getDiscounts(storeId: number = STORE_ID): Promise<Discount[]> {
  return apiRequest(`/discounts/${storeId}`, discountsSchema);
}

export function discountsQueryOptions(storeId: number = STORE_ID) {
  return queryOptions({
    queryKey: ['discounts', storeId],
    queryFn: () => getDiscounts(storeId),
    staleTime: 60_000,
  });
}

/** A failed fetch is only logged (docs/product/shop.md): the cart then shows no discount. */
export function useDiscounts(storeId: number = STORE_ID) {
  return useQuery(discountsQueryOptions(storeId));
}

/** The percentage for the order type: DELIVERY_DISCOUNT or PICKUP_DISCOUNT, 0 when there is none (docs/product/shop.md). */
export function discountPercentFor(discounts: readonly Discount[] | undefined, orderType: OrderType): number {
  const code = orderType === 'pickup' ? 'PICKUP_DISCOUNT' : 'DELIVERY_DISCOUNT';
  return discounts?.find((discount) => discount.code === code)?.value ?? 0;
}
