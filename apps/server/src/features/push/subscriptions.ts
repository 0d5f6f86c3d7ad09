import { and, eq, isNull } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions, staffSessions, users } from '../../db/schema.ts';

/** A staff device's push subscription, as the sender needs it. */
export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps this device's subscription. A browser has one endpoint per service worker: when another staff session
 * on the same browser subscribed it before (signed out, signed in again), the endpoint moves to this one.
 */
export async function saveSubscription(db: Db, sessionId: number, subscription: PushSubscriptionRequest) {
  const keys = { sessionId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: subscription.endpoint, ...keys })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: keys });
}

/** Forgets every subscription of this device (notifications turned off here); how many there were. */
export async function removeSubscriptionsOf(db: Db, sessionId: number): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/**
 * The subscriptions of every device still signed in to a staff account: a signed-out device (or one whose
 * account is no longer staff) rings no more, although its row stays until the session is deleted.
 */
export async function activeSubscriptions(db: Db): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(staffSessions, eq(staffSessions.id, pushSubscriptions.sessionId))
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(and(isNull(staffSessions.revokedAt), eq(users.role, 'admin')));
}

/** The push service says this subscription is gone (404/410): it will never deliver again. */
export async function removeSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: at }).where(eq(pushSubscriptions.id, id));
}
