import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type ConfirmEmail, type MessageResponse } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../session/index.ts';
import { getMe, meQueryOptions } from './get-me.ts';
import { keepSessionUser } from './update-profile.ts';

/** `POST /api/confirm-email` with the mailed token: a new account's address, or a changed one, now counts. */
export function confirmEmail(input: ConfirmEmail): Promise<MessageResponse> {
  return apiRequest('/confirm-email', messageResponseSchema, { method: 'POST', json: input });
}

/** Signed in on this device, the account is read again: its address may have changed with the link. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: async () => {
      if (!useSessionStore.getState().token) return;
      try {
        const user = await getMe();
        queryClient.setQueryData(meQueryOptions().queryKey, user);
        keepSessionUser(user);
      } catch {
        // The address is confirmed all the same; the account page reads it again when opened.
      }
    },
  });
}
