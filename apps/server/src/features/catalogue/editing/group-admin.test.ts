import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminToppingGroupListSchema,
  adminToppingGroupSchema,
  adminToppingListSchema,
  type AdminTopping,
  type AdminToppingGroup,
  type Product,
} from '@pizzeria/domain';
import { auditLog, groupItems, productToppingGroups, toppings } from '../../../db/schema.ts';
import { backOfficeTestServer, otherStoreTopping, present } from '../../../../test/back-office.ts';

// The back office's topping groups and the toppings each offers (group items).

const backOffice = backOfficeTestServer({ prefix: '/api/admin' });
const { request, shopProducts } = backOffice;

let toppingList: AdminTopping[];
let otherStoreToppingId: number;

function topping(name: string): AdminTopping {
  const found = toppingList.find((candidate) => candidate.name.de === name);
  if (!found) throw new Error(`no topping ${name}`);
  return found;
}

async function listGroups(): Promise<AdminToppingGroup[]> {
  const response = await request('GET', '/stores/13/topping-groups');
  expect(response.statusCode, response.body).toBe(200);
  return adminToppingGroupListSchema.parse(response.json());
}

async function createGroup(name: string, minSelect = 0, maxSelect = 3): Promise<AdminToppingGroup> {
  const response = await request('POST', '/stores/13/topping-groups', {
    name: { de: name, en: '' },
    min_select: minSelect,
    max_select: maxSelect,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminToppingGroupSchema.parse(response.json());
}

/** Saves the toppings a group offers, as the back office's form sends them. */
function putItems(groupId: number, version: number, items: { topping_id: number; price: number }[], language = 'de') {
  return request('PUT', `/stores/13/topping-groups/${groupId}/items`, { items, version }, language);
}

async function shopProduct(id: number): Promise<Product> {
  const product = (await shopProducts()).find((candidate) => candidate.id === id);
  if (!product) throw new Error(`no product ${id}`);
  return product;
}

/** A product of the shop without topping groups, now offering `groupId`. */
async function linkToPlainProduct(groupId: number): Promise<number> {
  const plain = (await shopProducts()).find((product) => product.enriched_topping_groups.length === 0);
  if (!plain) throw new Error('no product without groups');
  await backOffice.app.database.db.insert(productToppingGroups).values({ productId: plain.id, groupId, position: 0 });
  await backOffice.app.catalogue.invalidate(13);
  return plain.id;
}

beforeAll(async () => {
  otherStoreToppingId = await otherStoreTopping(backOffice.app);
  const response = await request('GET', '/stores/13/toppings');
  toppingList = adminToppingListSchema.parse(response.json());
});

describe('GET /api/admin/stores/:id/topping-groups', () => {
  it('lists the groups with their items in order and the products offering them', async () => {
    const groups = await listGroups();
    const extras = groups.find((group) => group.name.de === 'Extra Beläge');
    expect(extras).toMatchObject({ min_select: 0, max_select: 6, version: 1 });
    expect(extras?.items[0]).toEqual({
      topping_id: topping('Mozzarella').id,
      name: topping('Mozzarella').name,
      price: 1.5,
    });
    expect(extras?.items.map((item) => item.name.de).slice(0, 3)).toEqual(['Mozzarella', 'Parmesan', 'Salami']);
    const offering = (await shopProducts()).filter((product) =>
      product.enriched_topping_groups.some((group) => group.id === extras?.id),
    );
    expect(extras?.product_ids).toEqual(offering.map((product) => product.id).sort((a, b) => a - b));
  });

  it('answers 404 for an unknown store', async () => {
    expect((await request('GET', '/stores/999/topping-groups')).statusCode).toBe(404);
  });
});

describe('POST and PUT /api/admin/stores/:id/topping-groups', () => {
  it('adds a group, audited, and edits it with the version', async () => {
    const created = await createGroup('Saucen', 0, 2);
    expect(created).toMatchObject({ name: { de: 'Saucen', en: '' }, items: [], product_ids: [], version: 1 });
    const response = await request('PUT', `/stores/13/topping-groups/${created.id}`, {
      name: { de: 'Dips', en: 'Dips' },
      min_select: 1,
      max_select: 2,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: { de: 'Dips' }, min_select: 1, max_select: 2, version: 2 });

    const stale = await request('PUT', `/stores/13/topping-groups/${created.id}`, {
      name: { de: 'Soßen', en: '' },
      min_select: 0,
      max_select: 2,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', current: { name: { de: 'Dips' }, version: 2 } });

    const entries = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'topping_group'), eq(auditLog.entityId, String(created.id))))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({ storeId: 13, before: created, after: { version: 2 } });
  });

  it('refuses a minimum above the maximum with a clear message in the caller language', async () => {
    const body = { name: { de: 'Falsch', en: '' }, min_select: 3, max_select: 2 };
    const german = await request('POST', '/stores/13/topping-groups', body);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({
      code: 'min_select_above_max',
      message: 'Die Mindestauswahl darf nicht größer sein als die Höchstauswahl.',
    });
    const english = await request('POST', '/stores/13/topping-groups', body, 'en');
    expect(english.json()).toMatchObject({ message: 'The minimum to choose must not be greater than the maximum.' });
    const group = await createGroup('Richtig');
    const update = await request('PUT', `/stores/13/topping-groups/${group.id}`, { ...body, version: 1 });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ code: 'min_select_above_max' });
  });

  it('refuses limits out of range', async () => {
    for (const [min, max] of [
      [-1, 2],
      [0, 0],
      [0, 21],
      [0, 1.5],
    ]) {
      const response = await request('POST', '/stores/13/topping-groups', {
        name: { de: 'Grenzen', en: '' },
        min_select: min,
        max_select: max,
      });
      expect(response.statusCode, `${min}..${max}`).toBe(400);
    }
  });

  it("answers 404 for another store's group", async () => {
    const db = backOffice.app.database.db;
    const response = await request('POST', '/stores/14/topping-groups', {
      name: { de: 'Gruppe zwei', en: '' },
      min_select: 0,
      max_select: 1,
    });
    expect(response.statusCode).toBe(201);
    const foreign = adminToppingGroupSchema.parse(response.json());
    const put = await request('PUT', `/stores/13/topping-groups/${foreign.id}`, {
      name: { de: 'X', en: '' },
      min_select: 0,
      max_select: 1,
      version: 1,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'topping_group_not_found' });
    expect((await request('POST', `/stores/13/topping-groups/${foreign.id}/archive`, { version: 1 })).statusCode).toBe(
      404,
    );
    expect((await putItems(foreign.id, 1, [])).statusCode).toBe(404);
    expect(await db.select().from(groupItems).where(eq(groupItems.groupId, foreign.id))).toEqual([]);
  });
});

describe('PUT /api/admin/stores/:id/topping-groups/:groupId/items', () => {
  it("sets the group's toppings, prices and order; the shop's product shows them at once", async () => {
    const group = await createGroup('Käserand', 0, 1);
    const productId = await linkToPlainProduct(group.id);
    const response = await putItems(group.id, group.version, [
      { topping_id: topping('Parmesan').id, price: 2.5 },
      { topping_id: topping('Mozzarella').id, price: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = adminToppingGroupSchema.parse(response.json());
    expect(saved).toMatchObject({ version: group.version + 1, product_ids: [productId] });
    expect(saved.items.map((item) => [item.name.de, item.price])).toEqual([
      ['Parmesan', 2.5],
      ['Mozzarella', 0],
    ]);
    const shown = (await shopProduct(productId)).enriched_topping_groups.find((candidate) => candidate.id === group.id);
    expect(shown?.toppings.map((offered) => [offered.name, offered.price])).toEqual([
      ['Parmesan', 2.5],
      ['Mozzarella', 0],
    ]);

    // Reordered, one removed, one added: the rows are replaced.
    const second = await putItems(group.id, saved.version, [
      { topping_id: topping('Rucola').id, price: 1 },
      { topping_id: topping('Parmesan').id, price: 2 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const shownAgain = (await shopProduct(productId)).enriched_topping_groups.find(
      (candidate) => candidate.id === group.id,
    );
    expect(shownAgain?.toppings.map((offered) => [offered.name, offered.price])).toEqual([
      ['Rucola', 1],
      ['Parmesan', 2],
    ]);
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'topping_group'),
          eq(auditLog.action, 'items'),
          eq(auditLog.entityId, String(group.id)),
        ),
      )
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({ before: { ...group, product_ids: [productId] }, after: saved });
  });

  it('refuses duplicates, unknown toppings and toppings of another store, changing nothing', async () => {
    const group = await createGroup('Gemüse');
    const mushrooms = topping('Champignons').id;
    const duplicate = await putItems(group.id, 1, [
      { topping_id: mushrooms, price: 1 },
      { topping_id: mushrooms, price: 2 },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ code: 'duplicate_topping' });
    for (const id of [otherStoreToppingId, 999_999]) {
      const unknown = await putItems(
        group.id,
        1,
        [
          { topping_id: mushrooms, price: 1 },
          { topping_id: id, price: 1 },
        ],
        'en',
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'unknown_topping', message: expect.stringContaining(String(id)) });
    }
    const badPrice = await putItems(group.id, 1, [{ topping_id: mushrooms, price: 0.001 }]);
    expect(badPrice.statusCode).toBe(400);
    const stale = await putItems(group.id, 7, []);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { id: group.id, version: 1 } });
    expect((await listGroups()).find((candidate) => candidate.id === group.id)).toEqual(group);
  });

  it('refuses a topping a product already gets from another of its groups', async () => {
    const groups = await listGroups();
    const extras = present(groups.find((group) => group.name.de === 'Extra Beläge'));
    const productId = present(extras.product_ids[0]);
    const group = await createGroup('Doppelt');
    await backOffice.app.database.db.insert(productToppingGroups).values({ productId, groupId: group.id, position: 9 });
    const response = await putItems(group.id, group.version, [{ topping_id: topping('Salami').id, price: 3 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'topping_offered_twice',
      message: expect.stringContaining('Salami'),
    });
    expect(await backOffice.app.database.db.select().from(groupItems).where(eq(groupItems.groupId, group.id))).toEqual(
      [],
    );
    expect((await listGroups()).find((candidate) => candidate.id === group.id)?.version).toBe(group.version);
    // A topping the product does not have yet is fine.
    const capers = await request('POST', '/stores/13/toppings', { name: { de: 'Kapern', en: '' }, price: 1 });
    const other = await putItems(group.id, group.version, [
      { topping_id: (capers.json() as AdminTopping).id, price: 3 },
    ]);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('leaves archived toppings out of the list and keeps their rows when the items are saved', async () => {
    const group = await createGroup('Mit Archiv');
    const [ham, tuna] = [topping('Vorderschinken').id, topping('Thunfisch').id];
    const saved = await putItems(group.id, 1, [
      { topping_id: ham, price: 1 },
      { topping_id: tuna, price: 2 },
    ]);
    expect(saved.statusCode).toBe(200);
    const db = backOffice.app.database.db;
    await db.update(toppings).set({ archivedAt: new Date() }).where(eq(toppings.id, tuna));
    const listed = present((await listGroups()).find((candidate) => candidate.id === group.id));
    expect(listed.items.map((item) => item.topping_id)).toEqual([ham]);
    const refused = await putItems(group.id, listed.version, [{ topping_id: tuna, price: 2 }]);
    expect(refused.statusCode).toBe(400);
    const again = await putItems(group.id, listed.version, []);
    expect(again.statusCode).toBe(200);
    const rows = await db.select().from(groupItems).where(eq(groupItems.groupId, group.id));
    expect(rows.map((row) => row.toppingId)).toEqual([tuna]);
  });
});

describe('POST /api/admin/stores/:id/topping-groups/:groupId/archive', () => {
  it("takes the group off the shop's products at once", async () => {
    const group = await createGroup('Bald weg');
    const productId = await linkToPlainProduct(group.id);
    expect((await shopProduct(productId)).enriched_topping_groups.map((shown) => shown.id)).toContain(group.id);
    const response = await request('POST', `/stores/13/topping-groups/${group.id}/archive`, { version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ version: 2 });
    expect((await shopProduct(productId)).enriched_topping_groups.map((shown) => shown.id)).not.toContain(group.id);
    expect((await listGroups()).some((candidate) => candidate.id === group.id)).toBe(false);
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'topping_group'),
          eq(auditLog.action, 'archive'),
          eq(auditLog.entityId, String(group.id)),
        ),
      );
    expect(entry?.before).toMatchObject({ product_ids: [productId] });
  });
});
