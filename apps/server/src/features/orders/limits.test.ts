import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestUser, pickupOrder } from '../../../test/helper.ts';
import { ordersTestServer } from './test-orders.ts';

// 324 anonymous orders filled every slot of a day in seconds, and one order of 227,205 € was
// taken. Orders are limited per client address and per customer, and one order's total is capped.

const server = ordersTestServer({
  env: {
    SEED_OPENING_HOURS: 'always',
    TRUST_PROXY: '127.0.0.1',
    ORDERS_PER_HOUR_PER_ADDRESS: '5',
    ORDERS_PER_HOUR_PER_CUSTOMER: '2',
  },
  // The kitchen's capacity is not what these tests are about.
  ordersPerSlot: 10_000,
});

let addresses = 0;
let phones = 0;
/** A fresh client address and phone number per test, so the tests' counts do not mix. */
function freshAddress(): string {
  addresses += 1;
  return `10.${Math.floor(addresses / 250)}.${addresses % 250}.1`;
}
function freshPhone(): string {
  phones += 1;
  return `0151${String(phones).padStart(8, '0')}`;
}

function guestOrder(
  ip: string,
  guest: { phone?: string; email?: string } = {},
  options: { quantity?: number; key?: string } = {},
) {
  const body = pickupOrder(server.productId);
  const address = body.address as Record<string, unknown>;
  // Large quantities go in lines of at most 99, the most one line takes.
  const items = [];
  for (let left = options.quantity ?? 1; left > 0; left -= 99) {
    items.push({ product_id: server.productId, quantity: Math.min(left, 99), extras: [] });
  }
  return server.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'x-forwarded-for': ip, 'idempotency-key': options.key ?? randomUUID(), 'accept-language': 'en' },
    payload: { ...body, items, address: { ...address, phone: guest.phone ?? freshPhone(), email: guest.email ?? '' } },
  });
}

describe('orders per client address', () => {
  it('counts an IPv6 client by its /64 network, whichever of its addresses it uses', async () => {
    const network = '2001:db8:77:1';
    const statuses = [];
    for (let host = 1; host <= 6; host += 1) {
      statuses.push((await guestOrder(`${network}:${host.toString(16)}:0:0:${(host * 4099).toString(16)}`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // The neighbouring network is another client.
    expect((await guestOrder('2001:db8:77:2::1')).statusCode).toBe(201);
  });

  it('holds a parallel burst from one address to the limit exactly, with 429 and Retry-After', async () => {
    const ip = freshAddress();
    const responses = await Promise.all(Array.from({ length: 15 }, () => guestOrder(ip)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'too_many_orders', message: expect.stringContaining('orders') });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address still orders.
    expect((await guestOrder(freshAddress())).statusCode).toBe(201);
  });

  it('counts neither a refused order nor a repeated Idempotency-Key', async () => {
    const ip = freshAddress();
    const first = await guestOrder(ip, {}, { key: 'same-key' });
    expect(first.statusCode).toBe(201);
    const phone = (first.json() as { phone: string }).phone;
    for (let i = 0; i < 6; i += 1) {
      const again = await server.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'x-forwarded-for': ip, 'idempotency-key': 'same-key' },
        payload: {
          ...pickupOrder(server.productId),
          address: { ...(pickupOrder(server.productId).address as object), phone, email: '' },
        },
      });
      expect(again.statusCode).toBe(200);
    }
    for (let i = 0; i < 6; i += 1) {
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'x-forwarded-for': ip, 'idempotency-key': randomUUID() },
        payload: { ...pickupOrder(999_999) },
      });
      expect(refused.statusCode).toBe(422);
    }
    // One order counted so far: four more fit.
    for (let i = 0; i < 4; i += 1) expect((await guestOrder(ip)).statusCode).toBe(201);
    expect((await guestOrder(ip)).statusCode).toBe(429);
  });

  it('gives back nothing for an order to a store that does not exist, which its first read never counted', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await guestOrder(ip)).statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1) {
      const nowhere = await server.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'x-forwarded-for': ip, 'idempotency-key': randomUUID() },
        payload: { ...pickupOrder(server.productId), store_id: 999_999 },
      });
      expect(nowhere.statusCode).toBe(404);
    }
    // Giving back for those would have freed three places.
    expect((await guestOrder(ip)).statusCode).toBe(429);
  });
});

describe('orders per customer', () => {
  it('limits one phone number from any address', async () => {
    const phone = freshPhone();
    expect((await guestOrder(freshAddress(), { phone })).statusCode).toBe(201);
    // Written differently, it is the same number (both are stored as +49151…).
    const international = phone.replace(/^0151/, '+49 151 ');
    expect((await guestOrder(freshAddress(), { phone: international })).statusCode).toBe(201);
    expect((await guestOrder(freshAddress(), { phone })).statusCode).toBe(429);
  });

  it('limits one e-mail address whatever the phone number', async () => {
    const email = `limit-${randomUUID()}@example.com`;
    expect((await guestOrder(freshAddress(), { email })).statusCode).toBe(201);
    expect((await guestOrder(freshAddress(), { email: email.toUpperCase() })).statusCode).toBe(201);
    expect((await guestOrder(freshAddress(), { email })).statusCode).toBe(429);
  });

  it('limits one account', async () => {
    const customer = await createTestUser(server.app);
    const order = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...customer.headers, 'x-forwarded-for': freshAddress(), 'idempotency-key': randomUUID() },
        payload: pickupOrder(server.productId, { guest: false }),
      });
    expect((await order()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(429);
  });
});

describe('the largest order total', () => {
  // 600 € of goods: above 500 € after any pickup discount; 450 € stays below it.
  it('refuses an order above the store’s maximum (500 € unless staff change it), in the customer’s language', async () => {
    const quantity = Math.ceil(60_000 / server.product.priceCents);
    const tooLarge = await guestOrder(freshAddress(), {}, { quantity });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toEqual({
      code: 'order_total_too_high',
      message: 'We do not take orders this large online. Please call us for it.',
    });
    expect(
      (await guestOrder(freshAddress(), {}, { quantity: Math.floor(45_000 / server.product.priceCents) })).statusCode,
    ).toBe(201);
  });

  it('refuses the 227,205 € order of the probe', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'x-forwarded-for': freshAddress(), 'idempotency-key': randomUUID() },
      payload: {
        ...pickupOrder(server.productId),
        items: Array.from({ length: 100 }, () => ({ product_id: server.productId, quantity: 99, extras: [] })),
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'order_total_too_high' });
  });

  describe('as staff set it', () => {
    let admin: Awaited<ReturnType<typeof createTestUser>>;
    beforeEach(async () => {
      admin = await createTestUser(server.app, { role: 'admin' });
    });

    const setMaximum = (headers: Record<string, string>, maxOrderTotal: unknown) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/admin/stores/13/order-limits',
        headers,
        payload: { max_order_total: maxOrderTotal },
      });

    it('takes larger orders once staff raise it, and refuses them again when lowered', async () => {
      const quantity = Math.ceil(60_000 / server.product.priceCents);
      const raised = await setMaximum(admin.headers, 1200.5);
      expect(raised.statusCode).toBe(200);
      expect(raised.json()).toEqual({ max_order_total: 1200.5 });
      expect((await guestOrder(freshAddress(), {}, { quantity })).statusCode).toBe(201);

      await setMaximum(admin.headers, 500);
      const read = await server.app.inject({
        method: 'GET',
        url: '/api/admin/stores/13/order-limits',
        headers: admin.headers,
      });
      expect(read.json()).toEqual({ max_order_total: 500 });
      expect((await guestOrder(freshAddress(), {}, { quantity })).statusCode).toBe(422);
    });

    it('refuses a maximum that is not a positive amount in cents, and anyone but staff', async () => {
      for (const maximum of [0, -5, 12.345, 1_000_001, '500', 5e-324, 0.001]) {
        expect((await setMaximum(admin.headers, maximum)).statusCode).toBe(400);
      }
      const customer = await createTestUser(server.app);
      expect((await setMaximum(customer.headers, 10_000)).statusCode).toBe(403);
    });
  });
});
