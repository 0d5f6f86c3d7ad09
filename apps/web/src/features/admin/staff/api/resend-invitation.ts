import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffInvitationSchema, type StaffInvitation } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STAFF_QUERY_KEY } from './get-staff.ts';

/** `POST /api/admin/staff/invitations/{id}/resend`: a new link, valid 48 h from now, mailed again. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: StaffInvitation) =>
      staffRequest(`/admin/staff/invitations/${invitation.id}/resend`, staffInvitationSchema, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
