import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type ProfileUpdate, type User } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession, useSessionStore } from '../../session/index.ts';
import { meQueryOptions } from './get-me.ts';

/** `PATCH /api/users/me`: name and phone; an empty phone clears it. */
export function updateProfile(input: ProfileUpdate): Promise<User> {
  return apiRequest('/users/me', userSchema, { method: 'PATCH', json: input });
}

/** The stored session carries the name the header shows: it changes with the account. */
export function keepSessionUser(user: User): void {
  const { token } = useSessionStore.getState();
  if (token) saveSession({ access_token: token, user });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryOptions().queryKey, user);
      keepSessionUser(user);
    },
  });
}
