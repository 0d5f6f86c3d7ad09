import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type EmailChangeRequest, type MessageResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/me/email`: mails a link to the new address; the old one counts until it is opened. */
export function changeEmail(input: EmailChangeRequest): Promise<MessageResponse> {
  return apiRequest('/users/me/email', messageResponseSchema, { method: 'POST', json: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
