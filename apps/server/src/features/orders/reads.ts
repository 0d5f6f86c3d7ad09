import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AdminOrder, GuestRush, Language, Order, OrderStatus } from '@pizzeria/domain';
import { orderEvents, orderItems, orders, stores, users } from '../../db/schema.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { OrdersContext } from './context.ts';
import { readGuestRush } from './guest-rush.ts';
import { holdsToken } from './order-access.ts';
import { ORDER_NOT_FOUND } from './order-errors.ts';
import { renderOrder, type OrderRow } from './render.ts';

// Reading orders: one for its page or channel, the customer's and staff's lists, the board, the details.

/** What the orders board shows however old: the orders someone still has to act on. */
const OPEN_STATUSES: OrderStatus[] = ['waiting', 'accepted', 'ready'];
/** Done orders the board shows for the day they were placed. */
const DONE_STATUSES: OrderStatus[] = ['completed', 'rejected', 'cancelled'];
/** A busy day's orders stay far below this; it bounds the board's one read. */
const MAX_BOARD_ORDERS = 1000;

async function itemsOf(ctx: OrdersContext, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return ctx.db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
}

export async function renderRows(
  ctx: OrdersContext,
  rows: OrderRow[],
  language: Language,
  withTrackingToken: boolean,
): Promise<Order[]> {
  const items = await itemsOf(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    renderOrder(
      row,
      items.filter((item) => item.orderId === row.id),
      language,
      { withTrackingToken },
    ),
  );
}

export async function renderOne(
  ctx: OrdersContext,
  row: OrderRow,
  language: Language,
  withTrackingToken: boolean,
): Promise<Order> {
  const [order] = await renderRows(ctx, [row], language, withTrackingToken);
  if (!order) throw ORDER_NOT_FOUND;
  return order;
}

/** Whether unanswered guest orders hold the guests' places of several slots ahead (the board warns). */
export function guestRush(ctx: OrdersContext, storeId: number): Promise<GuestRush> {
  return readGuestRush(ctx.db, { storeId, now: ctx.now(), sharePercent: ctx.guestSharePercent });
}

/** An order for a channel that has already checked who may see it; null when there is none. */
export async function viewOrder(ctx: OrdersContext, id: number, language: Language): Promise<Order | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return row ? renderOne(ctx, row, language, false) : null;
}

/** The owner, an admin or the holder of the tracking token; anyone else gets a 404. */
export async function findOrder(
  ctx: OrdersContext,
  id: number,
  access: { caller: Caller | null; token: string | undefined },
  language: Language,
): Promise<Order> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw ORDER_NOT_FOUND;
  const owner = access.caller !== null && row.userId === access.caller.id;
  const holder = holdsToken(row, access.token);
  if (!owner && !holder && access.caller?.role !== 'admin') throw ORDER_NOT_FOUND;
  return renderOne(ctx, row, language, owner || holder);
}

export async function listForCustomer(ctx: OrdersContext, userId: number, language: Language): Promise<Order[]> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return renderRows(ctx, rows, language, true);
}

/** The orders board's list: every open order and the ones placed since the start of the store's day that are done. */
export async function listBoard(ctx: OrdersContext, storeId: number, now: Date, language: Language): Promise<Order[]> {
  // The store's local midnight as an instant, by PostgreSQL's time-zone rules (right on DST days too).
  const startOfDay = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${stores.timezone}) at time zone ${stores.timezone})`;
  const rows = await ctx.db
    .select({ order: orders })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        eq(orders.storeId, storeId),
        or(
          inArray(orders.status, OPEN_STATUSES),
          and(inArray(orders.status, DONE_STATUSES), sql`${orders.createdAt} >= ${startOfDay}`),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(MAX_BOARD_ORDERS);
  return renderRows(
    ctx,
    rows.map((row) => row.order),
    language,
    false,
  );
}

/** Newest first, a page at a time: `before` is the id of the last order of the page before. */
export async function listForStaff(
  ctx: OrdersContext,
  { status, before, limit }: { status: OrderStatus | undefined; before: number | undefined; limit: number },
  language: Language,
): Promise<Order[]> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        status ? eq(orders.status, status) : undefined,
        // Keyset paging in the list's own order: a new order arriving meanwhile shifts nothing.
        before === undefined
          ? undefined
          : sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from orders o where o.id = ${before})`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return renderRows(ctx, rows, language, false);
}

/** An order's events, each with its actor's name when a user made it; the caller puts them in order. */
export function eventsOf(ctx: OrdersContext, id: number) {
  return ctx.db
    .select({
      status: orderEvents.status,
      at: orderEvents.createdAt,
      kind: orderEvents.actorKind,
      name: users.customerName,
      note: orderEvents.note,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, id));
}

/** The order with its history, oldest first, for the back office's details view. */
export async function orderDetail(ctx: OrdersContext, id: number, language: Language): Promise<AdminOrder> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw ORDER_NOT_FOUND;
  const order = await renderOne(ctx, row, language, false);
  const events = await eventsOf(ctx, id).orderBy(orderEvents.id);
  return {
    ...order,
    refund_failure: row.paymentStatus === 'refund_failed' ? row.refundFailure : null,
    history: events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      actor: {
        kind: event.kind,
        // A guest has no account: the name they ordered under.
        name: event.kind === 'guest' ? row.address.customerName : event.kind === 'system' ? null : event.name,
      },
      note: event.note,
    })),
  };
}
