import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressSchema, type Address, type AddressInput } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** PUT /api/addresses/{id}: changes one of the customer's own addresses. */
export function updateAddress({ id, input }: { id: number; input: AddressInput }): Promise<Address> {
  return apiRequest(`/addresses/${id}`, addressSchema, { method: 'PUT', json: input });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });
}
