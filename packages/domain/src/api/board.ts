import * as z from 'zod/mini';
import { orderSchema } from './orders.ts';

/** The limits of the orders board's settings, shared by the API's check and the admin's form. */
export const BOARD_SETTING_LIMITS = {
  autoPauseAfterMinutes: { min: 1, max: 60 },
  autoRejectAfterMinutes: { min: 5, max: 120 },
  chimeLouderAfterMinutes: { min: 1, max: 30 },
} as const;

const minutes = ({ min, max }: { min: number; max: number }) => z.int().check(z.minimum(min), z.maximum(max));

/**
 * `GET`/`PUT /api/admin/stores/{id}/board-settings`: how the orders board and the server make sure no
 * order goes unnoticed.
 */
export const boardSettingsSchema = z.object({
  /** Pause online orders by themselves when no board has been connected this many minutes in opening hours. */
  auto_pause_enabled: z.boolean(),
  auto_pause_after_minutes: minutes(BOARD_SETTING_LIMITS.autoPauseAfterMinutes),
  /** A waiting order nobody answers this long is rejected with an apology. */
  auto_reject_after_minutes: minutes(BOARD_SETTING_LIMITS.autoRejectAfterMinutes),
  /** The chime of a new order gets louder once it has waited this long. */
  chime_louder_after_minutes: minutes(BOARD_SETTING_LIMITS.chimeLouderAfterMinutes),
  /** Open the kitchen ticket to print when an order is accepted. */
  print_on_accept: z.boolean(),
});
export type BoardSettings = z.infer<typeof boardSettingsSchema>;

/**
 * `GET /api/admin/stores/{id}/board`: what the orders board shows, loaded when it opens and after every
 * reconnect: every open order (waiting, accepted, ready) whenever it was placed, the orders placed today
 * (store time) that are done, the board's settings and the server's clock.
 */
export const boardSchema = z.object({
  orders: z.array(orderSchema),
  settings: boardSettingsSchema,
  /** The server's time, ISO-8601: waiting times are counted from it, not from the tablet's clock. */
  now: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

/**
 * `GET /api/admin/stores/{id}/guest-rush`: whether guest orders nobody has answered yet hold the guests'
 * places of several slots, so that more guests are turned away or pushed later: a rush staff should
 * answer, or invented orders they may want to pause against.
 */
export const guestRushSchema = z.object({
  /** Two or more slots ahead have their guest places held: the board warns. */
  active: z.boolean(),
  /** Guest orders waiting for the kitchen's answer (or their payment). */
  waiting_guest_orders: z.int(),
  /** Slots from now on whose guest places are all held by unanswered guest orders. */
  slots_full_for_guests: z.int(),
  /** How many of a slot's places unanswered guest orders may hold. */
  guest_places: z.int(),
});
export type GuestRush = z.infer<typeof guestRushSchema>;
