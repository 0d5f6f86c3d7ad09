import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayReportSchema } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

/** How often "today at a glance" asks again: as often as the dashboard's order list. */
export const TODAY_REPORT_REFRESH_MS = 15_000;

/** `GET /api/admin/reports/today`: the store's local day, today unless `date` (`YYYY-MM-DD`) is given. */
export function todayReportQueryOptions(date?: string) {
  const query = date ? `?${new URLSearchParams({ date }).toString()}` : '';
  return queryOptions({
    queryKey: ['admin', 'reports', 'today', date ?? null],
    queryFn: () => staffRequest(`/admin/reports/today${query}`, todayReportSchema),
    refetchInterval: TODAY_REPORT_REFRESH_MS,
  });
}

export function useTodayReport(date?: string) {
  return useQuery(todayReportQueryOptions(date));
}
