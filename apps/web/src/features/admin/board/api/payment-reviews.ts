import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORE_ID, paymentReviewListSchema } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { retryRefund } from './retry-refund.ts';

export const PAYMENT_REVIEWS_QUERY_KEY = ['admin', 'payment-reviews', STORE_ID] as const;

/**
 * `GET /api/admin/stores/{id}/payment-reviews`: the payments that need a person ("Zahlungen prüfen"). Read
 * when the board opens, after every reconnect and whenever the board's channel brings a change to an
 * order's payment (`board-connection.ts`); no polling.
 */
export function usePaymentReviews() {
  return useQuery(
    queryOptions({
      queryKey: PAYMENT_REVIEWS_QUERY_KEY,
      queryFn: () => staffRequest(`/admin/stores/${STORE_ID}/payment-reviews`, paymentReviewListSchema),
      staleTime: Infinity,
    }),
  );
}

/**
 * The two things staff can do about one: try the refund again now (`POST /api/admin/orders/{id}/refund`),
 * or mark it as dealt with in PayPal (`POST /api/admin/orders/{id}/payment-review/done`, audited). Either
 * way the list is read again.
 */
export function usePaymentReviewActions(orderId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: PAYMENT_REVIEWS_QUERY_KEY });
  const retry = useMutation({ mutationFn: () => retryRefund(orderId), onSettled: reload });
  const markDone = useMutation({
    mutationFn: () =>
      staffRequest(`/admin/orders/${orderId}/payment-review/done`, paymentReviewListSchema, { method: 'POST' }),
    onSuccess: (list) => queryClient.setQueryData(PAYMENT_REVIEWS_QUERY_KEY, list),
    onError: reload,
  });
  return { retry, markDone };
}
