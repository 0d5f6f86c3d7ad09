import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_ID, storeSchema, type Store } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/stores/13: name, contact, region and opening hours of the restaurant. */
export function getStore(storeId: number = STORE_ID): Promise<Store> {
  return apiRequest(`/stores/${storeId}`, storeSchema);
}

export function storeQueryOptions(storeId: number = STORE_ID) {
  return queryOptions({
    queryKey: ['store', storeId],
    queryFn: () => getStore(storeId),
    staleTime: 5 * 60_000,
  });
}

/** The restaurant (docs/product/shop.md). A failed fetch is only logged (docs/product/shop.md): callers fall back to defaults. */
export function useStore(storeId: number = STORE_ID) {
  return useQuery(storeQueryOptions(storeId));
}
