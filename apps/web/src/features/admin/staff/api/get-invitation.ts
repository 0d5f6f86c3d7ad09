import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffInvitationPreviewSchema } from '@pizzeria/domain';
import { staffFetch } from '../../auth/staff-session.ts';

/**
 * `GET /api/staff/invitation?token=` (signed out): whom the link invites, as what, until when; 404
 * `invitation_invalid` when used, expired, withdrawn or unknown. Not retried: the answer will not change.
 */
export function useInvitationPreview(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['staff-invitation', token] as const,
      queryFn: () =>
        staffFetch(`/staff/invitation?${new URLSearchParams({ token }).toString()}`, staffInvitationPreviewSchema),
      enabled: token !== '',
      retry: false,
      staleTime: Infinity,
    }),
  );
}
