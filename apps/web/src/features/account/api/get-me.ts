import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/users/me`: the account as the server has it now (name, phone, address and whether it is confirmed). */
export function getMe(): Promise<User> {
  return apiRequest('/users/me', userSchema);
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['users', 'me'], queryFn: getMe });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
