import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox, stores } from '../../db/schema.ts';
import { ordersTestServer } from './test-orders.ts';

// A pickup order's mail said when, but not where: the restaurant's address and a map link.

const server = ordersTestServer({ env: { SEED_OPENING_HOURS: 'always' } });

function order(orderType: 'pickup' | 'delivery', email: string) {
  const items = [{ product_id: server.productId, quantity: 2, extras: [] }];
  return server.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      store_id: 13,
      order_type: orderType,
      postcode: orderType === 'delivery' ? '10999' : null,
      items: orderType === 'delivery' ? items.map((item) => ({ ...item, quantity: 10 })) : items,
      requested_time: 'asap',
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Maria Rossi',
        phone: '015112345678',
        email,
        line1: 'Wiener Straße 1',
        line2: null,
        city: '',
        zip: orderType === 'delivery' ? '10999' : '',
        country: 'DE',
      },
    },
  });
}

async function mailTo(email: string) {
  return vi.waitFor(
    async () => {
      const [row] = await server.app.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'order_received')));
      expect(row).toBeDefined();
      return row;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe("a pickup order's mail", () => {
  it("names the restaurant's address as the settings have it now, with a link to a map", async () => {
    await server.app.database.db
      .update(stores)
      .set({ address: 'Wrangelstraße 7, 10997 Berlin' })
      .where(eq(stores.id, 13));
    server.app.catalogue.invalidate(13);
    const response = await order('pickup', 'pickup@example.com');
    expect(response.statusCode, response.body).toBe(201);
    const mail = await mailTo('pickup@example.com');
    expect(mail?.textBody).toMatch(/Abholen bei\s+Pizzeria[^\n]*, Wrangelstraße 7, 10997 Berlin/);
    const link = 'https://www.google.com/maps/search/?api=1&query=Wrangelstra%C3%9Fe%207%2C%2010997%20Berlin';
    expect(mail?.textBody).toContain(link);
    expect(mail?.htmlBody).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  });

  it('is not in a delivery order’s mail', async () => {
    const response = await order('delivery', 'delivery@example.com');
    expect(response.statusCode, response.body).toBe(201);
    const mail = await mailTo('delivery@example.com');
    expect(mail?.textBody).not.toContain('Abholen bei');
    expect(mail?.textBody).not.toContain('google.com/maps');
  });
});
