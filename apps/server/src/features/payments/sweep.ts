import { and, eq, isNull, lt } from 'drizzle-orm';
import { PAYMENT_WINDOW_MINUTES } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import { changeStatus } from '../orders/index.ts';
import { reconcile } from './capture.ts';
import type { PaymentsContext } from './context.ts';
import { load, settleIfPayPalOrder, tellQuietly } from './order-payment.ts';
import { refundNow, refundStray } from './refunds.ts';
import { createSettlement, type SettlementSweep } from './settlement.ts';

// The payments' background sweep, run by every instance: each step claims its rows with a conditional
// UPDATE, so of several instances sweeping at once each change happens once.

const MINUTE_MS = 60_000;
/** A refund still pending this long without PayPal's answer was left by a stopped instance. */
const STALE_REFUND_MS = 2 * MINUTE_MS;
/** How often a pending capture is asked about when no webhook settles it. */
const PENDING_POLL_MS = MINUTE_MS;

/** The settlement of PayPal orders the shop did not end up charging; null without PayPal. */
export function settlementFor(ctx: PaymentsContext): SettlementSweep | null {
  if (!ctx.client) return null;
  return createSettlement({
    db: ctx.db,
    client: ctx.client,
    log: ctx.log,
    load: (orderId) => load(ctx, orderId),
    refundStray: (orderId, captureId, reason) => refundStray(ctx, orderId, captureId, reason),
    refundNow: (orderId) => refundNow(ctx, orderId),
  });
}

/**
 * Expires orders unpaid past their payment window, settles PayPal orders and follows refunds up
 * (`settlement.ts`), sends refunds a stopped instance left pending, and asks PayPal about pending captures.
 */
export async function sweepPayments(ctx: PaymentsContext, settlement: SettlementSweep | null): Promise<void> {
  const at = ctx.now();
  // Unpaid past the payment window: `changeStatus` moves only orders still waiting for their payment.
  const expired = await ctx.db.transaction((tx) =>
    changeStatus(tx, {
      to: 'expired',
      which: lt(orders.createdAt, new Date(at.getTime() - PAYMENT_WINDOW_MINUTES * MINUTE_MS)),
      actor: { kind: 'system', userId: null },
      at,
      patch: {
        paymentUpdatedAt: at,
        paypalSettleAt: settleIfPayPalOrder(at),
      },
    }),
  );
  for (const row of expired) await tellQuietly(ctx, row);
  if (!settlement) return;
  // Approved and captured just before it expired, or paid cash after a capture whose answer was lost:
  // the money goes back (the expired ones of this sweep are due at once).
  await settlement.settleDue(at);
  await settlement.followUpDueRefunds(at);
  const stale = await ctx.db
    .update(orders)
    .set({ paymentUpdatedAt: at })
    .where(
      and(
        eq(orders.paymentStatus, 'refund_pending'),
        isNull(orders.paypalRefundId),
        lt(orders.paymentUpdatedAt, new Date(at.getTime() - STALE_REFUND_MS)),
      ),
    )
    .returning({ id: orders.id });
  for (const { id } of stale) await refundNow(ctx, id);
  const pending = await ctx.db
    .update(orders)
    .set({ paymentUpdatedAt: at })
    .where(
      and(eq(orders.paymentStatus, 'pending'), lt(orders.paymentUpdatedAt, new Date(at.getTime() - PENDING_POLL_MS))),
    )
    .returning();
  for (const row of pending) {
    await reconcile(ctx, row).catch((error: unknown) =>
      ctx.log.error({ err: error, orderId: row.id }, 'could not ask PayPal about a pending capture'),
    );
  }
}
