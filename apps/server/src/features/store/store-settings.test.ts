import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  conflictSchema,
  storeHoursResponseSchema,
  storeSchema,
  storeSettingsSchema,
  type StoreSettings,
} from '@pizzeria/domain';
import { auditLog } from '../../db/schema.ts';
import { backOfficeTestServer } from '../../../test/back-office.ts';

// The store's settings and its weekly hours, under one version.

const backOffice = backOfficeTestServer();
const { request: call } = backOffice;

async function settings(): Promise<StoreSettings> {
  const response = await call('GET', '/api/admin/stores/13/settings');
  expect(response.statusCode, response.body).toBe(200);
  return storeSettingsSchema.parse(response.json());
}

function editable(current: StoreSettings) {
  const { store_hours: _hours, ...rest } = current;
  return rest;
}

async function publicStore() {
  const response = await backOffice.app.inject({ method: 'GET', url: '/api/stores/13' });
  expect(response.statusCode).toBe(200);
  return storeSchema.parse(response.json());
}

async function auditEntries(action: string) {
  return backOffice.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'store'), eq(auditLog.action, action)));
}

describe('GET /api/admin/stores/:id/settings', () => {
  it("answers the demo store's settings, its weekly hours and its version", async () => {
    const current = await settings();
    expect(current).toMatchObject({
      timezone: 'Europe/Berlin',
      region: 'de-DE',
      max_order_total: 500,
      version: expect.any(Number),
    });
    expect(current.name.length).toBeGreaterThan(0);
    expect(current.store_hours.length).toBeGreaterThan(0);
  });

  it('is 404 for a store that does not exist', async () => {
    const response = await call('GET', '/api/admin/stores/99/settings');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'store_not_found' });
  });
});

describe('PUT /api/admin/stores/:id/settings', () => {
  it('saves every field, raises the version, audits the change and the shop serves it at once', async () => {
    const before = await settings();
    const body = {
      ...editable(before),
      name: '  Pizzeria Test  ',
      address: 'Teststraße 1, 10969 Berlin',
      phone: '+49 (30) 123-456/7',
      email: 'info@pizzeria.example',
      legal_name: 'Pizzeria Test GmbH',
      legal_representative: 'Maria Rossi',
      trade_register: 'Amtsgericht Charlottenburg HRB 12345',
      vat_id: 'DE123456789',
      timezone: 'Europe/Zurich',
      region: 'de-CH' as const,
      preparation_minutes: 35,
      orders_per_slot: 9,
      preorder_days: 0,
      max_order_total: 321.5,
    };
    const response = await call('PUT', '/api/admin/stores/13/settings', body);
    expect(response.statusCode, response.body).toBe(200);
    const saved = storeSettingsSchema.parse(response.json());
    expect(saved).toEqual({
      ...body,
      name: 'Pizzeria Test',
      store_hours: before.store_hours,
      version: before.version + 1,
    });
    expect(await settings()).toEqual(saved);

    const shop = await publicStore();
    expect(shop).toMatchObject({
      name: 'Pizzeria Test',
      timezone: 'Europe/Zurich',
      address: 'Teststraße 1, 10969 Berlin',
      phone: '+49 (30) 123-456/7',
      email: 'info@pizzeria.example',
    });
    expect(shop.region.code).toBe('de-CH');
    expect(shop.preorder_days).toBe(0);
    const limits = await call('GET', '/api/admin/stores/13/order-limits');
    expect(limits.json()).toEqual({ max_order_total: 321.5 });
    // Pre-orders off: the checkout offers today alone.
    const slots = await call('GET', '/api/stores/13/slots?order_type=pickup');
    expect(slots.json()).toMatchObject({ days: [{ date: expect.any(String) }] });
    expect(slots.json().days).toHaveLength(1);

    const [entry] = (await auditEntries('settings')).slice(-1);
    expect(entry).toMatchObject({ storeId: 13, actorKind: 'staff', actorUserId: backOffice.admin.id, entityId: '13' });
    expect(entry?.before).toEqual(editable(before));
    expect(entry?.after).toEqual(editable(saved));

    // Back to Berlin for the other tests.
    const restored = await call('PUT', '/api/admin/stores/13/settings', {
      ...editable(before),
      version: saved.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('takes an empty e-mail address and phone number', async () => {
    const current = await settings();
    const response = await call('PUT', '/api/admin/stores/13/settings', { ...editable(current), email: '', phone: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: '', phone: '', version: current.version + 1 });
  });

  it('refuses a stale version with 409 and the current settings, and changes nothing', async () => {
    const current = await settings();
    const response = await call('PUT', '/api/admin/stores/13/settings', {
      ...editable(current),
      name: 'Too late',
      version: current.version - 1,
    });
    expect(response.statusCode).toBe(409);
    const conflict = conflictSchema(storeSettingsSchema).parse(response.json());
    expect(conflict.code).toBe('version_conflict');
    expect(conflict.current).toEqual(current);
    expect((await settings()).name).toBe(current.name);
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name too long', { name: 'x'.repeat(81) }],
    ['a wrong e-mail address', { email: 'not-an-email' }],
    ['letters in the phone number', { phone: '030 ABC' }],
    ['a phone number too long', { phone: '1'.repeat(31) }],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }],
    ['a time zone in the wrong case', { timezone: 'europe/berlin' }],
    ['an unknown region', { region: 'fr-FR' }],
    ['too short a preparation time', { preparation_minutes: 4 }],
    ['too long a preparation time', { preparation_minutes: 181 }],
    ['no orders per slot', { orders_per_slot: 0 }],
    ['too many orders per slot', { orders_per_slot: 101 }],
    ['pre-orders further ahead than two weeks', { preorder_days: 15 }],
    ['a negative pre-order window', { preorder_days: -1 }],
    ['a largest order total of 0', { max_order_total: 0 }],
    ['a largest order total with a fraction of a cent', { max_order_total: 10.005 }],
    ['no version', { version: undefined }],
  ])('refuses %s with 400, in German by default and in English when asked', async (_name, change) => {
    const current = await settings();
    const body = { ...editable(current), ...change };
    const german = await call('PUT', '/api/admin/stores/13/settings', body);
    expect(german.statusCode).toBe(400);
    expect(apiErrorSchema.parse(german.json())).toMatchObject({
      code: 'invalid_request',
      message: 'Die Anfrage ist ungültig.',
    });
    const english = await call('PUT', '/api/admin/stores/13/settings', body, 'en');
    expect(english.json()).toMatchObject({ code: 'invalid_request', message: 'The request is not valid.' });
    expect(await settings()).toEqual(current);
  });

  it('takes UTC as a time zone', async () => {
    const current = await settings();
    const response = await call('PUT', '/api/admin/stores/13/settings', { ...editable(current), timezone: 'UTC' });
    expect(response.statusCode, response.body).toBe(200);
    const saved = storeSettingsSchema.parse(response.json());
    expect((await publicStore()).timezone).toBe('UTC');
    await call('PUT', '/api/admin/stores/13/settings', { ...editable(current), version: saved.version });
  });

  it('is 404 for a store that does not exist', async () => {
    const current = await settings();
    const response = await call('PUT', '/api/admin/stores/99/settings', editable(current), 'en');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'store_not_found', message: 'Store 99 does not exist.' });
  });
});

describe('PUT /api/admin/stores/:id/order-limits', () => {
  it("still works, and as part of the store's settings raises their version and is audited", async () => {
    const before = await settings();
    const response = await call('PUT', '/api/admin/stores/13/order-limits', { max_order_total: 250 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ max_order_total: 250 });
    expect(await settings()).toEqual({ ...before, max_order_total: 250, version: before.version + 1 });
    const [entry] = (await auditEntries('order_limits')).slice(-1);
    expect(entry).toMatchObject({
      actorUserId: backOffice.admin.id,
      before: { max_order_total: before.max_order_total },
      after: { max_order_total: 250 },
    });
  });
});

describe('PUT /api/admin/stores/:id/hours', () => {
  const week = [
    { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittag' },
    { day_of_week: 1, open_time: '17:00', close_time: '01:00', label: 'Abend' },
    { day_of_week: 5, open_time: '18:00', close_time: '18:00', label: null },
  ];

  it('replaces the week at the store version, raises it, audits it and the shop serves it', async () => {
    const before = await settings();
    const response = await call('PUT', '/api/admin/stores/13/hours', { store_hours: week, version: before.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(storeHoursResponseSchema.parse(response.json())).toEqual({ store_hours: week, version: before.version + 1 });
    const after = await settings();
    expect(after).toEqual({ ...before, store_hours: week, version: before.version + 1 });
    expect((await publicStore()).store_hours).toEqual(week);

    const [entry] = (await auditEntries('hours')).slice(-1);
    expect(entry).toMatchObject({ actorUserId: backOffice.admin.id, entityId: '13' });
    expect(entry?.before).toEqual({ store_hours: before.store_hours, version: before.version });
    expect(entry?.after).toEqual({ store_hours: week, version: before.version + 1 });
  });

  it('shares its version with the settings: an hours save makes a settings form stale, and the other way round', async () => {
    const read = await settings();
    const hours = await call('PUT', '/api/admin/stores/13/hours', { store_hours: week, version: read.version });
    expect(hours.statusCode).toBe(200);
    const stale = await call('PUT', '/api/admin/stores/13/settings', editable(read));
    expect(stale.statusCode).toBe(409);

    const fresh = await settings();
    const saved = await call('PUT', '/api/admin/stores/13/settings', editable(fresh));
    expect(saved.statusCode).toBe(200);
    const staleHours = await call('PUT', '/api/admin/stores/13/hours', { store_hours: [], version: fresh.version });
    expect(staleHours.statusCode).toBe(409);
    const conflict = conflictSchema(storeSettingsSchema).parse(staleHours.json());
    expect(conflict.code).toBe('version_conflict');
    expect(conflict.current).toEqual(await settings());
    expect(conflict.current?.version).toBe(fresh.version + 1);
    expect((await settings()).store_hours).toEqual(week);
  });

  it('refuses a save without a version, and is 404 for a store that does not exist', async () => {
    const missing = await call('PUT', '/api/admin/stores/13/hours', { store_hours: week });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'invalid_request' });
    const unknown = await call('PUT', '/api/admin/stores/99/hours', { store_hours: week, version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'store_not_found' });
  });
});
