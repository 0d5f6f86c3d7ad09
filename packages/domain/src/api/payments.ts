import * as z from 'zod/mini';

/**
 * Where an order's online payment stands; null for a cash order.
 * - `unpaid`: placed, PayPal not yet approved or captured (the order is `pending_payment`);
 * - `pending`: PayPal captured it as PENDING (a check of the payer's funds): it waits for PayPal's word;
 * - `declined`: the last capture was declined; the customer may try again or pay cash;
 * - `paid`: captured in full (the order went to the kitchen);
 * - `refund_pending`, `refunded`, `refund_failed`: the refund after a rejection or cancellation;
 * - `reversed`: PayPal took the money back (a dispute or chargeback).
 */
export const paymentStatusSchema = z.enum([
  'unpaid',
  'pending',
  'declined',
  'paid',
  'refund_pending',
  'refunded',
  'refund_failed',
  'reversed',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** How long a customer has to pay online before the order expires, unseen by the kitchen. */
export const PAYMENT_WINDOW_MINUTES = 30;

/**
 * `GET /api/stores/{id}/payment-methods`: what the checkout offers. PayPal only when the server has its
 * credentials; `client_id` is PayPal's public client id for the JavaScript SDK, `currency` the store's.
 */
export const paymentMethodsSchema = z.object({
  cash: z.boolean(),
  paypal: z.nullable(z.object({ client_id: z.string(), currency: z.string() })),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** `POST /api/orders/{id}/paypal`: the PayPal order the buyer approves in PayPal's window. */
export const paypalOrderSchema = z.object({ paypal_order_id: z.string() });
export type PayPalOrderRef = z.infer<typeof paypalOrderSchema>;

/**
 * PayPal's refusals (the messages of docs/product/shop.md), and the steps of paying online that do not fit the
 * order (already paid, expired). Part of the order error codes; the customer is told each.
 */
export const PAYMENT_ERROR_CODES = [
  'payment_declined',
  'payment_insufficient_funds',
  'payment_card_expired',
  'payment_not_approved',
  'payment_not_completed',
  'payment_failed',
  'payment_error',
  'order_not_payable',
  'order_expired',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

/**
 * The refusals of a PayPal payment (the messages of docs/product/shop.md). After `payment_declined`,
 * `payment_insufficient_funds` and `payment_card_expired` the buyer may choose another way to pay in
 * PayPal's window (its restart flow) or pay cash.
 */
export const PAYMENT_RESTART_CODES = [
  'payment_declined',
  'payment_insufficient_funds',
  'payment_card_expired',
] as const;
