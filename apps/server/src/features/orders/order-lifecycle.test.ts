import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { adminOrderSchema, apiErrorSchema, orderChannelEventSchema, orderSchema, type Order } from '@pizzeria/domain';
import { orderEvents, outbox } from '../../db/schema.ts';
import { openSocket, wsBase } from '../../../test/ws-client.ts';
import { createTestUser, pickupOrder, type TestUser } from '../../../test/helper.ts';
import { acceptFor, decide, ordersTestServer, placeOrderVia } from './test-orders.ts';

// An order's life after acceptance (ready, completed, cancelled), its history and who did what.

// Monday 2026-06-15, 18:07 in Berlin: the demo store is open.
const NOW = new Date('2026-06-15T16:07:00Z');

const server = ordersTestServer({
  clock: NOW,
  users: { maria: { role: 'admin', name: 'Maria Rossi' }, luca: { role: 'admin', name: 'Luca Bianchi' } },
});
// The tests move the orders' clock: the server closes with it back in place.
afterAll(() => {
  server.app.orders.clock = { now: () => NOW };
});

async function placeGuestOrder(
  options: { orderType?: 'pickup' | 'delivery'; language?: 'de' | 'en'; email?: string } = {},
  app: FastifyInstance = server.app,
): Promise<Order> {
  const delivery = options.orderType === 'delivery';
  return placeOrderVia(
    app,
    {
      store_id: 13,
      order_type: options.orderType ?? 'pickup',
      ...(delivery ? { postcode: '10969' } : {}),
      items: [{ product_id: server.productId, quantity: delivery ? 4 : 1 }],
      requested_time: 'asap',
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Gabi Gast',
        phone: '015112345678',
        email: options.email ?? `gabi-${randomUUID()}@example.com`,
        line1: 'Gneisenaustraße 1',
        city: 'Berlin',
        zip: '10969',
        country: 'DE',
      },
    },
    { headers: { 'accept-language': options.language ?? 'de' } },
  );
}

function post(path: string, user: TestUser, payload: object = {}, language: 'de' | 'en' = 'de') {
  return decide(server.app, user, path, payload, language);
}

function accepted(order: Order, user: TestUser = server.users.maria): Promise<Order> {
  return acceptFor(server.app, user, order.id, 30);
}

async function mailsTo(app: FastifyInstance, to: string, kind: string) {
  return app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
}

describe('ready, completed, cancelled', () => {
  it('marks an accepted pickup ready, then completed, and mails "ready to collect"', async () => {
    const order = await placeGuestOrder({ language: 'en' });
    await accepted(order);
    const ready = await post(`${order.id}/ready`, server.users.maria);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(orderSchema.parse(ready.json())).toMatchObject({ status: 'ready' });
    const completed = await post(`${order.id}/complete`, server.users.luca);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(orderSchema.parse(completed.json())).toMatchObject({ status: 'completed' });

    const tracked = await server.app.inject({ url: `/api/orders/${order.id}?token=${order.tracking_token}` });
    expect(tracked.json()).toMatchObject({ status: 'completed' });
    await vi.waitFor(async () => {
      const [mail] = await mailsTo(server.app, order.email ?? '', 'order_ready');
      expect(mail?.subject).toBe(`Your order no. ${order.id} is ready to collect`);
    });
  });

  it('mails "on its way" for a delivery marked ready', async () => {
    const order = await placeGuestOrder({ orderType: 'delivery' });
    await accepted(order);
    expect((await post(`${order.id}/ready`, server.users.maria)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const [mail] = await mailsTo(server.app, order.email ?? '', 'order_ready');
      expect(mail?.subject).toBe(`Ihre Bestellung Nr. ${order.id} ist unterwegs`);
    });
  });

  it('cancels an accepted or ready order with the reason, and mails an apology', async () => {
    const order = await placeGuestOrder();
    await accepted(order);
    const cancelled = await post(`${order.id}/cancel`, server.users.maria, { reason: '  Der Ofen ist ausgefallen  ' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(orderSchema.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'Der Ofen ist ausgefallen',
    });
    await vi.waitFor(async () => {
      const [mail] = await mailsTo(server.app, order.email ?? '', 'order_cancelled');
      expect(mail?.subject).toBe(`Ihre Bestellung Nr. ${order.id} wurde storniert`);
      expect(mail?.textBody).toContain('Grund: Der Ofen ist ausgefallen');
      expect(mail?.textBody).toContain('Bitte entschuldigen Sie');
    });

    const ready = await placeGuestOrder();
    await accepted(ready);
    await post(`${ready.id}/ready`, server.users.maria);
    const cancelledWhenReady = await post(`${ready.id}/cancel`, server.users.maria, { reason: 'Fahrer krank' });
    expect(cancelledWhenReady.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Fahrer krank' });
  });

  it('refuses a step the status does not allow with 409 invalid_transition', async () => {
    const waiting = await placeGuestOrder();
    const early = await post(`${waiting.id}/ready`, server.users.maria, {}, 'en');
    expect(early.statusCode).toBe(409);
    expect(apiErrorSchema.parse(early.json())).toEqual({
      code: 'invalid_transition',
      message: 'This order has not been accepted yet.',
    });
    expect((await post(`${waiting.id}/cancel`, server.users.maria, { reason: 'x' })).statusCode).toBe(409);
    expect((await post(`${waiting.id}/complete`, server.users.maria)).statusCode).toBe(409);

    const order = await placeGuestOrder();
    await accepted(order, server.users.luca);
    const skipping = await post(`${order.id}/complete`, server.users.maria, {}, 'en');
    expect(skipping.statusCode).toBe(409);
    expect(skipping.json()).toEqual({
      code: 'invalid_transition',
      message: 'Luca Bianchi accepted this order at 18:07.',
    });
    await post(`${order.id}/ready`, server.users.maria);
    await post(`${order.id}/complete`, server.users.maria);
    const late = await post(`${order.id}/cancel`, server.users.luca, { reason: 'Zu spät' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'invalid_transition',
      message: 'Maria Rossi hat diese Bestellung um 18:07 abgeschlossen.',
    });
    // A decided order cannot be decided again either.
    const again = await post(`${order.id}/accept`, server.users.luca, { eta_minutes: 10 });
    expect(again.json()).toMatchObject({ code: 'order_already_decided' });
  });

  it('refuses a missing, blank, NUL-bearing or too long reason and an unknown order', async () => {
    const order = await placeGuestOrder();
    await accepted(order);
    for (const payload of [{}, { reason: '   ' }, { reason: 'a\u0000b' }, { reason: 'x'.repeat(501) }]) {
      const response = await post(`${order.id}/cancel`, server.users.maria, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post(`${order.id}/cancel`, server.users.maria, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
    expect((await post('999999/ready', server.users.maria)).statusCode).toBe(404);
    expect((await post('999999/cancel', server.users.maria, { reason: 'x' })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ url: '/api/admin/orders/999999', headers: server.users.maria.headers })).statusCode,
    ).toBe(404);
  });

  it('keeps the new routes to admins', async () => {
    const customer = await createTestUser(server.app);
    const order = await placeGuestOrder();
    for (const path of ['ready', 'complete', 'cancel']) {
      expect((await post(`${order.id}/${path}`, customer, { reason: 'x' })).statusCode).toBe(403);
      const anonymous = await server.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/${path}`,
        payload: { reason: 'x' },
      });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(
      (await server.app.inject({ url: `/api/admin/orders/${order.id}`, headers: customer.headers })).statusCode,
    ).toBe(403);
  });
});

describe('two staff at once', () => {
  it('lets one accept win and tells the other who accepted, and when, in their language', async () => {
    const order = await placeGuestOrder();
    const [byMaria, byLuca] = await Promise.all([
      post(`${order.id}/accept`, server.users.maria, { eta_minutes: 20 }, 'de'),
      post(`${order.id}/accept`, server.users.luca, { eta_minutes: 25 }, 'en'),
    ]);
    expect([byMaria.statusCode, byLuca.statusCode].sort()).toEqual([200, 409]);
    const [loser, message] =
      byMaria.statusCode === 409
        ? [byMaria, 'Luca Bianchi hat diese Bestellung um 18:07 angenommen.']
        : [byLuca, 'Maria Rossi accepted this order at 18:07.'];
    expect(loser.json()).toEqual({ code: 'order_already_decided', message });
  });

  it('lets one of complete and cancel win, and the loser learns what happened', async () => {
    const order = await placeGuestOrder();
    await accepted(order);
    await post(`${order.id}/ready`, server.users.maria);
    const [complete, cancel] = await Promise.all([
      post(`${order.id}/complete`, server.users.maria, {}, 'en'),
      post(`${order.id}/cancel`, server.users.luca, { reason: 'Kein Fahrer' }, 'de'),
    ]);
    expect([complete.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    if (complete.statusCode === 409) {
      expect(complete.json()).toEqual({
        code: 'invalid_transition',
        message: 'Luca Bianchi cancelled this order at 18:07.',
      });
    } else {
      expect(cancel.json()).toEqual({
        code: 'invalid_transition',
        message: 'Maria Rossi hat diese Bestellung um 18:07 abgeschlossen.',
      });
    }
    // placed, accepted, ready and the one that won
    const events = await server.app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(4);
  });

  it('completes an order once when two staff press at once', async () => {
    const order = await placeGuestOrder();
    await accepted(order);
    await post(`${order.id}/ready`, server.users.maria);
    const results = await Promise.all([
      post(`${order.id}/complete`, server.users.maria, {}, 'en'),
      post(`${order.id}/complete`, server.users.luca, {}, 'en'),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]?.statusCode === 200 ? 'Maria Rossi' : 'Luca Bianchi';
    const loser = results.find((response) => response.statusCode === 409);
    expect(loser?.json()).toEqual({ code: 'invalid_transition', message: `${winner} completed this order at 18:07.` });
  });
});

describe('the order history', () => {
  it('records every change with who made it, and shows it with the order', async () => {
    const customer = await createTestUser(server.app, { name: 'Carla Kundin' });
    // A guest's order, though the guest is signed in: the history names the guest.
    const order = await placeOrderVia(server.app, pickupOrder(server.productId), { headers: customer.headers });
    await accepted(order, server.users.luca);
    await post(`${order.id}/ready`, server.users.maria);
    await post(`${order.id}/cancel`, server.users.maria, { reason: 'Kunde hat abgesagt' });

    const response = await server.app.inject({
      url: `/api/admin/orders/${order.id}`,
      headers: server.users.maria.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = adminOrderSchema.parse(response.json());
    expect(detail).toMatchObject({ id: order.id, status: 'cancelled', cancellation_reason: 'Kunde hat abgesagt' });
    expect(detail.tracking_token).toBeUndefined();
    const at = NOW.toISOString();
    expect(detail.history).toEqual([
      { status: 'waiting', at, actor: { kind: 'guest', name: 'Gabi Gast' }, note: null },
      { status: 'accepted', at, actor: { kind: 'staff', name: 'Luca Bianchi' }, note: null },
      { status: 'ready', at, actor: { kind: 'staff', name: 'Maria Rossi' }, note: null },
      { status: 'cancelled', at, actor: { kind: 'staff', name: 'Maria Rossi' }, note: 'Kunde hat abgesagt' },
    ]);
  });

  it('names the member of the kitchen who accepted, readied and completed it, as the board reads it', async () => {
    const kitchen = await createTestUser(server.app, { role: 'admin', staffRole: 'kitchen', name: 'Kai Küche' });
    const order = await placeGuestOrder();
    await accepted(order, kitchen);
    expect((await post(`${order.id}/ready`, kitchen)).statusCode).toBe(200);
    expect((await post(`${order.id}/complete`, kitchen)).statusCode).toBe(200);
    // The board's order dialog reads the same details, with the kitchen's own rights.
    const response = await server.app.inject({ url: `/api/admin/orders/${order.id}`, headers: kitchen.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(adminOrderSchema.parse(response.json()).history.map(({ status, actor }) => [status, actor])).toEqual([
      ['waiting', { kind: 'guest', name: 'Gabi Gast' }],
      ['accepted', { kind: 'staff', name: 'Kai Küche' }],
      ['ready', { kind: 'staff', name: 'Kai Küche' }],
      ['completed', { kind: 'staff', name: 'Kai Küche' }],
    ]);
  });

  it('records a customer placing an order and staff rejecting it', async () => {
    const customer = await createTestUser(server.app, { name: 'Carla Kundin' });
    const order = await placeOrderVia(server.app, pickupOrder(server.productId, { guest: false }), {
      headers: customer.headers,
      url: '/api/orders/',
    });
    await post(`${order.id}/reject`, server.users.maria, { reason: 'Kein Teig mehr' });
    const detail = adminOrderSchema.parse(
      (await server.app.inject({ url: `/api/admin/orders/${order.id}`, headers: server.users.maria.headers })).json(),
    );
    expect(detail.history.map(({ status, actor, note }) => ({ status, actor, note }))).toEqual([
      { status: 'waiting', actor: { kind: 'customer', name: 'Carla Kundin' }, note: null },
      { status: 'rejected', actor: { kind: 'staff', name: 'Maria Rossi' }, note: 'Kein Teig mehr' },
    ]);
  });
});

describe('unanswered orders', () => {
  it('rejects an order waiting longer than the setting, once, with an apology in its language', async () => {
    const order = await placeGuestOrder({ language: 'en' });
    const answered = await placeGuestOrder();
    await accepted(answered);
    const minutesLater = (minutes: number) => ({ now: () => new Date(NOW.getTime() + minutes * 60_000) });

    server.app.orders.clock = minutesLater(14);
    await server.app.orders.rejectUnanswered();
    const stillWaiting = await server.app.inject({ url: `/api/orders/${order.id}?token=${order.tracking_token}` });
    expect(stillWaiting.json()).toMatchObject({ status: 'waiting' });

    server.app.orders.clock = minutesLater(16);
    expect(await server.app.orders.rejectUnanswered()).toBeGreaterThanOrEqual(1);
    expect(await server.app.orders.rejectUnanswered()).toBe(0);
    server.app.orders.clock = { now: () => NOW };

    const tracked = await server.app.inject({ url: `/api/orders/${order.id}?token=${order.tracking_token}` });
    expect(tracked.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: expect.stringContaining(
        'Sorry, the restaurant could not confirm your order in time.',
      ) as unknown,
    });
    const untouched = await server.app.inject({ url: `/api/orders/${answered.id}?token=${answered.tracking_token}` });
    expect(untouched.json()).toMatchObject({ status: 'accepted' });

    const detail = adminOrderSchema.parse(
      (await server.app.inject({ url: `/api/admin/orders/${order.id}`, headers: server.users.maria.headers })).json(),
    );
    expect(detail.history.map((entry) => [entry.status, entry.actor])).toEqual([
      ['waiting', { kind: 'guest', name: 'Gabi Gast' }],
      ['rejected', { kind: 'system', name: null }],
    ]);
    await vi.waitFor(async () => {
      expect(await mailsTo(server.app, order.email ?? '', 'order_rejected')).toHaveLength(1);
    });

    // Staff arriving late learn that the server decided.
    const late = await post(`${order.id}/accept`, server.users.maria, { eta_minutes: 20 }, 'en');
    expect(late.json()).toEqual({
      code: 'order_already_decided',
      message: 'This order was rejected automatically at 18:23 because nobody answered in time.',
    });
  });
});

describe('live updates', () => {
  it('tells the order page when the order turns ready and when it is rejected unanswered', async () => {
    const base = await wsBase(server.app);
    const statusOf = async (socket: Awaited<ReturnType<typeof openSocket>>, status: string) => {
      const message = await socket.next((candidate) => {
        const event = orderChannelEventSchema.safeParse(candidate);
        return event.success && event.data.type === 'order' && event.data.order.status === status;
      });
      return orderChannelEventSchema.parse(message);
    };

    const followed = await placeGuestOrder({ orderType: 'delivery' });
    const page = await openSocket(`${base}/api/ws/orders/${followed.id}?lang=de`);
    page.send({ type: 'auth', tracking_token: followed.tracking_token });
    await statusOf(page, 'waiting');
    await accepted(followed);
    await statusOf(page, 'accepted');
    await post(`${followed.id}/ready`, server.users.maria);
    await statusOf(page, 'ready');
    page.close();

    const unanswered = await placeGuestOrder({ language: 'en' });
    const waitingPage = await openSocket(`${base}/api/ws/orders/${unanswered.id}?lang=en`);
    waitingPage.send({ type: 'auth', tracking_token: unanswered.tracking_token });
    await statusOf(waitingPage, 'waiting');
    server.app.orders.clock = { now: () => new Date(NOW.getTime() + 30 * 60_000) };
    try {
      await server.app.orders.rejectUnanswered();
    } finally {
      server.app.orders.clock = { now: () => NOW };
    }
    expect(await statusOf(waitingPage, 'rejected')).toMatchObject({
      order: { rejection_reason: expect.stringContaining('could not confirm your order in time') as unknown },
    });
    waitingPage.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('unanswered orders with two instances on one database', () => {
  it('rejects each order once: one rejection, one event, one mail', async () => {
    const { buildServer } = await import('../../server.ts');
    const { loadConfig } = await import('../../config.ts');
    const { createFreshDatabase } = await import('../../../test/fresh-database.ts');
    const database = await createFreshDatabase(process.env.TEST_DATABASE_URL ?? '');
    const start = async () => {
      const instance = await buildServer(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url() }));
      instance.orders.clock = { now: () => NOW };
      return instance;
    };
    const [a, b] = await Promise.all([start(), start()]);
    let running = true;
    try {
      const orders = await Promise.all([1, 2, 3].map(() => placeGuestOrder({}, a)));
      const later = { now: () => new Date(NOW.getTime() + 20 * 60_000) };
      a.orders.clock = later;
      b.orders.clock = later;
      const counts = await Promise.all([a.orders.rejectUnanswered(), b.orders.rejectUnanswered()]);
      expect(counts[0] + counts[1]).toBe(3);
      for (const order of orders) {
        const events = await a.database.db
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'rejected')));
        expect(events).toHaveLength(1);
      }
      // The mails leave after the commit: closing waits for them.
      running = false;
      await Promise.all([a.close(), b.close()]);
      const reader = await start();
      try {
        for (const order of orders) {
          expect(await mailsTo(reader, order.email ?? '', 'order_rejected')).toHaveLength(1);
        }
      } finally {
        await reader.close();
      }
    } finally {
      if (running) await Promise.allSettled([a.close(), b.close()]);
      await database.drop();
    }
  });
});
