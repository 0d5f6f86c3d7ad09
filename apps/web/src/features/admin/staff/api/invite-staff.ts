import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffInvitationSchema, type StaffInvite } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STAFF_QUERY_KEY } from './get-staff.ts';

/** `POST /api/admin/staff/invitations`: mails the colleague a link to set a password (48 h). */
export function inviteStaff(invite: StaffInvite) {
  return staffRequest('/admin/staff/invitations', staffInvitationSchema, { method: 'POST', json: invite });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
