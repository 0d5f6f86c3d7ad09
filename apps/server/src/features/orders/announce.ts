import type { Language, Order } from '@pizzeria/domain';
import type { MailMessage, PickupPlace } from '../mail/index.ts';
import type { OrdersContext } from './context.ts';
import { renderOne } from './reads.ts';
import type { OrderRow } from './render.ts';
import { ORDERS_CHANGED, type OrderChange, type OrderMailKind } from './types.ts';

// What follows a committed change of an order: the customer's mail, the channels' push, a refund.

/** Where a pickup order is collected, as the store settings say now; none for a delivery. */
async function pickupPlace(ctx: OrdersContext, order: Order): Promise<PickupPlace | undefined> {
  if (order.order_type !== 'pickup') return undefined;
  const store = (await ctx.catalogue.get(order.store_id))?.store;
  return store ? { name: store.name, address: store.address } : undefined;
}

function mail(ctx: OrdersContext, kind: OrderMailKind, order: Order, language: Language): void {
  // The mail plugin is optional for this feature: without it orders are placed and decided all the same.
  const mailer = ctx.mailer();
  if (!order.email || !mailer) return;
  const to = order.email;
  // After the commit and off the request: a slow or failing mail server never loses or delays an order.
  const underWay = pickupPlace(ctx, order)
    .then((place) => mailer[kind](to, language, order, place))
    .catch((error: unknown) => ctx.log.error({ err: error, orderId: order.id }, `order mail ${kind} failed`));
  ctx.mailsUnderWay.add(underWay);
  void underWay.finally(() => ctx.mailsUnderWay.delete(underWay));
}

/**
 * A new order's confirmation, rendered to be written with the order (so it is kept exactly when the
 * order is) and sent after the commit; none while it waits for its payment, or without an address.
 */
export async function receivedMail(ctx: OrdersContext, order: Order, language: Language): Promise<MailMessage | null> {
  const mailer = ctx.mailer();
  if (order.status !== 'waiting' || !order.email || !mailer) return null;
  return mailer.orderReceivedMessage(order.email, language, order, await pickupPlace(ctx, order));
}

/** Tells every instance's channels (order page, staff board) after the commit, never failing the request. */
export function announce(ctx: OrdersContext, order: Order, kind: OrderChange['kind']): void {
  const change: OrderChange = { orderId: order.id, storeId: order.store_id, kind };
  ctx.pubsub.publish(ORDERS_CHANGED, change).catch((error: unknown) => {
    ctx.log.error({ err: error, orderId: order.id }, 'could not announce the order change');
  });
  if (kind !== 'created') return;
  for (const listener of ctx.newOrderListeners) {
    try {
      listener(order);
    } catch (error) {
      ctx.log.error({ err: error, orderId: order.id }, 'a new-order listener failed');
    }
  }
}

/**
 * Records a committed change in the order journal, synced, before anyone is told of it (PGlite in a
 * directory only: decision 014). A journal that cannot be written is logged and the answer still goes: the
 * change is committed, and refusing it now would tell the customer it failed.
 */
export async function journal(ctx: OrdersContext, orderId: number, change: 'placed' | 'updated'): Promise<void> {
  await ctx.database.orderJournal
    ?.record([orderId], change)
    .catch((error: unknown) => ctx.log.error({ err: error, orderId }, 'could not write the order journal'));
}

/** Tells the customer (by mail, in their language) and every channel of a change just committed. */
export async function afterChange(
  ctx: OrdersContext,
  row: OrderRow,
  language: Language,
  mailKind: OrderMailKind | null,
  kind: OrderChange['kind'] = 'updated',
): Promise<Order> {
  await journal(ctx, row.id, 'updated');
  const order = await renderOne(ctx, row, language, false);
  if (mailKind) {
    const inTheirLanguage = language === row.language ? order : await renderOne(ctx, row, row.language, false);
    mail(ctx, mailKind, inTheirLanguage, row.language);
  }
  announce(ctx, order, kind);
  return order;
}

/**
 * Rejected or cancelled after PayPal took the money (the same update made it `refund_pending`): it goes
 * back, off the request; the board and the order page follow the refund.
 */
export function refundIfPaid(ctx: OrdersContext, row: OrderRow): void {
  if (row.paymentStatus === 'refund_pending') ctx.payments()?.refundInBackground(row.id);
}
