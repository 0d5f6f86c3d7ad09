import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerSessionListSchema, type CustomerSession } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/users/me/sessions`: the devices signed in to the account, the most recently used first. */
export function getSessions(): Promise<CustomerSession[]> {
  return apiRequest('/users/me/sessions', customerSessionListSchema);
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: ['users', 'me', 'sessions'], queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
