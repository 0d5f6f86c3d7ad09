import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { addressSchema, type Address } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const addressesSchema = z.array(addressSchema);

/** GET /api/addresses/: the signed-in customer's saved addresses. */
export function getAddresses(): Promise<Address[]> {
  return apiRequest('/addresses/', addressesSchema);
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: ['addresses'], queryFn: getAddresses, staleTime: 60_000 });
}

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}
