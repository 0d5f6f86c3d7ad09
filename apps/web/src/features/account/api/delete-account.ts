import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type AccountDeletion, type MessageResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/users/me/delete`: the account and its addresses go; its orders stay without personal data. */
export function deleteAccount(input: AccountDeletion): Promise<MessageResponse> {
  return apiRequest('/users/me/delete', messageResponseSchema, { method: 'POST', json: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
