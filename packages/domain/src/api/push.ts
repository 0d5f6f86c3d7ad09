import * as z from 'zod/mini';
import { inputString } from './input.ts';

/**
 * The server's VAPID key pair (Web Push), made once per database and kept in its `settings` table, so every
 * instance signs with the same key and a subscription made through one is accepted from any other.
 */
export const webPushVapidSettingSchema = z.object({
  public_key: z.string().check(z.minLength(80)),
  private_key: z.string().check(z.minLength(40)),
});
export type WebPushVapidSetting = z.infer<typeof webPushVapidSettingSchema>;

/** `GET /api/admin/push/key`: the public key a browser subscribes with (`applicationServerKey`), base64url. */
export const pushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** Base64url as a browser's `PushSubscription.toJSON()` gives its keys. */
const base64Url = (max: number) => inputString().check(z.minLength(1), z.maxLength(max), z.regex(/^[\w-]+=*$/));

/**
 * `PUT /api/admin/push/subscription`: this device's push subscription, as `PushSubscription.toJSON()` gives it.
 * The endpoint is the push service's address for this browser (https in every browser; http is let through
 * for a push service on the same machine in the tests).
 */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)),
  /** Seconds since 1970 when the push service will drop it, if the browser knows; not kept. */
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes, uncompressed). */
    p256dh: base64Url(200),
    /** The browser's 16-byte auth secret. */
    auth: base64Url(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/**
 * What a push carries to the back office's service worker. `order_created`: a new order's notification
 * (already in the store's language): the worker shows `title` and `body`, tags it `order-<id>` so a repeat
 * replaces it, and opens `url` on a tap. `order_cancelled`: the customer called the order off before anyone
 * answered it; the worker closes that order's notification and shows nothing.
 */
export const pushNotificationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order_created'),
    order_id: z.int(),
    title: z.string(),
    body: z.string(),
    /** Where a tap leads: the kitchen board. */
    url: z.string(),
  }),
  z.object({ kind: z.literal('order_cancelled'), order_id: z.int() }),
]);
export type PushNotification = z.infer<typeof pushNotificationSchema>;
export type NewOrderPush = Extract<PushNotification, { kind: 'order_created' }>;
