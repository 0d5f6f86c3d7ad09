import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import {
  checkAsap,
  checkRequestedSlot,
  MAX_ORDER_NOTE_LENGTH,
  planOrderingDays,
  planTimeSlots,
  promisedTime,
  statusesBefore,
  type AdminOrder,
  type GuestRush,
  type Language,
  type LocalizedText,
  type Order,
  type OrderErrorCode,
  type OrderStatus,
  type OrderType,
  type TimeSlotInput,
  type TimeSlots,
  type orderRequestSchema,
  waitingStartsAt,
  zonedTime,
} from '@pizzeria/domain';
import { executeRows, type Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { addresses, orderEvents, orderItems, orders, stores, users, type OrderAddress } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Attempt } from '../../plugins/rate-limits.ts';
import { asSql, Placeholders, type Statement } from '../../db/statement.ts';
import type { Caller } from '../../plugins/auth.ts';
import { readGuestRush } from './guest-rush.ts';
import { customerReading, guestReading, readingFor, type SlotReading } from './guest-share.ts';
import { holdsToken } from './order-access.ts';
import { ORDER_NOT_FOUND, orderError, whoChangedIt } from './order-errors.ts';
import { storeNotFound, type Catalogue } from '../catalogue/index.ts';
import type { MailMessage, PickupPlace } from '../mail/index.ts';
import type { NewOrder } from './order-insert.ts';
import { PricingError, priceOrder } from './pricing.ts';
import { renderOrder, type OrderItemValues, type OrderRow } from './render.ts';
import {
  claimSlotAndRead,
  countInSlot,
  lockSlot,
  placeIfUnchanged,
  sameOrderingInputs,
  slotLockKey,
  takenWhileClaiming,
  writeOrder,
  type OrderingInputs,
} from './slot-claims.ts';

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

/** How often each instance looks for unanswered orders (the update itself makes each rejection happen once). */
const UNANSWERED_SWEEP_MS = 25_000;

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
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

const MINUTE_MS = 60_000;
/** What the orders board shows however old: the orders someone still has to act on. */
const OPEN_STATUSES: OrderStatus[] = ['waiting', 'accepted', 'ready'];
/** Done orders the board shows for the day they were placed. */
const DONE_STATUSES: OrderStatus[] = ['completed', 'rejected', 'cancelled'];
/** A busy day's orders stay far below this; it bounds the board's one read. */
const MAX_BOARD_ORDERS = 1000;
/**
 * How many later slots an ASAP order tries, one after another, when the ones it saw free fill up while
 * it waits for them; then it answers slot_full and the checkout offers what is left.
 */
const MAX_SLOT_HOPS = 8;

const POSTCODE_MISMATCH = new HttpError(422, 'postcode_mismatch', {
  de: 'Die Postleitzahl passt nicht zur Lieferadresse.',
  en: 'The postcode does not match the delivery address.',
});

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export type OrderMailKind = 'orderReceived' | 'orderAccepted' | 'orderRejected' | 'orderReady' | 'orderCancelled';

/** A paid order rejected or cancelled is refunded: its payment turns `refund_pending` in the same update. */
const REFUND_IF_PAID = sql`case when ${orders.paymentStatus} = 'paid' then 'refund_pending' else ${orders.paymentStatus} end`;

export interface OrdersPluginOptions {
  clock?: Clock;
  /** The share (percent) of a slot's places that guest orders not yet answered may hold; 100: no bound. */
  guestSharePercent?: number;
}

/** Orders: time slots, placing (idempotent, one transaction), reading and the restaurant's decision. */
export default fp<OrdersPluginOptions>(
  async (app, options) => {
    const db = app.database.db;
    const guestSharePercent = options.guestSharePercent ?? DEFAULT_GUEST_SHARE_PERCENT;

    /**
     * The slot starts whose counts a plan around `now` reads: from an hour before to the next day's end,
     * and with `daysAhead` the pre-order days' too.
     */
    function slotWindow(now: Date, daysAhead = 0) {
      return {
        from: new Date(now.getTime() - 60 * MINUTE_MS),
        until: new Date(now.getTime() + (50 + 24 * daysAhead) * 60 * MINUTE_MS),
      };
    }

    /**
     * The counts per slot start in a window of slot starts of store `store` (an SQL expression), as an SQL
     * expression: JSON triples of (epoch ms, active orders, unanswered guest orders), the slots' rows in
     * `slot_counts` summed, a few per slot however many orders it holds. JSON keeps the numbers numbers on
     * PostgreSQL and PGlite alike.
     */
    function takenInWindow(params: Placeholders, store: string, window: { from: Date; until: Date }): string {
      return `(select coalesce(json_agg(json_build_array(extract(epoch from c.slot) * 1000, c.taken, c.guests)), '[]'::json)
      from (select slot_start as slot, sum(taken)::int as taken, sum(guests_waiting)::int as guests from slot_counts
            where store_id = ${store} and slot_start >= ${params.add(window.from.toISOString(), 'timestamptz')}
              and slot_start < ${params.add(window.until.toISOString(), 'timestamptz')}
            group by slot_start) c)`;
    }

    const takenSchema = z.array(z.tuple([z.number(), z.number(), z.number()]));

    /** How full each slot is for an order (epoch ms → places it must count as taken). */
    function takenFor(
      counts: z.infer<typeof takenSchema>,
      capacity: number,
      reading: SlotReading,
    ): Map<number, number> {
      return new Map(counts.map(([slot, taken, guests]) => [slot, reading(taken, guests, capacity)]));
    }

    /** How full each slot around now is for an order, in the caller's transaction. */
    async function takenSlots(
      tx: Db,
      query: { storeId: number; now: Date; capacity: number; reading: SlotReading },
    ): Promise<Map<number, number>> {
      const params = new Placeholders();
      const text = `select ${takenInWindow(params, params.add(query.storeId, 'int4'), slotWindow(query.now))} as taken`;
      const [row] = await executeRows(tx, asSql({ text, values: params.values }));
      return takenFor(z.object({ taken: takenSchema }).parse(row).taken, query.capacity, query.reading);
    }

    /**
     * The read an order starts with, a statement each connection prepares once: the kitchen settings,
     * with ASAP (`window`) the active orders per slot around now, the id of an order already stored under
     * the key, the next order's id, and the abuse limits' attempt counted (a requested time's slot is
     * counted under its lock). Nothing of it when there is no such store. The order's id is taken from
     * the sequence before its transaction, so that the order, its first event and its items go in as one
     * statement; an id taken for an order that is then refused or replayed is a gap in the numbers, as a
     * rolled-back insert would leave.
     */
    function firstRead(
      storeId: number,
      idempotency: { scope: string; key: string },
      window: { from: Date; until: Date } | null,
      attempt: Attempt | undefined,
    ): Statement {
      const params = new Placeholders();
      const taken = window ? takenInWindow(params, 's.id', window) : `'[]'::json`;
      const text = `select s.preparation_minutes, s.orders_per_slot, ${taken} as taken,
  (select o.id from orders o
   where o.idempotency_scope = ${params.add(idempotency.scope, 'text')} and o.idempotency_key = ${params.add(idempotency.key, 'text')}) as stored_order_id,
  nextval('orders_id_seq')::int as next_order_id,
  ${attempt ? attempt.expression(params) : 'null::json'} as counted
from stores s where s.id = ${params.add(storeId, 'int4')}`;
      return { text, values: params.values };
    }

    /** The store's kitchen settings and its slots' counts, as `settingsAndTaken` reads them. */
    const settingsSchema = z.object({
      preparation_minutes: z.int(),
      orders_per_slot: z.int(),
      taken: takenSchema,
    });

    /** The same, with what the order's first read adds. */
    const firstReadSchema = z.extend(settingsSchema, {
      stored_order_id: z.nullable(z.int()),
      next_order_id: z.int(),
      counted: z.unknown(),
    });

    interface KitchenRead {
      preparationMinutes: number;
      ordersPerSlot: number;
      taken: Map<number, number>;
      storedOrderId: number | null;
      nextOrderId: number | null;
    }

    function kitchenRead(
      row: z.infer<typeof settingsSchema>,
      ids: Pick<KitchenRead, 'storedOrderId' | 'nextOrderId'>,
      reading: SlotReading,
    ): KitchenRead {
      return {
        preparationMinutes: row.preparation_minutes,
        ordersPerSlot: row.orders_per_slot,
        taken: takenFor(row.taken, row.orders_per_slot, reading),
        ...ids,
      };
    }

    /** The store's kitchen settings and how full its slots around now are for an order, in one round trip. */
    async function settingsAndTaken(
      storeId: number,
      now: Date,
      daysAhead: number,
      reading: SlotReading,
    ): Promise<KitchenRead> {
      const params = new Placeholders();
      const window = slotWindow(now, daysAhead);
      const text = `select s.preparation_minutes, s.orders_per_slot, ${takenInWindow(params, 's.id', window)} as taken
from stores s where s.id = ${params.add(storeId, 'int4')}`;
      const rows = await app.database.prepared({ text, values: params.values });
      if (rows.length === 0) throw storeNotFound(storeId);
      return kitchenRead(settingsSchema.parse(rows[0]), { storedOrderId: null, nextOrderId: null }, reading);
    }

    /**
     * The order's first read (`firstRead`): for an ASAP order (`now`) with the counts around now. Throws
     * `OrderAttemptRefused` when the attempt counted is over a limit.
     */
    async function orderRead(
      storeId: number,
      idempotency: { scope: string; key: string },
      now: Date | null,
      attempt: CountedAttempt | undefined,
      reading: SlotReading,
    ): Promise<KitchenRead> {
      const rows = await app.database.prepared(
        firstRead(storeId, idempotency, now && slotWindow(now), attempt?.attempt),
      );
      if (rows.length === 0) throw storeNotFound(storeId);
      const row = firstReadSchema.parse(rows[0]);
      if (attempt) {
        attempt.counted = true;
        const taken = attempt.attempt.result(row.counted);
        if (!taken.ok) {
          attempt.counted = false;
          throw new OrderAttemptRefused(taken.retryAfterSeconds);
        }
      }
      return kitchenRead(row, { storedOrderId: row.stored_order_id, nextOrderId: row.next_order_id }, reading);
    }

    /**
     * The slots as the checkout sees them: outside any transaction, with the pause and closures from
     * memory. An order plans with it only to pick the slot it then claims and checks in its transaction.
     */
    async function planFor(
      catalogue: Catalogue,
      orderType: OrderType,
      deliveryMinutes: number,
      /** What `settingsAndTaken` read as of `now`, when the caller has read it already. */
      read?: { now: Date; settings: KitchenRead },
      /** Counts the pre-order days' slots too, for planning them from `slotInput`. */
      withPreorderDays = false,
      /** How the slots' counts read for the order (when `read` is not given). */
      reading: SlotReading = customerReading,
    ) {
      const storeId = catalogue.store.id;
      const now = read?.now ?? service.clock.now();
      const preorderDays = catalogue.store.preorderDays;
      const [settings, availability] = await Promise.all([
        read?.settings ?? settingsAndTaken(storeId, now, withPreorderDays ? preorderDays : 0, reading),
        app.storeStatus.availability(storeId),
      ]);
      if (!availability) throw storeNotFound(storeId);
      const taken = settings.taken;
      const slotInput: TimeSlotInput = {
        hours: availability.hours,
        timeZone: availability.timeZone,
        closures: availability.closures,
        pause: availability.pause,
        now,
        leadMinutes: settings.preparationMinutes + (orderType === 'delivery' ? deliveryMinutes : 0),
        capacity: settings.ordersPerSlot,
        taken,
        preorderDays,
      };
      const seen = {
        preparationMinutes: settings.preparationMinutes,
        pause: availability.pause,
        closures: availability.closures,
      };
      return { slotInput, taken, now, seen, timezone: availability.timeZone };
    }

    async function itemsOf(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
    }

    async function renderRows(rows: OrderRow[], language: Language, withTrackingToken: boolean): Promise<Order[]> {
      const items = await itemsOf(rows.map((row) => row.id));
      return rows.map((row) =>
        renderOrder(
          row,
          items.filter((item) => item.orderId === row.id),
          language,
          { withTrackingToken },
        ),
      );
    }

    async function renderOne(row: OrderRow, language: Language, withTrackingToken: boolean): Promise<Order> {
      const [order] = await renderRows([row], language, withTrackingToken);
      if (!order) throw ORDER_NOT_FOUND;
      return order;
    }

    /** Where a pickup order is collected, as the store settings say now; none for a delivery. */
    async function pickupPlace(order: Order): Promise<PickupPlace | undefined> {
      if (order.order_type !== 'pickup') return undefined;
      const store = (await app.catalogue.get(order.store_id))?.store;
      return store ? { name: store.name, address: store.address } : undefined;
    }

    /**
     * Mails on their way to the mailer (the pickup place is read first): the server waits for them before
     * it closes, as the mailer waits for those it holds, so a mail decided before a shutdown is written.
     */
    const mailsUnderWay = new Set<Promise<void>>();

    function mail(kind: OrderMailKind, order: Order, language: Language): void {
      // The mail plugin is optional for this feature: without it orders are placed and decided all the same.
      if (!order.email || !app.hasDecorator('mail')) return;
      const mailer = app.mail;
      const to = order.email;
      // After the commit and off the request: a slow or failing mail server never loses or delays an order.
      const underWay = pickupPlace(order)
        .then((place) => mailer[kind](to, language, order, place))
        .catch((error: unknown) => app.log.error({ err: error, orderId: order.id }, `order mail ${kind} failed`));
      mailsUnderWay.add(underWay);
      void underWay.finally(() => mailsUnderWay.delete(underWay));
    }

    /**
     * A new order's confirmation, rendered to be written with the order (so it is kept exactly when the
     * order is) and sent after the commit; none while it waits for its payment, or without an address.
     */
    async function receivedMail(order: Order, language: Language): Promise<MailMessage | null> {
      if (order.status !== 'waiting' || !order.email || !app.hasDecorator('mail')) return null;
      return app.mail.orderReceivedMessage(order.email, language, order, await pickupPlace(order));
    }

    /** Tells every instance's channels (order page, staff board) after the commit, never failing the request. */
    function announce(order: Order, kind: OrderChange['kind']): void {
      const change: OrderChange = { orderId: order.id, storeId: order.store_id, kind };
      app.pubsub.publish(ORDERS_CHANGED, change).catch((error: unknown) => {
        app.log.error({ err: error, orderId: order.id }, 'could not announce the order change');
      });
    }

    async function byIdempotencyKey(executor: Db, scope: string, key: string): Promise<OrderRow | undefined> {
      const [row] = await executor
        .select()
        .from(orders)
        .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
      return row;
    }

    async function replay(row: OrderRow, requestHash: string, language: Language) {
      if (row.requestHash !== requestHash) throw orderError('idempotency_key_reused');
      return { order: await renderOne(row, language, true), created: false };
    }

    /** Who receives the order and where: the saved address or account of a customer, a guest's address. */
    /** A customer asked to keep the delivery address typed at checkout: after the order, never failing it. */
    async function saveTypedAddress(userId: number, address: OrderAddress): Promise<void> {
      const { customerName, phone, line1, line2, city, zip, country } = address;
      await db
        .insert(addresses)
        .values({ userId, customerName, phone, line1, line2, city, zip, country })
        .catch((error: unknown) =>
          app.log.error({ err: error, userId }, 'could not save the address typed at checkout'),
        );
    }

    /** The address typed at checkout (a guest's, or a customer's, saved to the account only when asked). */
    function typedContact(
      body: ParsedOrderRequest,
      typed: NonNullable<ParsedOrderRequest['address']>,
      accountEmail: string | null,
    ): { address: OrderAddress; postcode: string | null } {
      let postcode: string | null = null;
      if (body.order_type === 'delivery') {
        postcode = typed.zip || body.postcode || null;
        if (!postcode) throw orderError('postcode_required');
        if (body.postcode && typed.zip && body.postcode !== typed.zip) throw POSTCODE_MISMATCH;
      }
      return {
        postcode,
        address: {
          customerName: typed.customer_name,
          phone: typed.phone,
          email: typed.email || accountEmail,
          line1: typed.line1,
          line2: typed.line2 || null,
          city: typed.city,
          zip: postcode ?? typed.zip,
          country: typed.country,
        },
      };
    }

    /**
     * Who receives the order and where: a saved address of the customer's, or an address typed at
     * checkout (DESIGN §4 allows either for a customer; a guest always types one), or for a customer's
     * pickup their account.
     */
    async function contactOf(input: PlaceOrderInput): Promise<{ address: OrderAddress; postcode: string | null }> {
      const { body, customerId } = input;
      const delivery = body.order_type === 'delivery';
      if (customerId === null) {
        if (!body.address) throw orderError('address_required');
        return typedContact(body, body.address, null);
      }
      const [user] = await db
        .select({ email: users.email, customerName: users.customerName, phone: users.phone })
        .from(users)
        .where(eq(users.id, customerId));
      if (!user) throw ORDER_NOT_FOUND;
      if (body.address_id != null) {
        const [saved] = await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, body.address_id), eq(addresses.userId, customerId)));
        if (!saved) throw orderError('unknown_address');
        if (delivery && body.postcode && body.postcode !== saved.zip) throw POSTCODE_MISMATCH;
        return {
          postcode: delivery ? saved.zip : null,
          address: {
            customerName: saved.customerName,
            phone: saved.phone,
            email: user.email,
            line1: saved.line1,
            line2: saved.line2,
            city: saved.city,
            zip: saved.zip,
            country: saved.country,
          },
        };
      }
      if (body.address) return typedContact(body, body.address, user.email);
      if (delivery) throw orderError('address_required');
      return {
        postcode: null,
        address: {
          customerName: user.customerName,
          phone: user.phone ?? '',
          email: user.email,
          line1: '',
          line2: null,
          city: '',
          zip: '',
          country: 'DE',
        },
      };
    }

    const service: OrdersService = {
      clock: options.clock ?? { now: () => new Date() },

      async timeSlots(storeId, orderType, postcode, date, guest = false) {
        const catalogue = await app.catalogue.get(storeId);
        if (!catalogue) throw storeNotFound(storeId);
        let deliveryMinutes = 0;
        if (orderType === 'delivery' && postcode) {
          const entry = catalogue.postcodes.find((candidate) => candidate.postcode === postcode);
          if (!entry) throw orderError('postcode_not_delivered');
          deliveryMinutes = entry.deliveryTimeMinutes;
        }
        const reading = guest ? guestReading(guestSharePercent) : customerReading;
        const { slotInput, now, timezone } = await planFor(
          catalogue,
          orderType,
          deliveryMinutes,
          undefined,
          true,
          reading,
        );
        const days = planOrderingDays(slotInput);
        // A day outside the window is a day without slots: the days say which ones there are.
        const day = date ?? zonedTime(now, timezone).date;
        const plan = planTimeSlots({ ...slotInput, date: day });
        const offered = days.some((candidate) => candidate.date === day);
        return {
          asap_available: plan.asapAvailable,
          asap_ready_at: plan.asapReadyAt?.toISOString() ?? null,
          slots: offered ? plan.free.map((slot) => ({ time: slot.start.toISOString(), label: slot.label })) : [],
          timezone,
          date: day,
          days,
        };
      },

      async place(input) {
        const { body, language } = input;
        const scope = input.customerId === null ? 'guest' : `user:${input.customerId}`;
        const key = input.idempotencyKey;
        const requestHash = sha256(JSON.stringify(body));
        const reading = readingFor(input.customerId, guestSharePercent);

        const requested = body.requested_time === 'asap' ? 'asap' : new Date(body.requested_time);
        // ASAP: the key is looked up, and the order's id taken, in the read the plan needs anyway.
        let read: Parameters<typeof planFor>[3];
        let settings: KitchenRead;
        if (requested === 'asap') {
          const readAt = service.clock.now();
          settings = await orderRead(body.store_id, { scope, key }, readAt, input.attempt, reading);
          read = { now: readAt, settings };
        } else {
          settings = await orderRead(body.store_id, { scope, key }, null, input.attempt, reading);
        }
        if (settings.storedOrderId !== null) {
          const earlier = await byIdempotencyKey(db, scope, key);
          if (earlier) return replay(earlier, requestHash, language);
        }
        const orderId = settings.nextOrderId;
        if (orderId === null) throw new Error('no order id taken for an order');

        const paidOnline = body.payment_method === 'paypal';
        if (paidOnline && !(app.hasDecorator('payments') && app.payments.paypal)) {
          throw orderError('payment_method_unavailable');
        }
        // Paid online: placed, but the kitchen sees it only once PayPal has the money (issue 12).
        const initialStatus: OrderStatus = paidOnline ? 'pending_payment' : 'waiting';
        const note = body.note?.trim() || null;
        if (note && note.length > MAX_ORDER_NOTE_LENGTH) throw orderError('note_too_long');
        const catalogue = await app.catalogue.get(body.store_id);
        if (!catalogue) throw storeNotFound(body.store_id);
        const contact = await contactOf(input);
        let priced;
        try {
          priced = priceOrder(catalogue, { orderType: body.order_type, postcode: contact.postcode, items: body.items });
        } catch (error) {
          if (error instanceof PricingError) throw orderError(error.code);
          throw error;
        }
        // A driver needs the town: the delivery area knows it when the form did not ask (issue 9).
        if (priced.postcode && !contact.address.city.trim()) {
          contact.address = { ...contact.address, city: priced.postcode.city };
        }
        const storeId = body.store_id;
        const deliveryMinutes = priced.postcode?.deliveryTimeMinutes ?? 0;
        const leadMinutes = (preparationMinutes: number) =>
          preparationMinutes + (body.order_type === 'delivery' ? deliveryMinutes : 0);

        // Outside any lock: the slot to claim. A requested time is its own slot; ASAP is the first slot
        // free as the checkout sees it, or none when it sees no way (the transaction decides anyway).
        // The order is decided as of `now`, the moment it is planned. `seen` is what the plan was made
        // with: when the database still says the same, only the slot's count is left to check.
        let now: Date;
        let candidate: Date | null;
        let takenBefore: ReadonlyMap<number, number> = new Map();
        let seen: OrderingInputs | null = null;
        if (requested === 'asap') {
          const outside = await planFor(catalogue, body.order_type, deliveryMinutes, read);
          const asap = checkAsap(outside.slotInput);
          now = outside.now;
          candidate = asap.ok ? asap.slotStart : null;
          takenBefore = outside.taken;
          seen = outside.seen;
        } else {
          now = service.clock.now();
          // No plan offers an instant off the quarter hour (or beyond the lock key's range).
          if (slotLockKey(requested) === null) throw orderError('invalid_time_slot');
          candidate = requested;
          // Checked as the transaction checks it, with the pause and closures from memory; a refusal
          // here is left to the transaction, which reads them from the database.
          const availability = await app.storeStatus.availability(storeId);
          const inputs = availability && {
            preparationMinutes: settings.preparationMinutes,
            pause: availability.pause,
            closures: availability.closures,
          };
          if (
            inputs &&
            checkRequestedSlot(
              {
                hours: catalogue.store.hours,
                timeZone: catalogue.store.timezone,
                closures: inputs.closures,
                pause: inputs.pause,
                now,
                leadMinutes: leadMinutes(inputs.preparationMinutes),
                capacity: settings.ordersPerSlot,
                preorderDays: catalogue.store.preorderDays,
                // The slot's count is checked under its lock.
                taken: new Map(),
              },
              requested,
            ).ok
          ) {
            seen = inputs;
          }
        }

        /** The order as it is written for `slotStart`: its row complete, the answer and its mail rendered. */
        const orderFor = async (slotStart: Date) => {
          // Placed while closed (a pre-order at night): staff have until some minutes after opening to answer.
          const availability = paidOnline ? null : await app.storeStatus.availability(storeId);
          const waitingSince = paidOnline ? null : availability ? waitingStartsAt(availability, now, slotStart) : now;
          const row: OrderRow = {
            id: orderId,
            storeId,
            userId: input.customerId,
            trackingToken: randomBytes(24).toString('base64url'),
            status: initialStatus,
            orderType: body.order_type,
            paymentMethod: body.payment_method,
            paymentStatus: paidOnline ? 'unpaid' : null,
            paypalKey: randomUUID(),
            paypalOrderId: null,
            paypalOrderAttempts: 0,
            captureAttempts: 0,
            paypalCaptureId: null,
            paypalRefundId: null,
            refundAttempts: 0,
            refundFailure: null,
            paymentUpdatedAt: paidOnline ? now : null,
            paypalSettleAt: null,
            paypalSettleChecks: 0,
            refundRetryAt: null,
            refundRetries: 0,
            paymentReviewedAt: null,
            paymentReviewedBy: null,
            postcode: contact.postcode,
            requestedTime: requested === 'asap' ? null : slotStart,
            promisedAt: slotStart,
            slotStart,
            etaMinutes: null,
            etaAt: null,
            rejectionReason: null,
            cancellationReason: null,
            note,
            language,
            address: contact.address,
            subtotalCents: priced.subtotalCents,
            discountCode: priced.discountCode,
            discountPercentage: priced.discountPercentage,
            discountCents: priced.discountCents,
            deliveryFeeCents: priced.deliveryFeeCents,
            depositCents: priced.depositCents,
            totalCents: priced.totalCents,
            vat: priced.vat,
            idempotencyScope: scope,
            idempotencyKey: key,
            requestHash,
            createdAt: now,
            revision: 0,
            waitingSince,
            decidedAt: null,
          };
          const items: OrderItemValues[] = priced.lines.map((line, position) => ({ orderId, position, ...line }));
          const order = renderOrder(row, items, language, { withTrackingToken: true });
          const mail = await receivedMail(order, language);
          const written: NewOrder = {
            // Every column given, so the answer rendered from `row` is what the database holds.
            order: row,
            firstEvent: {
              status: initialStatus,
              actorKind: input.customerId === null ? 'guest' : 'customer',
              actorUserId: input.customerId,
              note: null,
              createdAt: now,
            },
            items,
            mail: mail && {
              kind: mail.kind,
              toAddress: mail.to,
              subject: mail.subject,
              textBody: mail.text,
              htmlBody: mail.html ?? null,
            },
          };
          return { order, mail, written };
        };

        /** The order written: in one round trip when nothing changed since it planned, else the long way. */
        const placeInTransaction = async () => {
          const planned = candidate && (await orderFor(candidate));
          if (candidate && planned && seen) {
            const placed = await placeIfUnchanged(
              app.database,
              {
                storeId,
                now,
                slotStart: candidate,
                seen,
                // A requested time's slot is not counted before: it takes the slot's lock exclusively.
                takenBefore: requested === 'asap' ? (takenBefore.get(candidate.getTime()) ?? 0) : null,
                capacity: settings.ordersPerSlot,
                guestSharePercent: input.customerId === null ? guestSharePercent : null,
              },
              planned.written,
            );
            if (placed) return { order: planned.order, mail: planned.mail, mailId: placed.mailId };
          }
          return db.transaction(async (tx) => {
            // Orders for other slots go on meanwhile; those for this slot wait here, so its count is exact.
            let claimed = candidate;
            const state = await claimSlotAndRead(tx, { storeId, now, slotStart: claimed, reading });
            if (!state) throw storeNotFound(storeId);

            let taken = state.taken ?? 0;
            let slotStart: Date | null = null;
            // The plan outside chose this slot from what the transaction has now read, and the slot still
            // has room: planning again would choose it again (the slots before it count as full either way).
            if (claimed && seen && taken < state.ordersPerSlot && sameOrderingInputs(seen, state)) slotStart = claimed;
            let recounted = false;
            for (let hop = 0; !slotStart; hop += 1) {
              const slotInput: TimeSlotInput = {
                hours: catalogue.store.hours,
                timeZone: catalogue.store.timezone,
                closures: state.closures,
                pause: state.pause,
                now,
                leadMinutes: leadMinutes(state.preparationMinutes),
                capacity: state.ordersPerSlot,
                preorderDays: catalogue.store.preorderDays,
                taken: takenWhileClaiming(
                  takenBefore,
                  claimed && { slotStart: claimed, taken },
                  state.ordersPerSlot,
                  now,
                ),
              };
              // A requested time is decided by its one slot; ASAP by the day's plan.
              const slot = requested === 'asap' ? checkAsap(slotInput) : checkRequestedSlot(slotInput, requested);
              if (!slot.ok) throw orderError(slot.code);
              if (claimed && slot.slotStart.getTime() === claimed.getTime()) {
                slotStart = claimed;
                break;
              }
              // ASAP only (a requested time is claimed from the start): the claimed slot filled up while
              // this order waited for it, so the next free one is later. The counts read before are as old
              // as that wait: read them again once, then claim the slot they show free and count it exactly.
              if (claimed && !recounted) {
                takenBefore = await takenSlots(tx, { storeId, now, capacity: state.ordersPerSlot, reading });
                recounted = true;
                continue;
              }
              if (hop >= MAX_SLOT_HOPS) throw orderError('slot_full');
              claimed = slot.slotStart;
              await lockSlot(tx, storeId, claimed);
              taken = await countInSlot(tx, { storeId, slotStart: claimed, capacity: state.ordersPerSlot, reading });
            }

            const decided =
              planned && slotStart.getTime() === candidate?.getTime() ? planned : await orderFor(slotStart);
            const { mailId } = await writeOrder(tx, decided.written);
            return { order: decided.order, mail: decided.mail, mailId };
          });
        };

        let outcome: { order: Order; mail: MailMessage | null; mailId: number | null };
        try {
          outcome = await placeInTransaction();
        } catch (error) {
          // Another request with this key won: it committed while this one waited for its slot. Or this
          // one was refused (full, closed) while the other placed the order in another slot; then that
          // order is this key's answer, as it would be a moment later.
          const conflict = isUniqueViolation(error, 'orders_idempotency_unique');
          if (!(error instanceof HttpError) && !conflict) throw error;
          const winner = await byIdempotencyKey(db, scope, key);
          if (!winner) {
            if (conflict) throw new Error('an idempotency conflict without the stored order', { cause: error });
            throw error;
          }
          return replay(winner, requestHash, language);
        }

        const { order } = outcome;
        if (outcome.mail && outcome.mailId !== null) void app.mail.deliverWritten(outcome.mailId, outcome.mail);
        if (input.customerId !== null && body.save_address && body.address && contact.postcode) {
          await saveTypedAddress(input.customerId, contact.address);
        }
        // An order waiting for its payment is nobody's business but the customer's until it is paid.
        if (order.status === 'waiting') announce(order, 'created');
        return { order, created: true };
      },

      guestRush(storeId) {
        return readGuestRush(db, { storeId, now: service.clock.now(), sharePercent: guestSharePercent });
      },

      async view(id, language) {
        const [row] = await db.select().from(orders).where(eq(orders.id, id));
        return row ? renderOne(row, language, false) : null;
      },

      async find(id, access, language) {
        const [row] = await db.select().from(orders).where(eq(orders.id, id));
        if (!row) throw ORDER_NOT_FOUND;
        const owner = access.caller !== null && row.userId === access.caller.id;
        const holder = holdsToken(row, access.token);
        if (!owner && !holder && access.caller?.role !== 'admin') throw ORDER_NOT_FOUND;
        return renderOne(row, language, owner || holder);
      },

      async listForCustomer(userId, language) {
        const rows = await db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(200);
        return renderRows(rows, language, true);
      },

      async listBoard(storeId, now, language) {
        // The store's local midnight as an instant, by PostgreSQL's time-zone rules (right on DST days too).
        const startOfDay = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${stores.timezone}) at time zone ${stores.timezone})`;
        const rows = await db
          .select({ order: orders })
          .from(orders)
          .innerJoin(stores, eq(stores.id, orders.storeId))
          .where(
            and(
              eq(orders.storeId, storeId),
              or(
                inArray(orders.status, OPEN_STATUSES),
                and(inArray(orders.status, DONE_STATUSES), sql`${orders.createdAt} >= ${startOfDay}`),
              ),
            ),
          )
          .orderBy(asc(orders.createdAt), asc(orders.id))
          .limit(MAX_BOARD_ORDERS);
        return renderRows(
          rows.map((row) => row.order),
          language,
          false,
        );
      },

      async listForStaff({ status, before, limit }, language) {
        const rows = await db
          .select()
          .from(orders)
          .where(
            and(
              status ? eq(orders.status, status) : undefined,
              // Keyset paging in the list's own order: a new order arriving meanwhile shifts nothing.
              before === undefined
                ? undefined
                : sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from orders o where o.id = ${before})`,
            ),
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit);
        return renderRows(rows, language, false);
      },

      async detail(id, language) {
        const [row] = await db.select().from(orders).where(eq(orders.id, id));
        if (!row) throw ORDER_NOT_FOUND;
        const order = await renderOne(row, language, false);
        const events = await db
          .select({
            status: orderEvents.status,
            at: orderEvents.createdAt,
            kind: orderEvents.actorKind,
            name: users.customerName,
            note: orderEvents.note,
          })
          .from(orderEvents)
          .leftJoin(users, eq(users.id, orderEvents.actorUserId))
          .where(eq(orderEvents.orderId, id))
          .orderBy(orderEvents.id);
        return {
          ...order,
          refund_failure: row.paymentStatus === 'refund_failed' ? row.refundFailure : null,
          history: events.map((event) => ({
            status: event.status,
            at: event.at.toISOString(),
            actor: {
              kind: event.kind,
              // A guest has no account: the name they ordered under.
              name: event.kind === 'guest' ? row.address.customerName : event.kind === 'system' ? null : event.name,
            },
            note: event.note,
          })),
        };
      },

      async accept(id, { etaMinutes, delayMinutes }, actor, language) {
        const now = service.clock.now();
        const [waiting] = await db
          .select({ requestedTime: orders.requestedTime })
          .from(orders)
          .where(eq(orders.id, id));
        if (!waiting) throw ORDER_NOT_FOUND;
        const promised = promisedTime({
          requestedTime: waiting.requestedTime,
          decidedAt: now,
          etaMinutes,
          delayMinutes,
        });
        if (!promised) throw orderError('eta_required');
        const row = await transition(id, 'accepted', actor, now, {
          change: {
            etaMinutes: Math.round((promised.getTime() - now.getTime()) / MINUTE_MS),
            etaAt: promised,
            decidedAt: now,
          },
          refusal: 'order_already_decided',
        });
        return afterChange(row, language, 'orderAccepted');
      },

      async reject(id, reason, actor, language) {
        const now = service.clock.now();
        const row = await transition(id, 'rejected', actor, now, {
          change: { rejectionReason: reason, decidedAt: now, paymentStatus: REFUND_IF_PAID, paymentUpdatedAt: now },
          note: reason,
          refusal: 'order_already_decided',
        });
        refundIfPaid(row);
        return afterChange(row, language, 'orderRejected');
      },

      async markReady(id, actor, language) {
        const row = await transition(id, 'ready', actor, service.clock.now(), { refusal: 'invalid_transition' });
        return afterChange(row, language, 'orderReady');
      },

      async complete(id, actor, language) {
        const row = await transition(id, 'completed', actor, service.clock.now(), { refusal: 'invalid_transition' });
        return afterChange(row, language, null);
      },

      async cancel(id, reason, actor, language) {
        const now = service.clock.now();
        const row = await transition(id, 'cancelled', actor, now, {
          change: { cancellationReason: reason, paymentStatus: REFUND_IF_PAID, paymentUpdatedAt: now },
          note: reason,
          refusal: 'invalid_transition',
        });
        refundIfPaid(row);
        return afterChange(row, language, 'orderCancelled');
      },

      async changed(row, language, { kind, mail: mailKind }) {
        return afterChange(row, language, mailKind, kind);
      },

      async waitingSince(order, at) {
        const availability = await app.storeStatus.availability(order.storeId);
        return availability ? waitingStartsAt(availability, at, order.slotStart) : at;
      },

      async rejectUnanswered() {
        const now = service.clock.now();
        // One conditional UPDATE: an order another instance (or an earlier sweep, or staff) decided meanwhile
        // no longer matches `waiting`, so each order is rejected, recorded and mailed once.
        const rejected = await db.transaction(async (tx) => {
          const rows = await tx
            .update(orders)
            .set({
              status: 'rejected',
              rejectionReason: sql`case when ${orders.language} = 'en' then ${UNANSWERED_REJECTION.en} else ${UNANSWERED_REJECTION.de} end`,
              decidedAt: now,
              paymentStatus: REFUND_IF_PAID,
              paymentUpdatedAt: now,
            })
            .where(
              and(
                eq(orders.status, 'waiting'),
                sql`coalesce(${orders.waitingSince}, ${orders.createdAt}) < ${now.toISOString()}::timestamptz - make_interval(mins => (select s.auto_reject_after_minutes from stores s where s.id = ${orders.storeId}))`,
              ),
            )
            .returning();
          if (rows.length > 0) {
            await tx.insert(orderEvents).values(
              rows.map((row) => ({
                orderId: row.id,
                status: 'rejected' as const,
                actorKind: 'system' as const,
                note: row.rejectionReason,
                createdAt: now,
              })),
            );
          }
          return rows;
        });
        for (const row of rejected) {
          refundIfPaid(row);
          // Committed already: one order that cannot be told about must not keep the others' mails back.
          await afterChange(row, row.language, 'orderRejected').catch((error: unknown) =>
            app.log.error({ err: error, orderId: row.id }, 'could not tell about an unanswered order'),
          );
        }
        return rejected.length;
      },
    };

    /** Tells the customer (by mail, in their language) and every channel of a change just committed. */
    async function afterChange(
      row: OrderRow,
      language: Language,
      mailKind: OrderMailKind | null,
      kind: OrderChange['kind'] = 'updated',
    ): Promise<Order> {
      const order = await renderOne(row, language, false);
      if (mailKind) {
        const inTheirLanguage = language === row.language ? order : await renderOne(row, row.language, false);
        mail(mailKind, inTheirLanguage, row.language);
      }
      announce(order, kind);
      return order;
    }

    /**
     * Rejected or cancelled after PayPal took the money (the same update made it `refund_pending`): it goes
     * back, off the request; the board and the order page follow the refund.
     */
    function refundIfPaid(row: OrderRow): void {
      if (row.paymentStatus === 'refund_pending' && app.hasDecorator('payments')) {
        app.payments.refundInBackground(row.id);
      }
    }

    /**
     * Check-and-set in one conditional UPDATE, recorded in the order's history in the same transaction:
     * of two staff changing an order at once exactly one wins, and the other learns who did what, when.
     */
    async function transition(
      id: number,
      to: OrderStatus,
      actor: StaffActor,
      now: Date,
      options: { change?: PgUpdateSetSource<typeof orders>; note?: string; refusal: OrderErrorCode },
    ): Promise<OrderRow> {
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(orders)
          .set({ ...options.change, status: to })
          .where(and(eq(orders.id, id), inArray(orders.status, statusesBefore(to))))
          .returning();
        if (!changed) return undefined;
        await tx.insert(orderEvents).values({
          orderId: id,
          status: to,
          actorKind: 'staff',
          actorUserId: actor.userId,
          note: options.note ?? null,
          createdAt: now,
        });
        return changed;
      });
      if (row) return row;
      throw await refusal(id, options.refusal);
    }

    /** Why a change did not happen: no such order, or what it became and who made it so (its last event). */
    async function refusal(id: number, code: OrderErrorCode): Promise<HttpError> {
      const [current] = await db
        .select({ status: orders.status, timeZone: stores.timezone })
        .from(orders)
        .innerJoin(stores, eq(stores.id, orders.storeId))
        .where(eq(orders.id, id));
      if (!current) return ORDER_NOT_FOUND;
      const [last] = await db
        .select({
          status: orderEvents.status,
          kind: orderEvents.actorKind,
          at: orderEvents.createdAt,
          name: users.customerName,
        })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorUserId))
        .where(eq(orderEvents.orderId, id))
        .orderBy(desc(orderEvents.id))
        .limit(1);
      const event = last?.status === current.status ? last : null;
      return orderError(code, whoChangedIt(current.status, event, current.timeZone) ?? undefined);
    }

    // The server decides unanswered orders, never a browser; every instance sweeps, each order goes once.
    let sweeping: Promise<void> | null = null;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = service
        .rejectUnanswered()
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not reject unanswered orders'))
        .finally(() => {
          sweeping = null;
        });
    }, UNANSWERED_SWEEP_MS);
    sweep.unref();
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      await sweeping;
      await Promise.allSettled([...mailsUnderWay]);
    });

    app.decorate('orders', service);
  },
  { name: 'orders', dependencies: ['database', 'catalogue', 'store-status', 'pubsub'] },
);
