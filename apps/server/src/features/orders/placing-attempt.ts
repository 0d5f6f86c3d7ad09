import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Order } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { orders } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { OrdersContext } from './context.ts';
import { readingFor, type SlotReading } from './guest-share.ts';
import { orderRead, type KitchenRead } from './kitchen-read.ts';
import { orderError } from './order-errors.ts';
import { renderOne } from './reads.ts';
import type { OrderRow } from './render.ts';
import type { PlaceOrderInput } from './types.ts';

// The first step of placing an order: the attempt under its Idempotency-Key. The same key with the same
// body answers the order stored under it (a replay); with another body it is refused.

/** What `placeOrder` answers: the order, and whether this request created it (false for a replay). */
export interface PlaceResult {
  order: Order;
  created: boolean;
}

/** Who is placing under which key, and the body's fingerprint that a replay must match. */
export interface PlacingAttempt {
  /** `guest`, or `user:<id>`: a key is the caller's own. */
  scope: string;
  key: string;
  requestHash: string;
  /** How the slots' counts read for this caller (a guest's orders hold a share of a slot). */
  reading: SlotReading;
}

/** The requested time: ASAP, or the slot the customer chose. */
export type Requested = 'asap' | Date;

/** An attempt that is not a replay: its order's id, and what the first read saw of the store. */
export interface NewAttempt {
  orderId: number;
  settings: KitchenRead;
  /** For ASAP, the moment the counts in `settings` were read as of; null for a requested time. */
  readAt: Date | null;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function attemptOf(input: PlaceOrderInput, guestSharePercent: number): PlacingAttempt {
  return {
    scope: input.customerId === null ? 'guest' : `user:${input.customerId}`,
    key: input.idempotencyKey,
    requestHash: sha256(JSON.stringify(input.body)),
    reading: readingFor(input.customerId, guestSharePercent),
  };
}

export function requestedOf(input: PlaceOrderInput): Requested {
  const time = input.body.requested_time;
  return time === 'asap' ? 'asap' : new Date(time);
}

async function byIdempotencyKey(executor: Db, attempt: PlacingAttempt): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyScope, attempt.scope), eq(orders.idempotencyKey, attempt.key)));
  return row;
}

async function replay(ctx: OrdersContext, attempt: PlacingAttempt, row: OrderRow, input: PlaceOrderInput) {
  if (row.requestHash !== attempt.requestHash) throw orderError('idempotency_key_reused');
  return { order: await renderOne(ctx, row, input.language, true), created: false };
}

/**
 * The order's first read (the store's kitchen settings, the abuse limits' attempt counted, the next
 * order id): either the order already stored under the key, answered again, or a new attempt. For ASAP
 * the same read holds the slots' counts the plan needs anyway.
 */
export async function startAttempt(
  ctx: OrdersContext,
  input: PlaceOrderInput,
  attempt: PlacingAttempt,
  requested: Requested,
): Promise<{ replayed: PlaceResult } | { fresh: NewAttempt }> {
  const readAt = requested === 'asap' ? ctx.now() : null;
  const idempotency = { scope: attempt.scope, key: attempt.key };
  const settings = await orderRead(ctx, input.body.store_id, idempotency, readAt, input.attempt, attempt.reading);
  if (settings.storedOrderId !== null) {
    const earlier = await byIdempotencyKey(ctx.db, attempt);
    if (earlier) return { replayed: await replay(ctx, attempt, earlier, input) };
  }
  const orderId = settings.nextOrderId;
  if (orderId === null) throw new Error('no order id taken for an order');
  return { fresh: { orderId, settings, readAt } };
}

/**
 * The answer when committing failed: another request with this key won (it committed while this one
 * waited for its slot), or this one was refused (full, closed) while the other placed the order in
 * another slot; then that order is this key's answer, as it would be a moment later. Anything else is
 * thrown again.
 */
export async function answerAfterFailure(
  ctx: OrdersContext,
  input: PlaceOrderInput,
  attempt: PlacingAttempt,
  error: unknown,
): Promise<PlaceResult> {
  const conflict = isUniqueViolation(error, 'orders_idempotency_unique');
  if (!(error instanceof HttpError) && !conflict) throw error;
  const winner = await byIdempotencyKey(ctx.db, attempt);
  if (!winner) {
    if (conflict) throw new Error('an idempotency conflict without the stored order', { cause: error });
    throw error;
  }
  return replay(ctx, attempt, winner, input);
}
