import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '@pizzeria/domain';
import { clearStaffSession, staffRequest } from '../../auth/staff-session.ts';
import { staffSessionsQueryKey } from './get-staff-sessions.ts';

/**
 * `DELETE /api/admin/sessions/{id}`: that device's tokens stop at once. Signing out this device also
 * forgets its session here, which sends the person to the login (the guard).
 */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: StaffSession) =>
      staffRequest<undefined>(`/admin/sessions/${session.id}`, null, { method: 'DELETE' }),
    onSuccess: (_answer, session) => {
      if (session.current) clearStaffSession();
      else void queryClient.invalidateQueries({ queryKey: staffSessionsQueryKey });
    },
  });
}
