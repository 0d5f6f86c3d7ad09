import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToppingListSchema, adminToppingSchema, type AdminTopping } from '@pizzeria/domain';
import { additives, groupItems, toppingAdditives, toppings } from '../../../db/schema.ts';
import { backOfficeTestServer, otherStoreTopping, present } from '../../../../test/back-office.ts';

// The back office's toppings.

const backOffice = backOfficeTestServer({ prefix: '/api/admin' });
const { request, shopProducts, auditOf } = backOffice;

let otherStoreToppingId: number;

async function listToppings(): Promise<AdminTopping[]> {
  const response = await request('GET', '/stores/13/toppings');
  expect(response.statusCode, response.body).toBe(200);
  return adminToppingListSchema.parse(response.json());
}

async function toppingNamed(name: string): Promise<AdminTopping> {
  const topping = (await listToppings()).find((candidate) => candidate.name.de === name);
  if (!topping) throw new Error(`no topping ${name}`);
  return topping;
}

async function create(name: string, price: number): Promise<AdminTopping> {
  const response = await request('POST', '/stores/13/toppings', { name: { de: name, en: '' }, price });
  expect(response.statusCode, response.body).toBe(201);
  return adminToppingSchema.parse(response.json());
}

/** Every topping the shop offers with any product, by id. */
async function shopToppings() {
  const offered = new Map<number, { name: string; price: number; allergens: string[]; additives: string[] }>();
  for (const product of await shopProducts()) {
    for (const group of product.enriched_topping_groups) {
      for (const topping of group.toppings) {
        offered.set(topping.id, {
          name: topping.name,
          price: topping.price,
          allergens: topping.allergens.map((allergen) => allergen.code),
          additives: topping.additives.map((additive) => additive.code),
        });
      }
    }
  }
  return offered;
}

beforeAll(async () => {
  otherStoreToppingId = await otherStoreTopping(backOffice.app);
});

describe('GET /api/admin/stores/:id/toppings', () => {
  it("lists the store's toppings by German name with their declarations and groups", async () => {
    const list = await listToppings();
    const names = list.map((topping) => topping.name.de);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(names).not.toContain('Fremde Zutat');
    const mozzarella = list.find((topping) => topping.name.de === 'Mozzarella');
    expect(mozzarella).toMatchObject({ price: 1.5, allergen_codes: ['g'], additive_codes: [], version: 1 });
    expect(mozzarella?.group_ids.length).toBeGreaterThan(0);
    const salami = list.find((topping) => topping.name.de === 'Salami');
    expect(salami?.additive_codes).toEqual(['2', '3', '8']);
  });

  it('answers 404 for a store that does not exist', async () => {
    const response = await request('GET', '/stores/999/toppings');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'store_not_found' });
  });
});

describe('POST /api/admin/stores/:id/toppings', () => {
  it('adds a topping in no group, audited', async () => {
    const created = await create('Artischocken', 1.8);
    expect(created).toMatchObject({
      name: { de: 'Artischocken', en: '' },
      price: 1.8,
      allergen_codes: [],
      additive_codes: [],
      group_ids: [],
      version: 1,
    });
    expect(await toppingNamed('Artischocken')).toEqual(created);
    const [entry] = await auditOf('topping', created.id);
    expect(entry).toMatchObject({
      storeId: 13,
      actorUserId: backOffice.admin.id,
      action: 'create',
      before: null,
      after: created,
    });
    const [row] = await backOffice.app.database.db.select().from(toppings).where(eq(toppings.id, created.id));
    expect(row?.priceCents).toBe(180);
  });

  it('refuses an empty name or a bad price with 400, in German by default and in English on request', async () => {
    const german = await request('POST', '/stores/13/toppings', { name: { de: '  ', en: '' }, price: 1 });
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ code: 'invalid_request', message: 'Die Anfrage ist ungültig.' });
    const english = await request('POST', '/stores/13/toppings', { name: { de: 'Ei', en: '' }, price: 1.234 }, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ code: 'invalid_request', message: 'The request is not valid.' });
    const negative = await request('POST', '/stores/13/toppings', { name: { de: 'Ei', en: '' }, price: -1 });
    expect(negative.statusCode).toBe(400);
  });

  it('answers 404 for a store that does not exist', async () => {
    const response = await request('POST', '/stores/999/toppings', { name: { de: 'Ei', en: '' }, price: 1 });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/stores/:id/toppings/:toppingId', () => {
  it('renames a topping and changes its default price, raising its version; the shop shows the new name', async () => {
    const mushrooms = await toppingNamed('Champignons');
    const response = await request('PUT', `/stores/13/toppings/${mushrooms.id}`, {
      name: { de: 'Frische Champignons', en: 'Fresh mushrooms' },
      price: 1.2,
      version: mushrooms.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = adminToppingSchema.parse(response.json());
    expect(saved).toMatchObject({ name: { de: 'Frische Champignons' }, price: 1.2, version: mushrooms.version + 1 });
    const offered = (await shopToppings()).get(mushrooms.id);
    expect(offered?.name).toBe('Frische Champignons');
    // The groups keep the price they offer it at.
    expect(offered?.price).toBe(1);
    const entries = await auditOf('topping', mushrooms.id);
    expect(entries.at(-1)).toMatchObject({ action: 'update', before: mushrooms, after: saved });
  });

  it('answers 409 with the current topping to a stale version', async () => {
    const peppers = await toppingNamed('Paprika');
    const first = await request('PUT', `/stores/13/toppings/${peppers.id}`, {
      name: { de: 'Paprika', en: 'Peppers' },
      price: 1,
      version: peppers.version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await request('PUT', `/stores/13/toppings/${peppers.id}`, {
      name: { de: 'Paprika rot', en: '' },
      price: 1,
      version: peppers.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      current: { id: peppers.id, name: { en: 'Peppers' }, version: peppers.version + 1 },
    });
  });

  it("answers 404 for another store's topping and for an unknown one", async () => {
    const body = { name: { de: 'X', en: '' }, price: 1, version: 1 };
    const foreign = await request('PUT', `/stores/13/toppings/${otherStoreToppingId}`, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'topping_not_found' });
    expect((await request('PUT', '/stores/13/toppings/999999', body)).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/stores/:id/toppings/:toppingId/declarations', () => {
  it("sets a topping's allergens and additives; the shop's products show them at once", async () => {
    const rocket = await toppingNamed('Rucola');
    const response = await request('PUT', `/stores/13/toppings/${rocket.id}/declarations`, {
      allergen_codes: ['j', 'a'],
      additive_codes: ['2'],
      version: rocket.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      allergen_codes: ['a', 'j'],
      additive_codes: ['2'],
      version: rocket.version + 1,
    });
    expect((await shopToppings()).get(rocket.id)).toMatchObject({ allergens: ['a', 'j'], additives: ['2'] });
    const entries = await auditOf('topping', rocket.id);
    expect(entries.at(-1)).toMatchObject({ action: 'declarations', before: { allergen_codes: [] } });

    const cleared = await request('PUT', `/stores/13/toppings/${rocket.id}/declarations`, {
      allergen_codes: [],
      additive_codes: [],
      version: rocket.version + 1,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await shopToppings()).get(rocket.id)).toMatchObject({ allergens: [], additives: [] });
  });

  it('refuses unknown allergens and unknown or archived additives, changing nothing', async () => {
    const tuna = await toppingNamed('Thunfisch');
    const unknown = await request(
      'PUT',
      `/stores/13/toppings/${tuna.id}/declarations`,
      { allergen_codes: ['z'], additive_codes: [], version: tuna.version },
      'en',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_allergen', message: expect.stringContaining('z') });

    const db = backOffice.app.database.db;
    const [archived] = await db
      .insert(additives)
      .values({ code: '77', name: { de: 'Alt', en: 'Old' }, position: 77, archivedAt: new Date() })
      .returning();
    const archivedAdditive = await request('PUT', `/stores/13/toppings/${tuna.id}/declarations`, {
      allergen_codes: ['d'],
      additive_codes: [present(archived).code],
      version: tuna.version,
    });
    expect(archivedAdditive.statusCode).toBe(400);
    expect(archivedAdditive.json()).toMatchObject({ code: 'unknown_additive' });
    expect(await toppingNamed('Thunfisch')).toEqual(tuna);

    // A link to an additive archived since stays (archived, not deleted) but is not declared.
    await db.insert(toppingAdditives).values({ toppingId: tuna.id, additiveId: present(archived).id });
    const saved = await request('PUT', `/stores/13/toppings/${tuna.id}/declarations`, {
      allergen_codes: ['d'],
      additive_codes: ['1'],
      version: tuna.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ allergen_codes: ['d'], additive_codes: ['1'] });
    const links = await db.select().from(toppingAdditives).where(eq(toppingAdditives.toppingId, tuna.id));
    expect(links.map((link) => link.additiveId).sort((a, b) => a - b)).toEqual([1, present(archived).id]);
  });
});

describe('POST /api/admin/stores/:id/toppings/:toppingId/archive', () => {
  it('takes the topping out of every group of the shop but keeps its rows', async () => {
    const olives = await toppingNamed('Schwarze Oliven');
    expect((await shopToppings()).has(olives.id)).toBe(true);
    const stale = await request('POST', `/stores/13/toppings/${olives.id}/archive`, { version: olives.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { version: olives.version } });

    const response = await request('POST', `/stores/13/toppings/${olives.id}/archive`, { version: olives.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: olives.id, version: olives.version + 1 });
    expect((await listToppings()).some((topping) => topping.id === olives.id)).toBe(false);
    expect((await shopToppings()).has(olives.id)).toBe(false);

    const db = backOffice.app.database.db;
    const [row] = await db.select().from(toppings).where(eq(toppings.id, olives.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect(await db.select().from(groupItems).where(eq(groupItems.toppingId, olives.id))).not.toHaveLength(0);
    expect((await auditOf('topping', olives.id)).at(-1)).toMatchObject({ action: 'archive', before: olives });

    // Archived: no longer editable.
    const again = await request('POST', `/stores/13/toppings/${olives.id}/archive`, { version: olives.version + 1 });
    expect(again.statusCode).toBe(404);
  });
});
