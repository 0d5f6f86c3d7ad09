import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { orderSearchPageSchema, type OrderSearchFilters } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

/** The query string of `filters`, the empty ones left out: the same text for the same search. */
function searchParams(filters: Partial<OrderSearchFilters>, cursor: number | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (cursor !== null) params.set('cursor', String(cursor));
  return params;
}

/**
 * `GET …/orders`: the store's orders matching `filters`, newest first, a page at a time ("more" asks for
 * the page after the last order shown). The pages on screen stay while a changed search loads.
 */
export function orderSearchQuery(filters: Partial<OrderSearchFilters>) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'orders', 'search', searchParams(filters, null).toString()],
    queryFn: ({ pageParam }) => {
      const query = searchParams(filters, pageParam).toString();
      return staffRequest(`${STORE_API}/orders${query ? `?${query}` : ''}`, orderSearchPageSchema);
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useOrderSearch(filters: Partial<OrderSearchFilters>) {
  return useInfiniteQuery(orderSearchQuery(filters));
}
