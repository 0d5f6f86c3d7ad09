import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { adminOrdersEventSchema, apiErrorSchema, orderSchema, type Order } from '@pizzeria/domain';
import { orderEvents, orders, outbox, slotCounts } from '../../db/schema.ts';
import { pickupOrder } from '../../../test/helper.ts';
import { usePayPalShop } from '../../../test/paypal-shop.ts';
import { acceptFor, decide, ordersTestServer, placeOrderVia } from './test-orders.ts';

// The customer calls their order off while the restaurant has not answered: who may, until when, the race
// with the kitchen, the board told at once, the mail, and a PayPal payment refunded.

// Monday 2026-06-15, 18:07 in Berlin: the demo store is open.
const NOW = new Date('2026-06-15T16:07:00Z');

const server = ordersTestServer({ clock: NOW, users: { anna: {}, ben: {} }, sockets: true });

/** A cash pickup: the guest's (with an e-mail, so it is mailed), or the signed-in customer's. */
function placeOrder(customer?: { headers: Record<string, string> }): Promise<Order> {
  const body = pickupOrder(server.productId, { guest: !customer });
  if (!customer) {
    const address = { ...(body.address as object), email: `gabi-${String(Date.now())}@example.com` };
    return placeOrderVia(server.app, { ...body, address });
  }
  return placeOrderVia(server.app, body, { url: '/api/orders/', headers: customer.headers });
}

/** `POST /api/orders/{id}/cancel`, with the tracking token and the caller's headers when given. */
function cancel(
  order: Pick<Order, 'id'>,
  options: { token?: string; headers?: Record<string, string>; language?: 'de' | 'en' } = {},
  app: FastifyInstance = server.app,
) {
  const query = options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`;
  return app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/cancel${query}`,
    headers: { 'accept-language': options.language ?? 'de', ...options.headers },
  });
}

async function eventsOf(orderId: number) {
  return server.app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
}

describe('POST /api/orders/{id}/cancel', () => {
  it('lets the signed-in customer cancel their waiting order, names them in its history and mails them', async () => {
    const order = await placeOrder(server.users.anna);
    const response = await cancel(order, { headers: server.users.anna.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(orderSchema.parse(response.json())).toMatchObject({
      id: order.id,
      status: 'cancelled',
      cancelled_by: 'customer',
      cancellation_reason: null,
    });
    const cancelled = (await eventsOf(order.id)).filter((event) => event.status === 'cancelled');
    expect(cancelled).toMatchObject([{ actorKind: 'customer', actorUserId: server.users.anna.id, createdAt: NOW }]);
    // The order no longer holds its place in the kitchen's slot.
    const [stored] = await server.app.database.db.select().from(orders).where(eq(orders.id, order.id));
    const slot = await server.app.database.db
      .select({ taken: slotCounts.taken })
      .from(slotCounts)
      .where(and(eq(slotCounts.storeId, 13), eq(slotCounts.slotStart, stored?.slotStart ?? NOW)));
    expect(slot.reduce((sum, row) => sum + row.taken, 0)).toBe(0);

    await vi.waitFor(async () => {
      const [mail] = await server.app.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, server.users.anna.email), eq(outbox.kind, 'order_cancelled_by_customer')));
      expect(mail?.subject).toBe(`Sie haben Ihre Bestellung Nr. ${order.id} storniert`);
      expect(mail?.textBody).toContain('Sie wird nicht zubereitet.');
      expect(mail?.textBody).not.toContain('Leider musste das Restaurant');
    });
  });

  it('lets a guest cancel with the tracking token, as a guest in the history', async () => {
    const order = await placeOrder();
    const response = await cancel(order, { token: order.tracking_token, language: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    expect(orderSchema.parse(response.json())).toMatchObject({ status: 'cancelled', cancelled_by: 'customer' });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ status: 'cancelled', actorKind: 'guest' });
    // The page reads it cancelled by the customer.
    const tracked = await server.app.inject({ url: `/api/orders/${order.id}?token=${order.tracking_token ?? ''}` });
    expect(orderSchema.parse(tracked.json())).toMatchObject({ status: 'cancelled', cancelled_by: 'customer' });
  });

  it('answers 404 to a wrong token, another customer, staff and an unknown order, and changes nothing', async () => {
    const guests = await placeOrder();
    const annas = await placeOrder(server.users.anna);
    const refusals = [
      await cancel(guests, { token: 'not-the-token' }),
      await cancel(guests),
      await cancel(guests, { headers: server.users.ben.headers }),
      await cancel(annas, { headers: server.users.ben.headers }),
      // Staff decide orders on the board, with a reason: this door is the customer's alone.
      await cancel(annas, { headers: server.admin.headers }),
      await cancel(guests, { headers: server.admin.headers }),
      await cancel({ id: 999_999 }, { token: guests.tracking_token }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(404);
      expect(apiErrorSchema.parse(response.json()).code).toBe('order_not_found');
    }
    for (const order of [guests, annas]) {
      const [row] = await server.app.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe('waiting');
    }
    // Another order's token is no key to this one.
    const other = await placeOrder();
    expect((await cancel(guests, { token: other.tracking_token })).statusCode).toBe(404);
  });

  it('refuses once the restaurant accepted, with its phone number, in the customer’s language', async () => {
    const order = await placeOrder();
    await acceptFor(server.app, server.admin, order.id, 30);
    const german = await cancel(order, { token: order.tracking_token });
    expect(german.statusCode).toBe(409);
    expect(german.json()).toEqual({
      code: 'order_already_decided',
      message: 'Das Restaurant hat Ihre Bestellung gerade angenommen. Bitte rufen Sie an: 030 61623413.',
    });
    const english = await cancel(order, { token: order.tracking_token, language: 'en' });
    expect(english.json()).toEqual({
      code: 'order_already_decided',
      message: 'The restaurant has just accepted your order. Please call us: 030 61623413.',
    });
    const [row] = await server.app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('accepted');

    const rejected = await placeOrder();
    await decide(server.app, server.admin, `${rejected.id}/reject`, { reason: 'Kein Teig' });
    expect((await cancel(rejected, { token: rejected.tracking_token })).json()).toMatchObject({
      code: 'order_already_decided',
      message: 'Das Restaurant hat Ihre Bestellung schon abgelehnt.',
    });
  });

  it('cancels once: a second cancel is refused, and staff learn the customer was first', async () => {
    const order = await placeOrder();
    expect((await cancel(order, { token: order.tracking_token })).statusCode).toBe(200);
    expect((await cancel(order, { token: order.tracking_token })).json()).toMatchObject({
      code: 'order_already_decided',
      message: 'Diese Bestellung ist schon storniert.',
    });
    const accept = await decide(server.app, server.admin, `${order.id}/accept`, { eta_minutes: 20 });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({
      code: 'order_already_decided',
      message: 'Der Kunde hat diese Bestellung um 18:07 storniert.',
    });
    expect((await eventsOf(order.id)).filter((event) => event.status === 'cancelled')).toHaveLength(1);
  });

  it('has exactly one winner when the kitchen accepts at the same moment', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const order = await placeOrder();
      const [accepted, cancelled] = await Promise.all([
        decide(server.app, server.admin, `${order.id}/accept`, { eta_minutes: 25 }),
        cancel(order, { token: order.tracking_token }),
      ]);
      expect([accepted.statusCode, cancelled.statusCode].sort(), `${accepted.body} ${cancelled.body}`).toEqual([
        200, 409,
      ]);
      const [row] = await server.app.database.db.select().from(orders).where(eq(orders.id, order.id));
      const winner = accepted.statusCode === 200 ? 'accepted' : 'cancelled';
      outcomes.add(winner);
      expect(row?.status).toBe(winner);
      // Only the winner's step is in the history.
      const decided = (await eventsOf(order.id)).filter((event) => event.status !== 'waiting');
      expect(decided.map((event) => event.status)).toEqual([winner]);
      if (winner === 'accepted')
        expect(cancelled.json()).toMatchObject({
          code: 'order_already_decided',
          message: expect.stringContaining('Bitte rufen Sie an: 030 61623413') as unknown,
        });
      else expect(accepted.json()).toMatchObject({ message: 'Der Kunde hat diese Bestellung um 18:07 storniert.' });
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('tells the board at once: the order leaves "Neu" as cancelled by the customer', async () => {
    const socket = await server.sockets.to('/api/ws/admin/orders');
    socket.send({ type: 'auth', access_token: server.admin.token });
    expect(await socket.next()).toEqual({ type: 'ready' });
    const order = await placeOrder();
    await socket.next((message) => (message as { type?: string }).type === 'order_created');
    expect((await cancel(order, { token: order.tracking_token })).statusCode).toBe(200);
    const updated = adminOrdersEventSchema.parse(
      await socket.next((message) => (message as { type?: string }).type === 'order_updated'),
    );
    expect(updated).toMatchObject({
      type: 'order_updated',
      order: { id: order.id, status: 'cancelled', cancelled_by: 'customer' },
    });
  });
});

describe('cancelling a PayPal order', () => {
  const shop = usePayPalShop({ webhookId: 'WH-CANCEL-1' });

  it('refunds a paid order through the rejection’s refund path, once', async () => {
    // The placing answer carries the guest's tracking token; the capture's answer does not.
    const { order } = await shop.approvedOrder();
    expect((await shop.capture(order)).statusCode).toBe(200);
    const captureId = (await shop.stored(order.id)).paypalCaptureId;
    const response = await cancel(order, { token: order.tracking_token }, shop.app());
    expect(response.statusCode, response.body).toBe(200);
    expect(orderSchema.parse(response.json())).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'customer',
      payment_status: 'refund_pending',
    });
    await vi.waitFor(async () => expect((await shop.stored(order.id)).paymentStatus).toBe('refunded'));
    const refunds = shop.paypal.requests.filter(
      (request) => request.path === `/v2/payments/captures/${captureId ?? ''}/refund`,
    );
    expect(refunds).toHaveLength(1);
    expect(shop.paypal.orders.get((await shop.stored(order.id)).paypalOrderId ?? '')?.capture?.status).toBe('REFUNDED');
  });

  it('refuses an order still waiting for its payment: it never reached the kitchen and expires by itself', async () => {
    const order = await shop.placePayPalOrder();
    const response = await cancel(order, { token: order.tracking_token }, shop.app());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'invalid_transition',
      message: 'Diese Bestellung ist noch nicht bezahlt. Ohne Zahlung verfällt sie von selbst.',
    });
    expect((await shop.stored(order.id)).status).toBe('pending_payment');
  });
});
