import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordChangeResponseSchema, type PasswordChange, type PasswordChangeResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession, useSessionStore } from '../../session/index.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

/** `POST /api/users/me/password`: every other device is signed out; this one goes on with the new token. */
export function changePassword(input: PasswordChange): Promise<PasswordChangeResponse> {
  return apiRequest('/users/me/password', passwordChangeResponseSchema, { method: 'POST', json: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ access_token }) => {
      const { user } = useSessionStore.getState();
      if (user) saveSession({ access_token, user });
      return queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    },
  });
}
