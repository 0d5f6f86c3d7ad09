import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditPageSchema, closureOrdersConflictSchema, storeClosureSchema, type AuditEntry } from '@pizzeria/domain';
import {
  buildTestServer,
  createTestUser,
  pickupOrder,
  pinClock,
  simpleProduct,
  type TestServer,
  type TestUser,
} from '../../../test/helper.ts';
import { auditLog, orders, storeClosures, stores } from '../../db/schema.ts';
import type { CatalogueProduct } from '../catalogue/index.ts';

// Staff's pauses and closure days in the audit log, and closing days that already have orders.
// At MONDAY_EVENING (18:07 in Berlin on 15 June 2026) the demo store is open.

let server: TestServer;
let maria: TestUser;
let simple: CatalogueProduct;

function asMaria(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return server.app.inject({ method, url, payload, headers: { ...maria.headers, 'accept-language': 'de' } });
}

async function entries(query = ''): Promise<AuditEntry[]> {
  const response = await asMaria('GET', `/api/admin/stores/13/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return auditPageSchema.parse(response.json()).items;
}

/** A guest's pickup order for Tuesday 16 June at 12:00 Berlin time (10:00 UTC). */
async function tuesdayOrder(): Promise<number> {
  const placed = await server.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID() },
    payload: pickupOrder(simple.id, { requestedTime: '2026-06-16T10:00:00.000Z' }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ id: number }>().id;
}

beforeAll(async () => {
  server = await buildTestServer();
  maria = await createTestUser(server.app, { role: 'admin', email: 'maria@pizzeria.example', name: 'Maria Rossi' });
  simple = await simpleProduct(server.app);
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  pinClock(server.app);
  const db = server.app.database.db;
  await db
    .update(stores)
    .set({ orderingPaused: false, orderingPausedUntil: null, orderingPausedBy: null })
    .where(eq(stores.id, 13));
  await db.delete(storeClosures);
  await db.update(orders).set({ status: 'completed' }).where(eq(orders.storeId, 13));
  await db.delete(auditLog);
  await server.app.storeStatus.changed(13);
});

describe('the audit log of pauses and closures', () => {
  it('records a pause by staff and its resumption, with who did it, before and after', async () => {
    const paused = await asMaria('PUT', '/api/admin/stores/13/pause', {
      paused: true,
      until: '2026-06-15T19:00:00+02:00',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await asMaria('PUT', '/api/admin/stores/13/pause', { paused: false })).statusCode).toBe(200);

    const [resume, pause] = await entries();
    expect(pause).toMatchObject({
      entity: 'store',
      entity_id: '13',
      action: 'pause',
      actor: { kind: 'staff', id: maria.id, email: 'maria@pizzeria.example' },
      before: { ordering_paused: false, ordering_paused_until: null, ordering_paused_by: null },
      after: { ordering_paused: true, ordering_paused_until: '2026-06-15T17:00:00.000Z', ordering_paused_by: 'staff' },
    });
    expect(resume).toMatchObject({
      action: 'resume',
      before: { ordering_paused: true, ordering_paused_by: 'staff' },
      after: { ordering_paused: false, ordering_paused_until: null, ordering_paused_by: null },
    });
  });

  it('records nothing for resuming what was not paused', async () => {
    expect((await asMaria('PUT', '/api/admin/stores/13/pause', { paused: false })).statusCode).toBe(200);
    expect(await entries()).toEqual([]);
  });

  it('records a closure added and deleted, with its days and the reason guests read', async () => {
    const created = await asMaria('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-12-24',
      ends_on: '2026-12-26',
      reason: 'Weihnachten',
    });
    expect(created.statusCode, created.body).toBe(201);
    const closure = storeClosureSchema.parse(created.json());
    expect((await asMaria('DELETE', `/api/admin/stores/13/closures/${closure.id}`)).statusCode).toBe(204);

    const [deleted, added] = await entries('?entity=closure');
    const row = { id: closure.id, starts_on: '2026-12-24', ends_on: '2026-12-26', reason: 'Weihnachten' };
    expect(added).toMatchObject({ entity: 'closure', entity_id: String(closure.id), action: 'create', before: null });
    expect(added?.after).toEqual(row);
    expect(deleted).toMatchObject({ action: 'delete', before: row, after: null });
    expect(deleted?.actor.email).toBe('maria@pizzeria.example');
  });

  it('names the staff member and what an entry is about, as it was, and the rows its ids point to', async () => {
    const area = await asMaria('POST', '/api/admin/stores/13/delivery-areas', {
      postcode: '10115',
      city: 'Berlin',
      delivery_fee: 2,
      minimum_order_amount: 15,
      delivery_time: 40,
      hidden: false,
    });
    expect(area.statusCode, area.body).toBe(201);
    const archived = await asMaria('POST', `/api/admin/stores/13/delivery-areas/${area.json().id}/archive`, {
      version: 1,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const product = await asMaria('GET', `/api/admin/stores/13/products/${simple.id}`);
    const current = product.json<{ price: number; version: number; category_id: number; tax_rate_id: number }>();
    await server.app.database.db.insert(auditLog).values({
      storeId: 13,
      actorKind: 'staff',
      actorUserId: maria.id,
      entity: 'product',
      entityId: String(simple.id),
      action: 'update',
      before: { ...current, name: { de: 'Alt', en: 'Old' } },
      after: { ...current, name: { de: 'Neu', en: 'New' } },
    });

    const response = await asMaria('GET', '/api/admin/stores/13/audit');
    const page = auditPageSchema.parse(response.json());
    const [edit, removal] = page.items;
    // The area is gone from the settings, yet its entry still names it.
    expect(removal).toMatchObject({ entity: 'delivery_area', label: { de: '10115 Berlin', en: '10115 Berlin' } });
    expect(removal?.actor.name).toBe('Maria Rossi');
    expect(edit?.label).toEqual({ de: 'Neu', en: 'New' });
    expect(page.names?.category[String(current.category_id)]).toMatchObject({ de: expect.any(String) });
    expect(page.names?.tax_rate[String(current.tax_rate_id)]?.de.length).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/stores/:id/closures on days with orders', () => {
  it('refuses with 409 closure_has_orders listing them, and closes nothing', async () => {
    const orderId = await tuesdayOrder();
    const refused = await asMaria('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-06-16',
      ends_on: '2026-06-17',
      reason: 'Wasserschaden',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const body = closureOrdersConflictSchema.parse(refused.json());
    expect(body.code).toBe('closure_has_orders');
    expect(body.message).toContain('Trotzdem schließen?');
    expect(body.orders).toEqual([
      {
        id: orderId,
        status: 'waiting',
        promised_at: '2026-06-16T10:00:00.000Z',
        customer_name: 'Gabi Gast',
        phone: '+4915112345678',
      },
    ]);
    expect(await server.app.database.db.select().from(storeClosures)).toEqual([]);
    expect(await entries('?entity=closure')).toEqual([]);
  });

  it('closes anyway when confirmed, and the log says which orders it closed over', async () => {
    const orderId = await tuesdayOrder();
    const closed = await asMaria('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-06-16',
      ends_on: '2026-06-16',
      confirm: true,
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const [added] = await entries('?entity=closure');
    expect(added?.after).toMatchObject({ starts_on: '2026-06-16', order_ids: [orderId] });
  });

  it('ignores orders on other days and orders already done', async () => {
    const orderId = await tuesdayOrder();
    const otherDays = await asMaria('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-06-17',
      ends_on: '2026-06-18',
    });
    expect(otherDays.statusCode, otherDays.body).toBe(201);
    await server.app.database.db.update(orders).set({ status: 'rejected' }).where(eq(orders.id, orderId));
    const done = await asMaria('POST', '/api/admin/stores/13/closures', {
      starts_on: '2026-06-16',
      ends_on: '2026-06-16',
    });
    expect(done.statusCode, done.body).toBe(201);
  });

  it('documents the 409 with its orders in OpenAPI', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    const post = document.paths['/api/admin/stores/{id}/closures']?.post;
    expect(Object.keys(post?.responses ?? {})).toContain('409');
    expect(JSON.stringify(post?.responses?.['409'])).toContain('customer_name');
    expect(JSON.stringify(post?.requestBody)).toContain('confirm');
  });
});
