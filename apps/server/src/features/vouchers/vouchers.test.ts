import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminVoucherSchema,
  adminVouchersSchema,
  orderSchema,
  voucherCheckSchema,
  type AdminVoucher,
  type VoucherCreate,
  type Order,
} from '@pizzeria/domain';
import {
  buildTestServer,
  createTestUser,
  pickupOrder,
  pinClock,
  simpleProduct,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { present } from '../../../test/back-office.ts';
import { auditLog, voucherRedemptions, vouchers } from '../../db/schema.ts';

// Vouchers: staff's "Gutscheine", the cart's check of a code, and an order redeeming one. The demo store
// is open on the pinned Monday evening (2026-06-15, 18:07 in Berlin); its pickup discount is 10 %.

interface VoucherTestServer {
  app: FastifyInstance;
  admin: TestUser;
  customer: TestUser;
  productId: number;
}

/** A server on its own database with an admin, a customer and the demo product; the clock pinned. */
function voucherTestServer(database: 'default' | 'pglite' = 'default'): VoucherTestServer {
  let built: TestServer | undefined;
  let parts: Omit<VoucherTestServer, 'app'> | undefined;
  beforeAll(async () => {
    built = await buildTestServer({}, { database });
    pinClock(built.app);
    parts = {
      admin: await createTestUser(built.app, { role: 'admin' }),
      customer: await createTestUser(built.app, { role: 'customer' }),
      productId: (await simpleProduct(built.app)).id,
    };
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app() {
      return present(built).app;
    },
    get admin() {
      return present(parts).admin;
    },
    get customer() {
      return present(parts).customer;
    },
    get productId() {
      return present(parts).productId;
    },
  };
}

/** An order posted under a fresh Idempotency-Key: a guest's unless `url` says otherwise. */
function postOrder(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  options: { headers?: Record<string, string>; url?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID(), ...options.headers },
    payload,
  });
}

function placedOrder(response: LightMyRequestResponse): Order {
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

const server = voucherTestServer();

const VOUCHER: VoucherCreate = {
  code: 'SOMMER-10',
  kind: 'percentage',
  percentage: 20,
  amount: null,
  minimum_order_amount: 0,
  valid_from: null,
  valid_to: null,
  order_types: 'both',
  max_uses: null,
  max_uses_per_customer: null,
  first_order_only: false,
  active: true,
};

type VoucherBody = VoucherCreate;

let codeCounter = 0;
/** A voucher body with a code of its own (tests share the store). */
function voucherBody(changes: Partial<VoucherBody> = {}): VoucherBody {
  codeCounter += 1;
  return { ...VOUCHER, code: `TEST-${codeCounter}`, ...changes };
}

function admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'de') {
  return server.app.inject({
    method,
    url: `/api/admin/stores/13${url}`,
    headers: { ...server.admin.headers, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });
}

async function create(changes: Partial<VoucherBody> = {}): Promise<AdminVoucher> {
  const response = await admin('POST', '/vouchers', voucherBody(changes));
  expect(response.statusCode, response.body).toBe(201);
  return adminVoucherSchema.parse(response.json());
}

function check(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'POST', url: '/api/stores/13/vouchers/check', headers, payload });
}

function guestWith(code: string, guest: { phone?: string; email?: string; quantity?: number } = {}) {
  const order = pickupOrder(server.productId, { quantity: guest.quantity ?? 2 });
  const address = order['address'] as Record<string, unknown>;
  return {
    ...order,
    voucher_code: code,
    address: { ...address, phone: guest.phone ?? address['phone'], email: guest.email ?? 'gabi@example.com' },
  };
}

async function usesOf(voucherId: number): Promise<number> {
  const [row] = await server.app.database.db
    .select({ uses: vouchers.uses })
    .from(vouchers)
    .where(eq(vouchers.id, voucherId));
  return present(row).uses;
}

describe("staff's vouchers", () => {
  it('creates a voucher in capitals with its days, lists it, and audits it', async () => {
    const created = await create({ code: ' Herbst-5 ', valid_from: '2026-10-25', valid_to: '2026-10-31' });
    expect(created).toMatchObject({ code: 'HERBST-5', valid_from: '2026-10-25', valid_to: '2026-10-31', uses: 0 });
    // Berlin's days: the 25th starts at 00:00 CEST (22:00 UTC the day before), the day after the 31st at 00:00 CET.
    const [row] = await server.app.database.db.select().from(vouchers).where(eq(vouchers.id, created.id));
    expect(row?.validFrom?.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(row?.validUntil?.toISOString()).toBe('2026-10-31T23:00:00.000Z');

    const listed = adminVouchersSchema.parse((await admin('GET', '/vouchers')).json());
    expect(listed.vouchers[0]).toEqual(created);
    expect(listed.combine_with_discount).toBe(false);

    const entries = await server.app.database.db.select().from(auditLog).where(eq(auditLog.entity, 'voucher'));
    expect(entries.find((entry) => entry.entityId === String(created.id))).toMatchObject({ action: 'create' });
  });

  it('refuses a code a live voucher has in any case, and frees it once the voucher is removed', async () => {
    const first = await create({ code: 'DOPPELT' });
    const again = await admin('POST', '/vouchers', voucherBody({ code: 'doppelt' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'voucher_code_taken' });
    expect(again.json().message).toContain('DOPPELT');

    expect((await admin('DELETE', `/vouchers/${first.id}`)).statusCode).toBe(204);
    const listed = adminVouchersSchema.parse((await admin('GET', '/vouchers')).json());
    expect(listed.vouchers.map((voucher) => voucher.id)).not.toContain(first.id);
    await create({ code: 'Doppelt' });
    expect((await admin('DELETE', `/vouchers/${first.id}`)).statusCode).toBe(404);
  });

  it('answers bad terms with 400 and issues saying what is wrong, field by field', async () => {
    const issuesOf = async (changes: Partial<VoucherBody>) => {
      const response = await admin('POST', '/vouchers', voucherBody(changes), 'en');
      expect(response.statusCode).toBe(400);
      const body = response.json() as { code: string; issues: { path: string; message: string }[] };
      expect(body.code).toBe('invalid_request');
      return body.issues;
    };
    expect(await issuesOf({ percentage: 10, amount: 5 })).toContainEqual({
      path: '/kind',
      message: expect.stringContaining('A percentage voucher needs `percentage`'),
    });
    expect(await issuesOf({ valid_from: '2026-07-02', valid_to: '2026-07-01' })).toContainEqual({
      path: '/valid_to',
      message: 'The last day cannot be before the first',
    });
    expect(await issuesOf({ code: 'mit leerzeichen' })).toContainEqual({
      path: '/code',
      message: 'Letters, digits and hyphens only',
    });
    expect((await issuesOf({ percentage: 120 }))[0]?.path).toBe('/percentage');
    expect(
      adminVouchersSchema.parse((await admin('GET', '/vouchers')).json()).vouchers.map((v) => v.code),
    ).not.toContain('MIT LEERZEICHEN');
  });

  it('refuses fewer uses in all than were taken already', async () => {
    const created = await create({ max_uses: 3 });
    placedOrder(await postOrder(server.app, guestWith(created.code, { phone: '030 4444 1000' })));
    placedOrder(await postOrder(server.app, guestWith(created.code, { phone: '030 4444 2000' })));
    const lowered = await admin('PUT', `/vouchers/${created.id}`, {
      ...voucherBody({ code: created.code, max_uses: 1 }),
      version: created.version,
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json()).toMatchObject({ code: 'voucher_uses_above_max' });
    expect(lowered.json().message).toContain('2');
  });

  it('saves a change at its version, 409 with the current one otherwise', async () => {
    const created = await create();
    const saved = await admin('PUT', `/vouchers/${created.id}`, {
      ...voucherBody({ code: created.code, kind: 'amount', percentage: null, amount: 5 }),
      version: created.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'amount', amount: 5, percentage: null, version: created.version + 1 });
    const stale = await admin('PUT', `/vouchers/${created.id}`, { ...voucherBody(), version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current: { id: created.id, amount: 5 } });
  });

  it('saves the setting with the store version', async () => {
    const { store_version } = adminVouchersSchema.parse((await admin('GET', '/vouchers')).json());
    const saved = await admin('PUT', '/vouchers/settings', { combine_with_discount: true, version: store_version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ combine_with_discount: true, version: store_version + 1 });
    const stale = await admin('PUT', '/vouchers/settings', { combine_with_discount: false, version: store_version });
    expect(stale.statusCode).toBe(409);
    const back = await admin('PUT', '/vouchers/settings', { combine_with_discount: false, version: store_version + 1 });
    expect(back.statusCode).toBe(200);
  });
});

describe("the cart's check of a code", () => {
  it('answers the terms in any case, and 404 `voucher_unknown` for an unknown, inactive or removed code', async () => {
    const created = await create({ code: 'PRUEFEN', kind: 'amount', percentage: null, amount: 3 });
    const response = await check({ code: ' pruefen ', order_type: 'pickup' });
    expect(response.statusCode, response.body).toBe(200);
    expect(voucherCheckSchema.parse(response.json())).toMatchObject({
      id: created.id,
      code: 'PRUEFEN',
      kind: 'amount',
      amount: 3,
      combines_with_discount: false,
      refusal: null,
    });
    expect((await check({ code: 'GIBTSNICHT', order_type: 'pickup' })).json()).toMatchObject({
      code: 'voucher_unknown',
    });
    const inactive = await create({ active: false });
    expect((await check({ code: inactive.code, order_type: 'pickup' })).statusCode).toBe(404);
  });

  it('knows the demo voucher WILLKOMMEN: 10 % off a first order', async () => {
    const response = await check({ code: 'willkommen', order_type: 'delivery', phone: '0170 0000001' });
    expect(response.json()).toMatchObject({ code: 'WILLKOMMEN', kind: 'percentage', percentage: 10, refusal: null });
  });

  it('names what the history says: used up, this customer’s limit, first order only', async () => {
    const once = await create({ max_uses_per_customer: 1 });
    const guest = { phone: '030 9999 1111', email: 'Einmal@Example.com' };
    placedOrder(await postOrder(server.app, guestWith(once.code, guest)));
    const byPhone = await check({ code: once.code, order_type: 'pickup', phone: '030 99991111' });
    expect(byPhone.json()).toMatchObject({ refusal: 'voucher_limit_reached' });
    const byEmail = await check({ code: once.code, order_type: 'pickup', email: 'einmal@example.COM' });
    expect(byEmail.json()).toMatchObject({ refusal: 'voucher_limit_reached' });
    expect((await check({ code: once.code, order_type: 'pickup', phone: '030 1234567' })).json()).toMatchObject({
      refusal: null,
    });

    const single = await create({ max_uses: 1 });
    placedOrder(await postOrder(server.app, guestWith(single.code, { phone: '030 5555 1212' })));
    expect((await check({ code: single.code, order_type: 'pickup' })).json()).toMatchObject({
      refusal: 'voucher_used_up',
    });

    const first = await create({ first_order_only: true });
    const customer = server.customer;
    expect((await check({ code: first.code, order_type: 'pickup' }, customer.headers)).json()).toMatchObject({
      refusal: null,
    });
    placedOrder(
      await postOrder(server.app, pickupOrder(server.productId, { guest: false }), {
        url: '/api/orders/',
        headers: customer.headers,
      }),
    );
    expect((await check({ code: first.code, order_type: 'pickup' }, customer.headers)).json()).toMatchObject({
      refusal: 'voucher_first_order_only',
    });
  });
});

describe('an order with a voucher', () => {
  it('is priced with it on the server (the larger of voucher and discount) and redeems one use', async () => {
    const created = await create({ percentage: 25 });
    const order: Order = placedOrder(await postOrder(server.app, guestWith(created.code.toLowerCase())));
    expect(order.voucher_code).toBe(created.code);
    // 25 % beats the pickup's 10 %: the voucher instead of the discount.
    expect(order.discount).toBe(0);
    expect(order.voucher_discount).toBeCloseTo(Math.round(order.subtotal * 25) / 100, 2);
    expect(order.total).toBeCloseTo(order.subtotal - (order.voucher_discount ?? 0) + order.deposit, 2);
    expect(await usesOf(created.id)).toBe(1);
    const [redemption] = await server.app.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.orderId, order.id));
    expect(redemption).toMatchObject({ voucherId: created.id, email: 'gabi@example.com', releasedAt: null });

    const details = await server.app.inject({ url: `/api/admin/orders/${order.id}`, headers: server.admin.headers });
    expect(details.json()).toMatchObject({ voucher_code: created.code, voucher_discount: order.voucher_discount });
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.tracking_token}`,
    });
    expect(orderSchema.parse(read.json())).toMatchObject({
      voucher_code: created.code,
      voucher_discount: order.voucher_discount,
    });
  });

  it('is refused with the voucher’s reason, in words', async () => {
    const refused = async (code: string, payload = guestWith(code)) => {
      const response = await postOrder(server.app, payload, { headers: { 'accept-language': 'en' } });
      expect(response.statusCode, response.body).toBe(422);
      return response.json() as { code: string; message: string };
    };
    expect(await refused('NIEGEHOERT')).toMatchObject({ code: 'voucher_unknown' });
    const late = await create({ valid_from: '2026-06-20', valid_to: null });
    expect(await refused(late.code)).toMatchObject({
      code: 'voucher_not_yet_valid',
      message: 'This voucher is not valid yet.',
    });
    const past = await create({ valid_from: null, valid_to: '2026-06-14' });
    expect(await refused(past.code)).toMatchObject({ code: 'voucher_expired' });
    const delivery = await create({ order_types: 'delivery' });
    expect(await refused(delivery.code)).toMatchObject({ code: 'voucher_wrong_order_type' });
    const big = await create({ minimum_order_amount: 400 });
    expect(await refused(big.code)).toMatchObject({ code: 'voucher_minimum_not_reached' });
    const small = await create({ percentage: 5 });
    expect(await refused(small.code)).toMatchObject({ code: 'voucher_not_combinable' });

    const once = await create({ max_uses_per_customer: 1 });
    placedOrder(await postOrder(server.app, guestWith(once.code, { phone: '030 7777 1000' })));
    expect(
      await refused(once.code, guestWith(once.code, { phone: '030 7777 1000', email: 'other@example.com' })),
    ).toMatchObject({
      code: 'voucher_limit_reached',
    });
    const single = await create({ max_uses: 1 });
    placedOrder(await postOrder(server.app, guestWith(single.code, { phone: '030 7777 2000' })));
    expect(await refused(single.code)).toMatchObject({ code: 'voucher_used_up' });
    expect(await usesOf(single.id)).toBe(1);

    const first = await create({ first_order_only: true });
    placedOrder(
      await postOrder(server.app, pickupOrder(server.productId, { guest: false }), {
        url: '/api/orders/',
        headers: server.customer.headers,
      }),
    );
    const customersOrder = { ...pickupOrder(server.productId, { guest: false }), voucher_code: first.code };
    const response = await postOrder(server.app, customersOrder, {
      url: '/api/orders/',
      headers: server.customer.headers,
    });
    expect(response.json()).toMatchObject({ code: 'voucher_first_order_only' });
  });

  it('adds to the discount when the store lets them combine', async () => {
    const { store_version } = adminVouchersSchema.parse((await admin('GET', '/vouchers')).json());
    await admin('PUT', '/vouchers/settings', { combine_with_discount: true, version: store_version });
    try {
      const created = await create({ kind: 'amount', percentage: null, amount: 1 });
      const order = placedOrder(await postOrder(server.app, guestWith(created.code)));
      expect(order.discount).toBeGreaterThan(0);
      expect(order.voucher_discount).toBe(1);
      expect(order.total).toBeCloseTo(order.subtotal - order.discount - 1 + order.deposit, 2);
    } finally {
      await admin('PUT', '/vouchers/settings', { combine_with_discount: false, version: store_version + 1 });
    }
  });

  it('gives its use back when the restaurant rejects it or the customer cancels it', async () => {
    const created = await create({ max_uses: 1 });
    const rejected = placedOrder(await postOrder(server.app, guestWith(created.code, { phone: '030 8888 1000' })));
    expect(await usesOf(created.id)).toBe(1);
    const reject = await server.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${rejected.id}/reject`,
      headers: server.admin.headers,
      payload: { reason: 'Kein Teig' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await usesOf(created.id)).toBe(0);
    const [released] = await server.app.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.orderId, rejected.id));
    expect(released?.releasedAt).not.toBeNull();

    const cancelled = placedOrder(await postOrder(server.app, guestWith(created.code, { phone: '030 8888 2000' })));
    expect(await usesOf(created.id)).toBe(1);
    const cancel = await server.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.id}/cancel?token=${cancelled.tracking_token}`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(created.id)).toBe(0);
    // The use is free again for someone else.
    placedOrder(await postOrder(server.app, guestWith(created.code, { phone: '030 8888 3000' })));
  });
});

const databases = [
  { name: 'PGlite', database: 'pglite' as const },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', database: 'default' as const }] : []),
];

describe.each(databases)('the last use of a voucher on $name', ({ database }) => {
  const racing = voucherTestServer(database);

  it('goes to exactly one of two orders placed at once', async () => {
    const response = await racing.app.inject({
      method: 'POST',
      url: '/api/admin/stores/13/vouchers',
      headers: racing.admin.headers,
      payload: voucherBody({ code: 'LETZTER', max_uses: 1 }),
    });
    const voucher = adminVoucherSchema.parse(response.json());
    const order = (phone: string) =>
      postOrder(racing.app, {
        ...pickupOrder(racing.productId, { quantity: 2 }),
        voucher_code: 'letzter',
        address: { ...(pickupOrder(racing.productId)['address'] as object), phone },
      });
    const answers = await Promise.all([order('030 1111 0001'), order('030 1111 0002'), order('030 1111 0003')]);
    const codes = answers.map((answer) => (answer.statusCode === 201 ? 'placed' : answer.json().code)).sort();
    expect(codes).toEqual(['placed', 'voucher_used_up', 'voucher_used_up']);
    const [row] = await racing.app.database.db
      .select({ uses: vouchers.uses })
      .from(vouchers)
      .where(eq(vouchers.id, voucher.id));
    expect(row?.uses).toBe(1);
    const redemptions = await racing.app.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(redemptions).toHaveLength(1);
  });
});

describe('unknown codes from one client address', () => {
  let limited: TestServer | undefined;
  beforeAll(async () => {
    limited = await buildTestServer({ TRACKING_FAILURES_PER_HOUR_PER_ADDRESS: '2' }, { database: 'pglite' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('are held to the limit, while known codes are not counted', async () => {
    const app = present(limited).app;
    const tryCode = (code: string, ip = '203.0.113.7') =>
      app.inject({
        method: 'POST',
        url: '/api/stores/13/vouchers/check',
        remoteAddress: ip,
        payload: { code, order_type: 'pickup' },
      });
    expect((await tryCode('RATEN-1')).statusCode).toBe(404);
    // A known code gives its count back, however often it is checked.
    for (let i = 0; i < 3; i += 1) expect((await tryCode('WILLKOMMEN')).statusCode).toBe(200);
    expect((await tryCode('RATEN-2')).statusCode).toBe(404);
    const refused = await tryCode('RATEN-3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    // Another address is not held back.
    expect((await tryCode('RATEN-4', '198.51.100.9')).statusCode).toBe(404);
  });
});
