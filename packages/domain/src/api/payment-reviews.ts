import * as z from 'zod/mini';
import { orderStatusSchema, paymentMethodSchema } from './orders.ts';

// "Zahlungen prüfen" on the orders board: every PayPal payment a person has to look at, listed until it is
// settled (refunded, or marked as dealt with in PayPal), however old the order is and whatever its status.

/**
 * Why a payment needs a person:
 * - `refund_failed`: PayPal refused (or did not answer) the refund of money the shop did not charge for;
 *   the server tries again by itself (`next_retry_at`), staff may try now or refund in PayPal;
 * - `refund_held`: PayPal took the refund but holds it as pending: the money is not back yet;
 * - `reversed`: PayPal took the money back from the shop (a dispute or chargeback) after it was paid.
 */
export const paymentReviewKindSchema = z.enum(['refund_failed', 'refund_held', 'reversed']);
export type PaymentReviewKind = z.infer<typeof paymentReviewKindSchema>;

/** One payment to look at: the order it belongs to, the amount, and what happened. */
export const paymentReviewSchema = z.object({
  order_id: z.int(),
  kind: paymentReviewKindSchema,
  /** The order's status: an expired or rejected order is listed as well as an open one. */
  order_status: orderStatusSchema,
  /** How the order is paid now: `cash` when the customer switched after PayPal had taken the money. */
  payment_method: paymentMethodSchema,
  customer_name: z.string(),
  phone: z.string(),
  /** The money in question, in the store's currency (the order's total). */
  amount: z.number(),
  /** The PayPal capture the money was taken with: what staff look up in PayPal. */
  paypal_capture_id: z.nullable(z.string()),
  /** PayPal's reason for the last failed refund, as it gave it. */
  failure: z.nullable(z.string()),
  /** When the server tries the refund again by itself (ISO-8601); null when it does not. */
  next_retry_at: z.nullable(z.string()),
  /** When the payment last changed (ISO-8601). */
  since: z.string(),
  created_at: z.string(),
});
export type PaymentReview = z.infer<typeof paymentReviewSchema>;

/** `GET /api/admin/stores/{id}/payment-reviews`: oldest first. */
export const paymentReviewListSchema = z.object({ reviews: z.array(paymentReviewSchema) });
export type PaymentReviewList = z.infer<typeof paymentReviewListSchema>;
