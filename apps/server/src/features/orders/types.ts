import * as z from 'zod/mini';
import type {
  AdminOrder,
  GuestRush,
  Language,
  LocalizedText,
  Order,
  OrderStatus,
  OrderType,
  TimeSlots,
  orderRequestSchema,
} from '@pizzeria/domain';
import type { Attempt } from '../../plugins/rate-limits.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { OrderRow } from './render.ts';

/** Pub/sub channel: an order was placed or changed; channels read it again from the database. */
export const ORDERS_CHANGED = 'orders:changed';
export const orderChangeSchema = z.object({
  orderId: z.int(),
  storeId: z.int(),
  kind: z.enum(['created', 'updated']),
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

/** Where "now" comes from: the real clock, or a fixed one in tests (the demo store is closed at night). */
export interface Clock {
  now(): Date;
}

export interface PlaceOrderInput {
  /** The signed-in customer placing it, or null for `POST /api/orders/guest`. */
  customerId: number | null;
  body: ParsedOrderRequest;
  idempotencyKey: string;
  language: Language;
  /**
   * The abuse limits' attempt, counted by the order's first read (no round trip of its own). Over a
   * limit, `place` throws `OrderAttemptRefused`; the attempt is `counted` once that read found the store.
   */
  attempt?: CountedAttempt;
}

/** An attempt on the abuse limits, and whether the order's first read counted it. */
export interface CountedAttempt {
  attempt: Attempt;
  counted: boolean;
}

/** The order's attempt was over one of its limits: nothing was counted, nothing placed. */
export class OrderAttemptRefused extends Error {
  override name = 'OrderAttemptRefused';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`over the order limits; retry after ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Who changes an order from the back office: the signed-in staff member. */
export interface StaffActor {
  userId: number;
}

/** The apology an order unanswered for too long is rejected with, in the order's language. */
export const UNANSWERED_REJECTION: LocalizedText = {
  de: 'Das Restaurant konnte Ihre Bestellung leider nicht rechtzeitig bestätigen. Bitte entschuldigen Sie! Bestellen Sie gern erneut oder rufen Sie uns an.',
  en: 'Sorry, the restaurant could not confirm your order in time. We apologise! Feel free to order again or give us a call.',
};

/** The default share (percent) of a slot's places that unanswered guest orders may hold. */
export const DEFAULT_GUEST_SHARE_PERCENT = 50;

export interface OrdersService {
  /** Replaceable so tests can fix the time of day. */
  clock: Clock;
  /**
   * The slots of a day (today when `date` is null), with the days the checkout may offer, as they are for
   * a guest's order (`guest`: the guests' share of each slot counts) or a signed-in customer's.
   */
  timeSlots(
    storeId: number,
    orderType: OrderType,
    postcode: string | null,
    date: string | null,
    guest?: boolean,
  ): Promise<TimeSlots>;
  /** `created` is false when the idempotency key named an order placed before. */
  place(input: PlaceOrderInput): Promise<{ order: Order; created: boolean }>;
  /** An order for a channel that has already checked who may see it; null when there is none. */
  view(id: number, language: Language): Promise<Order | null>;
  /** The owner, an admin or the holder of the tracking token; anyone else gets a 404. */
  find(id: number, access: { caller: Caller | null; token: string | undefined }, language: Language): Promise<Order>;
  listForCustomer(userId: number, language: Language): Promise<Order[]>;
  /** Newest first, a page at a time: `before` is the id of the last order of the page before. */
  listForStaff(
    query: { status: OrderStatus | undefined; before: number | undefined; limit: number },
    language: Language,
  ): Promise<Order[]>;
  /**
   * The orders board's list: every open order (waiting, accepted, ready) of the store, and the ones
   * placed since the start of `now`'s day in the store's time zone that are done; oldest first.
   */
  listBoard(storeId: number, now: Date, language: Language): Promise<Order[]>;
  /** Whether unanswered guest orders hold the guests' places of several slots ahead (the board warns). */
  guestRush(storeId: number): Promise<GuestRush>;
  /** The order with its history, oldest first, for the back office's details view. */
  detail(id: number, language: Language): Promise<AdminOrder>;
  /** Accepts a waiting order for the time `promisedTime` gives (the minutes are staff's). */
  accept(
    id: number,
    minutes: { etaMinutes?: number; delayMinutes?: number },
    actor: StaffActor,
    language: Language,
  ): Promise<Order>;
  reject(id: number, reason: string, actor: StaffActor, language: Language): Promise<Order>;
  /** An accepted order is ready: pickup ready to collect, delivery on its way. */
  markReady(id: number, actor: StaffActor, language: Language): Promise<Order>;
  /** A ready order was handed over. */
  complete(id: number, actor: StaffActor, language: Language): Promise<Order>;
  /** Calls off an accepted or ready order, with the reason the customer is told. */
  cancel(id: number, reason: string, actor: StaffActor, language: Language): Promise<Order>;
  /**
   * The customer (the owner signed in, or the holder of the tracking token) calls off their order while
   * the restaurant has not answered it; a paid one is refunded. Anyone else gets a 404; an order the
   * restaurant took meanwhile a 409 that gives its phone number.
   */
  cancelByCustomer(
    id: number,
    access: { caller: Caller | null; token: string | undefined },
    language: Language,
  ): Promise<Order>;
  /**
   * After a change committed elsewhere (a payment): renders the order in `language`, mails the customer
   * in theirs when `mail` names a mail, and tells every channel (`created`: the kitchen sees it new).
   */
  changed(
    row: OrderRow,
    language: Language,
    options: { kind: OrderChange['kind']; mail: OrderMailKind | null },
  ): Promise<Order>;
  /**
   * Rejects every order left waiting longer than its store's `auto_reject_after_minutes` (as of the
   * clock), with an apology; each once, whichever instance sweeps. Resolves to how many it rejected.
   * Runs by itself every 25 s; tests call it directly.
   */
  rejectUnanswered(): Promise<number>;
  /**
   * When an order that starts waiting for staff at `at` (paid online then) is due their answer from: `at`
   * inside the store hours, else the next opening (`waitingStartsAt`).
   */
  waitingSince(order: Pick<OrderRow, 'storeId' | 'slotStart'>, at: Date): Promise<Date>;
  /**
   * Calls `listener` after the commit with each order this instance made new for the kitchen (placed, or
   * its payment settled): once per order across all instances, unlike the pub/sub message every instance
   * hears. For what must happen once per new order (the staff devices' notifications); it must not throw.
   */
  onNewOrder(listener: (order: Order) => void): void;
  /**
   * Calls `listener` after the commit with each order its customer called off through this instance: once
   * per order across all instances (the staff devices' notification of it is withdrawn); it must not throw.
   */
  onCancelledByCustomer(listener: (order: Order) => void): void;
}

export type OrderMailKind =
  'orderReceived' | 'orderAccepted' | 'orderRejected' | 'orderReady' | 'orderCancelled' | 'orderCancelledByCustomer';
