import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language, OrderErrorCode } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { orderError, type OrderRow } from '../orders/index.ts';
import type { PaymentsContext } from './context.ts';
import {
  authorised,
  changePayment,
  currencyOf,
  load,
  NOT_CAPTURED,
  PAYABLE,
  paypalOf,
  pendingError,
  renderFor,
  sendToKitchen,
  tell,
} from './order-payment.ts';
import { PayPalError, type PayPalCapture, type PayPalOrder } from './paypal-client.ts';
import { refundStray } from './refunds.ts';
import type { CaptureOutcome, OrderAccessRequest } from './types.ts';

// Capturing the approved PayPal payment, and what a capture means for the order wherever it comes from
// (the capture call, a webhook, a poll). Only a COMPLETED capture of exactly the order's total pays it;
// request ids make sure a retry never charges twice.

/** The card processor's codes PayPal passes on for a declined capture, and what the customer is told. */
const PROCESSOR_REFUSALS: Record<string, OrderErrorCode> = {
  '5120': 'payment_insufficient_funds',
  '5400': 'payment_card_expired',
};
/** PayPal's issues that mean: this funding source will not pay, choose another (the restart flow). */
const DECLINED_ISSUES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY']);
const NOT_APPROVED_ISSUES = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

/** Which step of the payment a capture reached, and what the capture route answers for it. */
export type Applied =
  | { kind: 'paid' | 'unchanged'; row: OrderRow }
  | { kind: 'pending'; row: OrderRow }
  | { kind: 'declined'; code: OrderErrorCode }
  | { kind: 'expired' | 'mismatch' };

/**
 * A declined capture: the customer may try again. Declined at once (the restart flow), the same PayPal
 * order is approved again; declined later (a pending capture PayPal denied), that PayPal order is done
 * and the next try gets a new one.
 */
async function recordDecline(
  ctx: PaymentsContext,
  orderId: number,
  options: { newPayPalOrder: boolean },
): Promise<void> {
  await changePayment(
    ctx,
    and(eq(orders.id, orderId), eq(orders.status, 'pending_payment'), inArray(orders.paymentStatus, NOT_CAPTURED)),
    {
      paymentStatus: 'declined',
      captureAttempts: sql`${orders.captureAttempts} + 1`,
      ...(options.newPayPalOrder ? { paypalOrderId: null, paypalCaptureId: null } : {}),
    },
  );
}

/** A COMPLETED capture: of the order's total it pays the order, of another amount it goes back. */
async function applyCompleted(
  ctx: PaymentsContext,
  row: OrderRow,
  capture: PayPalCapture,
  access: OrderAccessRequest | null,
): Promise<Applied> {
  const orderId = row.id;
  const currency = await currencyOf(ctx, row.storeId);
  if (capture.amountCents !== row.totalCents || capture.currency !== currency) {
    ctx.log.error(
      {
        orderId,
        captured: capture.amountCents,
        currency: capture.currency,
        total: row.totalCents,
      },
      'PayPal captured another amount than the order total: refunding it',
    );
    await refundStray(ctx, orderId, capture.id, 'mismatch');
    return { kind: 'mismatch' };
  }
  const paid = await sendToKitchen(ctx, row, {
    access,
    which: inArray(orders.paymentStatus, NOT_CAPTURED),
    patch: () => ({ paymentStatus: 'paid', paypalCaptureId: capture.id }),
    note: 'PayPal',
  });
  if (paid) {
    // The kitchen sees it now, as a new order, and the customer gets the confirmation.
    await tell(ctx, paid, paid.language, 'created', 'orderReceived').catch((error: unknown) =>
      ctx.log.error({ err: error, orderId }, 'could not announce a paid order'),
    );
    return { kind: 'paid', row: paid };
  }
  const current = (await load(ctx, orderId)) ?? row;
  if (current.status === 'expired') {
    await refundStray(ctx, orderId, capture.id, 'expired');
    return { kind: 'expired' };
  }
  if (current.paymentMethod === 'cash' && (await refundStray(ctx, orderId, capture.id, 'cash'))) {
    ctx.log.warn({ orderId }, 'PayPal captured an order switched to cash meanwhile: refunding it');
    return { kind: 'unchanged', row: (await load(ctx, orderId)) ?? current };
  }
  return { kind: 'unchanged', row: current };
}

/**
 * What a capture (from the capture call, a webhook or a poll) means for the order. Only a COMPLETED
 * capture of exactly the order's total in the store's currency pays it.
 */
export async function applyCapture(
  ctx: PaymentsContext,
  orderId: number,
  capture: PayPalCapture,
  access: OrderAccessRequest | null,
): Promise<Applied> {
  const row = await load(ctx, orderId);
  if (!row) return { kind: 'expired' };
  if (capture.status === 'COMPLETED') return applyCompleted(ctx, row, capture, access);
  if (capture.status === 'PENDING') {
    const pending = await changePayment(
      ctx,
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ['pending_payment', 'expired']),
        inArray(orders.paymentStatus, PAYABLE),
      ),
      { paymentStatus: 'pending', paypalCaptureId: capture.id },
    );
    return { kind: 'pending', row: pending ?? row };
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    await recordDecline(ctx, orderId, { newPayPalOrder: access === null });
    const code =
      capture.status === 'FAILED'
        ? 'payment_not_completed'
        : (PROCESSOR_REFUSALS[capture.processorCode ?? ''] ?? 'payment_declined');
    return { kind: 'declined', code };
  }
  return { kind: 'unchanged', row };
}

/** Asks PayPal to capture the order's approved PayPal order; PayPal's refusals become the customer's answer. */
async function capturePayPalOrder(ctx: PaymentsContext, row: OrderRow, paypalOrderId: string): Promise<PayPalOrder> {
  const orderId = row.id;
  try {
    // The same request id until PayPal refuses: a retry after a lost answer never charges twice.
    return await paypalOf(ctx).captureOrder(paypalOrderId, `${row.paypalKey}-capture-${row.captureAttempts}`);
  } catch (error) {
    if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
      return paypalOf(ctx)
        .getOrder(paypalOrderId)
        .catch(() => {
          throw orderError('payment_error');
        });
    }
    if (error instanceof PayPalError && DECLINED_ISSUES.has(error.issue ?? '')) {
      await recordDecline(ctx, orderId, { newPayPalOrder: false });
      throw orderError('payment_declined');
    }
    if (error instanceof PayPalError && NOT_APPROVED_ISSUES.has(error.issue ?? '')) {
      // PayPal would replay this refusal to the same request id, even after the buyer approved: the
      // next attempt gets a new one (once, however many captures were refused with this one).
      await ctx.db
        .update(orders)
        .set({ captureAttempts: row.captureAttempts + 1 })
        .where(and(eq(orders.id, orderId), eq(orders.captureAttempts, row.captureAttempts)));
      throw orderError('payment_not_approved');
    }
    if (error instanceof HttpError) throw error;
    ctx.log.error({ err: error, orderId }, 'PayPal capture failed');
    throw orderError(pendingError(error) ? 'payment_error' : 'payment_failed');
  }
}

/** The capture route: the approved PayPal payment captured once, however often the customer asks. */
export async function captureOrder(
  ctx: PaymentsContext,
  orderId: number,
  access: OrderAccessRequest,
  language: Language,
): Promise<CaptureOutcome> {
  const row = await authorised(ctx, orderId, access);
  if (row.paymentMethod !== 'paypal') throw orderError('order_not_payable');
  if (row.status === 'expired') throw orderError('order_expired');
  // Captured already (a double click, a retry after the answer was lost): the same answer again.
  if (row.status !== 'pending_payment') return { order: await renderFor(ctx, row, language), pending: false };
  if (row.paymentStatus === 'pending') return { order: await renderFor(ctx, row, language), pending: true };
  if (!row.paypalOrderId) throw orderError('payment_not_approved');
  const result = await capturePayPalOrder(ctx, row, row.paypalOrderId);
  if (!result.capture) throw orderError('payment_not_completed');
  const applied = await applyCapture(ctx, orderId, result.capture, access);
  switch (applied.kind) {
    case 'paid':
    case 'unchanged':
      return {
        order: await renderFor(ctx, applied.row, language),
        pending: applied.row.paymentStatus === 'pending',
      };
    case 'pending':
      return {
        order: await renderFor(ctx, applied.row, language),
        pending: true,
      };
    case 'declined':
      throw orderError(applied.code);
    case 'expired':
      throw orderError('order_expired');
    case 'mismatch':
      throw orderError('payment_failed');
  }
}

/** Asks PayPal about an order's PayPal order and applies its capture, if any. */
export async function reconcile(ctx: PaymentsContext, row: OrderRow): Promise<void> {
  if (!ctx.client || !row.paypalOrderId) return;
  const found = await ctx.client.getOrder(row.paypalOrderId);
  if (found.capture) await applyCapture(ctx, row.id, found.capture, null);
}
