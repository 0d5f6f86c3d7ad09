import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Marks queries stale after a change the server told of, and reads the watched ones anew. TanStack
 * Query's own invalidation cancels a read under way only when the query already has data: a first read
 * still under way is waited for instead, and it may have begun before the change, so its answer would be
 * shown as current. Reads under way are cancelled first, and so every watched query is read after the
 * change.
 */
export async function invalidateAnew(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
