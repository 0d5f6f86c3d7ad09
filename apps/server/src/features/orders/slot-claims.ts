import { sql, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  SLOT_MINUTES,
  storeClosureSchema,
  type OrderingPause,
  type OrderStatus,
  type StoreClosure,
} from '@pizzeria/domain';
import { executeRows, type Database, type Db } from '../../db/client.ts';
import { asSql, Placeholders } from '../../db/statement.ts';
import { closuresSince, pauseOf } from '../store/index.ts';
import type { SlotReading } from './guest-share.ts';
import { insertOrderStatement, type InsertedOrder, type InsertGuard, type NewOrder } from './order-insert.ts';

// How an order claims its place in a 15-minute slot: a transaction-level advisory
// lock per (store, slot), so orders for other slots of the store run in parallel, and the store row
// held FOR SHARE, so staff's writes to that row (the pause) wait for the orders in flight and orders
// wait for them. Mostly nothing changed since the order planned outside: then its whole transaction is
// one prepared statement (`placeIfUnchanged`), the lock held only inside PostgreSQL. Otherwise the functions
// taking the order's transaction (`tx`) claim the slot and read the state (`claimSlotAndRead`), plan
// again, and write the order (`writeOrder`).

/**
 * Orders that hold a place in the kitchen's slots: the statuses `slot_counts`' triggers count (migration
 * 0012); `capacity.test.ts` checks after each of its tests that the two agree.
 */
export const ACTIVE_STATUSES: OrderStatus[] = ['pending_payment', 'waiting', 'accepted'];

const MINUTE_MS = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;
const INT4_MAX = 2 ** 31 - 1;

/**
 * The slot's half of its lock key: the start in epoch minutes, an int4 until the year 6053. Null for an
 * instant that cannot be a slot start (not on the quarter hour, or beyond that), which no plan offers.
 */
export function slotLockKey(slotStart: Date): number | null {
  const ms = slotStart.getTime();
  if (!Number.isFinite(ms) || ms % SLOT_MS !== 0) return null;
  const minutes = ms / MINUTE_MS;
  return Math.abs(minutes) <= INT4_MAX ? minutes : null;
}

/**
 * How many orders of one slot may be in flight at once while the slot has room to spare for all of
 * them. Each holds the slot's lock shared and one of this many lanes (advisory locks of their own), and
 * goes in only if the count it reads leaves room for itself and every other lane: at most
 * `SLOT_LANES - 1` orders it cannot see are in flight, as each holds its lane from before its count
 * until its commit. Near capacity an order takes the slot's lock exclusively, which waits for every
 * lane's order to commit, so that count is exact. Orders for one slot at a busy moment (all ASAP
 * orders) thus commit side by side instead of one after another, each counted on its lane's row of
 * `slot_counts`, which no other order in flight writes.
 */
export const SLOT_LANES = 8;

/**
 * The call of `claim_slot` (migration 0012), which takes the slot's locks and answers its count, read
 * after them: the slot's lock exclusively (`lanes` 0), or shared with one of `lanes` lanes, lane
 * `fallback` when all are taken. The locks are the database's, so every instance takes the same ones.
 */
function claimCall(params: Placeholders, storeId: number, slotStart: Date, lanes: number, fallback: number): string {
  if (slotLockKey(slotStart) === null) throw new Error(`${slotStart.toISOString()} is not a slot start`);
  const store = params.add(storeId, 'int4');
  const slot = params.add(slotStart.toISOString(), 'timestamptz');
  return `claim_slot(${store}, ${slot}, ${params.add(lanes, 'int4')}, ${params.add(fallback % Math.max(lanes, 1), 'int4')})`;
}

/**
 * Waits until no other transaction claims this slot of this store, and keeps it until the commit or
 * rollback. The count that follows is then exact: whoever held it before has committed or given up.
 */
export async function lockSlot(tx: Db, storeId: number, slotStart: Date): Promise<void> {
  const params = new Placeholders();
  const text = `select * from ${claimCall(params, storeId, slotStart, 0, 0)}`;
  await tx.execute(asSql({ text, values: params.values }));
}

/**
 * The slot's counts as an SQL expression: its active orders and its unanswered guest orders, each the sum
 * of its rows in `slot_counts`, as a JSON pair.
 */
function countsInSlot(store: SQL, slotStart: Date): SQL {
  return sql`(select json_build_array(coalesce(sum(c.taken), 0)::int, coalesce(sum(c.guests_waiting), 0)::int)
        from slot_counts c where c.store_id = ${store} and c.slot_start = ${slotStart.toISOString()}::timestamptz)`;
}

const countsSchema = z.tuple([z.int(), z.int()]);

/** How full one slot is for the order (`reading`); only exact while the slot's lock is held. */
export async function countInSlot(
  tx: Db,
  query: { storeId: number; slotStart: Date; capacity: number; reading: SlotReading },
): Promise<number> {
  const rows = await executeRows(
    tx,
    sql`select ${countsInSlot(sql`${query.storeId}::int4`, query.slotStart)} as counts`,
  );
  const [taken, guests] = z.object({ counts: countsSchema }).parse(rows[0]).counts;
  return query.reading(taken, guests, query.capacity);
}

/** What a plan of the slots depends on besides the hours, the time and the counts. */
export interface OrderingInputs {
  preparationMinutes: number;
  pause: OrderingPause;
  closures: readonly StoreClosure[];
}

/** What decides an order, read as of its transaction. */
export interface OrderingState extends OrderingInputs {
  ordersPerSlot: number;
  closures: StoreClosure[];
  /** How full the slot claimed is for the order (its `SlotReading`), or null when none was claimed. */
  taken: number | null;
}

/**
 * The store's settings, pause and closures, and the claimed slot's count, read FOR SHARE of the store
 * row: orders do not block each other, a pause (an UPDATE of the row) waits until they commit, and they
 * wait for a pause in progress and then see it.
 */
function stateQuery(storeId: number, now: Date, slotStart: Date | null): SQL {
  const counts = slotStart ? countsInSlot(sql`s.id`, slotStart) : sql`null::json`;
  return sql`select s.preparation_minutes, s.orders_per_slot, s.ordering_paused,
  (extract(epoch from s.ordering_paused_until) * 1000)::float8 as paused_until_ms,
  (select coalesce(
     json_agg(json_build_object('id', c.id, 'starts_on', c.starts_on, 'ends_on', c.ends_on, 'reason', c.reason)
       order by c.starts_on, c.id),
     '[]'::json)
   from store_closures c where c.store_id = s.id and c.ends_on >= ${closuresSince(now)}::date) as closures,
  ${counts} as counts
from stores s where s.id = ${storeId}::int4
for share of s`;
}

/** A row of `stateQuery`; json_agg gives a date column as 'YYYY-MM-DD', as the closures' own reads do. */
const stateRowSchema = z.object({
  preparation_minutes: z.int(),
  orders_per_slot: z.int(),
  ordering_paused: z.boolean(),
  paused_until_ms: z.nullable(z.number()),
  closures: z.array(storeClosureSchema),
  counts: z.nullable(countsSchema),
});

/**
 * An order's first step in its transaction: claims `slotStart` (when the checkout saw one free) and then
 * reads what decides the order (`stateQuery`), the count exact because whoever held the slot before has
 * committed or given up. The count must be read by a statement after the lock's, as a statement sees
 * only what was committed when it began. Null for no such store.
 */
export async function claimSlotAndRead(
  tx: Db,
  query: { storeId: number; now: Date; slotStart: Date | null; reading: SlotReading },
): Promise<OrderingState | null> {
  if (query.slotStart) await lockSlot(tx, query.storeId, query.slotStart);
  const rows = await executeRows(tx, stateQuery(query.storeId, query.now, query.slotStart));
  if (rows.length === 0) return null;
  const row = stateRowSchema.parse(rows[0]);
  const until = row.paused_until_ms === null ? null : new Date(row.paused_until_ms);
  return {
    preparationMinutes: row.preparation_minutes,
    ordersPerSlot: row.orders_per_slot,
    pause: pauseOf(row.ordering_paused, until),
    closures: row.closures,
    taken: row.counts && query.reading(row.counts[0], row.counts[1], row.orders_per_slot),
  };
}

/**
 * What an order's INSERT goes in under when nothing changed since it planned outside: the slot claimed
 * (`claim`, before the store row's lock, as the long way takes them) with `room` places free, and the
 * store as `seen` (compared as `sameOrderingInputs` does), its row held FOR SHARE as `stateQuery` does.
 */
function unchangedWithRoom(
  query: { storeId: number; now: Date; slotStart: Date; seen: OrderingInputs; guestSharePercent: number | null },
  claim: { lanes: number; fallback: number },
  room: number,
): InsertGuard {
  return (params) => {
    const { pause } = query.seen;
    const until = pause.until === null ? null : Date.parse(pause.until);
    const pauseAsSeen = !pause.paused
      ? 'not s.ordering_paused'
      : until === null
        ? 's.ordering_paused and s.ordering_paused_until is null'
        : `s.ordering_paused and floor(extract(epoch from s.ordering_paused_until) * 1000) = ${params.add(until, 'float8')}`;
    const closures = JSON.stringify(
      query.seen.closures.map((closure) => [closure.id, closure.starts_on, closure.ends_on, closure.reason]),
    );
    const call = claimCall(params, query.storeId, query.slotStart, claim.lanes, claim.fallback);
    // A guest's order also needs room in the guests' places (`guestPlaces`, in SQL).
    const guestRoom =
      query.guestSharePercent === null
        ? ''
        : `
      and claim.guests_waiting + ${params.add(room, 'int4')} <= greatest(1, (s.orders_per_slot * ${params.add(query.guestSharePercent, 'int4')}) / 100)`;
    return {
      with: [`claim as materialized (select * from ${call})`],
      where: `exists (select 1 from claim, stores s
    where s.id = ${params.add(query.storeId, 'int4')}
      and s.preparation_minutes = ${params.add(query.seen.preparationMinutes, 'int4')}
      and ${pauseAsSeen}
      and (select coalesce(
             jsonb_agg(jsonb_build_array(c.id, c.starts_on, c.ends_on, c.reason) order by c.starts_on, c.id),
             '[]'::jsonb)
           from store_closures c where c.store_id = s.id and c.ends_on >= ${params.add(closuresSince(query.now), 'date')})
          = ${params.add(closures, 'jsonb')}
      and claim.taken + ${params.add(room, 'int4')} <= s.orders_per_slot${guestRoom}
    for share of s)`,
    };
  };
}

const insertedSchema = z.object({
  placed: z.int(),
  mail_id: z.nullable(z.int()),
});

/** The answer of `insertOrderStatement`. */
function insertedOf(rows: unknown[]): InsertedOrder {
  if (rows.length !== 1) throw new Error('an order INSERT without its answer');
  return insertedSchema.parse(rows[0]);
}

/**
 * An order's whole transaction when nothing that decides it changed since it planned outside: claims
 * `slotStart` and writes the order, if the store is as `seen` and the slot still has room, else nothing.
 * One statement without BEGIN, prepared: the slot's locks are taken inside it (`claim_slot`) and released
 * by its commit, with no round trip of their own and no wait for this process in between. Null when the
 * order did not go in: the caller claims the slot the long way, reading what changed.
 */
export async function placeIfUnchanged(
  database: Pick<Database, 'prepared'>,
  query: {
    storeId: number;
    now: Date;
    slotStart: Date;
    seen: OrderingInputs;
    /**
     * How full the slot was for this order as read before (null: not read), and its capacity: with room
     * for every lane, the order takes a lane, else the slot's lock alone.
     */
    takenBefore: number | null;
    capacity: number;
    /** A guest's order: the share of the slot's places unanswered guest orders may hold; null for a customer's. */
    guestSharePercent: number | null;
  },
  order: NewOrder,
): Promise<{ mailId: number | null } | null> {
  const inLane = query.takenBefore !== null && query.takenBefore + SLOT_LANES <= query.capacity;
  const claim = { lanes: inLane ? SLOT_LANES : 0, fallback: order.order.id };
  const guard = unchangedWithRoom(query, claim, inLane ? SLOT_LANES : 1);
  const row = insertedOf(await database.prepared(insertOrderStatement(order, guard)));
  return row.placed === 1 ? { mailId: row.mail_id } : null;
}

/** Writes the order in its transaction, which holds its slot and has checked it; the mail's outbox id. */
export async function writeOrder(tx: Db, order: NewOrder): Promise<{ mailId: number | null }> {
  const row = insertedOf(await executeRows(tx, asSql(insertOrderStatement(order, null))));
  if (row.placed !== 1) throw new Error('an order INSERT without its row');
  return { mailId: row.mail_id };
}

/** Whether two reads of the inputs agree, so that a plan made from one holds for the other. */
export function sameOrderingInputs(a: OrderingInputs, b: OrderingInputs): boolean {
  return (
    a.preparationMinutes === b.preparationMinutes &&
    a.pause.paused === b.pause.paused &&
    a.pause.until === b.pause.until &&
    a.closures.length === b.closures.length &&
    a.closures.every((closure, index) => {
      const other = b.closures[index];
      return (
        other !== undefined &&
        closure.id === other.id &&
        closure.starts_on === other.starts_on &&
        closure.ends_on === other.ends_on &&
        closure.reason === other.reason
      );
    })
  );
}

/**
 * The slot counts an order plans with while it holds `claimed`: that slot's exact count, every slot
 * before it full (the order moves forward only, so its locks are always taken in ascending order and
 * two orders never wait for each other in a circle), and the counts read before the transaction for
 * the slots after it, which it checks by locking one before it takes it.
 */
export function takenWhileClaiming(
  before: ReadonlyMap<number, number>,
  claimed: { slotStart: Date; taken: number } | null,
  capacity: number,
  now: Date,
): Map<number, number> {
  const taken = new Map(before);
  if (!claimed) return taken;
  const start = claimed.slotStart.getTime();
  for (let at = Math.floor(now.getTime() / SLOT_MS) * SLOT_MS; at < start; at += SLOT_MS) taken.set(at, capacity);
  taken.set(start, claimed.taken);
  return taken;
}
