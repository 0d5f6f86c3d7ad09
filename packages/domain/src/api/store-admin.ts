import * as z from 'zod/mini';
import { idParamSchema } from './ids.ts';
import { versionSchema } from './admin-common.ts';
import { apiErrorSchema } from './errors.ts';
import { inputString, localDateInput } from './input.ts';
import { orderingPauseSchema, storeClosureSchema, storeStatusMessageSchema } from './realtime.ts';

// What staff change about when the store takes orders (the screens come with the admin issue).

const clockSchema = inputString().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
const localDateSchema = localDateInput();

/** `PUT /api/admin/stores/{id}/pause`: pause online orders until a time, or until resumed; or resume. */
export const pauseRequestSchema = z.object({
  paused: z.boolean(),
  /** When orders start again by themselves; left out or null: until staff resume. Must lie ahead. */
  until: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
});
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

/** `POST /api/admin/stores/{id}/closures`: closed on these local dates, both included. */
export const closureRequestSchema = z.object({
  starts_on: localDateSchema,
  ends_on: localDateSchema,
  reason: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(200)))),
  /**
   * Close even though waiting or accepted orders fall on these days (staff have seen the list the 409
   * `closure_has_orders` gave and will call those customers). Left out: the server refuses such a closure.
   */
  confirm: z.optional(z.boolean()),
});
export type ClosureRequest = z.infer<typeof closureRequestSchema>;

/** An order that falls on days staff want to close: what they need to call the customer. */
export const closureOrderSchema = z.object({
  /** The order's number, as the board shows it. */
  id: z.int(),
  status: z.enum(['waiting', 'accepted']),
  /** When the kitchen promised it (ISO-8601). */
  promised_at: z.string(),
  customer_name: z.string(),
  phone: z.string(),
});
export type ClosureOrder = z.infer<typeof closureOrderSchema>;

/** 409 `closure_has_orders`: the orders on those days, by promised time; nothing was closed. */
export const closureOrdersConflictSchema = z.object({
  ...apiErrorSchema.shape,
  orders: z.array(closureOrderSchema),
});
export type ClosureOrdersConflict = z.infer<typeof closureOrdersConflictSchema>;

export const closureParamsSchema = z.object({
  id: idParamSchema,
  closureId: idParamSchema,
});

/**
 * `PUT /api/admin/stores/{id}/hours`: the whole week at once; a close time at or before the open time ends
 * the next day. `version` is the store's (its settings and hours share one).
 */
export const storeHoursRequestSchema = z.object({
  store_hours: z
    .array(
      z.object({
        day_of_week: z.int().check(z.minimum(0), z.maximum(6)),
        open_time: clockSchema,
        close_time: clockSchema,
        label: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(50)))),
      }),
    )
    .check(z.maxLength(70)),
  version: versionSchema,
});
export type StoreHoursRequest = z.infer<typeof storeHoursRequestSchema>;

/** What staff see: the pause, the closures not yet over, and the status customers see right now. */
export const storeAvailabilitySchema = z.object({
  pause: orderingPauseSchema,
  closures: z.array(storeClosureSchema),
  status: storeStatusMessageSchema,
});
export type StoreAvailabilityView = z.infer<typeof storeAvailabilitySchema>;

/** The largest total one online order may have; larger orders are taken by phone. */
export const MAX_ORDER_TOTAL_CEILING = 100_000;

/** `GET`/`PUT /api/admin/stores/{id}/order-limits`: amounts in euros (the API's decimal numbers). */
export const orderLimitsSchema = z.object({
  // At least one cent: a tiny positive float (5e-324) passes `positive` and `multipleOf`, and would be 0 cents.
  max_order_total: z.number().check(z.minimum(0.01), z.maximum(MAX_ORDER_TOTAL_CEILING), z.multipleOf(0.01)),
});
export type OrderLimits = z.infer<typeof orderLimitsSchema>;
