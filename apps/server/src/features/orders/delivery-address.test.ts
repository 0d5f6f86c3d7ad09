import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema.ts';
import { ordersTestServer } from './test-orders.ts';

// Delivery addresses had no town ("Torstraße 12 · 10117"), and a signed-in customer could not
// order to an address typed at checkout.

const server = ordersTestServer({ env: { SEED_OPENING_HOURS: 'always' }, users: { customer: {} } });

const typedAddress = (overrides: Record<string, unknown> = {}) => ({
  type: 'shipping',
  customer_name: 'Maria Rossi',
  phone: '015112345678',
  email: 'maria@example.com',
  line1: 'Oranienstraße 12',
  line2: '3. OG',
  city: '',
  zip: '10999',
  country: 'DE',
  ...overrides,
});

const delivery = (extra: Record<string, unknown>) => ({
  store_id: 13,
  order_type: 'delivery',
  postcode: '10999',
  // Enough for every area's minimum order.
  items: [{ product_id: server.productId, quantity: Math.ceil(3000 / server.product.priceCents), extras: [] }],
  requested_time: 'asap',
  payment_method: 'cash',
  ...extra,
});

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': randomUUID() }, payload });
}

describe('the town of a delivery address', () => {
  it('is part of every delivery area', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/postcodes/store/13' });
    const areas = response.json() as { postcode: string; city: string }[];
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) expect(area.city).toBe('Berlin');
  });

  it('comes from the area when the form did not ask, on the order and in its mail', async () => {
    const response = await post('/api/orders/guest', delivery({ address: typedAddress() }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      address: { line1: 'Oranienstraße 12', line2: '3. OG', zip: '10999', city: 'Berlin' },
    });
    const mail = await vi.waitFor(
      async () => {
        const [row] = await server.app.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, 'maria@example.com'), eq(outbox.kind, 'order_received')));
        expect(row).toBeDefined();
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail?.textBody).toContain('10999 Berlin');
  });

  it('keeps a town the customer typed', async () => {
    const response = await post('/api/orders/guest', delivery({ address: typedAddress({ city: 'Berlin-Kreuzberg' }) }));
    expect(response.json()).toMatchObject({ address: { city: 'Berlin-Kreuzberg' } });
  });
});

/** The customer's saved delivery address in 10999 with this street line; its id. */
async function saveAddress(line1: string): Promise<number> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/addresses/',
    headers: server.users.customer.headers,
    payload: { customer_name: 'Maria', phone: '015112345678', line1, city: 'Berlin', zip: '10999' },
  });
  return (created.json() as { id: number }).id;
}

describe('a signed-in customer’s address typed at checkout', () => {
  const savedAddresses = async () =>
    (
      await server.app.inject({ method: 'GET', url: '/api/addresses/', headers: server.users.customer.headers })
    ).json() as unknown[];

  it('is taken like a guest’s, and not saved to the account', async () => {
    const response = await post(
      '/api/orders/',
      delivery({ address: typedAddress({ email: '' }) }),
      server.users.customer.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      customer_name: 'Maria Rossi',
      email: server.users.customer.email,
      address: { line1: 'Oranienstraße 12', zip: '10999', city: 'Berlin' },
    });
    expect(await savedAddresses()).toHaveLength(0);
  });

  it('is saved to the account when the customer asks', async () => {
    const response = await post(
      '/api/orders/',
      delivery({ address: typedAddress(), save_address: true }),
      server.users.customer.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await savedAddresses()).toEqual([
      expect.objectContaining({ line1: 'Oranienstraße 12', line2: '3. OG', zip: '10999', city: 'Berlin' }),
    ]);
  });

  it('is checked like a guest’s: an area not served, a postcode that does not match', async () => {
    const outside = await post(
      '/api/orders/',
      delivery({ postcode: '80331', address: typedAddress({ zip: '80331' }) }),
      server.users.customer.headers,
    );
    expect(outside.json()).toMatchObject({ code: 'postcode_not_delivered' });
    const mismatch = await post(
      '/api/orders/',
      delivery({ address: typedAddress({ zip: '10997' }) }),
      server.users.customer.headers,
    );
    expect(mismatch.json()).toMatchObject({ code: 'postcode_mismatch' });
    const blank = await post(
      '/api/orders/',
      delivery({ address: typedAddress({ line1: '  ' }) }),
      server.users.customer.headers,
    );
    expect(blank.statusCode).toBe(400);
  });

  it('still leaves a saved address (address_id) working, and a delivery without any address refused', async () => {
    const addressId = await saveAddress('Wiener Straße 1');
    const saved = await post('/api/orders/', delivery({ address_id: addressId }), server.users.customer.headers);
    expect(saved.json()).toMatchObject({ address: { line1: 'Wiener Straße 1', city: 'Berlin' } });
    const none = await post('/api/orders/', delivery({}), server.users.customer.headers);
    expect(none.json()).toMatchObject({ code: 'address_required' });
  });
});

describe('a pickup guest', () => {
  const pickup = (address: Record<string, unknown>) => ({
    ...delivery({ address }),
    order_type: 'pickup',
    postcode: null,
  });

  it('orders with only a name and a phone, and the order keeps what was given', async () => {
    const { line1: _street, line2: _extra, ...contactOnly } = typedAddress({ zip: '', email: '' });
    const response = await post('/api/orders/guest', pickup(contactOnly));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      customer_name: 'Maria Rossi',
      phone: '+4915112345678',
      address: { line1: '', line2: null, zip: '' },
    });
    const blank = await post('/api/orders/guest', pickup(typedAddress({ line1: '', line2: '', zip: '' })));
    expect(blank.statusCode, blank.body).toBe(201);
  });

  it('while a delivery guest without a street is refused', async () => {
    const response = await post('/api/orders/guest', delivery({ address: typedAddress({ line1: '' }) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
  });
});

describe('a deleted saved address', () => {
  it('leaves the orders placed to it unchanged: they keep their own copy', async () => {
    const addressId = await saveAddress('Skalitzer Straße 7');
    const placed = await post('/api/orders/', delivery({ address_id: addressId }), server.users.customer.headers);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { id: number }).id;

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${addressId}`,
      headers: server.users.customer.headers,
    });
    expect(removed.statusCode).toBe(204);
    const order = await server.app.inject({ url: `/api/orders/${orderId}`, headers: server.users.customer.headers });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ address: { line1: 'Skalitzer Straße 7', zip: '10999', city: 'Berlin' } });
  });
});
