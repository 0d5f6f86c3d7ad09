import * as z from 'zod/mini';
import { discountCodeSchema } from './catalogue.ts';
import { idParamSchema, idSchema } from './ids.ts';
import { inputString, localDateInput } from './input.ts';
import { PAYMENT_ERROR_CODES, paymentStatusSchema } from './payments.ts';
import { VOUCHER_REFUSAL_CODES } from '../vouchers.ts';

export const MAX_ORDER_NOTE_LENGTH = 500;
export const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 99;
/** Slots are 15 minutes long (the kitchen's capacity is counted per slot). */
export const SLOT_MINUTES = 15;

export const orderTypeSchema = z.enum(['delivery', 'pickup']);
export type OrderType = z.infer<typeof orderTypeSchema>;

export const paymentMethodSchema = z.enum(['cash', 'paypal']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * docs/product/orders.md: `processing` is only the client's state while a request is in flight. After `accepted`:
 * `ready` (pickup: ready to collect; delivery: on its way), then `completed`; or `cancelled` with a reason.
 * An order paid online is `pending_payment` until it is paid, and `expired` if it never is.
 */
export const orderStatusSchema = z.enum([
  'pending_payment',
  'waiting',
  'accepted',
  'rejected',
  'ready',
  'completed',
  'cancelled',
  'expired',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

const extrasInputSchema = z._default(
  z.array(z.object({ id: idSchema, quantity: z._default(z.int(), 1) })).check(z.maxLength(50)),
  [],
);

export const orderItemInputSchema = z.object({
  product_id: idSchema,
  variant_id: z.optional(z.nullable(idSchema)),
  quantity: z.int(),
  extras: extrasInputSchema,
  /**
   * A half-and-half pizza: the second half (a divisible dish of the same size); the item's own
   * `product_id`, `variant_id` and `extras` are the first half.
   */
  second_half: z.optional(
    z.nullable(
      z.object({ product_id: idSchema, variant_id: z.optional(z.nullable(idSchema)), extras: extrasInputSchema }),
    ),
  ),
});
export type OrderItemInput = z.input<typeof orderItemInputSchema>;

// The order payload itself (`orderRequestSchema`) is in contact-details.ts: it carries a guest's phone number.

export const orderExtraSchema = z.object({ id: z.int(), name: z.string(), price: z.number(), quantity: z.int() });

/** One half of a half-and-half pizza as ordered: its toppings at their full price (the half pays half). */
export const orderHalfSchema = z.object({
  product_id: z.int(),
  variant_id: z.nullable(z.int()),
  name: z.string(),
  variant_name: z.nullable(z.string()),
  /** The dish's price at that size, without toppings. */
  base_price: z.number(),
  extras: z.array(orderExtraSchema),
});
export type OrderHalf = z.infer<typeof orderHalfSchema>;

export const orderItemSchema = z.object({
  product_id: z.int(),
  variant_id: z.nullable(z.int()),
  name: z.string(),
  variant_name: z.nullable(z.string()),
  /** Name plus variant in brackets, as the cart shows it. */
  display_name: z.string(),
  price: z.number(),
  quantity: z.int(),
  extras: z.array(orderExtraSchema),
  tax_percentage: z.number(),
  /** Price and extras × quantity, without the deposit. */
  line_total: z.number(),
  /** The bottle deposit (Pfand) per unit, charged on top of `line_total`; 0 for none. */
  deposit: z.number(),
  /** `deposit` × quantity. */
  deposit_total: z.number(),
  /**
   * A half-and-half pizza's two halves (then `extras` is empty, `price` is the halves' price and
   * `display_name` reads "½ Salami | ½ Funghi (size)"); null or absent for a whole dish.
   */
  halves: z.optional(z.nullable(z.array(orderHalfSchema))),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.int(),
  store_id: z.int(),
  status: orderStatusSchema,
  order_type: orderTypeSchema,
  payment_method: paymentMethodSchema,
  /** Where the online payment stands; null for cash. */
  payment_status: z.nullable(paymentStatusSchema),
  postcode: z.nullable(z.string()),
  /** Null: as soon as possible. */
  requested_time: z.nullable(z.string()),
  /** When it is promised ready (pickup) or at the door (delivery), ISO-8601. */
  promised_at: z.string(),
  eta_minutes: z.nullable(z.int()),
  eta_at: z.nullable(z.string()),
  rejection_reason: z.nullable(z.string()),
  /** Why the restaurant cancelled an accepted order. */
  cancellation_reason: z.nullable(z.string()),
  /**
   * Who called a cancelled order off: the `customer` while the restaurant had not answered (no reason
   * given), or the `restaurant` after accepting it; null while it is not cancelled. Optional, so answers
   * from before it still parse.
   */
  cancelled_by: z.optional(z.nullable(z.enum(['customer', 'restaurant']))),
  note: z.nullable(z.string()),
  customer_name: z.string(),
  /** E.164; an order placed before phones were normalised, as it was stored (digits only). */
  phone: z.string(),
  email: z.nullable(z.string()),
  address: z.object({
    line1: z.string(),
    line2: z.nullable(z.string()),
    city: z.string(),
    zip: z.string(),
    country: z.string(),
  }),
  items: z.array(orderItemSchema),
  subtotal: z.number(),
  discount_code: z.nullable(discountCodeSchema),
  discount_percentage: z.number(),
  discount: z.number(),
  /** The voucher code the customer entered and what it took off the goods; null and 0 without one. Optional: older answers. */
  voucher_code: z.optional(z.nullable(z.string())),
  voucher_discount: z.optional(z.number()),
  /** The lines' deposits: in the total and the VAT, not in the subtotal, never discounted (decision 016). */
  deposit: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
  vat: z.array(z.object({ percentage: z.number(), amount: z.number() })),
  created_at: z.string(),
  /** Rises with every change: of two copies of an order (an action's answer, a pushed change), the higher is newer. */
  revision: z.int(),
  /** Only in the answer to the one who placed it, and for guests: the key to `/order/{id}?token=`. */
  tracking_token: z.optional(z.string()),
});
export type Order = z.infer<typeof orderSchema>;

export const orderIdParamsSchema = z.object({
  id: idParamSchema,
});
export const orderTokenQuerySchema = z.object({ token: z.optional(inputString().check(z.maxLength(200))) });

/** `GET /api/stores/{id}/slots?order_type=&date=`: what the checkout may offer now for that day. */
export const timeSlotsSchema = z.object({
  /** Whether "as soon as possible" may be chosen: the store is open today and the kitchen has room. */
  asap_available: z.boolean(),
  /** The honest ready time of an order placed now (after the orders already waiting), ISO-8601. */
  asap_ready_at: z.nullable(z.string()),
  /** Start times of the day's free 15-minute slots, ISO-8601, ascending; today: the ones later today. */
  slots: z.array(z.object({ time: z.string(), label: z.string() })),
  timezone: z.string(),
  /** The day these are for, 'YYYY-MM-DD' in the store's zone. */
  date: z.string(),
  /** Today and each day the store takes pre-orders for, with whether it has room, and if not, why. */
  days: z.array(
    z.object({
      date: z.string(),
      available: z.boolean(),
      /**
       * Why a day has no time free (only on such a day): `closed` (a closure day, or no opening hours that
       * weekday), `full` (every slot taken), `past` (today: too late for the last slot), `paused` (staff paused
       * online orders). Optional, so answers from before it still parse.
       */
      no_times: z.optional(z.enum(['closed', 'full', 'past', 'paused'])),
      /** On a closure day: the reason staff gave for it (e.g. 'Betriebsferien'), null when none. */
      closure_reason: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type TimeSlots = z.infer<typeof timeSlotsSchema>;
export const timeSlotsQuerySchema = z.object({
  order_type: orderTypeSchema,
  /** For a delivery: the postcode whose delivery time is added to the preparation time. */
  postcode: z.optional(inputString().check(z.trim(), z.maxLength(10))),
  /** The day, 'YYYY-MM-DD' in the store's zone; today when left out. */
  date: z.optional(localDateInput()),
});

/** The most minutes staff may promise or add when accepting an order. */
export const ORDER_MINUTES_MAX = 240;
/** The longest reason staff may give the customer for rejecting or cancelling an order. */
export const ORDER_REASON_MAX_LENGTH = 500;

/**
 * `POST /api/admin/orders/{id}/accept`: for an ASAP order the minutes until it is ready or delivered
 * (required); a pre-order is confirmed for its requested time, later by `delay_minutes`, or by
 * `eta_minutes` when the kitchen needs longer than that (`promisedTime`).
 */
export const acceptOrderSchema = z.object({
  eta_minutes: z.optional(z.int().check(z.minimum(1), z.maximum(ORDER_MINUTES_MAX))),
  delay_minutes: z.optional(z.int().check(z.minimum(0), z.maximum(ORDER_MINUTES_MAX))),
});
export type AcceptOrder = z.infer<typeof acceptOrderSchema>;
export const rejectOrderSchema = z.object({
  reason: inputString().check(z.trim(), z.minLength(1), z.maxLength(ORDER_REASON_MAX_LENGTH)),
});
export type RejectOrder = z.infer<typeof rejectOrderSchema>;
/** `POST /api/admin/orders/{id}/cancel`: an accepted or ready order, with the reason the customer is told. */
export const cancelOrderSchema = z.object({
  reason: inputString().check(z.trim(), z.minLength(1), z.maxLength(ORDER_REASON_MAX_LENGTH)),
});
export type CancelOrder = z.infer<typeof cancelOrderSchema>;

export const orderActorKindSchema = z.enum(['customer', 'guest', 'staff', 'system']);
export type OrderActorKind = z.infer<typeof orderActorKindSchema>;

/** One step of an order's history: the status it took, when, who gave it and what they said. */
export const orderHistoryEntrySchema = z.object({
  status: orderStatusSchema,
  /** ISO-8601. */
  at: z.string(),
  /** `name` is null for the server's own decisions and for an account that no longer exists. */
  actor: z.object({ kind: orderActorKindSchema, name: z.nullable(z.string()) }),
  note: z.nullable(z.string()),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** `GET /api/admin/orders/{id}`: the order as staff see it in its details view, with its history, oldest first. */
export const adminOrderSchema = z.extend(orderSchema, {
  history: z.array(orderHistoryEntrySchema),
  /** Why the last refund attempt failed (PayPal's words), while `payment_status` is `refund_failed`. */
  refund_failure: z.nullable(z.string()),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
/** The most orders one page of the staff list holds. */
export const MAX_ADMIN_ORDERS_PAGE = 200;
export const adminOrdersQuerySchema = z.object({
  status: z.optional(orderStatusSchema),
  /** The next page: orders placed before the order with this id (the `Link: rel="next"` header names it). */
  before: z.optional(idParamSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_ADMIN_ORDERS_PAGE)), 100),
});

/**
 * The stable codes an order can be refused with (STYLE: the client translates them).
 */
export const ORDER_ERROR_CODES = [
  'store_closed',
  'invalid_time_slot',
  'slot_full',
  'postcode_not_delivered',
  'postcode_required',
  'below_minimum_order',
  'unknown_product',
  'product_unavailable',
  'variant_required',
  'invalid_variant',
  'invalid_topping',
  /** A chosen topping is sold out today; the message names it and its dish. */
  'topping_sold_out',
  'topping_group_min',
  'topping_group_max',
  'invalid_quantity',
  'note_too_long',
  'address_required',
  'unknown_address',
  'payment_method_unavailable',
  'idempotency_key_required',
  'idempotency_key_reused',
  'order_already_decided',
  /** The order's status does not allow this step (e.g. ready before accepted, cancel once completed). */
  'invalid_transition',
  'order_total_too_high',
  'too_many_orders',
  'eta_required',
  ...PAYMENT_ERROR_CODES,
  'refund_not_possible',
  /** A half-and-half pizza whose halves cannot go together (not divisible at that size, another size or VAT rate). */
  'invalid_half',
  ...VOUCHER_REFUSAL_CODES,
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];
