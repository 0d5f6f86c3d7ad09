import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_ID, guestRushSchema } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

/** Unanswered guest orders move slowly between board reads; a minute is soon enough to warn. */
const GUEST_RUSH_REFRESH_MS = 60_000;

/**
 * `GET /api/admin/stores/{id}/guest-rush`: whether unanswered guest orders hold the guests' places of the
 * slots ahead. Read again whenever the number of new orders on the board changes (`waitingCount`), and
 * every minute besides.
 */
export function useGuestRush(waitingCount: number) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'guest-rush', STORE_ID, waitingCount] as const,
      queryFn: () => staffRequest(`/admin/stores/${STORE_ID}/guest-rush`, guestRushSchema),
      refetchInterval: GUEST_RUSH_REFRESH_MS,
      placeholderData: (previous) => previous,
    }),
  );
}
