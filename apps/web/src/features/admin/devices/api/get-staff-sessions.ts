import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffSessionListSchema } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

export const staffSessionsQueryKey = ['admin', 'sessions'] as const;

/** `GET /api/admin/sessions`: the devices the signed-in staff member uses; `current` is this one. */
export function staffSessionsQueryOptions() {
  return queryOptions({
    queryKey: staffSessionsQueryKey,
    queryFn: () => staffRequest('/admin/sessions', staffSessionListSchema),
  });
}

export function useStaffSessions() {
  return useQuery(staffSessionsQueryOptions());
}
