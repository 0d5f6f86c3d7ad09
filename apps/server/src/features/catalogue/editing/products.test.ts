import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminGroupUsageListSchema,
  adminProductPageSchema,
  adminProductSchema,
  orderSchema,
  type AdminProduct,
} from '@pizzeria/domain';
import {
  auditLog,
  categories,
  groupItems,
  productVariants,
  products,
  stores,
  toppingGroups,
} from '../../../db/schema.ts';
import { pickupOrder, pinClock } from '../../../../test/helper.ts';
import { backOfficeTestServer, present } from '../../../../test/back-office.ts';

// The back office's products.

// Monday 14 June 2027, 18:07 in Berlin: the demo store is open. A year ahead of any test run, so a
// "sold out until tomorrow" computed for it still lies ahead when the shop's catalogue reads it.
const backOffice = backOfficeTestServer({ prefix: '/api/admin/stores/13' });
const { request: call, shopProducts } = backOffice;

const NOW = new Date('2027-06-14T16:07:00Z');

let categoryId: number;

const SIMPLE = {
  type: 'simple',
  name: { de: 'Tiramisu', en: 'Tiramisu' },
  description: { de: 'Hausgemacht', en: 'Home-made' },
  price: 5.5,
  tax_rate_id: 1,
  variants: [],
  picture_id: null,
  hidden: false,
};

async function create(body: object = {}): Promise<AdminProduct> {
  const response = await call('POST', '/products', { ...SIMPLE, category_id: categoryId, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

async function update(product: AdminProduct, changes: object) {
  return call('PUT', `/products/${product.id}`, {
    category_id: product.category_id,
    type: product.type,
    name: product.name,
    description: product.description,
    price: product.price,
    tax_rate_id: product.tax_rate_id,
    variants: product.variants,
    picture_id: product.picture?.id ?? null,
    hidden: product.hidden,
    version: product.version,
    ...changes,
  });
}

beforeAll(async () => {
  pinClock(backOffice.app, NOW);
  const [first] = await backOffice.app.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.storeId, 13))
    .orderBy(categories.position)
    .limit(1);
  categoryId = present(first).id;
});

describe('creating and reading products', () => {
  it('creates a simple product at the end of its category, audited, and the shop sells it at once', async () => {
    const product = await create();
    expect(product).toMatchObject({
      category_id: categoryId,
      type: 'simple',
      price: 5.5,
      variants: [],
      picture: null,
      image_url: null,
      hidden: false,
      sold_out_until: null,
      topping_group_ids: [],
      allergen_codes: [],
      version: 1,
    });
    const read = await call('GET', `/products/${product.id}`);
    expect(read.json()).toEqual(product);
    expect((await shopProducts()).find((item) => item.id === product.id)).toMatchObject({
      name: 'Tiramisu',
      price: 5.5,
    });
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(product.id))));
    expect(entry).toMatchObject({ action: 'create', before: null, after: product });
  });

  it('prices a variable product at its cheapest size and keeps the sizes in order', async () => {
    const product = await create({
      type: 'variable',
      price: null,
      variants: [
        { name: { de: 'Groß', en: 'Large' }, price: 12 },
        { name: { de: 'Klein', en: 'Small' }, price: 8.5 },
      ],
    });
    expect(product.price).toBe(8.5);
    expect(product.variants.map((variant) => [variant.name.de, variant.price])).toEqual([
      ['Groß', 12],
      ['Klein', 8.5],
    ]);
    const shop = (await shopProducts()).find((item) => item.id === product.id);
    expect(shop?.variants.map((variant) => variant.name)).toEqual(['Groß', 'Klein']);
  });

  it('sells a product in halves per size (half-and-half): off unless given, unchanged when an edit leaves it out', async () => {
    const pizza = await create({
      type: 'variable',
      price: null,
      variants: [
        { name: { de: 'Klein', en: 'Small' }, price: 8 },
        { name: { de: 'Groß', en: 'Large' }, price: 12, divisible: true },
      ],
    });
    expect(pizza.divisible).toBe(false);
    expect(pizza.variants.map((variant) => [variant.name.de, variant.divisible])).toEqual([
      ['Klein', false],
      ['Groß', true],
    ]);
    const shop = (await shopProducts()).find((item) => item.id === pizza.id);
    expect(shop?.variants.map((variant) => [variant.name, variant.divisible])).toEqual([
      ['Klein', false],
      ['Groß', true],
    ]);

    // An older form sends the sizes without the flag: they keep theirs; a new size is not divisible.
    const [small, large] = pizza.variants;
    const older = await update(pizza, {
      variants: [
        { id: small?.id, name: small?.name, price: small?.price },
        { id: large?.id, name: large?.name, price: large?.price },
        { name: { de: 'Familie', en: 'Family' }, price: 20 },
      ],
    });
    expect(older.statusCode, older.body).toBe(200);
    const kept = adminProductSchema.parse(older.json());
    expect(kept.variants.map((variant) => variant.divisible)).toEqual([false, true, false]);

    const switched = await update(kept, {
      variants: kept.variants.map((variant) => ({ ...variant, divisible: !variant.divisible })),
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(adminProductSchema.parse(switched.json()).variants.map((variant) => variant.divisible)).toEqual([
      true,
      false,
      true,
    ]);

    const flatbread = await create({ name: { de: 'Flammkuchen', en: 'Tarte flambée' }, divisible: true });
    expect(flatbread.divisible).toBe(true);
    expect((await shopProducts()).find((item) => item.id === flatbread.id)?.divisible).toBe(true);
    const renamed = adminProductSchema.parse((await update(flatbread, { name: flatbread.name })).json());
    expect(renamed.divisible).toBe(true);
    const off = adminProductSchema.parse((await update(renamed, { divisible: false })).json());
    expect(off.divisible).toBe(false);
    expect((await shopProducts()).find((item) => item.id === flatbread.id)?.divisible).toBe(false);
  });

  it('keeps a bottle deposit beside the price: 0 unless given, unchanged when an edit leaves it out (decision 016)', async () => {
    expect((await create()).deposit).toBe(0);
    const bottle = await create({ name: { de: 'Limo 0,5 l', en: 'Soda 0.5 l' }, price: 2.5, deposit: 0.25 });
    expect(bottle.deposit).toBe(0.25);
    expect((await shopProducts()).find((item) => item.id === bottle.id)).toMatchObject({ price: 2.5, deposit: 0.25 });

    const renamed = adminProductSchema.parse((await update(bottle, { name: { de: 'Limo', en: 'Soda' } })).json());
    expect(renamed.deposit).toBe(0.25);
    const reusable = await update(renamed, { deposit: 0.15 });
    expect(reusable.statusCode, reusable.body).toBe(200);
    expect(adminProductSchema.parse(reusable.json()).deposit).toBe(0.15);
    expect((await shopProducts()).find((item) => item.id === bottle.id)?.deposit).toBe(0.15);
    // The back office's list names it too.
    const listed = adminProductPageSchema.parse((await call('GET', '/products?search=Limo&page_size=100')).json());
    expect(listed.items.find((item) => item.id === bottle.id)?.deposit).toBe(0.15);

    for (const deposit of [-0.08, 0.081, 1000.01, '0,25']) {
      const response = await call('POST', '/products', { ...SIMPLE, category_id: categoryId, deposit });
      expect(response.statusCode, JSON.stringify(deposit)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
    }
  });

  it('refuses inconsistent bodies and references that do not exist, naming the field', async () => {
    const cases: [object, string][] = [
      [{ price: null }, 'invalid_request'],
      [{ variants: [{ name: { de: 'Klein', en: '' }, price: 5 }] }, 'invalid_request'],
      [{ type: 'variable', variants: [] }, 'invalid_request'],
      [{ price: -1 }, 'invalid_request'],
      [{ category_id: 999_999 }, 'invalid_category'],
      [{ tax_rate_id: 999_999 }, 'invalid_tax_rate'],
      [{ picture_id: 999_999 }, 'invalid_picture'],
    ];
    for (const [body, code] of cases) {
      const response = await call('POST', '/products', { ...SIMPLE, category_id: categoryId, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code });
    }
    const english = await call('POST', '/products', { ...SIMPLE, category_id: 999_999 }, 'en');
    expect(english.json()).toMatchObject({
      message: 'The chosen category (category_id) does not exist in this store.',
    });
    const german = await call('POST', '/products', { ...SIMPLE, category_id: 999_999 });
    expect(german.json()).toMatchObject({
      message: 'Die gewählte Kategorie (category_id) gibt es in diesem Restaurant nicht.',
    });
  });

  it('answers 404 for an unknown product and for one of another store, 400 for its category', async () => {
    const db = backOffice.app.database.db;
    const [other] = await db.insert(stores).values({ name: 'Zweite Filiale' }).returning();
    const [foreignCategory] = await db
      .insert(categories)
      .values({ storeId: present(other).id, name: { de: 'Fremd', en: '' }, description: { de: '', en: '' } })
      .returning();
    const [foreign] = await db
      .insert(products)
      .values({
        categoryId: present(foreignCategory).id,
        name: { de: 'Fremd', en: '' },
        description: { de: '', en: '' },
        priceCents: 100,
        taxRateId: 1,
      })
      .returning();
    for (const id of [999_999, present(foreign).id]) {
      const read = await call('GET', `/products/${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'product_not_found' });
      expect((await call('PUT', `/products/${id}/sold-out`, { sold_out: true, version: 1 })).statusCode).toBe(404);
    }
    const intoForeign = await call('POST', '/products', { ...SIMPLE, category_id: present(foreignCategory).id });
    expect(intoForeign.json()).toMatchObject({ code: 'invalid_category' });
  });
});

describe('editing products', () => {
  it('updates sizes by id, adds new ones and archives the ones left out', async () => {
    const product = await create({
      type: 'variable',
      price: null,
      variants: [
        { name: { de: 'Klein', en: 'Small' }, price: 7 },
        { name: { de: 'Groß', en: 'Large' }, price: 10 },
      ],
    });
    const [small, large] = product.variants;
    const response = await update(product, {
      variants: [
        { name: { de: 'Familie', en: 'Family' }, price: 16 },
        { id: present(small).id, name: { de: 'Mini', en: 'Mini' }, price: 6 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = adminProductSchema.parse(response.json());
    expect(updated.version).toBe(2);
    expect(updated.price).toBe(6);
    expect(updated.variants.map((variant) => variant.name.de)).toEqual(['Familie', 'Mini']);
    expect(updated.variants[1]?.id).toBe(present(small).id);
    const [archived] = await backOffice.app.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, present(large).id));
    expect(archived?.archivedAt).toBeInstanceOf(Date);
  });

  it('refuses a size of another product', async () => {
    const one = await create({ type: 'variable', price: null, variants: [{ name: { de: 'A', en: '' }, price: 1 }] });
    const two = await create({ type: 'variable', price: null, variants: [{ name: { de: 'B', en: '' }, price: 1 }] });
    const response = await update(two, {
      variants: [{ id: present(one.variants[0]).id, name: { de: 'X', en: '' }, price: 2 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_variant' });
  });

  it('refuses a stale version with the product as it is now', async () => {
    const product = await create();
    expect((await update(product, { name: { de: 'Neu', en: '' } })).statusCode).toBe(200);
    const stale = await update(product, { name: { de: 'Alt', en: '' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      current: { id: product.id, name: { de: 'Neu' }, version: 2 },
    });
  });

  it('renames a product while orders placed before keep their name, and archives it keeping the row', async () => {
    const product = await create({ name: { de: 'Panna cotta', en: 'Panna cotta' } });
    const placed = await backOffice.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(product.id),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());

    const renamed = await update(product, { name: { de: 'Panna cotta neu', en: '' } });
    expect(renamed.statusCode).toBe(200);
    const archived = await call('POST', `/products/${product.id}/archive`, { version: 2 });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ id: product.id, version: 3 });
    expect((await shopProducts()).map((item) => item.id)).not.toContain(product.id);
    expect((await call('GET', `/products/${product.id}`)).statusCode).toBe(404);
    const [row] = await backOffice.app.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);

    const read = await backOffice.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: backOffice.admin.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(orderSchema.parse(read.json()).items[0]?.name).toBe('Panna cotta');
  });

  it('hides a product from the shop and shows it again', async () => {
    const product = await create();
    const hidden = adminProductSchema.parse((await update(product, { hidden: true })).json());
    expect((await shopProducts()).map((item) => item.id)).not.toContain(product.id);
    await update(hidden, { hidden: false });
    expect((await shopProducts()).map((item) => item.id)).toContain(product.id);
  });

  it('moves a product to the end of another category', async () => {
    const [, second] = await backOffice.app.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.storeId, 13))
      .orderBy(categories.position);
    const product = await create();
    const moved = adminProductSchema.parse((await update(product, { category_id: present(second).id })).json());
    expect(moved.category_id).toBe(present(second).id);
    const page = adminProductPageSchema.parse(
      (await call('GET', `/products?category_id=${present(second).id}&page_size=100`)).json(),
    );
    expect(page.items.at(-1)?.id).toBe(product.id);
  });
});

describe('sold out today', () => {
  it('stops selling at once until the next business day, refuses orders, and sells again when lifted', async () => {
    const product = await create({ name: { de: 'Cannoli', en: 'Cannoli' } });
    const response = await call('PUT', `/products/${product.id}/sold-out`, { sold_out: true, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const soldOut = adminProductSchema.parse(response.json());
    expect(soldOut.version).toBe(2);
    // Monday evening: the demo store opens again on Tuesday.
    expect(soldOut.sold_out_until).not.toBeNull();
    const until = new Date(present(soldOut.sold_out_until));
    expect(until.getTime()).toBeGreaterThan(NOW.getTime());
    expect(until.toISOString().slice(0, 10)).toBe('2027-06-15');
    // Still on the menu, marked: sold out today, not orderable.
    expect((await shopProducts()).find((item) => item.id === product.id)).toMatchObject({
      available: false,
      sold_out: true,
    });

    const order = await backOffice.app.inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID() },
      payload: pickupOrder(product.id),
    });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'product_unavailable' });

    const listed = adminProductPageSchema.parse((await call('GET', '/products?sold_out=true&page_size=100')).json());
    expect(listed.items.map((item) => item.id)).toContain(product.id);

    const lifted = await call('PUT', `/products/${product.id}/sold-out`, { sold_out: false, version: 2 });
    expect(lifted.json()).toMatchObject({ sold_out_until: null, version: 3 });
    expect((await shopProducts()).find((item) => item.id === product.id)).toMatchObject({
      available: true,
      sold_out: false,
    });
    const [entry] = await backOffice.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(product.id)), eq(auditLog.action, 'sold_out')))
      .orderBy(desc(auditLog.id));
    expect(entry?.after).toMatchObject({ sold_out_until: null });
  });
});

describe('the product list', () => {
  it('searches German and English names in any case, filters and pages', async () => {
    await create({ name: { de: 'Zitronensorbet', en: 'Lemon sorbet' }, hidden: true });
    const byGerman = adminProductPageSchema.parse((await call('GET', '/products?search=ZITRONEN')).json());
    expect(byGerman.items.map((item) => item.name.de)).toEqual(['Zitronensorbet']);
    const byEnglish = adminProductPageSchema.parse((await call('GET', '/products?search=lemon%20SOR')).json());
    expect(byEnglish.total).toBe(1);
    await create({ name: { de: 'Österreichischer Strudel', en: 'Austrian strudel' } });
    const umlaut = adminProductPageSchema.parse((await call('GET', '/products?search=%C3%B6sterreich')).json());
    expect(umlaut.items.map((item) => item.name.de)).toEqual(['Österreichischer Strudel']);
    const wildcard = adminProductPageSchema.parse((await call('GET', '/products?search=%25')).json());
    expect(wildcard.total).toBe(0);

    const hidden = adminProductPageSchema.parse((await call('GET', '/products?hidden=true&page_size=100')).json());
    expect(hidden.items.every((item) => item.hidden)).toBe(true);
    expect(hidden.items.map((item) => item.name.de)).toContain('Zitronensorbet');

    const all = adminProductPageSchema.parse((await call('GET', '/products?page_size=100')).json());
    const second = adminProductPageSchema.parse((await call('GET', '/products?page=2&page_size=5')).json());
    expect(second.total).toBe(all.total);
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(5, 10).map((item) => item.id));
    const variable = all.items.find((item) => item.type === 'variable');
    expect(variable?.variants.length).toBeGreaterThan(0);
  });

  it('reorders the products of a category without raising versions', async () => {
    const page = adminProductPageSchema.parse(
      (await call('GET', `/products?category_id=${categoryId}&page_size=100`)).json(),
    );
    const reversed = page.items.map((item) => item.id).reverse();
    const response = await call('PUT', '/products/order', { category_id: categoryId, ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    const after = adminProductPageSchema.parse(response.json());
    expect(after.items.map((item) => item.id)).toEqual(reversed);
    expect(after.items.map((item) => item.version)).toEqual(page.items.map((item) => item.version).reverse());
    const shopOrder = (await shopProducts()).filter((item) => item.category_id === categoryId).map((item) => item.id);
    expect(shopOrder).toEqual(reversed.filter((id) => shopOrder.includes(id)));
    const incomplete = await call('PUT', '/products/order', { category_id: categoryId, ids: reversed.slice(1) });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: 'invalid_order' });
  });
});

describe('what a product offers and declares', () => {
  it('sets its topping groups in order and refuses duplicates, unknown groups and overlapping ones', async () => {
    const db = backOffice.app.database.db;
    const groups = await db.select().from(toppingGroups).where(eq(toppingGroups.storeId, 13)).orderBy(toppingGroups.id);
    const product = await create();
    const ids = groups.slice(0, 1).map((group) => group.id);
    const response = await call('PUT', `/products/${product.id}/topping-groups`, { group_ids: ids, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ topping_group_ids: ids, version: 2 });
    const shop = (await shopProducts()).find((item) => item.id === product.id);
    expect(shop?.enriched_topping_groups.map((group) => group.id)).toEqual(ids);

    const twice = await call('PUT', `/products/${product.id}/topping-groups`, {
      group_ids: [ids[0], ids[0]],
      version: 2,
    });
    expect(twice.json()).toMatchObject({ code: 'duplicate_topping_group' });
    const unknown = await call('PUT', `/products/${product.id}/topping-groups`, { group_ids: [999_999], version: 2 });
    expect(unknown.json()).toMatchObject({ code: 'invalid_topping_group' });

    // A copy of the first group offers the same toppings: together they would offer each twice.
    const [copy] = await db
      .insert(toppingGroups)
      .values({ storeId: 13, name: { de: 'Kopie', en: '' }, maxSelect: 3 })
      .returning();
    const items = await db
      .select()
      .from(groupItems)
      .where(eq(groupItems.groupId, present(ids[0])));
    await db.insert(groupItems).values(items.map((item) => ({ ...item, groupId: present(copy).id })));
    const overlap = await call('PUT', `/products/${product.id}/topping-groups`, {
      group_ids: [ids[0], present(copy).id],
      version: 2,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'topping_offered_twice' });
    expect((await call('GET', `/products/${product.id}`)).json()).toMatchObject({ topping_group_ids: ids, version: 2 });
  });

  it('sets its allergens and additives by code and refuses unknown codes', async () => {
    const product = await create();
    const response = await call('PUT', `/products/${product.id}/declarations`, {
      allergen_codes: ['g', 'a'],
      additive_codes: ['1'],
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ allergen_codes: ['a', 'g'], additive_codes: ['1'], version: 2 });
    const shop = (await shopProducts()).find((item) => item.id === product.id);
    expect(shop?.allergens.map((allergen) => allergen.code)).toEqual(['a', 'g']);

    const unknown = await call(
      'PUT',
      `/products/${product.id}/declarations`,
      { allergen_codes: ['z'], additive_codes: [], version: 2 },
      'en',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_allergen', message: 'These allergens do not exist: z.' });
  });
  it('tells which products offer each group, archived products left out, so same-named groups differ', async () => {
    const db = backOffice.app.database.db;
    const [group] = await db
      .insert(toppingGroups)
      .values({ storeId: 13, name: { de: 'Extra Beläge', en: 'Extra toppings' }, maxSelect: 3 })
      .returning();
    const groupId = present(group).id;
    const usage = async () => {
      const response = await call('GET', '/topping-groups/usage');
      expect(response.statusCode, response.body).toBe(200);
      const list = adminGroupUsageListSchema.parse(response.json());
      return list.find((entry) => entry.group_id === groupId)?.products.map((product) => product.name.de);
    };
    expect(await usage()).toEqual([]);

    const calzone = await create({ name: { de: 'Zucchini-Calzone', en: '' } });
    const lasagne = await create({ name: { de: 'Auberginen-Lasagne', en: '' } });
    for (const product of [calzone, lasagne]) {
      const offered = await call('PUT', `/products/${product.id}/topping-groups`, { group_ids: [groupId], version: 1 });
      expect(offered.statusCode, offered.body).toBe(200);
    }
    expect(await usage()).toEqual(['Auberginen-Lasagne', 'Zucchini-Calzone']);

    const archived = await call('POST', `/products/${lasagne.id}/archive`, { version: 2 });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await usage()).toEqual(['Zucchini-Calzone']);

    const unknownStore = await backOffice.app.inject({
      method: 'GET',
      url: '/api/admin/stores/999999/topping-groups/usage',
      headers: backOffice.admin.headers,
    });
    expect(unknownStore.statusCode).toBe(404);
  });
});
