import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orderSchema, timeSlotsSchema, type Order } from '@pizzeria/domain';
import { addresses, orderItems, orders, products, storeClosures, stores } from '../../db/schema.ts';
import type { Catalogue, CatalogueProduct } from '../catalogue/index.ts';
import type { TestUser } from '../../../test/helper.ts';
import { ordersTestServer } from './test-orders.ts';

// Monday 2026-06-15, 18:07 in Berlin (UTC+2): the demo store is open 17:00–22:30.
const MONDAY_EVENING = new Date('2026-06-15T16:07:00Z');
// Pickup: 18:07 + 20 min preparation → the 18:30 slot. Delivery to 10969 adds 35 min → 19:15.
const PICKUP_ASAP = '2026-06-15T16:30:00.000Z';
const DELIVERY_ASAP = '2026-06-15T17:15:00.000Z';

// The tests set the orders' clock themselves (`setClock`).
const server = ordersTestServer({
  users: { customerA: { name: 'Anna A' }, customerB: { name: 'Bert B' } },
  clock: false,
});
let catalogue: Catalogue;
let simple: CatalogueProduct;
let pizza: CatalogueProduct;
let salad: CatalogueProduct;

function app() {
  return server.app;
}

function setClock(instant: Date) {
  app().orders.clock = { now: () => instant };
}

function guestAddress(overrides: Record<string, unknown> = {}) {
  return {
    type: 'shipping' as const,
    customer_name: 'Gabi Gast',
    phone: '015112345678',
    email: 'gabi@example.com',
    line1: 'Gneisenaustraße 1',
    city: 'Berlin',
    zip: '10969',
    country: 'DE',
    ...overrides,
  };
}

/** A delivery to 10969 worth well above its 15 € minimum. */
function guestOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    store_id: 13,
    order_type: 'delivery',
    postcode: '10969',
    items: [{ product_id: simple.id, quantity: 3, extras: [] }],
    requested_time: 'asap',
    payment_method: 'cash',
    address: guestAddress(),
    ...overrides,
  };
}

async function post(
  url: string,
  body: unknown,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return app().inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...options.headers },
  });
}

function parseOrder(body: string): Order {
  return orderSchema.parse(JSON.parse(body));
}

async function orderCount(): Promise<number> {
  const [row] = await app()
    .database.db.select({ n: sql<number>`count(*)::int` })
    .from(orders);
  return Number(row?.n);
}

beforeAll(async () => {
  const loaded = await app().catalogue.get(13);
  if (!loaded) throw new Error('no demo store');
  catalogue = loaded;
  const find = (predicate: (product: CatalogueProduct) => boolean, what: string) => {
    const product = catalogue.products.find(predicate);
    if (!product) throw new Error(`the demo menu has no ${what}`);
    return product;
  };
  simple = find(
    (p) => p.type === 'simple' && p.available && p.priceCents >= 600 && p.toppingGroups.every((g) => g.minSelect === 0),
    'simple product',
  );
  pizza = find(
    (p) =>
      p.type === 'variable' &&
      p.variants.length > 1 &&
      p.toppingGroups.some((g) => g.maxSelect > 0 && g.maxSelect < 10),
    'pizza with sizes',
  );
  salad = find((p) => p.toppingGroups.some((g) => g.minSelect > 0), 'product with a required choice');
});

beforeEach(() => {
  setClock(MONDAY_EVENING);
});

describe('GET /api/stores/:id/slots', () => {
  it('offers ASAP with its honest time and the quarter hours after the preparation time', async () => {
    const response = await app().inject({ url: '/api/stores/13/slots?order_type=pickup' });
    expect(response.statusCode).toBe(200);
    const slots = timeSlotsSchema.parse(response.json());
    expect(slots.asap_available).toBe(true);
    expect(slots.asap_ready_at).toBe(PICKUP_ASAP);
    expect(slots.slots[0]).toEqual({ time: PICKUP_ASAP, label: '18:30' });
    expect(slots.slots.at(-1)?.label).toBe('22:15');
    expect(slots.timezone).toBe('Europe/Berlin');

    const delivery = timeSlotsSchema.parse(
      (await app().inject({ url: '/api/stores/13/slots?order_type=delivery&postcode=10969' })).json(),
    );
    expect(delivery.asap_ready_at).toBe(DELIVERY_ASAP);
  });

  it('offers no ASAP while the store is closed, and refuses bad queries with 4xx', async () => {
    setClock(new Date('2026-06-15T07:00:00Z')); // 09:00
    const slots = timeSlotsSchema.parse((await app().inject({ url: '/api/stores/13/slots?order_type=pickup' })).json());
    expect(slots.asap_available).toBe(false);
    expect(slots.slots[0]?.label).toBe('11:30');

    expect((await app().inject({ url: '/api/stores/13/slots' })).statusCode).toBe(400);
    expect((await app().inject({ url: '/api/stores/13/slots?order_type=boat' })).statusCode).toBe(400);
    expect((await app().inject({ url: '/api/stores/99/slots?order_type=pickup' })).statusCode).toBe(404);
    const unknownPostcode = await app().inject({ url: '/api/stores/13/slots?order_type=delivery&postcode=80331' });
    expect(unknownPostcode.statusCode).toBe(422);
    expect(unknownPostcode.json()).toMatchObject({ code: 'postcode_not_delivered' });
  });
});

describe('pre-orders for a later day', () => {
  it('lists today and the 7 days after it, and offers a later day its own slots without ASAP', async () => {
    const today = timeSlotsSchema.parse((await app().inject({ url: '/api/stores/13/slots?order_type=pickup' })).json());
    expect(today.date).toBe('2026-06-15');
    expect(today.days.map((day) => day.date)).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
      '2026-06-21',
      '2026-06-22',
    ]);
    expect(today.days.every((day) => day.available)).toBe(true);

    const tuesday = timeSlotsSchema.parse(
      (await app().inject({ url: '/api/stores/13/slots?order_type=pickup&date=2026-06-16' })).json(),
    );
    expect(tuesday).toMatchObject({ date: '2026-06-16', asap_available: false, asap_ready_at: null });
    expect(tuesday.slots[0]).toEqual({ time: '2026-06-16T09:30:00.000Z', label: '11:30' });
    expect(tuesday.slots.at(-1)?.label).toBe('22:15');

    const outside = await app().inject({ url: '/api/stores/13/slots?order_type=pickup&date=2026-06-23' });
    expect(outside.statusCode).toBe(200);
    expect(timeSlotsSchema.parse(outside.json()).slots).toEqual([]);
    const notADate = await app().inject({ url: '/api/stores/13/slots?order_type=pickup&date=2026-06-31' });
    expect(notADate.statusCode).toBe(400);
  });

  it('says why a day has no times: a closure day is closed, with the reason staff gave', async () => {
    await app()
      .database.db.insert(storeClosures)
      .values({ storeId: 13, startsOn: '2026-06-17', endsOn: '2026-06-17', reason: 'Betriebsferien' });
    // The closures in effect are read by the store's clock: the same Monday evening.
    const storeClock = app().storeStatus.clock;
    app().storeStatus.clock = { now: () => MONDAY_EVENING };
    await app().storeStatus.changed(13);
    try {
      const today = timeSlotsSchema.parse(
        (await app().inject({ url: '/api/stores/13/slots?order_type=pickup' })).json(),
      );
      expect(today.days[2]).toEqual({
        date: '2026-06-17',
        available: false,
        no_times: 'closed',
        closure_reason: 'Betriebsferien',
      });
      // A day with room says nothing more.
      expect(today.days[1]).toEqual({ date: '2026-06-16', available: true });
    } finally {
      await app().database.db.delete(storeClosures);
      app().storeStatus.clock = storeClock;
      await app().storeStatus.changed(13);
    }
  });

  it('takes a pre-order placed at night, and gives staff until after opening to answer it', async () => {
    setClock(new Date('2026-06-15T04:00:00Z')); // 06:00, closed until 11:30
    const response = await post('/api/orders/guest', guestOrder({ requested_time: '2026-06-17T19:00:00+02:00' }));
    expect(response.statusCode, response.body).toBe(201);
    const order = parseOrder(response.body);
    expect(order).toMatchObject({
      status: 'waiting',
      requested_time: '2026-06-17T17:00:00.000Z',
      promised_at: '2026-06-17T17:00:00.000Z',
    });
    const [row] = await app()
      .database.db.select({ waitingSince: orders.waitingSince })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.waitingSince?.toISOString()).toBe('2026-06-15T09:30:00.000Z');

    // Unanswered rejection counts from the opening (15 minutes in the demo store), not from the night.
    const statusOf = async () =>
      (await app().database.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status;
    setClock(new Date('2026-06-15T09:40:00Z'));
    await app().orders.rejectUnanswered();
    expect(await statusOf()).toBe('waiting');
    setClock(new Date('2026-06-15T09:46:00Z'));
    await app().orders.rejectUnanswered();
    expect(await statusOf()).toBe('rejected');
  });
});

describe('POST /api/orders/guest', () => {
  it('places a cash delivery priced from the catalogue, waiting for the restaurant', async () => {
    const response = await post('/api/orders/guest', guestOrder());
    expect(response.statusCode).toBe(201);
    const order = parseOrder(response.body);
    const subtotal = simple.priceCents * 3;
    const discount = Math.round((subtotal * 5) / 100);
    expect(order).toMatchObject({
      status: 'waiting',
      order_type: 'delivery',
      payment_method: 'cash',
      postcode: '10969',
      requested_time: null,
      promised_at: DELIVERY_ASAP,
      customer_name: 'Gabi Gast',
      email: 'gabi@example.com',
      subtotal: subtotal / 100,
      discount_code: 'DELIVERY_DISCOUNT',
      discount_percentage: 5,
      discount: discount / 100,
      delivery_fee: 1,
      total: (subtotal - discount + 100) / 100,
    });
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: simple.id, quantity: 3, price: simple.priceCents / 100 }),
    ]);
    expect(order.vat.length).toBeGreaterThan(0);
    expect(order.tracking_token).toMatch(/^[\w-]{20,}$/);
  });

  it("stores the guest's phone in E.164, however it is typed", async () => {
    const response = await post(
      '/api/orders/guest',
      guestOrder({ address: guestAddress({ phone: '+49 151 2345 6789' }) }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = parseOrder(response.body);
    expect(order.phone).toBe('+4915123456789');
    const [row] = await app()
      .database.db.select({ address: orders.address })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.address.phone).toBe('+4915123456789');
  });

  it('refuses a phone number that is none with invalid_phone, in the caller’s language', async () => {
    const before = await orderCount();
    const body = guestOrder({ address: guestAddress({ phone: '0170 1234 5678 9012 3' }) });
    const german = await post('/api/orders/guest', body);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({
      code: 'invalid_phone',
      message: expect.stringMatching(/^Die Telefonnummer ist ungültig/),
    });
    const english = await post('/api/orders/guest', body, { headers: { 'accept-language': 'en' } });
    expect(english.json()).toMatchObject({
      code: 'invalid_phone',
      message: expect.stringMatching(/^The phone number is not valid/),
    });
    expect(await orderCount()).toBe(before);
  });

  it('ignores prices and totals a client sends', async () => {
    const honest = parseOrder((await post('/api/orders/guest', guestOrder())).body);
    const tampered = parseOrder(
      (
        await post(
          '/api/orders/guest',
          guestOrder({
            items: [
              {
                product_id: pizza.id,
                variant_id: pizza.variants[0]?.id,
                quantity: 1,
                price: 0.01,
                line_total: 0,
                extras: [{ id: pizza.toppingGroups[0]?.toppings[0]?.id ?? 0, quantity: 1, price: 0 }],
              },
              { product_id: simple.id, quantity: 3, extras: [], price: 0.01 },
            ],
            total: 0.01,
            subtotal: 0.01,
            delivery_fee: 0,
            discount_percentage: 100,
            status: 'accepted',
          }),
        )
      ).body,
    );
    const variant = pizza.variants[0];
    const topping = pizza.toppingGroups[0]?.toppings[0];
    if (!variant || !topping) throw new Error('pizza without variant or topping');
    expect(tampered.status).toBe('waiting');
    expect(tampered.items[0]).toMatchObject({
      price: variant.priceCents / 100,
      extras: [expect.objectContaining({ id: topping.id, price: topping.priceCents / 100 })],
      line_total: (variant.priceCents + topping.priceCents) / 100,
    });
    expect(tampered.subtotal).toBeCloseTo(honest.subtotal + (variant.priceCents + topping.priceCents) / 100, 2);
    expect(tampered.delivery_fee).toBe(1);
    expect(tampered.discount_percentage).toBe(5);
  });

  it('charges bottle deposits on top, stores them per line and keeps them when the menu changes (decision 016)', async () => {
    const drink = catalogue.products.find((p) => p.available && p.depositCents > 0 && p.type === 'simple');
    if (!drink) throw new Error('the demo menu has no drink with a deposit');
    const items = [
      { product_id: simple.id, quantity: 3, extras: [] },
      { product_id: drink.id, quantity: 2, extras: [] },
    ];
    const response = await post('/api/orders/guest', guestOrder({ items }));
    expect(response.statusCode).toBe(201);
    const order = parseOrder(response.body);
    const subtotal = simple.priceCents * 3 + drink.priceCents * 2;
    const discount = Math.round((subtotal * 5) / 100);
    const deposit = drink.depositCents * 2;
    expect(order).toMatchObject({
      subtotal: subtotal / 100,
      discount: discount / 100,
      deposit: deposit / 100,
      total: (subtotal - discount + deposit + 100) / 100,
    });
    expect(order.items[1]).toMatchObject({
      product_id: drink.id,
      line_total: (drink.priceCents * 2) / 100,
      deposit: drink.depositCents / 100,
      deposit_total: deposit / 100,
    });
    expect(order.items[0]).toMatchObject({ deposit: 0, deposit_total: 0 });
    const stored = await app()
      .database.db.select({ depositCents: orderItems.depositCents })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, drink.id)));
    expect(stored).toEqual([{ depositCents: drink.depositCents }]);

    await app().database.db.update(products).set({ depositCents: 99 }).where(eq(products.id, drink.id));
    await app().catalogue.invalidate(13);
    try {
      const reread = await app().inject({ url: `/api/orders/${order.id}?token=${order.tracking_token}` });
      const { tracking_token: _token, ...again } = parseOrder(reread.body);
      const { tracking_token: _placed, ...placed } = order;
      expect(again).toEqual(placed);
    } finally {
      await app()
        .database.db.update(products)
        .set({ depositCents: drink.depositCents })
        .where(eq(products.id, drink.id));
      await app().catalogue.invalidate(13);
    }
  });

  it('lets the tracking token, and only it, read a guest order', async () => {
    const order = parseOrder((await post('/api/orders/guest', guestOrder())).body);
    const withToken = await app().inject({ url: `/api/orders/${order.id}?token=${order.tracking_token}` });
    expect(withToken.statusCode).toBe(200);
    expect(parseOrder(withToken.body).id).toBe(order.id);
    for (const url of [
      `/api/orders/${order.id}`,
      `/api/orders/${order.id}?token=wrong`,
      `/api/orders/${order.id}?token=`,
    ]) {
      const response = await app().inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'order_not_found' });
    }
    expect(
      (await app().inject({ url: `/api/orders/${order.id}`, headers: server.users.customerA.headers })).statusCode,
    ).toBe(404);
    const byAdmin = await app().inject({ url: `/api/orders/${order.id}`, headers: server.admin.headers });
    expect(byAdmin.statusCode).toBe(200);
    expect(parseOrder(byAdmin.body).tracking_token).toBeUndefined();
  });

  describe('refuses what cannot be taken, with its code and nothing stored', () => {
    const variantOfAnother = () =>
      catalogue.products.find((p) => p.id !== pizza.id && p.variants.length > 0)?.variants[0]?.id;
    const cases: { name: string; status: number; code: string; body: () => Record<string, unknown>; clock?: Date }[] = [
      {
        name: 'ASAP while closed',
        status: 422,
        code: 'store_closed',
        clock: new Date('2026-06-15T07:00:00Z'),
        body: () => guestOrder(),
      },
      {
        name: 'a time that is not a slot',
        status: 422,
        code: 'invalid_time_slot',
        body: () => guestOrder({ requested_time: '2026-06-15T19:07:00+02:00' }),
      },
      {
        name: 'a slot before the preparation time',
        status: 422,
        code: 'invalid_time_slot',
        body: () => guestOrder({ requested_time: '2026-06-15T18:15:00+02:00' }),
      },
      {
        name: 'a slot after the pre-order window of 7 days',
        status: 422,
        code: 'invalid_time_slot',
        body: () => guestOrder({ requested_time: '2026-06-23T19:00:00+02:00' }),
      },
      {
        name: 'a postcode outside the area',
        status: 422,
        code: 'postcode_not_delivered',
        body: () => guestOrder({ postcode: '80331', address: guestAddress({ zip: '80331' }) }),
      },
      {
        name: 'a delivery without postcode',
        status: 422,
        code: 'postcode_required',
        body: () => guestOrder({ postcode: null, address: guestAddress({ zip: '' }) }),
      },
      {
        name: 'less than the minimum order (the value of the goods)',
        status: 422,
        code: 'below_minimum_order',
        body: () => guestOrder({ items: [{ product_id: simple.id, quantity: 1, extras: [] }] }),
      },
      {
        name: 'an unknown product',
        status: 422,
        code: 'unknown_product',
        body: () => guestOrder({ items: [{ product_id: 999_999, quantity: 1, extras: [] }] }),
      },
      {
        name: 'a variable product without a variant',
        status: 422,
        code: 'variant_required',
        body: () => guestOrder({ items: [{ product_id: pizza.id, quantity: 3, extras: [] }] }),
      },
      {
        name: "another product's variant",
        status: 422,
        code: 'invalid_variant',
        body: () => guestOrder({ items: [{ product_id: pizza.id, variant_id: variantOfAnother(), quantity: 3 }] }),
      },
      {
        name: 'a variant on a simple product',
        status: 422,
        code: 'invalid_variant',
        body: () => guestOrder({ items: [{ product_id: simple.id, variant_id: pizza.variants[0]?.id, quantity: 3 }] }),
      },
      {
        name: 'a topping outside the product’s groups',
        status: 422,
        code: 'invalid_topping',
        body: () =>
          guestOrder({
            items: [
              { product_id: pizza.id, variant_id: pizza.variants[0]?.id, quantity: 3, extras: [{ id: 999_999 }] },
            ],
          }),
      },
      {
        name: 'a required choice missing',
        status: 422,
        code: 'topping_group_min',
        body: () => guestOrder({ items: [{ product_id: salad.id, variant_id: salad.variants[0]?.id, quantity: 5 }] }),
      },
      {
        name: 'too many picks in a group',
        status: 422,
        code: 'topping_group_max',
        body: () => {
          const group = pizza.toppingGroups.find((g) => g.maxSelect > 0 && g.maxSelect < 10);
          const topping = group?.toppings[0];
          return guestOrder({
            items: [
              {
                product_id: pizza.id,
                variant_id: pizza.variants[0]?.id,
                quantity: 3,
                extras: [{ id: topping?.id ?? 0, quantity: (group?.maxSelect ?? 0) + 1 }],
              },
            ],
          });
        },
      },
      {
        name: 'quantity 0',
        status: 422,
        code: 'invalid_quantity',
        body: () => guestOrder({ items: [{ product_id: simple.id, quantity: 0 }] }),
      },
      {
        name: 'quantity 100',
        status: 422,
        code: 'invalid_quantity',
        body: () => guestOrder({ items: [{ product_id: simple.id, quantity: 100 }] }),
      },
      {
        name: 'a note over 500 characters',
        status: 422,
        code: 'note_too_long',
        body: () => guestOrder({ note: 'x'.repeat(501) }),
      },
      {
        name: 'PayPal (not yet offered)',
        status: 422,
        code: 'payment_method_unavailable',
        body: () => guestOrder({ payment_method: 'paypal' }),
      },
      {
        name: 'a guest order without address',
        status: 422,
        code: 'address_required',
        body: () => guestOrder({ address: undefined }),
      },
      {
        name: 'a phone with letters',
        status: 400,
        code: 'invalid_phone',
        body: () => guestOrder({ address: guestAddress({ phone: '030 CALL ME' }) }),
      },
      {
        name: 'a guest address without line1',
        status: 400,
        code: 'invalid_request',
        body: () => guestOrder({ address: guestAddress({ line1: '  ' }) }),
      },
    ];

    for (const testCase of cases) {
      it(`${testCase.name} → ${testCase.code}`, async () => {
        if (testCase.clock) setClock(testCase.clock);
        const before = await orderCount();
        const response = await post('/api/orders/guest', testCase.body(), { headers: { 'accept-language': 'en' } });
        expect(response.statusCode, response.body).toBe(testCase.status);
        const body = response.json<{ code: string; message: string }>();
        expect(body.code).toBe(testCase.code);
        expect(body.message.length).toBeGreaterThan(5);
        expect(await orderCount()).toBe(before);
      });
    }

    it('an unavailable product → product_unavailable, with a German message by default', async () => {
      await app().database.db.update(products).set({ hidden: true }).where(eq(products.id, simple.id));
      app().catalogue.invalidate(13);
      try {
        const response = await post('/api/orders/guest', guestOrder());
        expect(response.statusCode).toBe(422);
        // The refusal names the dish, so the customer knows which line to remove.
        expect(response.json()).toEqual({
          code: 'product_unavailable',
          message: `${simple.name.de} ist gerade nicht verfügbar. Bitte entfernen Sie es aus dem Warenkorb.`,
        });
      } finally {
        await app().database.db.update(products).set({ hidden: false }).where(eq(products.id, simple.id));
        app().catalogue.invalidate(13);
      }
    });

    it("a dish sold out today → product_unavailable naming it with its size, in the caller's language", async () => {
      await app()
        .database.db.update(products)
        .set({ soldOutUntil: new Date('2099-01-01T00:00:00Z') })
        .where(eq(products.id, pizza.id));
      app().catalogue.invalidate(13);
      try {
        const variant = pizza.variants[1];
        if (!variant) throw new Error('the demo pizza has no second size');
        const body = guestOrder({ items: [{ product_id: pizza.id, variant_id: variant.id, quantity: 3, extras: [] }] });
        const german = await post('/api/orders/guest', body);
        expect(german.statusCode).toBe(422);
        expect(german.json()).toEqual({
          code: 'product_unavailable',
          message: `${pizza.name.de} (${variant.name.de}) ist heute ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.`,
        });
        const english = await post('/api/orders/guest', body, { headers: { 'accept-language': 'en' } });
        expect(english.json<{ message: string }>().message).toBe(
          `${pizza.name.en} (${variant.name.en}) is sold out today. Please remove it from your cart.`,
        );
      } finally {
        await app().database.db.update(products).set({ soldOutUntil: null }).where(eq(products.id, pizza.id));
        app().catalogue.invalidate(13);
      }
    });
  });
});

describe('Idempotency-Key', () => {
  it('is required', async () => {
    const response = await post('/api/orders/guest', guestOrder(), { key: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'idempotency_key_required' });
  });

  it('returns the same order for the same body and refuses another body', async () => {
    const key = randomUUID();
    const first = await post('/api/orders/guest', guestOrder(), { key });
    expect(first.statusCode).toBe(201);
    const again = await post('/api/orders/guest', { ...guestOrder(), unknown_field: 'ignored' }, { key });
    expect(again.statusCode).toBe(200);
    expect(parseOrder(again.body).id).toBe(parseOrder(first.body).id);

    const other = await post('/api/orders/guest', guestOrder({ note: 'Bitte klingeln' }), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('makes exactly one order of 20 concurrent requests with one key', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/orders/guest', guestOrder(), { key })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    const ids = new Set(responses.map((response) => parseOrder(response.body).id));
    expect(ids.size).toBe(1);
    const rows = await app().database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('scopes keys: a customer and a guest may use the same key', async () => {
    const key = randomUUID();
    expect((await post('/api/orders/guest', guestOrder(), { key })).statusCode).toBe(201);
    const pickup = { ...guestOrder({ order_type: 'pickup', postcode: null }), address: undefined };
    expect((await post('/api/orders/', pickup, { key, headers: server.users.customerA.headers })).statusCode).toBe(201);
  });
});

describe("the kitchen's capacity", () => {
  it('stops offering a full slot and refuses an order into it with slot_full', async () => {
    await app().database.db.update(stores).set({ ordersPerSlot: 2 }).where(eq(stores.id, 13));
    try {
      const slot = '2026-06-15T20:00:00+02:00';
      const slotIso = new Date(slot).toISOString();
      const body = () => guestOrder({ requested_time: slot });
      const offered = async () =>
        timeSlotsSchema
          .parse((await app().inject({ url: '/api/stores/13/slots?order_type=delivery&postcode=10969' })).json())
          .slots.map((entry) => entry.time);

      expect(await offered()).toContain(slotIso);
      expect((await post('/api/orders/guest', body())).statusCode).toBe(201);
      expect(await offered()).toContain(slotIso);
      const second = await post('/api/orders/guest', body());
      expect(second.statusCode).toBe(201);
      expect(parseOrder(second.body).promised_at).toBe(slotIso);
      expect(await offered()).not.toContain(slotIso);

      const third = await post('/api/orders/guest', body());
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ code: 'slot_full' });
      const inSlot = await app()
        .database.db.select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeId, 13), eq(orders.slotStart, new Date(slotIso))));
      expect(inSlot).toHaveLength(2);
    } finally {
      await app().database.db.update(stores).set({ ordersPerSlot: 6 }).where(eq(stores.id, 13));
    }
  });

  it('moves the honest ASAP time past full slots, and never overbooks under concurrency', async () => {
    await app().database.db.update(stores).set({ ordersPerSlot: 1 }).where(eq(stores.id, 13));
    try {
      setClock(new Date('2026-06-15T18:07:00Z')); // 20:07 local, ASAP pickup 20:30 and later quarters
      const pickup = () => ({
        ...guestOrder({ order_type: 'pickup', postcode: null }),
        address: guestAddress({ zip: '' }),
      });
      const responses = await Promise.all(Array.from({ length: 5 }, () => post('/api/orders/guest', pickup())));
      expect(responses.every((response) => response.statusCode === 201)).toBe(true);
      const promised = responses.map((response) => parseOrder(response.body).promised_at).sort();
      expect(promised).toEqual([
        '2026-06-15T18:30:00.000Z',
        '2026-06-15T18:45:00.000Z',
        '2026-06-15T19:00:00.000Z',
        '2026-06-15T19:15:00.000Z',
        '2026-06-15T19:30:00.000Z',
      ]);
      const slots = timeSlotsSchema.parse(
        (await app().inject({ url: '/api/stores/13/slots?order_type=pickup' })).json(),
      );
      expect(slots.asap_ready_at).toBe('2026-06-15T19:45:00.000Z');
    } finally {
      await app().database.db.update(stores).set({ ordersPerSlot: 6 }).where(eq(stores.id, 13));
    }
  });
});

describe('one transaction per order', () => {
  it('stores nothing when the order fails halfway through its lines', async () => {
    const db = app().database.db;
    await db.execute(
      sql.raw(`create function fail_order_items() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure while storing order lines'; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger fail_order_items before insert on order_items for each row execute function fail_order_items()`,
      ),
    );
    try {
      const before = await orderCount();
      const key = randomUUID();
      const response = await post('/api/orders/guest', guestOrder(), { key });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'internal_error' });
      expect(await orderCount()).toBe(before);
      expect(await db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger fail_order_items on order_items'));
      await db.execute(sql.raw('drop function fail_order_items()'));
    }
    // With the fault gone the same key places the order: the failed attempt left no trace behind.
    expect((await post('/api/orders/guest', guestOrder())).statusCode).toBe(201);
  });
});

describe('customer orders', () => {
  async function addressOf(user: TestUser, zip = '10969'): Promise<number> {
    const response = await app().inject({
      method: 'POST',
      url: '/api/addresses/',
      headers: user.headers,
      payload: { customer_name: 'Anna A', phone: '0301234567', line1: 'Bergmannstraße 5', city: 'Berlin', zip },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  function customerOrder(addressId: number | undefined, overrides: Record<string, unknown> = {}) {
    return { ...guestOrder(), address: undefined, address_id: addressId, ...overrides };
  }

  it("delivers to the caller's own saved address only, and lists the caller's orders newest first", async () => {
    const ownAddress = await addressOf(server.users.customerA);
    const foreignAddress = await addressOf(server.users.customerB);

    const foreign = await post('/api/orders/', customerOrder(foreignAddress), {
      headers: server.users.customerA.headers,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'unknown_address' });
    const missing = await post('/api/orders/', customerOrder(undefined), { headers: server.users.customerA.headers });
    expect(missing.json()).toMatchObject({ code: 'address_required' });

    const first = parseOrder(
      (await post('/api/orders/', customerOrder(ownAddress), { headers: server.users.customerA.headers })).body,
    );
    expect(first).toMatchObject({ customer_name: 'Anna A', postcode: '10969', email: server.users.customerA.email });
    const second = parseOrder(
      (
        await post('/api/orders/', customerOrder(ownAddress, { note: 'Zweite' }), {
          headers: server.users.customerA.headers,
        })
      ).body,
    );
    const bOrder = parseOrder(
      (await post('/api/orders/', customerOrder(foreignAddress), { headers: server.users.customerB.headers })).body,
    );

    const history = await app().inject({ url: '/api/orders/', headers: server.users.customerA.headers });
    expect(history.statusCode).toBe(200);
    const ids = history.json<Order[]>().map((order) => order.id);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
    expect(ids).not.toContain(bOrder.id);

    expect(
      (await app().inject({ url: `/api/orders/${first.id}`, headers: server.users.customerA.headers })).statusCode,
    ).toBe(200);
    expect(
      (await app().inject({ url: `/api/orders/${first.id}`, headers: server.users.customerB.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app().inject({ url: `/api/orders/${bOrder.id}`, headers: server.users.customerA.headers })).statusCode,
    ).toBe(404);
  });

  it("takes a pickup with the account's name", async () => {
    const response = await post('/api/orders/', customerOrder(undefined, { order_type: 'pickup', postcode: null }), {
      headers: server.users.customerB.headers,
    });
    expect(response.statusCode).toBe(201);
    expect(parseOrder(response.body)).toMatchObject({
      customer_name: 'Bert B',
      delivery_fee: 0,
      discount_code: 'PICKUP_DISCOUNT',
      promised_at: PICKUP_ASAP,
    });
    const stored = await app()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(eq(orderItems.orderId, parseOrder(response.body).id));
    expect(Number(stored[0]?.n)).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    const response = await post('/api/orders/', customerOrder(1));
    expect(response.statusCode).toBe(401);
    expect((await app().inject({ url: '/api/orders/' })).statusCode).toBe(401);
  });

  it('leaves addresses alone', async () => {
    expect(await app().database.db.select().from(addresses).where(eq(addresses.userId, server.admin.id))).toEqual([]);
  });
});
