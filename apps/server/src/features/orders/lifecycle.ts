import { desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  promisedTime,
  waitingStartsAt,
  type Language,
  type Order,
  type OrderErrorCode,
  type OrderStatus,
} from '@pizzeria/domain';
import { orderEvents, orders, stores } from '../../db/schema.ts';
import type { HttpError } from '../../plugins/errors.ts';
import { afterChange, refundIfPaid } from './announce.ts';
import { changeStatus } from './status.ts';
import type { OrdersContext } from './context.ts';
import { ORDER_NOT_FOUND, orderError, whoChangedIt } from './order-errors.ts';
import { eventsOf } from './reads.ts';
import type { OrderRow } from './render.ts';
import { UNANSWERED_REJECTION, type OrderMailKind, type StaffActor } from './types.ts';

// An order's life after it is placed: staff's decisions, the sweep of unanswered orders.

const MINUTE_MS = 60_000;

/** A paid order rejected or cancelled is refunded: its payment turns `refund_pending` in the same update. */
export const REFUND_IF_PAID = sql`case when ${orders.paymentStatus} = 'paid' then 'refund_pending' else ${orders.paymentStatus} end`;

/** Accepts a waiting order for the time `promisedTime` gives (the minutes are staff's). */
export async function acceptOrder(
  ctx: OrdersContext,
  id: number,
  { etaMinutes, delayMinutes }: { etaMinutes?: number; delayMinutes?: number },
  actor: StaffActor,
  language: Language,
): Promise<Order> {
  const now = ctx.now();
  const [waiting] = await ctx.db.select({ requestedTime: orders.requestedTime }).from(orders).where(eq(orders.id, id));
  if (!waiting) throw ORDER_NOT_FOUND;
  const promised = promisedTime({
    requestedTime: waiting.requestedTime,
    decidedAt: now,
    etaMinutes,
    delayMinutes,
  });
  if (!promised) throw orderError('eta_required');
  const row = await transition(ctx, id, 'accepted', actor, now, {
    change: {
      etaMinutes: Math.round((promised.getTime() - now.getTime()) / MINUTE_MS),
      etaAt: promised,
      decidedAt: now,
    },
    refusal: 'order_already_decided',
  });
  return afterChange(ctx, row, language, 'orderAccepted');
}

/** Rejects a waiting order, with the reason the customer is told. */
export const rejectOrder = endingWithReason({
  to: 'rejected',
  change: (reason, now) => ({ rejectionReason: reason, decidedAt: now }),
  refusal: 'order_already_decided',
  mail: 'orderRejected',
});

/** An accepted order is ready: pickup ready to collect, delivery on its way. */
export async function markReady(ctx: OrdersContext, id: number, actor: StaffActor, language: Language): Promise<Order> {
  const row = await transition(ctx, id, 'ready', actor, ctx.now(), {
    refusal: 'invalid_transition',
  });
  return afterChange(ctx, row, language, 'orderReady');
}

/** A ready order was handed over. */
export async function completeOrder(
  ctx: OrdersContext,
  id: number,
  actor: StaffActor,
  language: Language,
): Promise<Order> {
  const row = await transition(ctx, id, 'completed', actor, ctx.now(), {
    refusal: 'invalid_transition',
  });
  return afterChange(ctx, row, language, null);
}

/** Calls off an accepted or ready order, with the reason the customer is told. */
export const cancelOrder = endingWithReason({
  to: 'cancelled',
  change: (reason) => ({ cancellationReason: reason }),
  refusal: 'invalid_transition',
  mail: 'orderCancelled',
});

/**
 * A staff decision that ends an order with a reason the customer is told (in its event's note and its
 * mail); a paid order turns `refund_pending` in the same update and is refunded once that is committed.
 */
function endingWithReason(end: {
  to: 'rejected' | 'cancelled';
  change: (reason: string, now: Date) => PgUpdateSetSource<typeof orders>;
  refusal: OrderErrorCode;
  mail: OrderMailKind;
}) {
  return async (
    ctx: OrdersContext,
    id: number,
    reason: string,
    actor: StaffActor,
    language: Language,
  ): Promise<Order> => {
    const now = ctx.now();
    const row = await transition(ctx, id, end.to, actor, now, {
      change: { ...end.change(reason, now), paymentStatus: REFUND_IF_PAID, paymentUpdatedAt: now },
      note: reason,
      refusal: end.refusal,
    });
    refundIfPaid(ctx, row);
    return afterChange(ctx, row, language, end.mail);
  };
}

/** When an order that starts waiting for staff at `at` is due their answer from (`waitingStartsAt`). */
export async function waitingSince(
  ctx: OrdersContext,
  order: Pick<OrderRow, 'storeId' | 'slotStart'>,
  at: Date,
): Promise<Date> {
  const availability = await ctx.storeStatus.availability(order.storeId);
  return availability ? waitingStartsAt(availability, at, order.slotStart) : at;
}

/**
 * Rejects every order left waiting longer than its store's `auto_reject_after_minutes` (as of the
 * clock), with an apology; each once, whichever instance sweeps. Resolves to how many it rejected.
 */
export async function rejectUnanswered(ctx: OrdersContext): Promise<number> {
  const now = ctx.now();
  // One conditional UPDATE: an order another instance (or an earlier sweep, or staff) decided meanwhile
  // no longer matches `waiting`, so each order is rejected, recorded and mailed once.
  const rejected = await ctx.db.transaction((tx) =>
    changeStatus(tx, {
      to: 'rejected',
      which: sql`coalesce(${orders.waitingSince}, ${orders.createdAt}) < ${now.toISOString()}::timestamptz - make_interval(mins => (select s.auto_reject_after_minutes from stores s where s.id = ${orders.storeId}))`,
      actor: { kind: 'system', userId: null },
      at: now,
      patch: {
        rejectionReason: sql`case when ${orders.language} = 'en' then ${UNANSWERED_REJECTION.en} else ${UNANSWERED_REJECTION.de} end`,
        decidedAt: now,
        paymentStatus: REFUND_IF_PAID,
        paymentUpdatedAt: now,
      },
      note: (row) => row.rejectionReason,
    }),
  );
  for (const row of rejected) {
    refundIfPaid(ctx, row);
    // Committed already: one order that cannot be told about must not keep the others' mails back.
    await afterChange(ctx, row, row.language, 'orderRejected').catch((error: unknown) =>
      ctx.log.error({ err: error, orderId: row.id }, 'could not tell about an unanswered order'),
    );
  }
  return rejected.length;
}

/**
 * A staff member's change (`changeStatus` in its own transaction): of two staff changing an order at once
 * exactly one wins, and the other learns who did what, when.
 */
async function transition(
  ctx: OrdersContext,
  id: number,
  to: OrderStatus,
  actor: StaffActor,
  now: Date,
  options: {
    change?: PgUpdateSetSource<typeof orders>;
    note?: string;
    refusal: OrderErrorCode;
  },
): Promise<OrderRow> {
  const [row] = await ctx.db.transaction((tx) =>
    changeStatus(tx, {
      to,
      which: eq(orders.id, id),
      actor: { kind: 'staff', userId: actor.userId },
      at: now,
      patch: options.change,
      note: options.note,
    }),
  );
  if (row) return row;
  throw await refusal(ctx, id, options.refusal);
}

/** Why a change did not happen: no such order, or what it became and who made it so (its last event). */
async function refusal(ctx: OrdersContext, id: number, code: OrderErrorCode): Promise<HttpError> {
  const [current] = await ctx.db
    .select({ status: orders.status, timeZone: stores.timezone })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, id));
  if (!current) return ORDER_NOT_FOUND;
  const [last] = await eventsOf(ctx, id).orderBy(desc(orderEvents.id)).limit(1);
  const event = last?.status === current.status ? last : null;
  return orderError(code, whoChangedIt(current.status, event, current.timeZone) ?? undefined);
}
