import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ForgotPassword, type MessageResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/forgot-password`: the same answer whether or not the email has an account. */
export function requestPasswordReset(input: ForgotPassword): Promise<MessageResponse> {
  return apiRequest('/forgot-password', messageResponseSchema, { method: 'POST', json: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
