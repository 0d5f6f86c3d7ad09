import * as z from 'zod/mini';
import type { OrderType, TimeSlotInput } from '@pizzeria/domain';
import { executeRows, type Db } from '../../db/client.ts';
import { asSql, Placeholders, type Statement } from '../../db/statement.ts';
import type { Attempt } from '../../plugins/rate-limits.ts';
import { storeNotFound, type Catalogue } from '../catalogue/index.ts';
import type { OrdersContext } from './context.ts';
import { customerReading, type SlotReading } from './guest-share.ts';
import { OrderAttemptRefused, type CountedAttempt } from './types.ts';

// What an order reads of its store before it plans: the kitchen settings and how full the slots are.

const MINUTE_MS = 60_000;

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
function takenFor(counts: z.infer<typeof takenSchema>, capacity: number, reading: SlotReading): Map<number, number> {
  return new Map(counts.map(([slot, taken, guests]) => [slot, reading(taken, guests, capacity)]));
}

/** How full each slot around now is for an order, in the caller's transaction. */
export async function takenSlots(
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

export interface KitchenRead {
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
export async function settingsAndTaken(
  ctx: OrdersContext,
  storeId: number,
  now: Date,
  daysAhead: number,
  reading: SlotReading,
): Promise<KitchenRead> {
  const params = new Placeholders();
  const window = slotWindow(now, daysAhead);
  const text = `select s.preparation_minutes, s.orders_per_slot, ${takenInWindow(params, 's.id', window)} as taken
from stores s where s.id = ${params.add(storeId, 'int4')}`;
  const rows = await ctx.database.prepared({ text, values: params.values });
  if (rows.length === 0) throw storeNotFound(storeId);
  return kitchenRead(settingsSchema.parse(rows[0]), { storedOrderId: null, nextOrderId: null }, reading);
}

/**
 * The order's first read (`firstRead`): for an ASAP order (`now`) with the counts around now. Throws
 * `OrderAttemptRefused` when the attempt counted is over a limit.
 */
export async function orderRead(
  ctx: OrdersContext,
  storeId: number,
  idempotency: { scope: string; key: string },
  now: Date | null,
  attempt: CountedAttempt | undefined,
  reading: SlotReading,
): Promise<KitchenRead> {
  const rows = await ctx.database.prepared(firstRead(storeId, idempotency, now && slotWindow(now), attempt?.attempt));
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
export async function planFor(
  ctx: OrdersContext,
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
  const now = read?.now ?? ctx.now();
  const preorderDays = catalogue.store.preorderDays;
  const [settings, availability] = await Promise.all([
    read?.settings ?? settingsAndTaken(ctx, storeId, now, withPreorderDays ? preorderDays : 0, reading),
    ctx.storeStatus.availability(storeId),
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
