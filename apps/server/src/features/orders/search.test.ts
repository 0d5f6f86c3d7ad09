import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, orderSearchPageSchema, type Order, type OrderSearchPage } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import { pickupOrder } from '../../../test/helper.ts';
import { movePlacedAt, ordersTestServer, placeOrderVia } from './test-orders.ts';

// "Bestellungen": staff find any order by number, name, phone or e-mail, filter it by the store's local
// days, status and payment, and page through all of them newest first, over orders placed through the app.

// Room for every order of this file in one slot: the kitchen's capacity has its own tests.
const server = ordersTestServer({ users: { customer: {} }, ordersPerSlot: 500 });

interface Contact {
  name: string;
  phone: string;
  email?: string;
}

/** Places a guest's cash pickup and then gives it the time it was placed at (only `created_at` counts here). */
async function place(contact: Contact, at: string): Promise<Order> {
  const base = pickupOrder(server.productId, { quantity: 1 });
  const order = await placeOrderVia(server.app, {
    ...base,
    address: {
      ...(base.address as Record<string, unknown>),
      customer_name: contact.name,
      phone: contact.phone,
      ...(contact.email ? { email: contact.email } : {}),
    },
  });
  await movePlacedAt(server.app, order.id, at);
  return order;
}

function search(
  query: Record<string, string>,
  headers: Record<string, string> = server.admin.headers,
  language = 'de',
) {
  return server.app.inject({
    method: 'GET',
    url: `/api/admin/stores/13/orders?${new URLSearchParams(query).toString()}`,
    headers: { ...headers, 'accept-language': language },
  });
}

async function found(query: Record<string, string>): Promise<OrderSearchPage> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return orderSearchPageSchema.parse(response.json());
}

async function idsFound(query: Record<string, string>): Promise<number[]> {
  return (await found({ limit: '100', ...query })).orders.map((order) => order.id);
}

let gabi: Order; // Saturday 2026-11-28, 00:30 in Berlin (Friday 23:30 UTC)
let maria: Order; // Friday 2026-11-27, 19:00 in Berlin
let karl: Order; // Thursday 2026-11-26, 12:00 in Berlin
let paid: Order; // paid with PayPal, its refund refused

beforeAll(async () => {
  gabi = await place(
    { name: 'Gabi Gast', phone: '0170 1234567', email: 'Gabi.Gast@Example.com' },
    '2026-11-27T23:30:00Z',
  );
  maria = await place({ name: 'Maria Müller', phone: '+49 30 98765432' }, '2026-11-27T18:00:00Z');
  karl = await place({ name: 'Karl Koch', phone: '+43 1 5556677', email: 'karl@koch.at' }, '2026-11-26T11:00:00Z');
  paid = await place({ name: 'Paula PayPal', phone: '0151 11112222' }, '2026-11-25T11:00:00Z');
  // What PayPal's flow leaves behind (its own tests walk it): paid online, the refund after a rejection refused.
  await server.app.database.db
    .update(orders)
    .set({ paymentMethod: 'paypal', paymentStatus: 'refund_failed', status: 'rejected' })
    .where(eq(orders.id, paid.id));
});

describe('GET /api/admin/stores/:id/orders: the search box', () => {
  it('finds an order by its number, with or without "#"', async () => {
    expect(await idsFound({ q: String(maria.id) })).toEqual([maria.id]);
    expect(await idsFound({ q: `#${karl.id}` })).toEqual([karl.id]);
  });

  it('finds a phone number however it is typed', async () => {
    for (const q of ['0170 1234567', '+49 170 1234567', '0049 (0)170 / 123 45 67', '01701234567', '1234567']) {
      expect(await idsFound({ q }), q).toEqual([gabi.id]);
    }
    expect(await idsFound({ q: '030 98765432' })).toEqual([maria.id]);
    expect(await idsFound({ q: '+43 1 5556677' })).toEqual([karl.id]);
  });

  it('finds a part of the name, in any case', async () => {
    expect(await idsFound({ q: 'gabi' })).toEqual([gabi.id]);
    expect(await idsFound({ q: 'MÜLLER' })).toEqual([maria.id]);
    expect(await idsFound({ q: 'aul' })).toEqual([paid.id]);
  });

  it('finds a part of the e-mail, in any case', async () => {
    expect(await idsFound({ q: 'gabi.gast@example' })).toEqual([gabi.id]);
    expect(await idsFound({ q: 'KOCH.AT' })).toEqual([karl.id]);
  });

  it('takes "%" and "_" literally', async () => {
    expect(await idsFound({ q: '%' })).toEqual([]);
    expect(await idsFound({ q: 'Gabi_Gast' })).toEqual([]);
  });

  it('lists each order with what staff recognise it by', async () => {
    const [row] = (await found({ q: String(gabi.id) })).orders;
    expect(row).toEqual({
      id: gabi.id,
      created_at: '2026-11-27T23:30:00.000Z',
      customer_name: 'Gabi Gast',
      phone: '+491701234567',
      email: 'gabi.gast@example.com',
      order_type: 'pickup',
      status: 'waiting',
      payment_method: 'cash',
      payment_status: null,
      total: gabi.total,
      cancelled_by: null,
    });
  });
});

describe('GET /api/admin/stores/:id/orders: the filters', () => {
  it("takes the store's local days: 00:30 in Berlin on the 28th is the 28th, not the 27th (UTC)", async () => {
    expect(await idsFound({ from: '2026-11-28', to: '2026-11-28' })).toEqual([gabi.id]);
    expect(await idsFound({ from: '2026-11-27', to: '2026-11-27' })).toEqual([maria.id]);
    expect(await idsFound({ from: '2026-11-26', to: '2026-11-27' })).toEqual([maria.id, karl.id]);
    expect(await idsFound({ to: '2026-11-26' })).toEqual([karl.id, paid.id]);
    expect(await idsFound({ from: '2026-11-27' })).toEqual([gabi.id, maria.id]);
  });

  it('filters by status, payment method and payment state, with the search box', async () => {
    expect(await idsFound({ status: 'rejected' })).toEqual([paid.id]);
    expect(await idsFound({ payment_method: 'paypal' })).toEqual([paid.id]);
    expect(await idsFound({ payment_method: 'cash' })).toEqual([gabi.id, maria.id, karl.id]);
    expect(await idsFound({ payment_status: 'refund_failed' })).toEqual([paid.id]);
    expect(await idsFound({ status: 'waiting', q: 'gabi' })).toEqual([gabi.id]);
    expect(await idsFound({ status: 'rejected', q: 'gabi' })).toEqual([]);
  });

  it('refuses a bad filter with a 400 naming it, in the language of the staff member', async () => {
    const german = await search({ status: 'lost', from: '28.11.2026' });
    expect(german.statusCode).toBe(400);
    const body = apiErrorSchema.parse(german.json());
    expect(body.code).toBe('invalid_order_filter');
    expect(body.message).toContain('Status: einer aus der Liste');
    expect(body.message).toContain('von: ein Datum wie 2026-11-28');

    const english = await search({ payment_status: 'gone' }, server.admin.headers, 'en');
    expect(english.statusCode).toBe(400);
    expect(apiErrorSchema.parse(english.json()).message).toContain('payment state: one from the list');

    const reversed = await search({ from: '2026-11-28', to: '2026-11-27' }, server.admin.headers, 'en');
    expect(reversed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(reversed.json())).toMatchObject({
      code: 'report_range_reversed',
      message: 'The start date is after the end date.',
    });
  });
});

describe('GET /api/admin/stores/:id/orders: paging', () => {
  it('pages through all orders newest first without gaps or repeats while new orders arrive', async () => {
    // Two of them placed at the very same instant: the order number breaks the tie.
    const more = [
      await place({ name: 'Tina Tie', phone: '0160 5550001' }, '2026-11-20T10:00:00Z'),
      await place({ name: 'Tom Tie', phone: '0160 5550002' }, '2026-11-20T10:00:00Z'),
      await place({ name: 'Olga Older', phone: '0160 5550003' }, '2026-11-19T10:00:00Z'),
    ];
    const everyOrder = await idsFound({});
    expect(everyOrder).toHaveLength(7);
    expect(everyOrder.slice(-3)).toEqual([more[1]?.id, more[0]?.id, more[2]?.id]);

    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: OrderSearchPage = await found({ limit: '2', ...(cursor === null ? {} : { cursor: String(cursor) }) });
      seen.push(...page.orders.map((order) => order.id));
      cursor = page.next_cursor;
      pages += 1;
      // A new order between two pages lands on top, not in the pages still to come.
      await place({ name: `Neu ${pages}`, phone: '0160 5550009' }, `2026-12-01T10:0${pages}:00Z`);
    } while (cursor !== null);
    expect(pages).toBe(4);
    expect(seen).toEqual(everyOrder);
  });

  it('says there is no next page when the last page is full', async () => {
    const page = await found({ status: 'rejected', limit: '1' });
    expect(page.orders.map((order) => order.id)).toEqual([paid.id]);
    expect(page.next_cursor).toBeNull();
  });
});

describe('GET /api/admin/stores/:id/orders: who may search', () => {
  it('answers 401 without a token and 403 to a customer', async () => {
    expect((await search({}, {})).statusCode).toBe(401);
    expect((await search({ q: 'gabi' }, server.users.customer.headers)).statusCode).toBe(403);
  });

  it('answers 404 for a store that does not exist', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/admin/stores/99999/orders',
      headers: server.admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/admin/stores/:id/orders: who cancelled', () => {
  it('says a cancelled order was called off by the customer (never answered) or by the restaurant (after accepting)', async () => {
    await server.app.database.db
      .update(orders)
      .set({ status: 'cancelled', decidedAt: null })
      .where(eq(orders.id, gabi.id));
    await server.app.database.db
      .update(orders)
      .set({ status: 'cancelled', decidedAt: new Date('2026-11-27T18:05:00Z') })
      .where(eq(orders.id, maria.id));
    const rows = (await found({ limit: '100' })).orders;
    const by = (id: number) => rows.find((row) => row.id === id)?.cancelled_by;
    expect(by(gabi.id)).toBe('customer');
    expect(by(maria.id)).toBe('restaurant');
    expect(by(karl.id)).toBeNull();
  });
});
