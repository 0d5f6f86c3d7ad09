import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language, Order, PaymentMethods } from '@pizzeria/domain';
import { orderItems, orders } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { orderError } from '../orders/index.ts';
import type { PaymentsContext } from './context.ts';
import {
  authorised,
  currencyOf,
  load,
  PAYABLE,
  paypalOf,
  pendingError,
  renderFor,
  sendToKitchen,
  settleIfPayPalOrder,
  settleUnlessWaiting,
  tell,
} from './order-payment.ts';
import { paypalPurchase } from './paypal-purchase.ts';
import type { OrderAccessRequest } from './types.ts';

// What the checkout offers, the PayPal order the buyer approves, and switching an unpaid PayPal order to
// cash. The server creates the PayPal order for the amount it computed, never one the browser names.

export async function paymentMethods(ctx: PaymentsContext, storeId: number): Promise<PaymentMethods> {
  return {
    cash: true,
    paypal: ctx.settings
      ? {
          client_id: ctx.settings.clientId,
          currency: await currencyOf(ctx, storeId),
        }
      : null,
  };
}

/** The PayPal order the buyer approves, created once per order for the server's total. */
export async function createPayPalOrder(
  ctx: PaymentsContext,
  orderId: number,
  access: OrderAccessRequest,
): Promise<{ paypal_order_id: string }> {
  const row = await authorised(ctx, orderId, access);
  if (row.status === 'expired') throw orderError('order_expired');
  if (
    row.paymentMethod !== 'paypal' ||
    row.status !== 'pending_payment' ||
    !PAYABLE.includes(row.paymentStatus ?? 'paid')
  ) {
    throw orderError('order_not_payable');
  }
  // The same PayPal order again after a cancelled window or a declined source (PayPal's restart flow).
  if (row.paypalOrderId) return { paypal_order_id: row.paypalOrderId };
  const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  let created;
  try {
    created = await paypalOf(ctx).createOrder({
      amountCents: row.totalCents,
      currency: await currencyOf(ctx, row.storeId),
      referenceId: `order-${row.id}`,
      // The order's random key, not its id: another database on the same PayPal account has the same ids.
      requestId: `${row.paypalKey}-create-${row.paypalOrderAttempts}`,
      // What the buyer's PayPal receipt lists; the amount alone if the stored lines do not add up to it.
      purchase: paypalPurchase(row, lines) ?? undefined,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    ctx.log.error({ err: error, orderId }, 'could not create the PayPal order');
    throw orderError(pendingError(error) ? 'payment_error' : 'payment_failed');
  }
  // Two tabs at once send the same request id, so PayPal answers both with the same order. The customer
  // may have paid cash meanwhile, or the order expired: the PayPal order is still this order's (a webhook
  // finds it by its id) and is checked until settled, in the same statement.
  const at = ctx.now();
  const [stored] = await ctx.db
    .update(orders)
    .set({
      paypalOrderId: created.id,
      paypalOrderAttempts: sql`${orders.paypalOrderAttempts} + 1`,
      paymentUpdatedAt: at,
      paypalSettleAt: settleUnlessWaiting(at),
    })
    .where(and(eq(orders.id, orderId), isNull(orders.paypalOrderId)))
    .returning();
  const current = stored ?? (await load(ctx, orderId));
  if (current && (current.status !== 'pending_payment' || current.paymentMethod !== 'paypal')) {
    // Nothing is left to pay with it: the buyer gets no PayPal window for it.
    throw orderError(current.status === 'expired' ? 'order_expired' : 'order_not_payable');
  }
  return { paypal_order_id: current?.paypalOrderId ?? created.id };
}

/** An unpaid PayPal order is paid cash instead and goes to the kitchen. */
export async function payCash(
  ctx: PaymentsContext,
  orderId: number,
  access: OrderAccessRequest,
  language: Language,
): Promise<Order> {
  const row = await authorised(ctx, orderId, access);
  if (row.status === 'expired') throw orderError('order_expired');
  if (row.paymentMethod === 'cash') return renderFor(ctx, row, language);
  const switched = await sendToKitchen(ctx, row, {
    access,
    which: inArray(orders.paymentStatus, PAYABLE),
    patch: (at) => ({
      paymentMethod: 'cash',
      paymentStatus: null,
      // PayPal may have captured it anyway (an answer lost on the way): the sweep asks until settled.
      paypalSettleAt: settleIfPayPalOrder(at),
    }),
    note: (changed) => (changed.language === 'en' ? 'Pays cash instead of PayPal' : 'Zahlt bar statt mit PayPal'),
  });
  if (!switched) {
    const current = await load(ctx, orderId);
    if (current?.status === 'expired') throw orderError('order_expired');
    if (current?.paymentMethod === 'cash') return renderFor(ctx, current, language);
    throw orderError('order_not_payable');
  }
  return tell(ctx, switched, language, 'created', 'orderReceived');
}
