import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { conflictSchema, deliveryAreaSchema, postcodeSchema, type DeliveryArea } from '@pizzeria/domain';
import { auditLog, postcodes, stores } from '../../db/schema.ts';
import { simpleProduct, pinClock } from '../../../test/helper.ts';
import { backOfficeTestServer } from '../../../test/back-office.ts';

// Delivery areas (one per postcode), archived rather than deleted.

const backOffice = backOfficeTestServer();
const { request: call } = backOffice;

let productId: number;

async function areas(): Promise<DeliveryArea[]> {
  const response = await call('GET', '/api/admin/stores/13/delivery-areas');
  expect(response.statusCode, response.body).toBe(200);
  return z.array(deliveryAreaSchema).parse(response.json());
}

async function shopPostcodes(): Promise<string[]> {
  const response = await backOffice.app.inject({ method: 'GET', url: '/api/postcodes/store/13' });
  expect(response.statusCode).toBe(200);
  return z
    .array(postcodeSchema)
    .parse(response.json())
    .map((entry) => entry.postcode);
}

/** A guest's delivery of ten of one product to the postcode: well above any minimum order here. */
function deliver(postcode: string) {
  return backOffice.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      store_id: 13,
      order_type: 'delivery',
      postcode,
      items: [{ product_id: productId, quantity: 10, extras: [] }],
      requested_time: 'asap',
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Gabi Gast',
        phone: '015112345678',
        line1: 'Teststraße 1',
        city: 'Berlin',
        zip: postcode,
        country: 'DE',
      },
    },
  });
}

const MITTE = {
  postcode: '10115',
  city: 'Berlin',
  delivery_fee: 2.5,
  minimum_order_amount: 15,
  delivery_time: 45,
  hidden: false,
};

async function auditOf(areaId: number) {
  return backOffice.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'delivery_area'), eq(auditLog.entityId, String(areaId))))
    .orderBy(auditLog.id);
}

beforeAll(async () => {
  pinClock(backOffice.app);
  productId = (await simpleProduct(backOffice.app)).id;
});

describe('delivery areas', () => {
  let mitte: DeliveryArea;

  it('lists the areas by postcode, with amounts in euros', async () => {
    const list = await areas();
    expect(list.length).toBeGreaterThan(0);
    const sorted = [...list].sort((a, b) => a.postcode.localeCompare(b.postcode));
    expect(list.map((area) => area.postcode)).toEqual(sorted.map((area) => area.postcode));
    expect(list.find((area) => area.postcode === '10999')).toMatchObject({
      city: 'Berlin',
      delivery_fee: 0,
      minimum_order_amount: 12,
      delivery_time: 30,
      hidden: false,
      version: 1,
    });
    expect(list.some((area) => area.postcode === '10115')).toBe(false);
  });

  it('adds an area (trimmed), audits it, and the shop offers it and delivers there at once', async () => {
    expect((await deliver('10115')).json()).toMatchObject({ code: 'postcode_not_delivered' });
    const response = await call('POST', '/api/admin/stores/13/delivery-areas', { ...MITTE, postcode: ' 10115 ' });
    expect(response.statusCode, response.body).toBe(201);
    mitte = deliveryAreaSchema.parse(response.json());
    expect(mitte).toEqual({ id: expect.any(Number), ...MITTE, version: 1 });
    expect(await areas()).toContainEqual(mitte);
    expect(await shopPostcodes()).toContain('10115');
    const order = await deliver('10115');
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ delivery_fee: 2.5 });

    const entries = await auditOf(mitte.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      storeId: 13,
      actorUserId: backOffice.admin.id,
      action: 'create',
      before: null,
      after: mitte,
    });
  });

  it('refuses the same postcode again with 409 postcode_taken and the area that has it', async () => {
    const response = await call('POST', '/api/admin/stores/13/delivery-areas', MITTE, 'en');
    expect(response.statusCode).toBe(409);
    const conflict = conflictSchema(deliveryAreaSchema).parse(response.json());
    expect(conflict).toMatchObject({ code: 'postcode_taken', current: mitte });
    expect(conflict.message).toContain('10115');
  });

  it.each([
    ['a German postcode of 4 digits', { postcode: '1011' }, 'invalid_postcode'],
    ['a German postcode with letters', { postcode: '1011A' }, 'invalid_postcode'],
    ['too short a postcode', { postcode: '10' }, 'invalid_request'],
    ['too long a postcode', { postcode: '12345678901' }, 'invalid_request'],
    ['a negative fee', { delivery_fee: -1 }, 'invalid_request'],
    ['a fee with a fraction of a cent', { delivery_fee: 1.005 }, 'invalid_request'],
    ['a negative minimum order', { minimum_order_amount: -0.01 }, 'invalid_request'],
    ['no delivery time', { delivery_time: 0 }, 'invalid_request'],
    ['too long a delivery time', { delivery_time: 241 }, 'invalid_request'],
    ['a delivery time in fractions', { delivery_time: 30.5 }, 'invalid_request'],
    ['no hidden flag', { hidden: undefined }, 'invalid_request'],
  ])('refuses %s with 400', async (_name, change, code) => {
    const body = { ...MITTE, postcode: '10119', ...change };
    const german = await call('POST', '/api/admin/stores/13/delivery-areas', body);
    expect(german.statusCode, german.body).toBe(400);
    expect(german.json()).toMatchObject({ code });
    if (code === 'invalid_postcode') expect(german.json().message).toBe('Eine Postleitzahl hat hier 5 Ziffern.');
    else expect(german.json().message).toBe('Die Anfrage ist ungültig.');
    const english = await call('POST', '/api/admin/stores/13/delivery-areas', body, 'en');
    expect(english.json().message).toBe(
      code === 'invalid_postcode' ? 'A postcode here has 5 digits.' : 'The request is not valid.',
    );
    expect((await areas()).some((area) => area.postcode === body.postcode)).toBe(false);
  });

  it('changes an area; hiding it takes it out of the shop and refuses deliveries there', async () => {
    const response = await call('PUT', `/api/admin/stores/13/delivery-areas/${mitte.id}`, {
      ...MITTE,
      city: 'Berlin-Mitte',
      delivery_fee: 3,
      hidden: true,
      version: mitte.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const hidden = deliveryAreaSchema.parse(response.json());
    expect(hidden).toEqual({ ...mitte, city: 'Berlin-Mitte', delivery_fee: 3, hidden: true, version: 2 });
    expect(await areas()).toContainEqual(hidden);
    expect(await shopPostcodes()).not.toContain('10115');
    const order = await deliver('10115');
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'postcode_not_delivered' });
    expect((await auditOf(mitte.id)).at(-1)).toMatchObject({ action: 'update', before: mitte, after: hidden });
    mitte = hidden;
  });

  it('refuses a stale version with 409 and the current area', async () => {
    const response = await call('PUT', `/api/admin/stores/13/delivery-areas/${mitte.id}`, { ...MITTE, version: 1 });
    expect(response.statusCode).toBe(409);
    expect(conflictSchema(deliveryAreaSchema).parse(response.json())).toMatchObject({
      code: 'version_conflict',
      current: mitte,
    });
    const archive = await call('POST', `/api/admin/stores/13/delivery-areas/${mitte.id}/archive`, { version: 1 });
    expect(archive.statusCode).toBe(409);
    expect(archive.json()).toMatchObject({ current: mitte });
  });

  it("refuses to change an area's postcode to one another area has", async () => {
    const response = await call('PUT', `/api/admin/stores/13/delivery-areas/${mitte.id}`, {
      ...MITTE,
      postcode: '10999',
      version: mitte.version,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'postcode_taken', current: { postcode: '10999' } });
  });

  it('removes (archives) an area: gone from both lists, deliveries refused, a second removal is 404', async () => {
    const shown = await call('PUT', `/api/admin/stores/13/delivery-areas/${mitte.id}`, {
      ...MITTE,
      version: mitte.version,
    });
    mitte = deliveryAreaSchema.parse(shown.json());
    expect(await shopPostcodes()).toContain('10115');

    const response = await call('POST', `/api/admin/stores/13/delivery-areas/${mitte.id}/archive`, {
      version: mitte.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: mitte.id, version: mitte.version + 1 });
    expect((await areas()).some((area) => area.id === mitte.id)).toBe(false);
    expect(await shopPostcodes()).not.toContain('10115');
    expect((await deliver('10115')).json()).toMatchObject({ code: 'postcode_not_delivered' });
    const [row] = await backOffice.app.database.db.select().from(postcodes).where(eq(postcodes.id, mitte.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await auditOf(mitte.id)).at(-1)).toMatchObject({ action: 'archive', before: mitte });

    const again = await call('POST', `/api/admin/stores/13/delivery-areas/${mitte.id}/archive`, {
      version: mitte.version + 1,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'delivery_area_not_found',
      message: 'Dieses Liefergebiet gibt es nicht.',
    });
    const edit = await call('PUT', `/api/admin/stores/13/delivery-areas/${mitte.id}`, {
      ...MITTE,
      version: mitte.version + 1,
    });
    expect(edit.statusCode).toBe(404);
  });

  it("refuses to rename another area to a removed area's postcode", async () => {
    const [other] = (await areas()).filter((area) => area.postcode === '10999');
    if (!other) throw new Error('no 10999');
    const response = await call('PUT', `/api/admin/stores/13/delivery-areas/${other.id}`, {
      ...MITTE,
      version: other.version,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'postcode_removed' });
  });

  it('brings a removed postcode back, the same row with the new values', async () => {
    const response = await call('POST', '/api/admin/stores/13/delivery-areas', {
      ...MITTE,
      delivery_fee: 1,
      delivery_time: 50,
    });
    expect(response.statusCode, response.body).toBe(201);
    const back = deliveryAreaSchema.parse(response.json());
    expect(back).toEqual({ ...mitte, delivery_fee: 1, delivery_time: 50, version: mitte.version + 2 });
    expect(await areas()).toContainEqual(back);
    expect(await shopPostcodes()).toContain('10115');
    const order = await deliver('10115');
    expect(order.statusCode, order.body).toBe(201);
    expect((await auditOf(mitte.id)).at(-1)).toMatchObject({ action: 'restore', after: back });
  });

  it("is 404 for an unknown area, another store's area and an unknown store", async () => {
    const db = backOffice.app.database.db;
    const [store] = await db.insert(stores).values({ name: 'Zweite Filiale' }).returning({ id: stores.id });
    if (!store) throw new Error('no store');
    const [foreign] = await db
      .insert(postcodes)
      .values({ storeId: store.id, postcode: '20095', deliveryTimeMinutes: 30 })
      .returning({ id: postcodes.id });
    if (!foreign) throw new Error('no area');
    for (const id of [foreign.id, 999_999]) {
      const edit = await call('PUT', `/api/admin/stores/13/delivery-areas/${id}`, { ...MITTE, version: 1 });
      expect(edit.statusCode).toBe(404);
      const archive = await call('POST', `/api/admin/stores/13/delivery-areas/${id}/archive`, { version: 1 });
      expect(archive.statusCode).toBe(404);
    }
    expect((await call('GET', '/api/admin/stores/99/delivery-areas')).statusCode).toBe(404);
    const create = await call('POST', '/api/admin/stores/99/delivery-areas', MITTE);
    expect(create.statusCode).toBe(404);
    expect(create.json()).toMatchObject({ code: 'store_not_found' });
    // The other store may have 10115 too: postcodes are unique per store.
    const theirs = await call('POST', `/api/admin/stores/${store.id}/delivery-areas`, MITTE);
    expect(theirs.statusCode, theirs.body).toBe(201);
  });
});
