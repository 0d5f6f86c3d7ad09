import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adminCategorySchema, categorySchema, type AdminCategory } from '@pizzeria/domain';
import { auditLog, categories, stores } from '../../../db/schema.ts';
import { backOfficeTestServer, present } from '../../../../test/back-office.ts';

// The back office's categories.

const backOffice = backOfficeTestServer({ prefix: '/api/admin/stores/13' });
const { request: call } = backOffice;

async function list(): Promise<AdminCategory[]> {
  const response = await call('GET', '/categories');
  expect(response.statusCode, response.body).toBe(200);
  return z.array(adminCategorySchema).parse(response.json());
}

async function shopCategories() {
  const response = await backOffice.app.inject({ method: 'GET', url: '/api/categories/?store_id=13' });
  expect(response.statusCode).toBe(200);
  return z.array(categorySchema).parse(response.json());
}

async function create(name = 'Desserts', hidden = false): Promise<AdminCategory> {
  const response = await call('POST', '/categories', {
    name: { de: name, en: `${name} (en)` },
    description: { de: 'Süßes', en: '' },
    hidden,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminCategorySchema.parse(response.json());
}

describe('categories', () => {
  it('lists the demo categories in menu order with their product counts', async () => {
    const categoriesNow = await list();
    expect(categoriesNow.length).toBeGreaterThan(2);
    const positions = categoriesNow.map((category) => category.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(categoriesNow.every((category) => category.product_count > 0 && category.version >= 1)).toBe(true);
  });

  it('creates a category at the end, audited, and the shop lists it at once', async () => {
    const before = await list();
    const created = await create('Nachspeisen');
    expect(created).toMatchObject({
      name: { de: 'Nachspeisen', en: 'Nachspeisen (en)' },
      hidden: false,
      version: 1,
      product_count: 0,
    });
    expect(created.position).toBeGreaterThan(Math.max(...before.map((category) => category.position)));
    expect((await list()).at(-1)?.id).toBe(created.id);
    expect((await shopCategories()).map((category) => category.id)).toContain(created.id);
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(created.id))));
    expect(entry).toMatchObject({ action: 'create', actorUserId: backOffice.admin.id, before: null, after: created });
  });

  it('refuses a category without a German name, in German by default and in English on request', async () => {
    const body = { name: { de: '  ', en: 'x' }, description: { de: '', en: '' }, hidden: false };
    const german = await call('POST', '/categories', body);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ code: 'invalid_request', message: 'Die Anfrage ist ungültig.' });
    const english = await call('POST', '/categories', body, 'en');
    expect(english.json()).toMatchObject({ code: 'invalid_request', message: 'The request is not valid.' });
  });

  it('updates with the version read, raises it, and refuses a stale one with the current row', async () => {
    const created = await create('Salate');
    const body = { name: { de: 'Frische Salate', en: 'Fresh salads' }, description: { de: '', en: '' }, hidden: false };
    const updated = await call('PUT', `/categories/${created.id}`, { ...body, version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: { de: 'Frische Salate' }, version: 2 });
    expect((await shopCategories()).find((category) => category.id === created.id)?.name).toBe('Frische Salate');

    const stale = await call('PUT', `/categories/${created.id}`, { ...body, name: { de: 'Alt', en: '' }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      current: { id: created.id, name: { de: 'Frische Salate' }, version: 2 },
    });
  });

  it('hides a category from the shop but keeps it in the back office', async () => {
    const created = await create('Versteckt');
    const hidden = await call('PUT', `/categories/${created.id}`, {
      name: created.name,
      description: created.description,
      hidden: true,
      version: created.version,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await shopCategories()).map((category) => category.id)).not.toContain(created.id);
    expect((await list()).find((category) => category.id === created.id)?.hidden).toBe(true);
  });

  it('answers 404 for an unknown category, one of another store, and an unknown store', async () => {
    const [other] = await backOffice.app.database.db.insert(stores).values({ name: 'Zweite Filiale' }).returning();
    const [foreign] = await backOffice.app.database.db
      .insert(categories)
      .values({ storeId: present(other).id, name: { de: 'Fremd', en: '' }, description: { de: '', en: '' } })
      .returning();
    const body = { name: { de: 'X', en: '' }, description: { de: '', en: '' }, hidden: false, version: 1 };
    for (const id of [999_999, present(foreign).id]) {
      const response = await call('PUT', `/categories/${id}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'category_not_found' });
      const archive = await call('POST', `/categories/${id}/archive`, { version: 1 });
      expect(archive.statusCode).toBe(404);
    }
    const noStore = await backOffice.app.inject({
      method: 'GET',
      url: '/api/admin/stores/999999/categories',
      headers: backOffice.admin.headers,
    });
    expect(noStore.statusCode).toBe(404);
    expect(noStore.json()).toMatchObject({ code: 'store_not_found' });
  });

  it('archives an empty category (the row stays) and refuses one that still has products', async () => {
    const full = present((await list())[0]);
    const refused = await call('POST', `/categories/${full.id}/archive`, { version: full.version }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'category_not_empty',
      message: 'This category still has products. Move or archive them first.',
    });

    const empty = await create('Leer');
    const archived = await call('POST', `/categories/${empty.id}/archive`, { version: 1 });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ id: empty.id, version: 2 });
    expect((await list()).map((category) => category.id)).not.toContain(empty.id);
    expect((await shopCategories()).map((category) => category.id)).not.toContain(empty.id);
    const [row] = await backOffice.app.database.db.select().from(categories).where(eq(categories.id, empty.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const again = await call('POST', `/categories/${empty.id}/archive`, { version: 2 });
    expect(again.statusCode).toBe(404);
  });

  it('reorders every category at once without raising versions, audited once', async () => {
    const before = await list();
    const reversed = before.map((category) => category.id).reverse();
    const response = await call('PUT', '/categories/order', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    const after = z.array(adminCategorySchema).parse(response.json());
    expect(after.map((category) => category.id)).toEqual(reversed);
    for (const category of after) {
      expect(category.version).toBe(before.find((old) => old.id === category.id)?.version);
    }
    const visible = after.filter((category) => !category.hidden).map((category) => category.id);
    expect((await shopCategories()).map((category) => category.id)).toEqual(visible);
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.action, 'reorder')))
      .orderBy(desc(auditLog.id));
    expect(entry?.after).toEqual({ ids: reversed });
  });

  it('refuses an order that leaves one out or names one twice', async () => {
    const ids = (await list()).map((category) => category.id);
    for (const body of [
      { ids: ids.slice(1) },
      { ids: [...ids.slice(1), present(ids[1])] },
      { ids: [...ids, 999_999] },
    ]) {
      const response = await call('PUT', '/categories/order', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_order' });
    }
  });
});
