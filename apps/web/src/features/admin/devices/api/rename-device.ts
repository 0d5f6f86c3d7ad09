import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSessionSchema, type StaffSession } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { rememberDeviceLabel } from '../../auth/device-label.ts';
import { staffSessionsQueryKey } from './get-staff-sessions.ts';

/**
 * `PATCH /api/admin/sessions/{id}`: a new name for one of the devices. This device's new name is also kept
 * here, so the next sign-in on it offers it again.
 */
export function useRenameDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ session, label }: { session: StaffSession; label: string }) =>
      staffRequest(`/admin/sessions/${session.id}`, staffSessionSchema, { method: 'PATCH', json: { label } }),
    onSuccess: (renamed) => {
      if (renamed.current && renamed.label) rememberDeviceLabel(renamed.label);
      void queryClient.invalidateQueries({ queryKey: staffSessionsQueryKey });
    },
  });
}
