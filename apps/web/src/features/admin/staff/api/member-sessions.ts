import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffMemberSessionListSchema, type StaffMember, type StaffSession } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STAFF_QUERY_KEY } from './get-staff.ts';

const memberSessionsKey = (memberId: number) => [...STAFF_QUERY_KEY, memberId, 'sessions'] as const;

/** `GET /api/admin/staff/{id}/sessions`: where a colleague is signed in; read when the owner opens the list. */
export function useMemberSessions(member: StaffMember, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: memberSessionsKey(member.id),
      queryFn: () => staffRequest(`/admin/staff/${member.id}/sessions`, staffMemberSessionListSchema),
      enabled,
    }),
  );
}

/** `DELETE /api/admin/staff/{id}/sessions/{sessionId}`: signs that device of the colleague's out. */
export function useSignOutMemberDevice(member: StaffMember) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: StaffSession) =>
      staffRequest<undefined>(`/admin/staff/${member.id}/sessions/${session.id}`, null, { method: 'DELETE' }),
    // The device count on the member's card changes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
