import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** DELETE /api/addresses/{id}: removes one of the customer's own addresses (204; orders keep their copy). */
export function deleteAddress(id: number): Promise<null> {
  return apiRequest(`/addresses/${id}`, z.null(), { method: 'DELETE' });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });
}
