import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffOverviewSchema } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

export const STAFF_QUERY_KEY = ['admin', 'staff'] as const;

/** `GET /api/admin/staff`: the members (deactivated ones too) and the invitations not yet used. */
export function staffQueryOptions() {
  return queryOptions({
    queryKey: STAFF_QUERY_KEY,
    queryFn: () => staffRequest('/admin/staff', staffOverviewSchema),
  });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}
