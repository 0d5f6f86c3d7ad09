import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

/** `DELETE /api/users/me/sessions/{id}`: that device is signed out (204). */
export async function revokeSession(id: number): Promise<void> {
  await apiRequest(`/users/me/sessions/${id}`, z.null(), { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
