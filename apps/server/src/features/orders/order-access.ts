import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { Caller } from '../../plugins/auth.ts';

/** Who may follow an order: its owner (null for a guest's order) and the holder of its tracking token. */
export interface OrderAccess {
  userId: number | null;
  trackingToken: string;
}

/** Reads only what decides who may see the order, or null when there is no such order. */
export async function readOrderAccess(db: Db, orderId: number): Promise<OrderAccess | null> {
  const [row] = await db
    .select({ userId: orders.userId, trackingToken: orders.trackingToken })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** Compares a presented tracking token in constant time (hashing first makes the lengths equal). */
function sameToken(presented: string, stored: string): boolean {
  return timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(stored).digest());
}

/** The owner, an admin or the holder of the tracking token: the same rule as `OrdersService.find`. */
export function mayFollow(
  access: OrderAccess,
  who: { caller: Caller | null; trackingToken: string | undefined },
): boolean {
  if (who.caller?.role === 'admin') return true;
  if (who.caller && access.userId === who.caller.id) return true;
  return who.trackingToken !== undefined && sameToken(who.trackingToken, access.trackingToken);
}
