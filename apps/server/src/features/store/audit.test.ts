import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntitiesSchema, auditPageSchema, type AuditPage } from '@pizzeria/domain';
import { auditLog, stores } from '../../db/schema.ts';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from '../../../test/helper.ts';

// The audit log of staff changes, filtered and paged.

let server: TestServer;
let maria: TestUser;
let luca: TestUser;

function call(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, user = maria, language = 'de') {
  return server.app.inject({ method, url, payload, headers: { ...user.headers, 'accept-language': language } });
}

async function page(query = ''): Promise<AuditPage> {
  const response = await call('GET', `/api/admin/stores/13/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return auditPageSchema.parse(response.json());
}

async function setCreatedAt(id: number, at: string) {
  await server.app.database.db
    .update(auditLog)
    .set({ createdAt: new Date(at) })
    .where(eq(auditLog.id, id));
}

let globalEntryId: number;

beforeAll(async () => {
  server = await buildTestServer();
  maria = await createTestUser(server.app, { role: 'admin', email: 'maria@pizzeria.example', name: 'Maria Rossi' });
  luca = await createTestUser(server.app, { role: 'admin', email: 'luca@pizzeria.example', name: 'Luca Bianchi' });
  const db = server.app.database.db;
  await db.delete(auditLog);

  // Three changes through the API: Maria's discount, Luca's delivery area and its removal.
  const discount = await call('PUT', '/api/admin/stores/13/discounts/PICKUP_DISCOUNT', { value: 15, version: 1 });
  expect(discount.statusCode, discount.body).toBe(200);
  const area = await call(
    'POST',
    '/api/admin/stores/13/delivery-areas',
    { postcode: '10115', city: 'Berlin', delivery_fee: 2, minimum_order_amount: 15, delivery_time: 40, hidden: false },
    luca,
  );
  expect(area.statusCode, area.body).toBe(201);
  const archived = await call(
    'POST',
    `/api/admin/stores/13/delivery-areas/${area.json().id}/archive`,
    { version: 1 },
    luca,
  );
  expect(archived.statusCode, archived.body).toBe(200);

  // A change to a shared table (no store) by the system, and one of another store.
  const [global] = await db
    .insert(auditLog)
    .values({ storeId: null, actorKind: 'system', entity: 'tax_rate', entityId: '1', action: 'update', after: {} })
    .returning({ id: auditLog.id });
  globalEntryId = global?.id ?? 0;
  const [other] = await db.insert(stores).values({ name: 'Zweite Filiale' }).returning({ id: stores.id });
  await db
    .insert(auditLog)
    .values({ storeId: other?.id, actorKind: 'staff', actorUserId: maria.id, entity: 'category', action: 'create' });

  // Spread them over the days (Berlin, summer time): the discount on 14 June, the area just after
  // midnight on 15 June local time (still 14 June in UTC), its removal and the tax change on 16 June.
  const rows = await db.select({ id: auditLog.id, entity: auditLog.entity, action: auditLog.action }).from(auditLog);
  for (const row of rows) {
    if (row.entity === 'discount') await setCreatedAt(row.id, '2026-06-14T10:00:00Z');
    if (row.entity === 'delivery_area' && row.action === 'create') await setCreatedAt(row.id, '2026-06-14T22:30:00Z');
    if (row.entity === 'delivery_area' && row.action === 'archive') await setCreatedAt(row.id, '2026-06-16T09:00:00Z');
    if (row.entity === 'tax_rate') await setCreatedAt(row.id, '2026-06-16T12:00:00Z');
  }
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/admin/stores/:id/audit', () => {
  it("lists the store's and the shared tables' changes, newest first, with who made them", async () => {
    const all = await page();
    expect(all.total).toBe(4);
    expect(all.page).toBe(1);
    expect(all.page_size).toBe(50);
    expect(all.items.map((entry) => [entry.entity, entry.action])).toEqual([
      ['tax_rate', 'update'],
      ['delivery_area', 'archive'],
      ['delivery_area', 'create'],
      ['discount', 'update'],
    ]);
    expect(all.items[0]).toMatchObject({
      id: globalEntryId,
      at: '2026-06-16T12:00:00.000Z',
      actor: { kind: 'system', id: null, email: null },
      entity_id: '1',
    });
    expect(all.items[3]).toEqual({
      id: expect.any(Number),
      at: '2026-06-14T10:00:00.000Z',
      actor: { kind: 'staff', id: maria.id, email: 'maria@pizzeria.example', name: 'Maria Rossi' },
      entity: 'discount',
      entity_id: 'PICKUP_DISCOUNT',
      action: 'update',
      before: { code: 'PICKUP_DISCOUNT', value: 10, version: 1 },
      after: { code: 'PICKUP_DISCOUNT', value: 15, version: 2 },
      // A discount has no name of its own: the page names it by its code.
      label: null,
    });
    expect(all.items[2]?.actor).toEqual({
      kind: 'staff',
      id: luca.id,
      email: 'luca@pizzeria.example',
      name: 'Luca Bianchi',
    });
    // The removed area is still named by its postcode and city.
    expect(all.items[1]?.label).toEqual({ de: '10115 Berlin', en: '10115 Berlin' });
    expect(all.items[2]?.after).toMatchObject({ postcode: '10115', delivery_fee: 2 });
  });

  it('filters by entity, action and staff member; empty filters are no filters', async () => {
    expect((await page('?entity=delivery_area')).items.map((entry) => entry.action)).toEqual(['archive', 'create']);
    expect((await page('?action=update')).items.map((entry) => entry.entity)).toEqual(['tax_rate', 'discount']);
    expect((await page(`?actor_id=${luca.id}`)).total).toBe(2);
    expect((await page(`?actor_id=${luca.id}&action=archive`)).total).toBe(1);
    expect((await page('?entity=&action=&actor_id=&from=&to=')).total).toBe(4);
  });

  it("filters by the store's local days, both included", async () => {
    const fifteenth = await page('?from=2026-06-15&to=2026-06-15');
    expect(fifteenth.items.map((entry) => [entry.entity, entry.action])).toEqual([['delivery_area', 'create']]);
    expect((await page('?from=2026-06-14&to=2026-06-14')).items.map((entry) => entry.entity)).toEqual(['discount']);
    expect((await page('?from=2026-06-15')).total).toBe(3);
    expect((await page('?to=2026-06-15')).total).toBe(2);
  });

  it('pages', async () => {
    const second = await page('?page=2&page_size=3');
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.items.map((entry) => entry.entity)).toEqual(['discount']);
    expect((await page('?page=3&page_size=3')).items).toEqual([]);
  });

  it('refuses a range that ends before it starts, bad dates and bad pages with 400', async () => {
    const reversed = await call('GET', '/api/admin/stores/13/audit?from=2026-06-16&to=2026-06-15');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      code: 'invalid_date_range',
      message: 'Der erste Tag muss vor dem letzten Tag liegen oder ihm gleichen.',
    });
    const english = await call(
      'GET',
      '/api/admin/stores/13/audit?from=2026-06-16&to=2026-06-15',
      undefined,
      maria,
      'en',
    );
    expect(english.json()).toMatchObject({ message: 'The first day must be on or before the last day.' });
    for (const query of ['from=2026-02-30', 'to=yesterday', 'page=0', 'page_size=101', 'actor_id=abc']) {
      const response = await call('GET', `/api/admin/stores/13/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('is 404 for a store that does not exist', async () => {
    expect((await call('GET', '/api/admin/stores/99/audit')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/stores/99/audit/entities')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/stores/:id/audit/entities', () => {
  it("names the entities in the store's log and the shared tables', not other stores'", async () => {
    const response = await call('GET', '/api/admin/stores/13/audit/entities');
    expect(response.statusCode).toBe(200);
    expect(auditEntitiesSchema.parse(response.json())).toEqual(['delivery_area', 'discount', 'tax_rate']);
  });
});
