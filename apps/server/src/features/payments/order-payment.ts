import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { REGIONS, type Language, type Order, type PaymentStatus } from '@pizzeria/domain';
import { orders, stores } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { changeStatus, mayFollow, ORDER_NOT_FOUND, type OrderActor, type OrderRow } from '../orders/index.ts';
import type { PaymentsContext } from './context.ts';
import { PayPalError, type PayPalClient } from './paypal-client.ts';
import type { OrderAccessRequest } from './types.ts';

// Reading and changing an order's payment, shared by the checkout, the capture, refunds, webhooks and
// the sweep. Every change of a payment is one conditional UPDATE, so two instances, a webhook and a
// customer's retry arriving together change it once.

/** The order still waits for its PayPal payment (the condition of an UPDATE's own row). */
const WAITS_FOR_PAYPAL = sql`${orders.status} = 'pending_payment' and ${orders.paymentMethod} = 'paypal'`;

/** Payment states in which the customer may still pay (again). */
export const PAYABLE: PaymentStatus[] = ['unpaid', 'declined'];
/** Payment states in which no money has been taken yet. */
export const NOT_CAPTURED: PaymentStatus[] = ['unpaid', 'declined', 'pending'];

export const NOT_CONFIGURED = new HttpError(404, 'paypal_not_configured', {
  de: 'PayPal ist in diesem Shop nicht eingerichtet.',
  en: 'PayPal is not set up for this shop.',
});

/** PayPal may not have done it (no answer, its own failure, too many requests): the customer may try again. */
export function pendingError(error: unknown): boolean {
  return !(error instanceof PayPalError) || error.status >= 500 || error.status === 429;
}

/** PayPal's API, or the answer that the shop does not offer PayPal. */
export function paypalOf(ctx: PaymentsContext): PayPalClient {
  if (!ctx.client) throw NOT_CONFIGURED;
  return ctx.client;
}

export async function load(ctx: PaymentsContext, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order, if the one asking may read it; else not found, as for an order that does not exist. */
export async function authorised(ctx: PaymentsContext, orderId: number, access: OrderAccessRequest): Promise<OrderRow> {
  const row = await load(ctx, orderId);
  if (!row || !mayFollow(row, { caller: access.caller, trackingToken: access.token })) throw ORDER_NOT_FOUND;
  return row;
}

export async function currencyOf(ctx: PaymentsContext, storeId: number): Promise<string> {
  const [store] = await ctx.db.select({ region: stores.region }).from(stores).where(eq(stores.id, storeId));
  return REGIONS[store?.region ?? 'de-DE'].currency;
}

/** Who the order's history names for a payment step: the customer or guest asking, else the system. */
function actorOf(row: OrderRow, access: OrderAccessRequest | null): OrderActor {
  if (access === null) return { kind: 'system', userId: null };
  if (access.caller && access.caller.id === row.userId) return { kind: 'customer', userId: row.userId };
  return {
    kind: row.userId === null ? 'guest' : 'customer',
    userId: row.userId,
  };
}

export function tell(
  ctx: PaymentsContext,
  row: OrderRow,
  language: Language,
  kind: 'created' | 'updated',
  mail: 'orderReceived' | null,
): Promise<Order> {
  return ctx.orders.changed(row, language, { kind, mail });
}

/**
 * A payment change for the order page and the board, not failing the caller; resolves once it is in the
 * order journal (`tell` records it there first), so that the caller answers after that.
 */
export async function tellQuietly(ctx: PaymentsContext, row: OrderRow): Promise<void> {
  await tell(ctx, row, row.language, 'updated', null).catch((error: unknown) =>
    ctx.log.error({ err: error, orderId: row.id }, 'could not announce a payment change'),
  );
}

/**
 * One conditional update of an order's payment (stamped with the time), told to the order page and
 * the board when it changed the order. Resolves to the changed row, or undefined when `where` no
 * longer matched.
 */
export async function changePayment(
  ctx: PaymentsContext,
  where: SQL | undefined,
  change: PgUpdateSetSource<typeof orders>,
): Promise<OrderRow | undefined> {
  const [row] = await ctx.db
    .update(orders)
    .set({ ...change, paymentUpdatedAt: ctx.now() })
    .where(where)
    .returning();
  if (row) await tellQuietly(ctx, row);
  return row;
}

/**
 * The order's payment is settled (paid, or cash instead): it goes to the kitchen, in one transaction with
 * its history, if `which` still holds. `patch` is the payment's new state at the change's time.
 */
export async function sendToKitchen(
  ctx: PaymentsContext,
  row: OrderRow,
  change: {
    access: OrderAccessRequest | null;
    which: SQL | undefined;
    patch: (at: Date) => PgUpdateSetSource<typeof orders>;
    note: string | ((row: OrderRow) => string);
  },
): Promise<OrderRow | undefined> {
  const at = ctx.now();
  const waitingSince = await ctx.orders.waitingSince(row, at);
  const [changed] = await ctx.db.transaction((tx) =>
    changeStatus(tx, {
      to: 'waiting',
      which: and(eq(orders.id, row.id), change.which),
      actor: actorOf(row, change.access),
      at,
      patch: { ...change.patch(at), waitingSince, paymentUpdatedAt: at },
      note: change.note,
    }),
  );
  return changed;
}

export async function renderFor(ctx: PaymentsContext, row: OrderRow, language: Language): Promise<Order> {
  const order = await ctx.orders.view(row.id, language);
  if (!order) throw ORDER_NOT_FOUND;
  return order;
}

/** An order leaving its payment window unpaid by PayPal: due for settlement when it has a PayPal order. */
export function settleIfPayPalOrder(at: Date): SQL {
  return sql`case when ${orders.paypalOrderId} is not null then ${at.toISOString()}::timestamptz end`;
}

/**
 * A PayPal order stored for an order that stopped waiting for its PayPal payment while PayPal created it
 * (switched to cash, expired): due for settlement at once, like one stored before; else unchanged.
 */
export function settleUnlessWaiting(at: Date): SQL {
  return sql`case when ${WAITS_FOR_PAYPAL} then ${orders.paypalSettleAt} else ${at.toISOString()}::timestamptz end`;
}
