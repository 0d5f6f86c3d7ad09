import * as z from 'zod/mini';
import { storeHourSchema } from './catalogue.ts';
import { inputString } from './input.ts';
import { orderSchema } from './orders.ts';

const localDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A day range the restaurant is closed (holidays, works), as local dates, both ends included. */
export const storeClosureSchema = z.object({
  id: z.int(),
  starts_on: localDateSchema,
  ends_on: localDateSchema,
  /** Shown to customers, e.g. 'Betriebsferien'. */
  reason: z.nullable(z.string()),
});
export type StoreClosure = z.infer<typeof storeClosureSchema>;

/** Who paused online orders: staff, or the server because no orders board was connected. */
export const pauseReasonSchema = z.enum(['staff', 'auto']);
export type PauseReason = z.infer<typeof pauseReasonSchema>;

/**
 * Online orders are paused: `until` is when they start again by themselves (ISO-8601), null while
 * staff have not said (paused until they resume). `reason` is `auto` for a pause the server made because
 * no orders board was connected, which lifts as soon as one connects; optional, so older clients and
 * pauses from before automatic pauses still parse.
 */
export const orderingPauseSchema = z.object({
  paused: z.boolean(),
  until: z.nullable(z.iso.datetime({ offset: true })),
  reason: z.optional(pauseReasonSchema),
});
export type OrderingPause = z.infer<typeof orderingPauseSchema>;

/**
 * What `WS /api/ws/store/{id}/status` pushes (docs/product/shop.md): on connect, on every change and at least once
 * a minute. `today_hours` are the hours in effect on the store's current local date: none on a closure
 * day, and the part after midnight of yesterday's late slot as `00:00–close`. `local_time` is the store's
 * clock (ISO-8601 with the zone's offset), which clients synchronise to. `pause` and `closure` say why the
 * store is closed when the hours alone would have it open.
 */
export const storeStatusMessageSchema = z.object({
  today_hours: z.array(storeHourSchema),
  local_time: z.iso.datetime({ offset: true }),
  timezone: z.string(),
  is_open: z.boolean(),
  pause: orderingPauseSchema,
  closure: z.nullable(storeClosureSchema),
  /**
   * A fingerprint of the shop's menu: when it changes, staff changed the catalogue (or a
   * "sold out today" ended) and an open shop reads its menu, prices and delivery areas again.
   */
  menu_version: z.optional(z.string()),
  /**
   * When the store opens again on a later day, by the week's hours and every closure: the
   * store's local date and time. Absent from servers before it.
   */
  reopens: z.optional(z.nullable(z.object({ date: z.iso.date(), time: z.string().check(z.regex(/^\d{2}:\d{2}$/)) }))),
});
export type StoreStatusMessage = z.infer<typeof storeStatusMessageSchema>;

/** The status cannot be computed (unknown store, database down): clients show the store closed. */
export const storeStatusErrorSchema = z.object({ error: z.string() });

export const storeStatusEventSchema = z.union([storeStatusMessageSchema, storeStatusErrorSchema]);
export type StoreStatusEvent = z.infer<typeof storeStatusEventSchema>;

/**
 * The first message a client sends on an order channel: the signed-in owner's (or an admin's) bearer
 * token, or a guest's tracking token. Credentials travel in a message rather than the URL, which proxies log.
 */
export const channelAuthSchema = z.object({
  type: z.literal('auth'),
  access_token: z.optional(inputString().check(z.maxLength(4000))),
  tracking_token: z.optional(inputString().check(z.maxLength(200))),
});
export type ChannelAuth = z.infer<typeof channelAuthSchema>;

/** Why the server ends a channel; the socket is closed right after. */
export const channelErrorSchema = z.object({
  type: z.literal('error'),
  code: z.enum(['unauthorized', 'not_found', 'bad_message', 'unavailable']),
  message: z.string(),
});
export type ChannelError = z.infer<typeof channelErrorSchema>;

/** `WS /api/ws/orders/{id}`: the order as it is now, after authorising and after every change. */
export const orderChannelEventSchema = z.union([
  z.object({ type: z.literal('order'), order: orderSchema }),
  channelErrorSchema,
]);
export type OrderChannelEvent = z.infer<typeof orderChannelEventSchema>;

/** How often the staff channel sends `heartbeat`: a board that hears nothing for three of these reconnects. */
export const ADMIN_HEARTBEAT_MS = 15_000;

/**
 * `WS /api/ws/admin/orders`: `ready` after authorising (then the board loads the list over HTTP), every
 * new or changed order after that, and a `heartbeat` every `ADMIN_HEARTBEAT_MS`. The board sends its
 * renewed access token as another `auth` message before the old one expires.
 */
export const adminOrdersEventSchema = z.union([
  z.object({ type: z.enum(['ready', 'heartbeat']) }),
  z.object({ type: z.enum(['order_created', 'order_updated']), order: orderSchema }),
  channelErrorSchema,
]);
export type AdminOrdersEvent = z.infer<typeof adminOrdersEventSchema>;

/** WebSocket close codes the server uses besides the standard ones (4000–4999 are the application's). */
export const CHANNEL_CLOSE = {
  /** Credentials missing, wrong or not allowed to see this channel: do not reconnect with them. */
  unauthorized: 4401,
  /** No such store or order: do not reconnect. */
  notFound: 4404,
  /** The client broke the protocol. */
  badMessage: 4400,
  /** Too many refused attempts from the client's address (RFC 6455's "try again later"): reconnect later. */
  tryAgainLater: 1013,
} as const;
