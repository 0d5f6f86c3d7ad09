import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/me/confirmation`: the confirmation link again, for an address not yet confirmed. */
export function resendConfirmation(): Promise<MessageResponse> {
  return apiRequest('/users/me/confirmation', messageResponseSchema, { method: 'POST' });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
