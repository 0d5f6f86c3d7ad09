import { useQueryClient } from '@tanstack/react-query';
import { staffMemberSchema, type StaffMember } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STAFF_QUERY_KEY } from './get-staff.ts';

/**
 * `POST /api/admin/staff/{id}/deactivate` (every device of theirs is signed out at once) and
 * `POST /api/admin/staff/{id}/activate`. Refused with 409 `last_owner` for the last active owner.
 */
export function useSetMemberActive() {
  const queryClient = useQueryClient();
  return async (member: StaffMember, active: boolean): Promise<StaffMember> => {
    try {
      return await staffRequest(`/admin/staff/${member.id}/${active ? 'activate' : 'deactivate'}`, staffMemberSchema, {
        method: 'POST',
      });
    } finally {
      void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
    }
  };
}
