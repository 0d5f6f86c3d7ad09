import { and, eq, inArray, sql } from 'drizzle-orm';
import { SLOT_MINUTES, type OrderingPause, type OrderStatus, type StoreClosure } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { dateLiteral, integerLiteral, timeLiteral } from '../../db/sql-literals.ts';
import { closuresSince, pauseOf } from '../store-status/index.ts';

// How an order claims its place in a 15-minute slot: a transaction-level advisory
// lock per (store, slot), so orders for other slots of the store run in parallel, and the store row
// held FOR SHARE, so staff's writes to that row (the pause) wait for the orders in flight and orders
// wait for them. Every function here takes the order's transaction. An order holds its slot for two
// round trips: the one that claims it and reads the state (`claimSlotAndRead`), and the one that
// writes the order with its event and items, before the commit.

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

function lockStatement(storeId: number, slotStart: Date): string {
  const key = slotLockKey(slotStart);
  if (key === null) throw new Error(`${slotStart.toISOString()} is not a slot start`);
  return `select pg_advisory_xact_lock(${integerLiteral(storeId)}::int4, ${integerLiteral(key)}::int4)`;
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
