import { useQueryClient } from '@tanstack/react-query';
import type { StaffInvitation } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STAFF_QUERY_KEY } from './get-staff.ts';

/** `DELETE /api/admin/staff/invitations/{id}`: the link stops working; the list is read again. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return async (invitation: StaffInvitation): Promise<void> => {
    try {
      await staffRequest<undefined>(`/admin/staff/invitations/${invitation.id}`, null, { method: 'DELETE' });
    } finally {
      void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
    }
  };
}
