import { and, eq, inArray, sql } from 'drizzle-orm';
import { SLOT_MINUTES, type OrderingPause, type OrderStatus, type StoreClosure } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders, storeClosures, stores } from '../../db/schema.ts';
import { closuresSince, pauseOf } from '../store-status/index.ts';

// How an order claims its place in a 15-minute slot: a transaction-level advisory
// lock per (store, slot), so orders for other slots of the store run in parallel, and the store row
// held FOR SHARE, so staff's writes to that row (the pause) wait for the orders in flight and orders
// wait for them. Every function here takes the order's transaction.

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
  const key = slotLockKey(slotStart);
  if (key === null) throw new Error(`${slotStart.toISOString()} is not a slot start`);
  await tx.execute(sql`select pg_advisory_xact_lock(${storeId}::int4, ${key}::int4)`);
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
  /** Active orders in the slot asked about, or null when none was. */
  taken: number | null;
  /** An order already stored under this idempotency key (another request with it won). */
  storedOrderId: number | null;
}

/**
 * One round trip for everything an order checks under its slot lock: the store's settings, pause and
 * closures, the slot's count and an order already stored under the key. The store row is taken FOR
 * SHARE: orders do not block each other, a pause (an UPDATE of the row) waits until they commit, and
 * they wait for a pause in progress and then see it. Null for no such store.
 */
export async function readOrderingState(
  tx: Db,
  query: { storeId: number; now: Date; slotStart: Date | null; idempotencyScope: string; idempotencyKey: string },
): Promise<OrderingState | null> {
  const { storeId } = query;
  // Drizzle leaves columns unqualified in a one-table select: the subqueries name the store by its id.
  const closures = sql<StoreClosure[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', ${storeClosures.id},
          'starts_on', ${storeClosures.startsOn},
          'ends_on', ${storeClosures.endsOn},
          'reason', ${storeClosures.reason}
        )
        order by ${storeClosures.startsOn}, ${storeClosures.id}
      ),
      '[]'::json
    )
    from ${storeClosures}
    where ${storeClosures.storeId} = ${storeId} and ${storeClosures.endsOn} >= ${closuresSince(query.now)}
  )`;
  const stored = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.idempotencyScope, query.idempotencyScope), eq(orders.idempotencyKey, query.idempotencyKey)));
  const [row] = await tx
    .select({
      preparationMinutes: stores.preparationMinutes,
      ordersPerSlot: stores.ordersPerSlot,
      paused: stores.orderingPaused,
      pausedUntil: stores.orderingPausedUntil,
      closures,
      taken: query.slotStart ? sql<number>`(${activeInSlot(tx, storeId, query.slotStart)})` : sql<null>`null`,
      storedOrderId: sql<number | null>`(${stored})`,
    })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for('share');
  if (!row) return null;
  return {
    preparationMinutes: row.preparationMinutes,
    ordersPerSlot: row.ordersPerSlot,
    pause: pauseOf(row.paused, row.pausedUntil),
    // json_agg gives a date column as 'YYYY-MM-DD', as the closures' own reads do.
    closures: row.closures,
    taken: row.taken === null ? null : Number(row.taken),
    storedOrderId: row.storedOrderId === null ? null : Number(row.storedOrderId),
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
