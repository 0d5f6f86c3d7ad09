import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToppingListSchema, adminToppingSchema, type AdminTopping, type Product } from '@pizzeria/domain';
import { additives, groupItems, toppingAdditives, toppings } from '../../../db/schema.ts';
import { backOfficeTestServer, otherStoreTopping, present } from '../../../../test/back-office.ts';
import { createTestUser, pickupOrder, pinClock } from '../../../../test/helper.ts';

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

describe('PUT /api/admin/stores/:id/toppings/:toppingId/sold-out', () => {
  // Monday evening in Berlin, the demo store open: it opens again on Tuesday.
  const MONDAY_EVENING = new Date('2027-06-14T16:07:00Z');
  let now = MONDAY_EVENING;

  beforeAll(() => {
    pinClock(backOffice.app, () => now);
  });
  afterAll(() => {
    now = MONDAY_EVENING;
  });

  /** Every group (of every product) that offers the topping, as the shop shows it there. */
  async function offered(toppingId: number) {
    return (await shopProducts()).flatMap((product) =>
      product.enriched_topping_groups.flatMap((group) =>
        group.toppings.filter((topping) => topping.id === toppingId).map((topping) => ({ product, topping })),
      ),
    );
  }

  /** A pickup order of one dish that offers the topping, with that topping and nothing else to choose. */
  function orderWith(product: Product, toppingId: number, language = 'de') {
    const payload = pickupOrder(product.id);
    const variant = product.type === 'variable' ? product.variants[0]?.id : undefined;
    return backOffice.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID(), 'accept-language': language },
      payload: {
        ...payload,
        items: [{ product_id: product.id, variant_id: variant, quantity: 1, extras: [{ id: toppingId }] }],
      },
    });
  }

  it('greys the topping in every group until the next business day, refuses orders naming it, and is audited', async () => {
    const parmesan = await toppingNamed('Parmesan');
    const before = await offered(parmesan.id);
    // The demo menu offers it in more than one group: the pizzas' extras and the pasta's.
    expect(new Set(before.map(({ product }) => product.enriched_topping_groups[0]?.id)).size).toBeGreaterThan(1);
    expect(before.every(({ topping }) => topping.sold_out === false)).toBe(true);
    const dish = present(
      before.find(({ product }) => product.enriched_topping_groups.every((group) => group.min_select === 0)),
    ).product;

    const menuVersion = async () => {
      const status = await backOffice.app.storeStatus.message(13);
      return status && 'menu_version' in status ? status.menu_version : undefined;
    };
    const versionBefore = await menuVersion();
    expect(versionBefore).toEqual(expect.any(String));

    const stale = await request('PUT', `/stores/13/toppings/${parmesan.id}/sold-out`, {
      sold_out: true,
      version: parmesan.version + 3,
    });
    expect(stale.statusCode).toBe(409);

    const response = await request('PUT', `/stores/13/toppings/${parmesan.id}/sold-out`, {
      sold_out: true,
      version: parmesan.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const soldOut = adminToppingSchema.parse(response.json());
    expect(soldOut.version).toBe(parmesan.version + 1);
    const until = new Date(present(soldOut.sold_out_until));
    expect(until.getTime()).toBeGreaterThan(now.getTime());
    expect(until.toISOString().slice(0, 10)).toBe('2027-06-15');
    expect(await toppingNamed('Parmesan')).toEqual(soldOut);
    expect((await auditOf('topping', parmesan.id)).at(-1)).toMatchObject({
      action: 'sold_out',
      actorUserId: backOffice.admin.id,
      before: parmesan,
      after: soldOut,
    });

    // Open shops hear of it at once: the live status carries the menu's new version.
    expect(await menuVersion()).not.toBe(versionBefore);
    // Still offered in every group, marked: the storefront greys it.
    const during = await offered(parmesan.id);
    expect(during).toHaveLength(before.length);
    expect(during.every(({ topping }) => topping.sold_out === true)).toBe(true);

    const german = await orderWith(dish, parmesan.id);
    expect(german.statusCode).toBe(422);
    expect(german.json()).toEqual({
      code: 'topping_sold_out',
      message: `Parmesan (bei ${dish.name}) ist heute ausverkauft. Bitte bearbeiten Sie die Position.`,
    });
    const english = await orderWith(dish, parmesan.id, 'en');
    expect(english.json<{ message: string }>().message).toMatch(/^Parmesan \(on .+\) is sold out today\./);

    const lifted = await request('PUT', `/stores/13/toppings/${parmesan.id}/sold-out`, {
      sold_out: false,
      version: soldOut.version,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ sold_out_until: null, version: soldOut.version + 1 });
    expect((await offered(parmesan.id)).every(({ topping }) => topping.sold_out === false)).toBe(true);
    const ordered = await orderWith(dish, parmesan.id);
    expect(ordered.statusCode, ordered.body).toBe(201);

    // Marked again, it is back by itself the next business day, with no one lifting it.
    const again = await request('PUT', `/stores/13/toppings/${parmesan.id}/sold-out`, {
      sold_out: true,
      version: soldOut.version + 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await offered(parmesan.id)).every(({ topping }) => topping.sold_out === true)).toBe(true);
    now = new Date(present(adminToppingSchema.parse(again.json()).sold_out_until));
    expect((await offered(parmesan.id)).every(({ topping }) => topping.sold_out === false)).toBe(true);
    const nextDay = await orderWith(dish, parmesan.id);
    expect(nextDay.statusCode, nextDay.body).toBe(201);
  });

  it('lets the kitchen list the toppings and mark one, but not a customer', async () => {
    const kitchen = await createTestUser(backOffice.app, { role: 'admin', staffRole: 'kitchen' });
    const customer = await createTestUser(backOffice.app);
    const peppers = await toppingNamed('Peperoni');
    const as = (headers: Record<string, string>, method: 'GET' | 'PUT', url: string, payload?: object) =>
      backOffice.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });

    const listed = await as(kitchen.headers, 'GET', '/stores/13/toppings');
    expect(listed.statusCode).toBe(200);
    const marked = await as(kitchen.headers, 'PUT', `/stores/13/toppings/${peppers.id}/sold-out`, {
      sold_out: true,
      version: peppers.version,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await auditOf('topping', peppers.id)).at(-1)).toMatchObject({
      action: 'sold_out',
      actorUserId: kitchen.id,
    });
    // Renaming stays the shift manager's.
    const renamed = await as(kitchen.headers, 'PUT', `/stores/13/toppings/${peppers.id}`, {
      name: { de: 'Pfefferoni', en: '' },
      price: 1,
      version: peppers.version + 1,
    });
    expect(renamed.statusCode).toBe(403);

    const refused = await as(customer.headers, 'PUT', `/stores/13/toppings/${peppers.id}/sold-out`, {
      sold_out: false,
      version: peppers.version + 1,
    });
    expect(refused.statusCode).toBe(403);
    expect((await toppingNamed('Peperoni')).sold_out_until).not.toBeNull();

    const lifted = await as(kitchen.headers, 'PUT', `/stores/13/toppings/${peppers.id}/sold-out`, {
      sold_out: false,
      version: peppers.version + 1,
    });
    expect(lifted.json()).toMatchObject({ sold_out_until: null });
  });

  it("answers 404 for another store's topping", async () => {
    const response = await request('PUT', `/stores/13/toppings/${otherStoreToppingId}/sold-out`, {
      sold_out: true,
      version: 1,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'topping_not_found' });
  });
});
