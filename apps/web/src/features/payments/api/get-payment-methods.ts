import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_ID, paymentMethodsSchema, type PaymentMethods } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/stores/13/payment-methods: cash always, PayPal only when the server has its credentials. */
export function getPaymentMethods(storeId: number = STORE_ID): Promise<PaymentMethods> {
  return apiRequest(`/stores/${storeId}/payment-methods`, paymentMethodsSchema);
}

export function paymentMethodsQueryOptions(storeId: number = STORE_ID) {
  return queryOptions({
    queryKey: ['payment-methods', storeId],
    queryFn: () => getPaymentMethods(storeId),
    // Like the store itself: it changes only when the server is configured anew.
    staleTime: 5 * 60_000,
  });
}

export function usePaymentMethods(storeId: number = STORE_ID) {
  return useQuery(paymentMethodsQueryOptions(storeId));
}
