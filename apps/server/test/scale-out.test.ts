import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  adminProductSchema,
  orderSchema,
  productSchema,
  storeSchema,
  storeStatusMessageSchema,
} from '@pizzeria/domain';
import { createTestUser, pickupOrder, simpleProduct, startInstance, storeVersion, type TestUser } from './helper.ts';
import { createFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { eventually } from './redis-server.ts';
import { openSocket, wsBase, type TestSocket } from './ws-client.ts';

// Scale-out: two instances on one PostgreSQL and one Redis behave as one shop. A change made
// through instance A reaches a client connected to instance B within one second.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const WITHIN_ONE_SECOND = 1_000;

describe.skipIf(!adminUrl || !redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  let database: FreshDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseB: string;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  async function socketOnB(path: string): Promise<TestSocket> {
    const socket = await openSocket(`${baseB}${path}`);
    sockets.push(socket);
    return socket;
  }

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    // Both at once on the empty database, as a deployment starts them: one migrates and seeds, the other waits.
    [a, b] = await Promise.all([
      startInstance(database.url(), redisUrl ?? ''),
      startInstance(database.url(), redisUrl ?? ''),
    ]);
    baseB = await wsBase(b);
    admin = await createTestUser(a, { role: 'admin' });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('both use Redis', () => {
    expect([a.pubsub.kind, b.pubsub.kind]).toEqual(['redis', 'redis']);
  });

  it("pushes a pause made through A to B's status subscribers within a second", async () => {
    const socket = await socketOnB('/api/ws/store/13/status');
    expect(storeStatusMessageSchema.parse(await socket.next()).pause.paused).toBe(false);

    const arrived = socket.next(
      (message) => storeStatusMessageSchema.safeParse(message).data?.pause.paused === true,
      WITHIN_ONE_SECOND,
    );
    const response = await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/pause',
      headers: admin.headers,
      payload: { paused: true },
    });
    expect(response.statusCode).toBe(200);
    expect(storeStatusMessageSchema.parse(await arrived)).toMatchObject({ is_open: false });

    await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/pause',
      headers: admin.headers,
      payload: { paused: false },
    });
    await socket.next((message) => storeStatusMessageSchema.safeParse(message).data?.pause.paused === false);
  });

  it('serves hours edited through A from B’s catalogue, and pushes them to B’s subscribers', async () => {
    const before = storeSchema.parse((await b.inject({ method: 'GET', url: '/api/stores/13' })).json());
    const socket = await socketOnB('/api/ws/store/13/status');
    await socket.next();

    const hours = [{ day_of_week: 1, open_time: '16:00', close_time: '23:00', label: 'Abend' }];
    const arrived = socket.next(
      (message) => storeStatusMessageSchema.safeParse(message).data?.today_hours[0]?.open_time === '16:00',
      WITHIN_ONE_SECOND,
    );
    await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/hours',
      headers: admin.headers,
      payload: { store_hours: hours, version: await storeVersion(a, admin) },
    });
    const changed = storeStatusMessageSchema.parse(await arrived).menu_version;
    const after = storeSchema.parse((await b.inject({ method: 'GET', url: '/api/stores/13' })).json());
    expect(after.store_hours).toEqual(hours);

    // Put back, and heard on B before the next test: a late push would look to it like its own change.
    const restored = socket.next((message) => {
      const version = storeStatusMessageSchema.safeParse(message).data?.menu_version;
      return version !== undefined && version !== changed;
    }, WITHIN_ONE_SECOND);
    await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/hours',
      headers: admin.headers,
      payload: { store_hours: before.store_hours, version: await storeVersion(a, admin) },
    });
    await restored;
  });

  it("changes the menu B serves at once when staff edit a product through A, and tells B's open shops", async () => {
    const product = await simpleProduct(b);
    const read = async (instance: FastifyInstance) =>
      adminProductSchema.parse(
        (
          await instance.inject({
            method: 'GET',
            url: `/api/admin/stores/13/products/${product.id}`,
            headers: admin.headers,
          })
        ).json(),
      );
    const menuOnB = async () =>
      z.array(productSchema).parse((await b.inject({ method: 'GET', url: '/api/products/?store_id=13' })).json());
    expect((await menuOnB()).find((item) => item.id === product.id)?.name).toBe(product.name.de);

    const socket = await socketOnB('/api/ws/store/13/status');
    let menuVersion = storeStatusMessageSchema.parse(await socket.next()).menu_version;
    /** B's open shops hear that the menu changed: its fingerprint moves. */
    const toldOnB = () =>
      socket.next((message) => {
        const version = storeStatusMessageSchema.safeParse(message).data?.menu_version;
        if (version === undefined || version === menuVersion) return false;
        menuVersion = version;
        return true;
      }, WITHIN_ONE_SECOND);
    const told = toldOnB();
    const current = await read(a);
    const renamed = await a.inject({
      method: 'PUT',
      url: `/api/admin/stores/13/products/${product.id}`,
      headers: admin.headers,
      payload: {
        category_id: current.category_id,
        type: current.type,
        name: { de: 'Pizza des Tages', en: 'Pizza of the day' },
        description: current.description,
        price: 11.5,
        tax_rate_id: current.tax_rate_id,
        variants: [],
        picture_id: null,
        hidden: false,
        version: current.version,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await told;
    expect((await menuOnB()).find((item) => item.id === product.id)).toMatchObject({
      name: 'Pizza des Tages',
      price: 11.5,
    });

    const toldSoldOut = toldOnB();
    const soldOut = await a.inject({
      method: 'PUT',
      url: `/api/admin/stores/13/products/${product.id}/sold-out`,
      headers: admin.headers,
      payload: { sold_out: true, version: (await read(a)).version },
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    await toldSoldOut;
    expect((await menuOnB()).find((item) => item.id === product.id)?.sold_out).toBe(true);
    const order = await b.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(product.id),
    });
    expect(order.statusCode).toBe(422);
    expect(order.json<{ code: string }>().code).toBe('product_unavailable');

    const toldBack = toldOnB();
    await a.inject({
      method: 'PUT',
      url: `/api/admin/stores/13/products/${product.id}/sold-out`,
      headers: admin.headers,
      payload: { sold_out: false, version: (await read(a)).version },
    });
    await toldBack;
    expect((await menuOnB()).find((item) => item.id === product.id)?.sold_out).toBe(false);
  });

  it('tells an order page on B and the staff board on B about an order placed and accepted through A', async () => {
    const board = await socketOnB('/api/ws/admin/orders');
    board.send({ type: 'auth', access_token: admin.token });
    expect(await board.next()).toEqual({ type: 'ready' });

    const product = await simpleProduct(a);
    const placed = await a.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(product.id),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(await board.next(() => true, WITHIN_ONE_SECOND)).toMatchObject({
      type: 'order_created',
      order: { id: order.id },
    });

    const page = await socketOnB(`/api/ws/orders/${order.id}`);
    page.send({ type: 'auth', tracking_token: order.tracking_token });
    expect(await page.next()).toMatchObject({ type: 'order', order: { status: 'waiting' } });

    const accepted = page.next(() => true, WITHIN_ONE_SECOND);
    await a.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/accept`,
      headers: admin.headers,
      payload: { eta_minutes: 20 },
    });
    expect(await accepted).toMatchObject({ type: 'order', order: { status: 'accepted', eta_minutes: 20 } });
    expect(await board.next(() => true, WITHIN_ONE_SECOND)).toMatchObject({
      type: 'order_updated',
      order: { id: order.id, status: 'accepted' },
    });
  });

  it('gives the retry on B of an order whose answer A never sent the same order, once, even while A is still placing it', async () => {
    const product = await simpleProduct(a);
    const key = randomUUID();
    const holder = new pg.Client({ connectionString: database.url() });
    await holder.connect();
    /** Sessions of the test's database waiting for a lock. */
    const lockWaiters = async () =>
      (
        await holder.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rowCount;
    try {
      // A's order waits for its items while the customer, who never heard back, retries through B.
      await holder.query('begin');
      await holder.query('lock table order_items in exclusive mode');
      const onA = a.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'idempotency-key': key },
        payload: pickupOrder(product.id),
      });
      await eventually(async () => (await lockWaiters()) === 1, "A's order waiting for its items");
      const onB = b.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'idempotency-key': key },
        payload: pickupOrder(product.id),
      });
      // B's retry waits too: for the slot A holds.
      await eventually(async () => (await lockWaiters()) === 2, "B's retry waiting for A's slot");
      await holder.query('commit');

      const [first, retried] = await Promise.all([onA, onB]);
      expect(first.statusCode, first.body).toBe(201);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(orderSchema.parse(retried.json()).id).toBe(orderSchema.parse(first.json()).id);
      const stored = await holder.query('select id from orders where idempotency_key = $1', [key]);
      expect(stored.rowCount).toBe(1);
    } finally {
      await holder.end();
    }
  });
});
