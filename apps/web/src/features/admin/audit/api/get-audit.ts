import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditEntitiesSchema, auditPageSchema, type AuditQuery } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

const AUDIT_KEY = ['admin', 'audit'] as const;

/** `GET …/audit`: one page of the log, newest first; the last page stays on screen while the next loads. */
export function auditPageQuery(query: Partial<AuditQuery>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return queryOptions({
    queryKey: [...AUDIT_KEY, 'page', params.toString()],
    queryFn: () => staffRequest(`${STORE_API}/audit?${params.toString()}`, auditPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/audit/entities`: what the log holds, for the filter. */
export function auditEntitiesQuery() {
  return queryOptions({
    queryKey: [...AUDIT_KEY, 'entities'],
    queryFn: () => staffRequest(`${STORE_API}/audit/entities`, auditEntitiesSchema),
  });
}
