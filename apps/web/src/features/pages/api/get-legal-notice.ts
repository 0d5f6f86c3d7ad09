import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_ID, storeDetailsSchema } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The restaurant's legal notice, from `GET /api/stores/13` read with the schema that keeps it (the first
 * load's store schema leaves it out to stay small). The browser revalidates the store by its ETag.
 */
export function useLegalNotice(storeId: number = STORE_ID) {
  return useQuery(
    queryOptions({
      queryKey: ['store', storeId, 'legal-notice'],
      queryFn: async () => (await apiRequest(`/stores/${storeId}`, storeDetailsSchema)).legal_notice,
      staleTime: 5 * 60_000,
    }),
  );
}
