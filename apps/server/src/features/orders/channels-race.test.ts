import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@pizzeria/domain';
import { users } from '../../db/schema.ts';
import { createTestUser, pinClock, placePickupOrder } from '../../../test/helper.ts';
import type { TestSocket } from '../../../test/ws-client.ts';
import { acceptFor, ordersTestServer } from './test-orders.ts';
import { ORDERS_CHANGED, type OrderChange } from './service.ts';

// The order channel must never hand an order to a socket without the right to it, however its changes
// and the socket's authorisation interleave (security probe: changes delivered while the rights check
// was under way reached the unauthorised socket), and must stop a socket whose session has ended.

const ATTEMPTS = 150;
const ATTEMPTS_PER_ORDER = 15;

const server = ordersTestServer({
  users: { stranger: { name: 'Sven Stranger' } },
  sockets: true,
  // Room for every order the attacks place in the same evening.
  ordersPerSlot: 1_000,
});
const socketTo = server.sockets.to;

function app() {
  return server.app;
}

function placeOrder(headers?: Record<string, string>): Promise<Order> {
  return placePickupOrder(app(), server.productId, headers);
}

async function accept(orderId: number): Promise<void> {
  await acceptFor(app(), server.admin, orderId, 30);
}

/** Announces the order as changed, as any instance does after a change, turn after turn until `until` settles. */
async function keepAnnouncing(order: Order, until: Promise<unknown>): Promise<void> {
  let settled = false;
  void until.finally(() => {
    settled = true;
  });
  const change: OrderChange = { orderId: order.id, storeId: order.store_id, kind: 'updated' };
  while (!settled) {
    await app().pubsub.publish(ORDERS_CHANGED, change);
    await nextTurn();
  }
}

/** Every `order` message the socket got, read or not. */
function ordersSeen(socket: TestSocket): unknown[] {
  return socket.messages.filter((message) => (message as { type?: string }).type === 'order');
}

/**
 * `ATTEMPTS` connections with a wrong tracking token or a stranger's access token, each while its order
 * is being accepted and announced as changed again and again; the orders seen by those sockets.
 */
async function attackWhileChanging(): Promise<unknown[]> {
  const leaked: unknown[] = [];
  let order: Order | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const fresh = attempt % ATTEMPTS_PER_ORDER === 0;
    if (fresh) order = await placeOrder();
    if (!order) throw new Error('no order to attack');
    const socket = await socketTo(`/api/ws/orders/${order.id}`);
    socket.send(
      attempt % 2 === 0
        ? { type: 'auth', tracking_token: `wrong-${attempt}` }
        : { type: 'auth', access_token: server.users.stranger.token },
    );
    await Promise.all([fresh ? accept(order.id) : undefined, keepAnnouncing(order, socket.closed)]);
    expect((await socket.closed).code).toBe(4404);
    leaked.push(...ordersSeen(socket));
  }
  return leaked;
}

beforeEach(() => {
  pinClock(app());
});

describe('WS /api/ws/orders/:id under concurrent changes', () => {
  it(`gives none of ${ATTEMPTS} unauthorised sockets an order while it is accepted and announced`, async () => {
    expect(await attackWhileChanging()).toEqual([]);
  });

  it('gives none of them an order even when the rights check is slow (a loaded database)', async () => {
    const orders = app().orders;
    const find = orders.find.bind(orders);
    orders.find = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return find(...args);
    };
    try {
      expect(await attackWhileChanging()).toEqual([]);
    } finally {
      orders.find = find;
    }
  });

  it('still follows the order for its tracking token while changes are announced', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const order = await placeOrder();
      const socket = await socketTo(`/api/ws/orders/${order.id}`);
      socket.send({ type: 'auth', tracking_token: order.tracking_token });
      const first = socket.next((message) => (message as { type?: string }).type === 'order');
      await Promise.all([accept(order.id), keepAnnouncing(order, first)]);
      // Whatever came first, the newest state arrives: accepted.
      await socket.next((message) => (message as { order?: { status?: string } }).order?.status === 'accepted', 5_000);
      socket.close();
    }
  });
});

describe('a socket whose session ends', () => {
  it("stops getting the customer's order once a password reset ends the session", async () => {
    const owner = await createTestUser(app(), { name: 'Olga Owner' });
    const order = await placeOrder(owner.headers);
    const socket = await socketTo(`/api/ws/orders/${order.id}`);
    socket.send({ type: 'auth', access_token: owner.token });
    expect(await socket.next()).toMatchObject({ type: 'order', order: { id: order.id, status: 'waiting' } });

    // What a password reset does: every token issued before names nobody any more.
    await app().database.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, owner.id));
    await accept(order.id);

    expect(await socket.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect((await socket.closed).code).toBe(4401);
    expect(ordersSeen(socket)).toHaveLength(1);
  });

  it('stops giving the staff board orders once the admin session ends', async () => {
    const staffer = await createTestUser(app(), { role: 'admin' });
    const board = await socketTo('/api/ws/admin/orders');
    board.send({ type: 'auth', access_token: staffer.token });
    expect(await board.next()).toEqual({ type: 'ready' });

    await app().database.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, staffer.id));
    await placeOrder();

    expect(await board.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect((await board.closed).code).toBe(4401);
    expect(board.messages.filter((message) => (message as { type?: string }).type === 'order_created')).toEqual([]);
  });
});
