import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Language, Order } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { changeStatus, ORDER_NOT_FOUND, orderError, recordEvent, type OrderRow } from '../orders/index.ts';
import type { PaymentsContext } from './context.ts';
import { changePayment, load, NOT_CAPTURED, paypalOf, pendingError, renderFor, tellQuietly } from './order-payment.ts';
import { PayPalError, type PayPalRefund } from './paypal-client.ts';
import { nextTryAt } from './settlement.ts';

// Money going back: stray captures (an order that may no longer take the money), refunds of rejected
// or cancelled orders, and following a refund up until PayPal says it went through. One request id per
// attempt PayPal refused, so a retry after a lost answer is the same refund and money moves at most once.

/** A refund that went through: no failure, nothing to follow up. */
export const refundDone = { refundFailure: null, refundRetryAt: null } as const;

/**
 * Money arrived for an order that may no longer take it, and goes back: `mismatch`, another amount
 * than the total (the order expires); `expired`, the order expired meanwhile; `cash`, the customer
 * chose cash while the capture was on its way.
 */
export async function refundStray(
  ctx: PaymentsContext,
  orderId: number,
  captureId: string,
  reason: 'mismatch' | 'expired' | 'cash',
): Promise<boolean> {
  const expire = reason === 'mismatch';
  const where =
    reason === 'cash'
      ? and(eq(orders.paymentMethod, 'cash'), isNull(orders.paymentStatus), isNull(orders.paypalCaptureId))
      : and(
          inArray(orders.status, expire ? ['pending_payment', 'expired'] : ['expired']),
          inArray(orders.paymentStatus, NOT_CAPTURED),
        );
  const refund = {
    paymentStatus: 'refund_pending' as const,
    paypalCaptureId: captureId,
    paymentUpdatedAt: ctx.now(),
  };
  const [row] = await ctx.db.transaction(async (tx) => {
    if (!expire)
      return tx
        .update(orders)
        .set(refund)
        .where(and(eq(orders.id, orderId), where))
        .returning();
    const event = {
      actor: { kind: 'system' as const, userId: null },
      at: ctx.now(),
      note: 'PayPal captured another amount than the order’s total; refunded.',
    };
    const expired = await changeStatus(tx, {
      to: 'expired',
      which: and(eq(orders.id, orderId), where),
      patch: refund,
      ...event,
    });
    if (expired.length > 0) return expired;
    // Expired already: only its payment changes, and its history says why the money goes back.
    const changed = await tx
      .update(orders)
      .set(refund)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'expired'), where))
      .returning();
    for (const row of changed) await recordEvent(tx, row, event);
    return changed;
  });
  if (!row) return false;
  await tellQuietly(ctx, row);
  refundInBackground(ctx, row.id);
  return true;
}

/**
 * The sweep follows an unfinished refund up later, later after each time (`nextTryAt`): a failed one is
 * tried again, one PayPal holds is asked about.
 */
function retryLater(ctx: PaymentsContext, row: OrderRow): PgUpdateSetSource<typeof orders> {
  return {
    refundRetryAt: nextTryAt(ctx.now(), row.refundRetries),
    refundRetries: row.refundRetries + 1,
  };
}

/**
 * What PayPal's word about a refund (its answer to the refund, or to asking about it later) means for the
 * order. A refund PayPal failed or cancelled is done with: the next try needs a new request id.
 */
function refundAnswer(ctx: PaymentsContext, row: OrderRow, refund: PayPalRefund): PgUpdateSetSource<typeof orders> {
  if (refund.status === 'COMPLETED')
    return {
      paymentStatus: 'refunded',
      paypalRefundId: refund.id,
      ...refundDone,
    };
  if (refund.status === 'PENDING') {
    return {
      paymentStatus: 'refund_pending',
      paypalRefundId: refund.id,
      refundFailure: null,
      ...retryLater(ctx, row),
    };
  }
  const reason = refund.reason ? ` (${refund.reason})` : '';
  return {
    paymentStatus: 'refund_failed',
    paypalRefundId: null,
    refundFailure: `PayPal: refund ${refund.id} ${refund.status}${reason}`.slice(0, 500),
    refundAttempts: row.refundAttempts + 1,
    ...retryLater(ctx, row),
  };
}

/**
 * A refund PayPal holds as PENDING, asked about (webhooks or not): COMPLETED is refunded, FAILED or
 * CANCELLED `refund_failed` (tried again by itself), still PENDING or PayPal not reachable is asked about
 * again later, without changing the payment (its time stays, so the board's list keeps its place).
 */
async function followHeldRefund(ctx: PaymentsContext, row: OrderRow, refundId: string): Promise<OrderRow | undefined> {
  const held = and(
    eq(orders.id, row.id),
    eq(orders.paymentStatus, 'refund_pending'),
    eq(orders.paypalRefundId, refundId),
  );
  let refund: PayPalRefund | null = null;
  try {
    refund = await paypalOf(ctx).getRefund(refundId);
  } catch (error) {
    ctx.log.error({ err: error, orderId: row.id }, 'could not ask PayPal about a pending refund');
  }
  if (refund && refund.status !== 'PENDING') return changePayment(ctx, held, refundAnswer(ctx, row, refund));
  const [later] = await ctx.db.update(orders).set(retryLater(ctx, row)).where(held).returning();
  return later ?? load(ctx, row.id);
}

/** Why a refund could not be sent, as staff read it under "Zahlungen prüfen". */
function refundFailure(error: unknown): string {
  const reason =
    error instanceof PayPalError
      ? `${error.issue ?? error.errorName ?? error.message} (HTTP ${error.status})`
      : error instanceof HttpError
        ? error.message
        : `PayPal not reachable: ${error instanceof Error ? error.message : String(error)}`;
  return reason.slice(0, 500);
}

/**
 * The next step of an order's refund: one PayPal holds is asked about; one not sent yet, left by a
 * stopped instance, or failed is sent. Failures are recorded with the next automatic try, never thrown.
 */
export async function refundNow(ctx: PaymentsContext, orderId: number): Promise<OrderRow | undefined> {
  const row = await load(ctx, orderId);
  if (!row?.paypalCaptureId || (row.paymentStatus !== 'refund_pending' && row.paymentStatus !== 'refund_failed')) {
    return row;
  }
  if (row.paymentStatus === 'refund_pending' && row.paypalRefundId)
    return followHeldRefund(ctx, row, row.paypalRefundId);
  const captureId = row.paypalCaptureId;
  const record = (change: PgUpdateSetSource<typeof orders>) =>
    changePayment(
      ctx,
      and(eq(orders.id, orderId), inArray(orders.paymentStatus, ['refund_pending', 'refund_failed'])),
      change,
    );
  if (row.paymentStatus === 'refund_failed') await record({ paymentStatus: 'refund_pending', paypalRefundId: null });
  try {
    // One request id per attempt PayPal refused: a retry after a lost answer is the same refund.
    const refund = await paypalOf(ctx).refundCapture(captureId, `${row.paypalKey}-refund-${row.refundAttempts}`);
    return record(refundAnswer(ctx, row, refund));
  } catch (error) {
    if (error instanceof PayPalError && error.issue === 'CAPTURE_FULLY_REFUNDED') {
      return record({ paymentStatus: 'refunded', ...refundDone });
    }
    ctx.log.error({ err: error, orderId }, 'PayPal refund failed');
    return record({
      paymentStatus: 'refund_failed',
      refundFailure: refundFailure(error),
      // A refusal needs a new request id for the next try; a lost answer must reuse this one.
      refundAttempts: pendingError(error) ? row.refundAttempts : row.refundAttempts + 1,
      ...retryLater(ctx, row),
    });
  }
}

/** Staff try a failed refund again (or ask PayPal about one it holds). */
export async function retryRefund(ctx: PaymentsContext, orderId: number, language: Language): Promise<Order> {
  const row = await load(ctx, orderId);
  if (!row) throw ORDER_NOT_FOUND;
  if (row.paymentStatus !== 'refund_failed' && row.paymentStatus !== 'refund_pending') {
    throw orderError('refund_not_possible');
  }
  const after = await refundNow(ctx, orderId);
  return renderFor(ctx, after ?? row, language);
}

/** Refunds an order whose payment is `refund_pending`, off the request; failures are recorded, never thrown. */
export function refundInBackground(ctx: PaymentsContext, orderId: number): void {
  refundNow(ctx, orderId).catch((error: unknown) => ctx.log.error({ err: error, orderId }, 'could not refund'));
}
