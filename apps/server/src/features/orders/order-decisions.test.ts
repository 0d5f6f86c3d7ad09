import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@pizzeria/domain';
import type { TestUser } from '../../../test/helper.ts';
import { BARE_GUEST_ADDRESS, decide, ordersTestServer, placeOrderVia } from './test-orders.ts';

// Monday 2026-06-15, 18:07 in Berlin: the demo store is open.
const NOW = new Date('2026-06-15T16:07:00Z');

const server = ordersTestServer({ clock: NOW, users: { customerA: {}, customerB: {} } });

/** A guest's cash pickup of two of the product, ASAP or at `requestedTime`. */
function placeGuestOrder(requestedTime = 'asap', quantity = 2): Promise<Order> {
  return placeOrderVia(server.app, {
    store_id: 13,
    order_type: 'pickup',
    items: [{ product_id: server.productId, quantity }],
    requested_time: requestedTime,
    payment_method: 'cash',
    address: BARE_GUEST_ADDRESS,
  });
}

describe('admin order decisions', () => {
  it('accepts a waiting order once, with the ETA from now', async () => {
    const order = await placeGuestOrder();
    const accept = () => decide(server.app, server.admin, `${order.id}/accept`, { eta_minutes: 35 });
    const first = await accept();
    expect(first.statusCode).toBe(200);
    expect(orderSchema.parse(first.json())).toMatchObject({
      status: 'accepted',
      eta_minutes: 35,
      eta_at: '2026-06-15T16:42:00.000Z',
    });
    const again = await accept();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'order_already_decided' });
    const reject = await decide(server.app, server.admin, `${order.id}/reject`, { reason: 'Zu spät' });
    expect(reject.statusCode).toBe(409);

    // The guest sees the decision on the tracking page.
    const tracked = await server.app.inject({ url: `/api/orders/${order.id}?token=${order.tracking_token}` });
    expect(tracked.json()).toMatchObject({ status: 'accepted', eta_at: '2026-06-15T16:42:00.000Z' });
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const order = await placeGuestOrder();
    const [accepted, rejected] = await Promise.all([
      decide(server.app, server.admin, `${order.id}/accept`, { eta_minutes: 20 }),
      decide(server.app, server.admin, `${order.id}/reject`, { reason: 'Küche geschlossen' }),
    ]);
    expect([accepted.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
  });

  it('rejects with a reason and lists orders newest first, filtered by status', async () => {
    const older = await placeGuestOrder();
    const newer = await placeGuestOrder();
    const rejected = await decide(server.app, server.admin, `${older.id}/reject`, { reason: 'Kein Teig mehr' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Kein Teig mehr' });

    const waiting = await server.app.inject({ url: '/api/admin/orders?status=waiting', headers: server.admin.headers });
    const waitingIds = waiting.json<Order[]>().map((order) => order.id);
    expect(waitingIds).toContain(newer.id);
    expect(waitingIds).not.toContain(older.id);
    const all = (await server.app.inject({ url: '/api/admin/orders', headers: server.admin.headers })).json<Order[]>();
    expect(all.map((order) => order.id).indexOf(newer.id)).toBeLessThan(all.map((order) => order.id).indexOf(older.id));
    expect(all.every((order) => order.tracking_token === undefined)).toBe(true);
  });

  it('refuses bad input with 4xx', async () => {
    const order = await placeGuestOrder();
    const cases = [
      { url: `/api/admin/orders/${order.id}/accept`, payload: { eta_minutes: 0 }, status: 400 },
      { url: `/api/admin/orders/${order.id}/accept`, payload: { eta_minutes: 'soon' }, status: 400 },
      { url: `/api/admin/orders/${order.id}/reject`, payload: { reason: '   ' }, status: 400 },
      { url: '/api/admin/orders/999999/accept', payload: { eta_minutes: 10 }, status: 404 },
      { url: '/api/admin/orders/abc/reject', payload: { reason: 'x' }, status: 400 },
    ];
    for (const testCase of cases) {
      const response = await server.app.inject({ method: 'POST', headers: server.admin.headers, ...testCase });
      expect(response.statusCode, testCase.url).toBe(testCase.status);
    }
    expect(
      (await server.app.inject({ url: '/api/admin/orders?status=lost', headers: server.admin.headers })).statusCode,
    ).toBe(400);
  });
});

describe('authorisation matrix', () => {
  it('anonymous, customer A, customer B and admin get exactly what they may over every route', async () => {
    const guestOrder = await placeGuestOrder();
    const addressOf = async (user: TestUser) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/addresses/',
        headers: user.headers,
        payload: { customer_name: 'X', phone: '030123', line1: 'Str 1', city: 'Berlin', zip: '10999' },
      });
      return response.json<{ id: number }>().id;
    };
    const addressA = await addressOf(server.users.customerA);
    const addressB = await addressOf(server.users.customerB);
    const orderOf = async (user: TestUser, addressId: number) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...user.headers, 'idempotency-key': randomUUID() },
        payload: {
          store_id: 13,
          order_type: 'pickup',
          address_id: addressId,
          items: [{ product_id: server.productId, quantity: 1 }],
          requested_time: 'asap',
          payment_method: 'cash',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return orderSchema.parse(response.json()).id;
    };
    const orderA = await orderOf(server.users.customerA, addressA);
    const orderB = await orderOf(server.users.customerB, addressB);
    const address = { customer_name: 'Y', phone: '030999', line1: 'Weg 2', city: 'Berlin', zip: '10997' };
    const newOrder = () => ({
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: server.productId, quantity: 1 }],
      requested_time: 'asap',
      payment_method: 'cash',
    });

    type Who = 'anonymous' | 'A' | 'B' | 'admin';
    const headersOf: Record<Who, Record<string, string>> = {
      anonymous: {},
      A: server.users.customerA.headers,
      B: server.users.customerB.headers,
      admin: server.admin.headers,
    };
    // Expected status for [anonymous, A, B, admin]; A's resources seen by B (and vice versa) are a 404.
    const routes: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: () => object;
      expected: number[];
    }[] = [
      { method: 'GET', url: '/api/stores/13/slots?order_type=pickup', expected: [200, 200, 200, 200] },
      { method: 'GET', url: '/api/addresses/', expected: [401, 200, 200, 200] },
      { method: 'POST', url: '/api/addresses/', payload: () => address, expected: [401, 201, 201, 201] },
      { method: 'PUT', url: `/api/addresses/${addressA}`, payload: () => address, expected: [401, 200, 404, 404] },
      { method: 'PUT', url: `/api/addresses/${addressB}`, payload: () => address, expected: [401, 404, 200, 404] },
      {
        method: 'POST',
        url: '/api/orders/',
        payload: () => ({ ...newOrder(), address_id: addressB }),
        expected: [401, 422, 201, 422],
      },
      {
        method: 'POST',
        url: '/api/orders/guest',
        payload: () => ({ ...newOrder(), address: { type: 'shipping', ...address } }),
        expected: [201, 201, 201, 201],
      },
      { method: 'GET', url: '/api/orders/', expected: [401, 200, 200, 200] },
      { method: 'GET', url: `/api/orders/${orderA}`, expected: [404, 200, 404, 200] },
      { method: 'GET', url: `/api/orders/${orderB}`, expected: [404, 404, 200, 200] },
      { method: 'GET', url: `/api/orders/${guestOrder.id}`, expected: [404, 404, 404, 200] },
      { method: 'GET', url: '/api/admin/orders', expected: [401, 403, 403, 200] },
      {
        method: 'POST',
        url: `/api/admin/orders/${orderA}/accept`,
        payload: () => ({ eta_minutes: 30 }),
        expected: [401, 403, 403, 200],
      },
      {
        method: 'POST',
        url: `/api/admin/orders/${orderB}/reject`,
        payload: () => ({ reason: 'Nein' }),
        expected: [401, 403, 403, 200],
      },
      { method: 'DELETE', url: `/api/addresses/${addressB}`, expected: [401, 404, 204, 404] },
      { method: 'DELETE', url: `/api/addresses/${addressA}`, expected: [401, 204, 404, 404] },
      { method: 'GET', url: '/api/users/me', expected: [401, 200, 200, 200] },
    ];

    const who: Who[] = ['anonymous', 'A', 'B', 'admin'];
    for (const route of routes) {
      const statuses: number[] = [];
      for (const caller of who) {
        const response = await server.app.inject({
          method: route.method,
          url: route.url,
          headers: { ...headersOf[caller], 'idempotency-key': randomUUID() },
          ...(route.payload ? { payload: route.payload() } : {}),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses, `${route.method} ${route.url}`).toEqual(route.expected);
    }

    // Nobody but the owner changed anything: B's address still has its own data until B changed it.
    const listA = await server.app.inject({ url: '/api/addresses/', headers: server.users.customerA.headers });
    expect(listA.json<{ id: number }[]>().map((entry) => entry.id)).not.toContain(addressB);
  });
});

describe('the staff order list', () => {
  it('pages through every order, newest first, each once, following the Link header', async () => {
    for (let i = 0; i < 7; i += 1) await placeGuestOrder();
    const everything = await server.app.inject({
      method: 'GET',
      url: '/api/admin/orders?limit=200',
      headers: server.admin.headers,
    });
    const all = (everything.json() as Order[]).map((order) => order.id);
    expect(all.length).toBeGreaterThanOrEqual(7);

    const seen: number[] = [];
    let url: string | null = '/api/admin/orders?limit=3';
    let pages = 0;
    while (url) {
      const page: LightMyRequestResponse = await server.app.inject({
        method: 'GET',
        url,
        headers: server.admin.headers,
      });
      expect(page.statusCode).toBe(200);
      const orders = page.json() as Order[];
      expect(orders.length).toBeLessThanOrEqual(3);
      seen.push(...orders.map((order) => order.id));
      // A new order placed while staff page must not shift what comes next.
      if (pages === 0) await placeGuestOrder();
      const link: unknown = page.headers.link;
      url = typeof link === 'string' ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
      pages += 1;
    }
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.floor(all.length / 3) + 1);
  });

  it('refuses a page larger than 200 or a cursor that is no id', async () => {
    for (const query of ['limit=201', 'limit=0', 'before=abc', 'before=2147483648']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/admin/orders?${query}`,
        headers: server.admin.headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('the promised time', () => {
  const accept = (id: number, payload: Record<string, number>) =>
    decide(server.app, server.admin, `${id}/accept`, payload);

  it('confirms a pre-order for its requested time, not for the decision plus the minutes', async () => {
    const order = await placeGuestOrder('2026-06-15T20:00:00+02:00', 1);
    const accepted = await accept(order.id, { eta_minutes: 30 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', eta_at: '2026-06-15T18:00:00.000Z' });
    // The customer's page says the same.
    const seen = await server.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.tracking_token}`,
    });
    expect(seen.json()).toMatchObject({ eta_at: '2026-06-15T18:00:00.000Z' });
  });

  it('adds the delay staff give to a pre-order', async () => {
    const order = await placeGuestOrder('2026-06-15T20:30:00+02:00', 1);
    const accepted = await accept(order.id, { delay_minutes: 15 });
    expect(accepted.json()).toMatchObject({ eta_at: '2026-06-15T18:45:00.000Z' });
  });

  it('needs the minutes for an ASAP order, and then promises the decision plus them', async () => {
    const order = await placeGuestOrder();
    const refused = await accept(order.id, { delay_minutes: 10 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'eta_required' });
    const accepted = await accept(order.id, { eta_minutes: 25 });
    expect(accepted.json()).toMatchObject({ eta_at: new Date(NOW.getTime() + 25 * 60_000).toISOString() });
  });
});
