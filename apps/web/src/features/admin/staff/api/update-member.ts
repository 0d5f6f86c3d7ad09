import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffMemberSchema, type StaffMember, type StaffMemberUpdate } from '@pizzeria/domain';
import { refreshStaffAccount, staffRequest } from '../../auth/staff-session.ts';
import { STAFF_QUERY_KEY } from './get-staff.ts';

/** `PATCH /api/admin/staff/{id}`: a new role (or name); the last active owner stays an owner (409 `last_owner`). */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, change }: { member: StaffMember; change: StaffMemberUpdate }) =>
      staffRequest(`/admin/staff/${member.id}`, staffMemberSchema, { method: 'PATCH', json: change }),
    onSuccess: (updated) => {
      // An owner who made themselves a manager sees the back office as one at once.
      if (updated.you) void refreshStaffAccount();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}
