import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse, type ResetPassword } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/reset-password` with the emailed token; a token works once and expires after an hour. */
export function resetPassword(input: ResetPassword): Promise<MessageResponse> {
  return apiRequest('/reset-password', messageResponseSchema, { method: 'POST', json: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
