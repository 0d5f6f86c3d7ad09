import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { statusesBefore, type OrderStatus, type OrderStepTaker } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema.ts';
import { releaseVoucherUses } from '../vouchers/index.ts';
import type { OrderRow } from './render.ts';

/** Who changed an order, as its history records it. */
export interface OrderActor {
  kind: (typeof orderEvents.$inferInsert)['actorKind'];
  /** The staff member's or customer's account; null for a guest or the system. */
  userId: number | null;
}

export interface StatusChange {
  to: OrderStatus;
  /** Which orders: one by its id, or a sweep's condition. Only those whose status may go to `to` change. */
  which: SQL | undefined;
  actor: OrderActor;
  at: Date;
  /** Columns written with the status (the decision's time, the reason, the payment's state). */
  patch?: PgUpdateSetSource<typeof orders>;
  /** The event's note: one text, or one per order (a sweep's apology in each order's language). */
  note?: string | null | ((row: OrderRow) => string | null);
}

/** The statuses that call an order off: its voucher's use is given back (docs/decisions/028-vouchers.md). */
const GIVES_VOUCHER_BACK: ReadonlySet<OrderStatus> = new Set(['rejected', 'cancelled', 'expired']);

/** The customer (signed in, or a guest by the tracking link) takes the customer's steps; staff and the system the restaurant's. */
function takerOf(actor: OrderActor): OrderStepTaker {
  return actor.kind === 'customer' || actor.kind === 'guest' ? 'customer' : 'restaurant';
}

/**
 * The one way an order's status changes, in the caller's transaction: one conditional UPDATE that moves
 * only the orders whose status may go to `to` by the domain's transition table for who acts
 * (`statusesBefore`: staff never cancel a waiting order, a customer never decides one), and
 * the event with its actor for each. Of two changes at once exactly one wins; the other gets no row and
 * tells its caller so. An order called off (rejected, cancelled, expired) gives its voucher's use back in
 * the same transaction. Mails and pushes are the caller's, after the commit. Resolves to the changed rows.
 */
export async function changeStatus(tx: Db, change: StatusChange): Promise<OrderRow[]> {
  const rows = await tx
    .update(orders)
    .set({ ...change.patch, status: change.to })
    .where(and(change.which, inArray(orders.status, statusesBefore(change.to, takerOf(change.actor)))))
    .returning();
  if (rows.length > 0) {
    await tx.insert(orderEvents).values(
      rows.map((row) => ({
        orderId: row.id,
        status: change.to,
        actorKind: change.actor.kind,
        actorUserId: change.actor.userId,
        note: typeof change.note === 'function' ? change.note(row) : (change.note ?? null),
        createdAt: change.at,
      })),
    );
    const withVoucher = rows.filter((row) => row.voucherCode !== null).map((row) => row.id);
    if (GIVES_VOUCHER_BACK.has(change.to)) await releaseVoucherUses(tx, withVoucher, change.at);
  }
  return rows;
}

/** A line in an order's history without a change of its status (why its money goes back, say). */
export async function recordEvent(
  tx: Db,
  row: Pick<OrderRow, 'id' | 'status'>,
  event: { actor: OrderActor; at: Date; note: string | null },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: row.id,
    status: row.status,
    actorKind: event.actor.kind,
    actorUserId: event.actor.userId,
    note: event.note,
    createdAt: event.at,
  });
}
