import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  categorySchema,
  discountSchema,
  postcodeSchema,
  productSchema,
  storeSchema,
  type Product,
} from '@pizzeria/domain';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { categories } from '../schema.ts';
import { seedDemoRestaurant } from './index.ts';

const PRODUCT_SLUGS = {
  Vorspeisen: ['pizzabrot', 'bruschetta', 'antipasti-misti'],
  Pizza: [
    'margherita',
    'salami',
    'funghi',
    'prosciutto',
    'tonno',
    'hawaii',
    'quattro-formaggi',
    'diavola',
    'vegetariana',
    'capricciosa',
    'frutti-di-mare',
    'spinaci',
  ],
  Pasta: [
    'spaghetti-bolognese',
    'spaghetti-carbonara',
    'penne-arrabbiata',
    'lasagne',
    'tortellini-panna',
    'gnocchi-gorgonzola',
  ],
  Salate: ['insalata-mista', 'insalata-caprese', 'caesar-salad', 'insalata-tonno'],
  Desserts: ['tiramisu', 'panna-cotta', 'tartufo'],
  Getränke: ['cola', 'lemonade', 'mineral-water', 'apple-spritzer', 'pils', 'red-wine'],
} as const;

const slugOf = (product: Product) =>
  /\/order-online\/images\/products\/([a-z-]+)\.svg$/.exec(product.image_url ?? '')?.[1];

describe('the demo restaurant seed', () => {
  let server: TestServer;
  let productsByCategory: Map<string, Product[]>;
  beforeAll(async () => {
    server = await buildTestServer();
    const categoryList = z
      .array(categorySchema)
      .parse((await server.app.inject('/api/categories/?store_id=13')).json());
    const productList = z.array(productSchema).parse((await server.app.inject('/api/products/?store_id=13')).json());
    productsByCategory = new Map(
      categoryList.map((category) => [
        category.name,
        productList.filter((product) => product.category_id === category.id),
      ]),
    );
  });
  afterAll(() => server.close());

  const all = () => [...productsByCategory.values()].flat();
  const inCategory = (name: keyof typeof PRODUCT_SLUGS) => productsByCategory.get(name) ?? [];

  it('is store 13, Pizzeria Bella Napoli in Kreuzberg, in Europe/Berlin, region de-DE', async () => {
    const store = storeSchema.parse((await server.app.inject('/api/stores/13')).json());
    expect(store).toMatchObject({
      id: 13,
      name: 'Pizzeria Bella Napoli',
      timezone: 'Europe/Berlin',
      address: 'Oranienstraße 42, 10999 Berlin',
      region: { code: 'de-DE', currency: 'EUR', show_legal_link: true },
    });
  });

  it('has the six categories, in menu order, each with a description, and exactly the listed products', () => {
    expect([...productsByCategory.keys()]).toEqual(Object.keys(PRODUCT_SLUGS));
    for (const [category, slugs] of Object.entries(PRODUCT_SLUGS)) {
      expect(productsByCategory.get(category)?.map(slugOf), category).toEqual(slugs);
    }
    expect(all().length).toBeGreaterThanOrEqual(30);
    expect(new Set(all().map((product) => product.id)).size).toBe(all().length);
  });

  it('gives every product and topping a name, a description, allergens and additives', () => {
    for (const product of all()) {
      expect(product.name.length, product.image_url ?? '').toBeGreaterThan(2);
      expect(product.description.length, product.image_url ?? '').toBeGreaterThan(10);
      expect(Array.isArray(product.allergens) && Array.isArray(product.additives)).toBe(true);
      for (const topping of product.enriched_topping_groups.flatMap((group) => group.toppings)) {
        expect(Array.isArray(topping.allergens) && Array.isArray(topping.additives)).toBe(true);
      }
    }
    for (const product of [...inCategory('Pizza'), ...inCategory('Pasta')]) {
      expect(
        product.allergens.map((allergen) => allergen.code),
        product.image_url ?? '',
      ).toContain('a');
    }
    const codes = (slug: string) => {
      const product = all().find((candidate) => slugOf(candidate) === slug);
      return product && [product.allergens.map((a) => a.code), product.additives.map((a) => a.code)];
    };
    expect(codes('salami')).toEqual([
      ['a', 'g'],
      ['2', '3', '8'],
    ]);
    expect(codes('cola')).toEqual([[], ['1', '11']]);
    expect(codes('frutti-di-mare')?.[0]).toEqual(['a', 'b', 'g', 'n']);
  });

  it('sells every pizza in three growing sizes from the small price, everything else as a simple product', () => {
    for (const pizza of inCategory('Pizza')) {
      expect(pizza.type).toBe('variable');
      expect(pizza.variants.map((variant) => variant.name)).toEqual([
        'Klein Ø 26 cm',
        'Mittel Ø 30 cm',
        'Groß Ø 36 cm',
      ]);
      const prices = pizza.variants.map((variant) => variant.price);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      expect(new Set(prices).size).toBe(3);
      expect(pizza.price).toBe(prices[0]);
    }
    expect(
      inCategory('Pizza')
        .find((pizza) => slugOf(pizza) === 'margherita')
        ?.variants.map((v) => v.price),
    ).toEqual([8.5, 10.5, 13.5]);
    for (const product of all().filter((candidate) => !inCategory('Pizza').includes(candidate))) {
      expect(product.type).toBe('simple');
      expect(product.variants).toEqual([]);
    }
  });

  it('sells every pizza in halves at every size (half-and-half), and nothing else', () => {
    for (const pizza of inCategory('Pizza')) {
      expect(pizza.variants.every((variant) => variant.divisible === true)).toBe(true);
    }
    for (const product of all().filter((candidate) => !inCategory('Pizza').includes(candidate))) {
      expect(product.divisible).toBe(false);
    }
  });

  it('charges a deposit on the bottled drinks only: Mehrweg glass 0,08 €, PET 0,15 €, Einweg 0,25 €', () => {
    const deposits = Object.fromEntries(inCategory('Getränke').map((drink) => [slugOf(drink), drink.deposit]));
    expect(deposits).toEqual({
      cola: 0.08,
      lemonade: 0.08,
      'mineral-water': 0.15,
      'apple-spritzer': 0.25,
      pils: 0.08,
      'red-wine': 0,
    });
    for (const product of all().filter((candidate) => !inCategory('Getränke').includes(candidate))) {
      expect(product.deposit).toBe(0);
    }
  });

  it('charges 7 % VAT on food and 19 % on drinks', () => {
    for (const [category, list] of productsByCategory) {
      for (const product of list) {
        expect(product.tax.percentage, product.image_url ?? '').toBe(category === 'Getränke' ? 19 : 7);
      }
    }
  });

  it('offers topping groups with rules: a required free dressing first on salads, none on drinks and desserts', () => {
    for (const pizza of inCategory('Pizza')) {
      const extras = pizza.enriched_topping_groups[0];
      expect(extras).toMatchObject({ name: 'Extra Beläge', min_select: 0, max_select: 6 });
      expect(extras?.toppings.length).toBeGreaterThanOrEqual(10);
      expect(new Set(extras?.toppings.map((topping) => topping.price)).size).toBeGreaterThan(1);
    }
    const crusts = inCategory('Pizza').filter((pizza) =>
      pizza.enriched_topping_groups.some((group) => group.name === 'Käserand'),
    );
    expect(crusts.length).toBeGreaterThan(0);
    expect(crusts.length).toBeLessThan(inCategory('Pizza').length);
    for (const group of crusts.flatMap((pizza) => pizza.enriched_topping_groups).filter((g) => g.name === 'Käserand')) {
      expect(group).toMatchObject({ min_select: 0, max_select: 1 });
    }
    for (const pasta of inCategory('Pasta')) {
      expect(pasta.enriched_topping_groups[0]).toMatchObject({ name: 'Extra Beläge', min_select: 0, max_select: 3 });
    }
    const dressed = inCategory('Salate').filter((salad) => salad.enriched_topping_groups[0]?.name === 'Dressing');
    expect(dressed.length).toBeGreaterThan(0);
    for (const salad of dressed) {
      const dressing = salad.enriched_topping_groups[0];
      expect(dressing).toMatchObject({ min_select: 1, max_select: 1 });
      expect(dressing?.toppings.map((topping) => [topping.name, topping.price])).toEqual([
        ['Hausdressing', 0],
        ['Balsamico-Dressing', 0],
        ['Joghurt-Dressing', 0],
      ]);
    }
    for (const product of [...inCategory('Getränke'), ...inCategory('Desserts')]) {
      expect(product.enriched_topping_groups, product.image_url ?? '').toEqual([]);
    }
  });

  it('has each topping once, offered by several groups at their own prices, never twice to one product', () => {
    const offers = all().flatMap((product) =>
      product.enriched_topping_groups.flatMap((group) => group.toppings.map((topping) => ({ product, topping }))),
    );
    const idsByName = new Map<string, Set<number>>();
    for (const { topping } of offers)
      idsByName.set(topping.name, (idsByName.get(topping.name) ?? new Set()).add(topping.id));
    for (const [name, ids] of idsByName) expect(ids.size, name).toBe(1);
    // Parmesan: 1,50 € on a pizza, 1,00 € on pasta, the same topping.
    const parmesan = new Set(
      offers.filter(({ topping }) => topping.name === 'Parmesan').map(({ topping }) => topping.price),
    );
    expect([...parmesan].sort()).toEqual([1, 1.5]);
    for (const product of all()) {
      const ids = product.enriched_topping_groups.flatMap((group) => group.toppings.map((topping) => topping.id));
      expect(new Set(ids).size, product.name).toBe(ids.length);
    }
  });

  it('delivers to at least 12 Berlin postcodes with fees, minimum orders and delivery times', async () => {
    const list = z.array(postcodeSchema).parse((await server.app.inject('/api/postcodes/store/13')).json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    const codes = list.map((entry) => entry.postcode);
    for (const code of ['10961', '10963', '10965', '10967', '10969', '10997', '10999', '12043', '12045', '12047']) {
      expect(codes).toContain(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of list) {
      expect(entry.delivery_fee).toBeGreaterThanOrEqual(0);
      expect(entry.delivery_fee).toBeLessThanOrEqual(3.5);
      expect(entry.minimum_order_amount).toBeGreaterThanOrEqual(12);
      expect(entry.minimum_order_amount).toBeLessThanOrEqual(25);
      expect(entry.delivery_time).toBeGreaterThanOrEqual(30);
      expect(entry.delivery_time).toBeLessThanOrEqual(60);
      expect(entry.store_id).toBe(13);
    }
  });

  it('grants 5 % off delivery and 10 % off pickup', async () => {
    const list = z.array(discountSchema).parse((await server.app.inject('/api/discounts/13')).json());
    expect(list).toEqual([
      { code: 'DELIVERY_DISCOUNT', type: 'percentage', value: 5 },
      { code: 'PICKUP_DISCOUNT', type: 'percentage', value: 10 },
    ]);
  });

  it('opens every day, twice on weekdays, past midnight on Friday and Saturday', async () => {
    const { store_hours: hours } = storeSchema.parse((await server.app.inject('/api/stores/13')).json());
    const slots = (day: number) =>
      hours.filter((hour) => hour.day_of_week === day).map((h) => `${h.open_time}-${h.close_time}`);
    expect(slots(0)).toEqual(['12:00-22:00']);
    for (const day of [1, 2, 3, 4]) expect(slots(day)).toEqual(['11:30-14:30', '17:00-22:30']);
    for (const day of [5, 6]) expect(slots(day)).toEqual(['11:30-14:30', '17:00-01:00']);
    expect(hours.some((hour) => hour.close_time < hour.open_time)).toBe(true);
  });

  it('runs once: a second seed changes nothing, and new rows get ids after the seeded ones', async () => {
    const { db } = server.app.database;
    expect(await seedDemoRestaurant(db)).toBe(false);
    const [created] = await db
      .insert(categories)
      .values({ storeId: 13, position: 99, name: { de: 'Neu', en: 'New' }, description: { de: '', en: '' } })
      .returning({ id: categories.id });
    expect(created?.id).toBe(7);
  });
});
