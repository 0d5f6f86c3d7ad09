import { eq } from 'drizzle-orm';
import { formatPhone, type Language, type LocalizedText, type Order } from '@pizzeria/domain';
import { orders, stores } from '../../db/schema.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { HttpError } from '../../plugins/errors.ts';
import { afterChange, refundIfPaid } from './announce.ts';
import type { OrdersContext } from './context.ts';
import { REFUND_IF_PAID } from './lifecycle.ts';
import { holdsToken } from './order-access.ts';
import { ORDER_NOT_FOUND, orderError } from './order-errors.ts';
import { changeStatus, type OrderActor } from './status.ts';

// The customer calls their order off while the restaurant has not answered it (docs/product/orders.md).

/** Who asks: the signed-in caller, and the tracking token the link carried. */
export interface CustomerAccess {
  caller: Caller | null;
  token: string | undefined;
}

/**
 * Cancels a waiting order for its customer (its owner signed in, or the holder of its tracking token;
 * anyone else, staff too, gets the 404 of an order that does not exist). One conditional update through
 * `changeStatus`, so of the customer and the kitchen acting at once exactly one wins; a paid order turns
 * `refund_pending` in the same update and is refunded as a rejected one is. Then the customer's mail and
 * every channel: the board takes it out of "Neu" and stops ringing, and the staff devices' notification of
 * it is withdrawn (`onCancelledByCustomer`).
 */
export async function cancelByCustomer(
  ctx: OrdersContext,
  id: number,
  access: CustomerAccess,
  language: Language,
): Promise<Order> {
  const [found] = await ctx.db
    .select({ userId: orders.userId, trackingToken: orders.trackingToken })
    .from(orders)
    .where(eq(orders.id, id));
  if (!found) throw ORDER_NOT_FOUND;
  const owner = access.caller !== null && found.userId === access.caller.id;
  if (!owner && !holdsToken(found, access.token)) throw ORDER_NOT_FOUND;
  // The history names a customer's account even when the tracking link was used; a guest has none.
  const actor: OrderActor =
    found.userId === null ? { kind: 'guest', userId: null } : { kind: 'customer', userId: found.userId };
  const now = ctx.now();
  const [row] = await ctx.db.transaction((tx) =>
    changeStatus(tx, {
      to: 'cancelled',
      which: eq(orders.id, id),
      actor,
      at: now,
      patch: { paymentStatus: REFUND_IF_PAID, paymentUpdatedAt: now },
    }),
  );
  if (!row) throw await notCancellable(ctx, id);
  refundIfPaid(ctx, row);
  const order = await afterChange(ctx, row, language, 'orderCancelledByCustomer');
  for (const listener of ctx.customerCancelListeners) {
    try {
      listener(order);
    } catch (error) {
      ctx.log.error({ err: error, orderId: order.id }, 'a customer-cancel listener failed');
    }
  }
  return order;
}

/** How to reach the restaurant instead: its phone number when the store has one. */
function callUs(phone: string): LocalizedText {
  if (!phone) return { de: 'Bitte rufen Sie das Restaurant an.', en: 'Please call the restaurant.' };
  const number = formatPhone(phone);
  return { de: `Bitte rufen Sie an: ${number}.`, en: `Please call us: ${number}.` };
}

function joined(first: LocalizedText, then: LocalizedText): LocalizedText {
  return { de: `${first.de} ${then.de}`, en: `${first.en} ${then.en}` };
}

/**
 * Why the order can no longer be called off, read after the update found it moved on: the restaurant
 * took it (the customer is given its phone number), answered it otherwise, or it never reached the kitchen.
 */
async function notCancellable(ctx: OrdersContext, id: number): Promise<HttpError> {
  const [current] = await ctx.db
    .select({ status: orders.status, phone: stores.phone })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, id));
  if (!current) return ORDER_NOT_FOUND;
  const call = callUs(current.phone);
  switch (current.status) {
    case 'accepted':
      return orderError(
        'order_already_decided',
        joined(
          {
            de: 'Das Restaurant hat Ihre Bestellung gerade angenommen.',
            en: 'The restaurant has just accepted your order.',
          },
          call,
        ),
      );
    case 'ready':
    case 'completed':
      return orderError(
        'order_already_decided',
        joined({ de: 'Ihre Bestellung ist schon fertig.', en: 'Your order is ready already.' }, call),
      );
    case 'rejected':
      return orderError('order_already_decided', {
        de: 'Das Restaurant hat Ihre Bestellung schon abgelehnt.',
        en: 'The restaurant has already rejected your order.',
      });
    case 'cancelled':
      return orderError('order_already_decided', {
        de: 'Diese Bestellung ist schon storniert.',
        en: 'This order is cancelled already.',
      });
    case 'pending_payment':
      // Nothing reached the kitchen: unpaid, it expires by itself and frees its time.
      return orderError('invalid_transition', {
        de: 'Diese Bestellung ist noch nicht bezahlt. Ohne Zahlung verfällt sie von selbst.',
        en: 'This order has not been paid. Unpaid, it expires by itself.',
      });
    case 'expired':
      return orderError('invalid_transition', {
        de: 'Diese Bestellung ist verfallen, weil sie nicht bezahlt wurde.',
        en: 'This order expired because it was not paid.',
      });
    case 'waiting':
      return orderError('invalid_transition');
  }
}
