import { and, asc, eq, gte } from 'drizzle-orm';
import type { OrderingPause, PauseReason, StoreClosure } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { storeClosures, stores } from '../../db/schema.ts';

/** What staff decide about a store beyond its weekly hours: a pause of online orders and closure days. */
export interface StoreOverrides {
  pause: OrderingPause;
  /** Closures that have not ended yet (ended ones can never matter again), by start. */
  closures: StoreClosure[];
}

/**
 * Reads a store's pause and its current and future closures as of `now`, through `executor` (inside a
 * transaction on PGlite, its one connection). Closures that ended up to two days before are kept: the
 * store's "today" may be another date than UTC's, and yesterday's closure decides whether a late slot
 * runs past midnight.
 */
export async function loadOverrides(executor: Db, storeId: number, now: Date): Promise<StoreOverrides | null> {
  const since = closuresSince(now);
  const [store] = await executor
    .select({ paused: stores.orderingPaused, until: stores.orderingPausedUntil, by: stores.orderingPausedBy })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) return null;
  const closures = await executor
    .select({
      id: storeClosures.id,
      starts_on: storeClosures.startsOn,
      ends_on: storeClosures.endsOn,
      reason: storeClosures.reason,
    })
    .from(storeClosures)
    .where(and(eq(storeClosures.storeId, storeId), gte(storeClosures.endsOn, since)))
    .orderBy(asc(storeClosures.startsOn), asc(storeClosures.id));
  return { pause: pauseOf(store.paused, store.until, store.by), closures };
}

/** The first end date (`YYYY-MM-DD`) of the closures that can still matter at `now` (see `loadOverrides`). */
export function closuresSince(now: Date): string {
  return new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The row as stored; a pause whose end has passed is over (`isOrderingPaused`), whatever the row still
 * says. `by` (who paused) is left out for rows paused before anyone recorded it.
 */
export function pauseOf(paused: boolean, until: Date | null, by?: PauseReason | null): OrderingPause {
  if (!paused) return { paused: false, until: null };
  return { paused: true, until: until ? until.toISOString() : null, ...(by ? { reason: by } : {}) };
}

type PauseRow = Pick<typeof stores.$inferSelect, 'orderingPaused' | 'orderingPausedUntil' | 'orderingPausedBy'>;

/** The pause as the audit log keeps it, before and after, whoever paused or resumed. */
export function pauseFields(row: PauseRow) {
  return {
    ordering_paused: row.orderingPaused,
    ordering_paused_until: row.orderingPausedUntil ? row.orderingPausedUntil.toISOString() : null,
    ordering_paused_by: row.orderingPausedBy,
  };
}
