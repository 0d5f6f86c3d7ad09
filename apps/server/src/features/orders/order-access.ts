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

/** Whether the presented tracking token is the order's, compared in constant time (hashing first makes the lengths equal). */
export function holdsToken(access: OrderAccess, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const stored = access.trackingToken;
  return timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(stored).digest());
}

/** The owner, an admin or the holder of the tracking token: the same rule as `OrdersService.find`. */
export function mayFollow(
  access: OrderAccess,
  who: { caller: Caller | null; trackingToken: string | undefined },
): boolean {
  if (who.caller?.role === 'admin') return true;
  if (who.caller && access.userId === who.caller.id) return true;
  return holdsToken(access, who.trackingToken);
}
