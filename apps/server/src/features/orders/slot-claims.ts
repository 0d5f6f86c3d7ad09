import { and, eq, inArray, sql } from 'drizzle-orm';
import { SLOT_MINUTES, type OrderingPause, type OrderStatus, type StoreClosure } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { dateLiteral, integerLiteral, textLiteral, timeLiteral } from '../../db/sql-literals.ts';
import { closuresSince, pauseOf } from '../store-status/index.ts';
import { insertOrderStatement, type InsertedOrder, type NewOrder } from './order-insert.ts';

// How an order claims its place in a 15-minute slot: a transaction-level advisory
// lock per (store, slot), so orders for other slots of the store run in parallel, and the store row
// held FOR SHARE, so staff's writes to that row (the pause) wait for the orders in flight and orders
// wait for them. Mostly nothing changed since the order planned outside: then its whole transaction is
// one round trip (`placeIfUnchanged`), the lock held only inside PostgreSQL. Otherwise the functions
// taking the order's transaction (`tx`) claim the slot and read the state (`claimSlotAndRead`), plan
// again, and write the order (`writeOrder`).

/** Orders that hold a place in the kitchen's slots. */
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
 * Waits until no other transaction claims this slot of this store, and keeps it until the commit or
 * rollback. The count that follows is then exact: whoever held it before has committed or given up.
 */
export async function lockSlot(tx: Db, storeId: number, slotStart: Date): Promise<void> {
  await tx.execute(sql.raw(lockStatement(storeId, slotStart)));
}

function activeInSlot(tx: Db, storeId: number, slotStart: Date) {
  return tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.slotStart, slotStart), inArray(orders.status, ACTIVE_STATUSES)));
}

/** Active orders in one slot; only exact while the slot's lock is held. */
export async function countInSlot(tx: Db, storeId: number, slotStart: Date): Promise<number> {
  const [row] = await activeInSlot(tx, storeId, slotStart);
  return Number(row?.taken ?? 0);
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
  /** Active orders in the slot claimed, or null when none was. */
  taken: number | null;
}

function lockStatement(storeId: number, slotStart: Date, mode: 'exclusive' | 'shared' = 'exclusive'): string {
  const key = slotLockKey(slotStart);
  if (key === null) throw new Error(`${slotStart.toISOString()} is not a slot start`);
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  return `select ${lock}(${integerLiteral(storeId)}::int4, ${integerLiteral(key)}::int4)`;
}

/**
 * How many orders of one slot may be in flight at once while the slot has room to spare for all of
 * them. Each holds the slot's lock shared and one of this many lanes (advisory locks of their own), and
 * goes in only if the count it reads leaves room for itself and every other lane: at most
 * `SLOT_LANES - 1` orders it cannot see are in flight, as each holds its lane from before its count
 * until its commit. Near capacity an order takes the slot's lock exclusively, which waits for every
 * lane's order to commit, so that count is exact. Orders for one slot at a busy moment (all ASAP
 * orders) thus commit side by side instead of one after another.
 */
export const SLOT_LANES = 8;

/**
 * Takes a free lane of the slot, or waits for lane `fallback` when all are taken (to be run after the
 * slot's shared lock). The lanes are advisory locks with one bigint key, a space apart from the slots'
 * two-int4 keys: store, slot minute and lane side by side. Keys of other slots that coincide (a store id
 * past 2^27) only make orders wait for each other, never let more through.
 */
function laneStatement(storeId: number, slotStart: Date, fallback: number): string {
  const minute = slotLockKey(slotStart);
  if (minute === null) throw new Error(`${slotStart.toISOString()} is not a slot start`);
  const base = BigInt.asIntN(64, (BigInt(integerLiteral(storeId)) << 36n) + (BigInt(minute) << 4n));
  const lane = integerLiteral(fallback % SLOT_LANES);
  // Stops at the first lane it gets (LIMIT 1); coalesce waits only when it got none.
  return `select coalesce(
  (select lane from generate_series(0, ${SLOT_LANES - 1}) as lane
   where pg_try_advisory_xact_lock(${base}::int8 + lane) limit 1),
  (select ${lane} from pg_advisory_xact_lock(${base}::int8 + ${lane})))`;
}

const STATUS_LITERALS = ACTIVE_STATUSES.map((status) => {
  if (!/^[a-z_]+$/.test(status)) throw new Error(`${status} is not a status`);
  return `'${status}'`;
}).join(', ');

/**
 * The store's settings, pause and closures, and the claimed slot's count, read FOR SHARE of the store
 * row: orders do not block each other, a pause (an UPDATE of the row) waits until they commit, and they
 * wait for a pause in progress and then see it. Written without parameters, so that it can follow the
 * slot's lock in one simple query: every value in it is a whole number, an ISO date or time, or one of
 * the statuses above.
 */
function stateStatement(storeId: number, now: Date, slotStart: Date | null): string {
  const store = integerLiteral(storeId);
  const taken = slotStart
    ? `(select count(*)::int from orders o
        where o.store_id = s.id and o.slot_start = ${timeLiteral(slotStart)}
          and o.status in (${STATUS_LITERALS}))`
    : 'null::int';
  return `select s.preparation_minutes, s.orders_per_slot, s.ordering_paused,
  (extract(epoch from s.ordering_paused_until) * 1000)::float8 as paused_until_ms,
  (select coalesce(
     json_agg(json_build_object('id', c.id, 'starts_on', c.starts_on, 'ends_on', c.ends_on, 'reason', c.reason)
       order by c.starts_on, c.id),
     '[]'::json)
   from store_closures c where c.store_id = s.id and c.ends_on >= ${dateLiteral(closuresSince(now))}) as closures,
  ${taken} as taken
from stores s where s.id = ${store}
for share of s`;
}

interface StateRow {
  preparation_minutes: number;
  orders_per_slot: number;
  ordering_paused: boolean;
  paused_until_ms: number | null;
  closures: StoreClosure[];
  taken: number | null;
}

type Rows = { rows: unknown[] };

/**
 * An order's first step in its transaction: claims `slotStart` (when the checkout saw one free) and then
 * reads what decides the order (`stateStatement`), the count exact because whoever held the slot before
 * has committed or given up. The count must be read by a statement after the lock's, as a statement sees
 * only what was committed when it began. On PostgreSQL both go in one simple query (node-postgres
 * answers each statement), one round trip while others wait for the slot; PGlite takes one statement per
 * query and has no network in between. Null for no such store.
 */
export async function claimSlotAndRead(
  tx: Db,
  kind: 'postgres' | 'pglite',
  query: { storeId: number; now: Date; slotStart: Date | null },
): Promise<OrderingState | null> {
  const state = stateStatement(query.storeId, query.now, query.slotStart);
  const lock = query.slotStart ? lockStatement(query.storeId, query.slotStart) : null;
  let rows: unknown[];
  if (lock && kind === 'postgres') {
    const results = (await tx.execute(sql.raw(`${lock};\n${state}`))) as unknown as Rows[];
    rows = results[1]?.rows ?? [];
  } else {
    if (lock) await tx.execute(sql.raw(lock));
    rows = ((await tx.execute(sql.raw(state))) as unknown as Rows).rows;
  }
  const row = rows[0] as StateRow | undefined;
  if (!row) return null;
  const until = row.paused_until_ms === null ? null : new Date(Number(row.paused_until_ms));
  return {
    preparationMinutes: Number(row.preparation_minutes),
    ordersPerSlot: Number(row.orders_per_slot),
    pause: pauseOf(row.ordering_paused, until),
    // json_agg gives a date column as 'YYYY-MM-DD', as the closures' own reads do.
    closures: row.closures,
    taken: row.taken === null ? null : Number(row.taken),
  };
}

/**
 * The store as `seen` (what the plan outside was made with, compared as `sameOrderingInputs` does) and
 * `room` places free in `slotStart`, as the condition of an order's INSERT. It holds the store row FOR SHARE, as
 * `stateStatement` does, and counts the slot in a statement after the lock's, so the count is exact.
 */
function unchangedWithRoom(storeId: number, now: Date, slotStart: Date, seen: OrderingInputs, room: number): string {
  const { pause } = seen;
  const until = pause.until === null ? null : Date.parse(pause.until);
  const pauseAsSeen = !pause.paused
    ? 'not s.ordering_paused'
    : until === null
      ? 's.ordering_paused and s.ordering_paused_until is null'
      : `s.ordering_paused and floor(extract(epoch from s.ordering_paused_until) * 1000) = ${integerLiteral(until)}`;
  const closures = JSON.stringify(
    seen.closures.map((closure) => [closure.id, closure.starts_on, closure.ends_on, closure.reason]),
  );
  return `exists (select 1 from stores s
    where s.id = ${integerLiteral(storeId)}
      and s.preparation_minutes = ${integerLiteral(seen.preparationMinutes)}
      and ${pauseAsSeen}
      and (select coalesce(
             jsonb_agg(jsonb_build_array(c.id, c.starts_on, c.ends_on, c.reason) order by c.starts_on, c.id),
             '[]'::jsonb)
           from store_closures c where c.store_id = s.id and c.ends_on >= ${dateLiteral(closuresSince(now))})
          = ${textLiteral(closures)}::jsonb
      and (select count(*) from orders o
           where o.store_id = s.id and o.slot_start = ${timeLiteral(slotStart)}
             and o.status in (${STATUS_LITERALS}))
          + ${integerLiteral(room)} <= s.orders_per_slot
    for share of s)`;
}

/**
 * An order's whole transaction when nothing that decides it changed since it planned outside: claims
 * `slotStart` and writes the order, if the store is as `seen` and the slot still has room, else nothing.
 * On PostgreSQL one simple query of the lock's statement and the INSERT, without BEGIN: PostgreSQL runs
 * them as one transaction, so the lock is released by the commit, with no round trip of its own and no
 * wait for this process in between. PGlite takes them one after the other in a transaction. Null when
 * the order did not go in: the caller claims the slot the long way, reading what changed.
 */
export async function placeIfUnchanged(
  db: Db,
  kind: 'postgres' | 'pglite',
  query: {
    storeId: number;
    now: Date;
    slotStart: Date;
    seen: OrderingInputs;
    /**
     * Active orders in the slot as read before (null: not read), and its capacity: with room for every
     * lane, the order takes a lane, else the slot's lock alone.
     */
    takenBefore: number | null;
    capacity: number;
  },
  order: NewOrder,
): Promise<{ mailId: number | null } | null> {
  const { storeId, now, slotStart, seen } = query;
  const inLane = query.takenBefore !== null && query.takenBefore + SLOT_LANES <= query.capacity;
  const locks = inLane
    ? [lockStatement(storeId, slotStart, 'shared'), laneStatement(storeId, slotStart, order.order.id)]
    : [lockStatement(storeId, slotStart)];
  const insert = insertOrderStatement(order, unchangedWithRoom(storeId, now, slotStart, seen, inLane ? SLOT_LANES : 1));
  let row: InsertedOrder | undefined;
  if (kind === 'postgres') {
    const results = (await db.execute(sql.raw([...locks, insert].join(';\n')))) as unknown as Rows[];
    row = results[locks.length]?.rows[0] as InsertedOrder | undefined;
  } else {
    row = await db.transaction(async (tx) => {
      for (const lock of locks) await tx.execute(sql.raw(lock));
      return ((await tx.execute(sql.raw(insert))) as unknown as Rows).rows[0] as InsertedOrder | undefined;
    });
  }
  if (!row) throw new Error('an order INSERT without its answer');
  return Number(row.placed) === 1 ? { mailId: row.mail_id === null ? null : Number(row.mail_id) } : null;
}

/** Writes the order in its transaction, which holds its slot and has checked it; the mail's outbox id. */
export async function writeOrder(tx: Db, order: NewOrder): Promise<{ mailId: number | null }> {
  const row = ((await tx.execute(sql.raw(insertOrderStatement(order, null)))) as unknown as Rows).rows[0] as
    InsertedOrder | undefined;
  if (!row || Number(row.placed) !== 1) throw new Error('an order INSERT without its row');
  return { mailId: row.mail_id === null ? null : Number(row.mail_id) };
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
