import * as z from 'zod/mini';
import { idParamSchema } from './ids.ts';
import { inputString, localDateInput } from './input.ts';
import { orderStatusSchema, orderTypeSchema, paymentMethodSchema } from './orders.ts';
import { paymentStatusSchema } from './payments.ts';

// Staff's search over all orders: "Bestellungen" in the back office. One search box finds an
// order by its number, the customer's name, phone or e-mail; filters narrow by the store's local days,
// status and payment; newest first, a page at a time.

/** The longest search text: a name, an e-mail address or a phone number fits. */
export const ORDER_SEARCH_MAX_LENGTH = 100;
/** The orders one page holds unless the request says otherwise, and the most it may ask for. */
export const ORDER_SEARCH_PAGE = 50;
export const ORDER_SEARCH_MAX_PAGE = 100;

/**
 * `GET /api/admin/stores/{id}/orders`: every filter optional; `from`/`to` are the store's local days,
 * both included. `cursor` is the `next_cursor` of the page before (the last order it listed).
 */
export const orderSearchQuerySchema = z.object({
  /** An order number ("1234", "#1234"), a part of the name or e-mail, or a phone number however typed. */
  q: z.optional(inputString().check(z.trim(), z.maxLength(ORDER_SEARCH_MAX_LENGTH))),
  from: z.optional(localDateInput()),
  to: z.optional(localDateInput()),
  status: z.optional(orderStatusSchema),
  payment_method: z.optional(paymentMethodSchema),
  payment_status: z.optional(paymentStatusSchema),
  cursor: z.optional(idParamSchema),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ORDER_SEARCH_MAX_PAGE)),
    ORDER_SEARCH_PAGE,
  ),
});
export type OrderSearchQuery = z.input<typeof orderSearchQuerySchema>;
/** The filters a page of the search can be asked for (all but the paging), as the page's address keeps them. */
export type OrderSearchFilters = Omit<z.output<typeof orderSearchQuerySchema>, 'cursor' | 'limit'>;

/** One order in the list: what staff recognise it by, without its lines (the details bring them). */
export const orderSearchRowSchema = z.object({
  id: z.int(),
  /** ISO-8601. */
  created_at: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  order_type: orderTypeSchema,
  status: orderStatusSchema,
  payment_method: paymentMethodSchema,
  /** Null for a cash order. */
  payment_status: z.nullable(paymentStatusSchema),
  total: z.number(),
  /** As `orderSchema.cancelled_by`: who called a cancelled order off. Optional, so answers from before it still parse. */
  cancelled_by: z.optional(z.nullable(z.enum(['customer', 'restaurant']))),
});
export type OrderSearchRow = z.infer<typeof orderSearchRowSchema>;

export const orderSearchPageSchema = z.object({
  orders: z.array(orderSearchRowSchema),
  /** More orders match: ask again with `cursor` set to this. Null on the last page. */
  next_cursor: z.nullable(z.int()),
});
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;
