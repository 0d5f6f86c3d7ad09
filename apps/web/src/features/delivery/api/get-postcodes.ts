import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { STORE_ID, postcodeSchema, type Postcode } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const postcodesSchema = z.array(postcodeSchema);

/** GET /api/postcodes/store/13: the delivery areas with fee, minimum order and delivery time. */
export function getPostcodes(storeId: number = STORE_ID): Promise<Postcode[]> {
  return apiRequest(`/postcodes/store/${storeId}`, postcodesSchema);
}

export function postcodesQueryOptions(storeId: number = STORE_ID) {
  return queryOptions({
    queryKey: ['postcodes', storeId],
    queryFn: () => getPostcodes(storeId),
    staleTime: 10 * 60_000,
  });
}

export function usePostcodes(storeId: number = STORE_ID) {
  return useQuery(postcodesQueryOptions(storeId));
}
