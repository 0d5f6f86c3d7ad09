import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminOrdersEventSchema, orderChannelEventSchema, type Order } from '@pizzeria/domain';
import { users } from '../../db/schema.ts';
import { createTestUser, pickupOrder, pinClock } from '../../../test/helper.ts';
import type { TestSocket } from '../../../test/ws-client.ts';
import { decide, ordersTestServer, placeOrderVia } from './test-orders.ts';

const server = ordersTestServer({
  users: { owner: { name: 'Olga Owner' }, stranger: { name: 'Sven Stranger' } },
  sockets: true,
});
const socketTo = server.sockets.to;

function app() {
  return server.app;
}

/** A pickup order, by the owner when `headers` carry their token, else as a guest. */
function placeOrder(headers?: Record<string, string>): Promise<Order> {
  return placeOrderVia(app(), pickupOrder(server.productId, { quantity: 2, guest: !headers }), {
    headers,
    url: headers ? '/api/orders/' : '/api/orders/guest',
  });
}

async function orderEvent(socket: TestSocket, match: (order: Order) => boolean = () => true): Promise<Order> {
  const event = orderChannelEventSchema.parse(
    await socket.next((message) => {
      const parsed = orderChannelEventSchema.safeParse(message);
      return parsed.success && parsed.data.type === 'order' && match(parsed.data.order);
    }),
  );
  if (event.type !== 'order') throw new Error('not an order event');
  return event.order;
}

beforeEach(() => {
  pinClock(app());
});

describe('WS /api/ws/orders/:id', () => {
  it('gives the owner the order at once and turns it to accepted when staff accept it', async () => {
    const order = await placeOrder(server.users.owner.headers);
    const socket = await socketTo(`/api/ws/orders/${order.id}`);
    socket.send({ type: 'auth', access_token: server.users.owner.token });
    expect(await orderEvent(socket)).toMatchObject({ id: order.id, status: 'waiting' });

    const accepted = await decide(app(), server.admin, `${order.id}/accept`, { eta_minutes: 25 });
    expect(accepted.statusCode).toBe(200);
    expect(await orderEvent(socket)).toMatchObject({ id: order.id, status: 'accepted', eta_minutes: 25 });
  });

  it('lets a guest follow the order with its tracking token, in the language asked for', async () => {
    const order = await placeOrder();
    const socket = await socketTo(`/api/ws/orders/${order.id}?lang=en`);
    socket.send({ type: 'auth', tracking_token: order.tracking_token });
    const seen = await orderEvent(socket);
    expect(seen.status).toBe('waiting');

    await decide(app(), server.admin, `${order.id}/reject`, { reason: 'Heute keine Lieferung in diesen Bezirk' });
    expect(await orderEvent(socket, (changed) => changed.status === 'rejected')).toMatchObject({
      rejection_reason: 'Heute keine Lieferung in diesen Bezirk',
    });
  });

  it("never shows another customer's order, nor one with a wrong token", async () => {
    const order = await placeOrder(server.users.owner.headers);
    const guestOrder = await placeOrder();
    const attempts: [string, unknown][] = [
      [`/api/ws/orders/${order.id}`, { type: 'auth', access_token: server.users.stranger.token }],
      [`/api/ws/orders/${order.id}`, { type: 'auth', tracking_token: guestOrder.tracking_token }],
      [`/api/ws/orders/${guestOrder.id}`, { type: 'auth', tracking_token: 'guessed' }],
      [`/api/ws/orders/${guestOrder.id}`, { type: 'auth', access_token: server.users.stranger.token }],
      ['/api/ws/orders/999999', { type: 'auth', access_token: server.users.owner.token }],
      ['/api/ws/orders/abc', { type: 'auth', access_token: server.users.owner.token }],
    ];
    for (const [path, auth] of attempts) {
      const socket = await socketTo(path);
      socket.send(auth);
      expect(await socket.next(), path).toMatchObject({ type: 'error', code: 'not_found' });
      expect((await socket.closed).code).toBe(4404);
    }
  });

  it('closes with 4401 for a token that names nobody or no credentials, and 4400 for garbage', async () => {
    const order = await placeOrder(server.users.owner.headers);
    const cases: [unknown, string, number][] = [
      [{ type: 'auth', access_token: `${server.users.owner.token}x` }, 'unauthorized', 4401],
      [{ type: 'auth' }, 'unauthorized', 4401],
      [{ type: 'hello' }, 'bad_message', 4400],
      ['not json at all', 'bad_message', 4400],
    ];
    for (const [message, code, closeCode] of cases) {
      const socket = await socketTo(`/api/ws/orders/${order.id}`);
      socket.send(message);
      expect(await socket.next()).toMatchObject({ type: 'error', code });
      expect((await socket.closed).code).toBe(closeCode);
    }
  });

  it('lets an admin follow any order', async () => {
    const order = await placeOrder();
    const socket = await socketTo(`/api/ws/orders/${order.id}`);
    socket.send({ type: 'auth', access_token: server.admin.token });
    expect((await orderEvent(socket)).id).toBe(order.id);
  });
});

describe('WS /api/ws/admin/orders', () => {
  it('tells staff about every new order and every decision', async () => {
    const socket = await socketTo('/api/ws/admin/orders');
    socket.send({ type: 'auth', access_token: server.admin.token });
    expect(await socket.next()).toEqual({ type: 'ready' });

    const order = await placeOrder();
    const created = adminOrdersEventSchema.parse(
      await socket.next((message) => (message as { type?: string }).type === 'order_created'),
    );
    expect(created).toMatchObject({ type: 'order_created', order: { id: order.id, status: 'waiting' } });
    // Staff never get the guest's tracking token.
    expect(created.type === 'order_created' && created.order.tracking_token).toBeFalsy();

    await decide(app(), server.admin, `${order.id}/accept`, { eta_minutes: 40 });
    expect(await socket.next((message) => (message as { type?: string }).type === 'order_updated')).toMatchObject({
      order: { id: order.id, status: 'accepted', eta_minutes: 40 },
    });
  });

  it('keeps a board that renews its token on the socket, and closes one that renews it with no admin token', async () => {
    const shortLived = await createTestUser(app(), { role: 'admin' });
    const renewed = await createTestUser(app(), { role: 'admin' });
    const socket = await socketTo('/api/ws/admin/orders');
    socket.send({ type: 'auth', access_token: shortLived.token });
    expect(await socket.next()).toEqual({ type: 'ready' });
    socket.send({ type: 'auth', access_token: renewed.token });
    // The first token stops working (as an expired one would); the renewed one carries the channel on.
    await app()
      .database.db.update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, shortLived.id));
    const order = await placeOrder();
    expect(await socket.next((message) => (message as { type?: string }).type === 'order_created')).toMatchObject({
      order: { id: order.id },
    });

    socket.send({ type: 'auth', access_token: server.users.owner.token });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect((await socket.closed).code).toBe(4401);
  });

  it('is for admins only', async () => {
    for (const token of [server.users.owner.token, 'not-a-token']) {
      const socket = await socketTo('/api/ws/admin/orders');
      socket.send({ type: 'auth', access_token: token });
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
      expect((await socket.closed).code).toBe(4401);
    }
  });
});
