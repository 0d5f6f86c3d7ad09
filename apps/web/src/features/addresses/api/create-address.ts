import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressSchema, type Address, type AddressInput } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** POST /api/addresses/: saves a new address for the signed-in customer. */
export function createAddress(input: AddressInput): Promise<Address> {
  return apiRequest('/addresses/', addressSchema, { method: 'POST', json: input });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });
}
