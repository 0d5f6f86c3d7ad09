import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminDiscountSchema, conflictSchema, discountSchema, orderSchema } from '@pizzeria/domain';
import { auditLog, stores } from '../../db/schema.ts';
import { pickupOrder, simpleProduct, pinClock } from '../../../test/helper.ts';
import { backOfficeTestServer } from '../../../test/back-office.ts';

// The delivery and the pickup discount, edited live.

const backOffice = backOfficeTestServer();
const { request: call } = backOffice;

let productId: number;

async function list(storeId = 13) {
  const response = await call('GET', `/api/admin/stores/${storeId}/discounts`);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(adminDiscountSchema).parse(response.json());
}

async function publicDiscounts() {
  const response = await backOffice.app.inject({ method: 'GET', url: '/api/discounts/13' });
  expect(response.statusCode).toBe(200);
  return z.array(discountSchema).parse(response.json());
}

beforeAll(async () => {
  pinClock(backOffice.app);
  productId = (await simpleProduct(backOffice.app)).id;
});

describe('discounts', () => {
  it('lists both codes with their value and version', async () => {
    expect(await list()).toEqual([
      { code: 'DELIVERY_DISCOUNT', value: 5, version: 1 },
      { code: 'PICKUP_DISCOUNT', value: 10, version: 1 },
    ]);
  });

  it('saves a discount, audits it, and the shop and the next order use it at once', async () => {
    const response = await call('PUT', '/api/admin/stores/13/discounts/PICKUP_DISCOUNT', { value: 12.5, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ code: 'PICKUP_DISCOUNT', value: 12.5, version: 2 });
    expect(await list()).toContainEqual({ code: 'PICKUP_DISCOUNT', value: 12.5, version: 2 });
    expect(await publicDiscounts()).toContainEqual({ code: 'PICKUP_DISCOUNT', type: 'percentage', value: 12.5 });

    const placed = await backOffice.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(productId, { quantity: 2 }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.discount_code).toBe('PICKUP_DISCOUNT');
    expect(order.discount_percentage).toBe(12.5);
    expect(order.discount).toBeCloseTo(Math.round(order.subtotal * 12.5) / 100, 2);
    expect(order.total).toBeCloseTo(order.subtotal - order.discount, 2);

    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount'), eq(auditLog.entityId, 'PICKUP_DISCOUNT')));
    expect(entry).toMatchObject({
      storeId: 13,
      actorUserId: backOffice.admin.id,
      action: 'update',
      before: { code: 'PICKUP_DISCOUNT', value: 10, version: 1 },
      after: { code: 'PICKUP_DISCOUNT', value: 12.5, version: 2 },
    });
  });

  it('takes 0 %: the order then carries no discount', async () => {
    const response = await call('PUT', '/api/admin/stores/13/discounts/PICKUP_DISCOUNT', { value: 0, version: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const placed = await backOffice.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(productId),
    });
    const order = orderSchema.parse(placed.json());
    expect(order.discount_code).toBeNull();
    expect(order.discount).toBe(0);
  });

  it('refuses a stale version with 409 and the current discount', async () => {
    const response = await call('PUT', '/api/admin/stores/13/discounts/PICKUP_DISCOUNT', { value: 50, version: 1 });
    expect(response.statusCode).toBe(409);
    const conflict = conflictSchema(adminDiscountSchema).parse(response.json());
    expect(conflict.code).toBe('version_conflict');
    expect(conflict.current).toEqual({ code: 'PICKUP_DISCOUNT', value: 0, version: 3 });
    expect(await publicDiscounts()).toContainEqual({ code: 'PICKUP_DISCOUNT', type: 'percentage', value: 0 });
  });

  it.each([
    ['above 100 %', { value: 100.01, version: 1 }],
    ['below 0 %', { value: -1, version: 1 }],
    ['more than two decimals', { value: 12.345, version: 1 }],
    ['a text', { value: '10', version: 1 }],
    ['no version', { value: 10 }],
  ])('refuses a value %s with 400 (German, or English when asked)', async (_name, body) => {
    const german = await call('PUT', '/api/admin/stores/13/discounts/DELIVERY_DISCOUNT', body);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ code: 'invalid_request', message: 'Die Anfrage ist ungültig.' });
    const english = await call('PUT', '/api/admin/stores/13/discounts/DELIVERY_DISCOUNT', body, 'en');
    expect(english.json()).toMatchObject({ code: 'invalid_request', message: 'The request is not valid.' });
    expect((await list())[0]).toEqual({ code: 'DELIVERY_DISCOUNT', value: 5, version: 1 });
  });

  it('takes 100 % exactly', async () => {
    const response = await call('PUT', '/api/admin/stores/13/discounts/DELIVERY_DISCOUNT', { value: 100, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    await call('PUT', '/api/admin/stores/13/discounts/DELIVERY_DISCOUNT', { value: 5, version: 2 });
  });

  it('refuses an unknown code with 400 and an unknown store with 404', async () => {
    const code = await call('PUT', '/api/admin/stores/13/discounts/WINTER_DISCOUNT', { value: 5, version: 1 });
    expect(code.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/stores/99/discounts')).statusCode).toBe(404);
    const store = await call('PUT', '/api/admin/stores/99/discounts/PICKUP_DISCOUNT', { value: 5, version: 1 });
    expect(store.statusCode).toBe(404);
    expect(store.json()).toMatchObject({ code: 'store_not_found' });
  });

  it('shows a store without discount rows at 0 %, and its first save creates the row', async () => {
    const [store] = await backOffice.app.database.db
      .insert(stores)
      .values({ name: 'Zweite Filiale' })
      .returning({ id: stores.id });
    if (!store) throw new Error('no store');
    expect(await list(store.id)).toEqual([
      { code: 'DELIVERY_DISCOUNT', value: 0, version: 1 },
      { code: 'PICKUP_DISCOUNT', value: 0, version: 1 },
    ]);
    const stale = await call('PUT', `/api/admin/stores/${store.id}/discounts/DELIVERY_DISCOUNT`, {
      value: 3,
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    const saved = await call('PUT', `/api/admin/stores/${store.id}/discounts/DELIVERY_DISCOUNT`, {
      value: 3,
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ code: 'DELIVERY_DISCOUNT', value: 3, version: 2 });
    // The demo store's discounts are untouched.
    expect((await list())[0]).toEqual({ code: 'DELIVERY_DISCOUNT', value: 5, version: 3 });
  });
});
