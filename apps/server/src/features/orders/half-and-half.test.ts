import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  buildHalfAndHalfItem,
  computeTotals,
  productSchema,
  type OrderItemInput,
  type Product,
} from '@pizzeria/domain';
import { orderItems } from '../../db/schema.ts';
import type { Catalogue, CatalogueProduct, CatalogueVariant } from '../catalogue/index.ts';
import { pickupOrder } from '../../../test/helper.ts';
import { PricingError, priceOrder } from './pricing.ts';
import { ordersTestServer, placeOrderVia, postOrder } from './test-orders.ts';

// A half-and-half pizza (decision 029): one pizza of two divisible halves at the same size and VAT rate,
// each with its own toppings, priced as the domain's `halfAndHalfPrice`.

const server = ordersTestServer({ database: 'pglite' });
let catalogue: Catalogue;
/** The products as the browser gets them, for the domain's own half-and-half line. */
let shopProducts: Product[];

beforeAll(async () => {
  const loaded = await server.app.catalogue.get(13);
  if (!loaded) throw new Error('no demo catalogue');
  catalogue = { ...loaded, store: { ...loaded.store, maxOrderTotalCents: Number.MAX_SAFE_INTEGER } };
  const response = await server.app.inject({ method: 'GET', url: '/api/products/?store_id=13' });
  shopProducts = z.array(productSchema).parse(response.json());
});

function pizza(slugName: string): CatalogueProduct {
  const found = catalogue.products.find((product) => product.name.de === `Pizza ${slugName}`);
  if (!found) throw new Error(`no Pizza ${slugName}`);
  return found;
}

function size(product: CatalogueProduct, name: string): CatalogueVariant {
  const found = product.variants.find((variant) => variant.name.de.startsWith(name));
  if (!found) throw new Error(`${product.name.de} has no size ${name}`);
  return found;
}

function toppingNamed(product: CatalogueProduct, name: string) {
  const found = product.toppingGroups.flatMap((group) => group.toppings).find((topping) => topping.name.de === name);
  if (!found) throw new Error(`${product.name.de} offers no ${name}`);
  return found;
}

/** Salami (Groß, with `firstExtras`) and Funghi (Groß, with `secondExtras`) as one pizza. */
function halvedItem(
  quantity = 1,
  firstExtras: { id: number; quantity?: number }[] = [],
  secondExtras: { id: number; quantity?: number }[] = [],
): OrderItemInput {
  const salami = pizza('Salami');
  const funghi = pizza('Funghi');
  return {
    product_id: salami.id,
    variant_id: size(salami, 'Groß').id,
    quantity,
    extras: firstExtras,
    second_half: { product_id: funghi.id, variant_id: size(funghi, 'Groß').id, extras: secondExtras },
  };
}

function pricePickup(items: OrderItemInput[], on: Catalogue = catalogue) {
  return priceOrder(on, { orderType: 'pickup', postcode: null, items });
}

/** The refusal pricing `items` gives; the test fails when it prices them. */
function refusalOf(items: OrderItemInput[], on: Catalogue = catalogue): PricingError {
  try {
    pricePickup(items, on);
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('the items were priced');
}

/** The catalogue with one product changed. */
function withProduct(id: number, change: (product: CatalogueProduct) => CatalogueProduct): Catalogue {
  return {
    ...catalogue,
    products: catalogue.products.map((product) => (product.id === id ? change(product) : product)),
  };
}

describe('pricing a half-and-half pizza', () => {
  it('charges the dearer half’s size plus each half’s toppings at half price, rounded up per half', () => {
    const salami = pizza('Salami');
    const funghi = pizza('Funghi');
    const mozzarella = toppingNamed(salami, 'Mozzarella');
    const crust = toppingNamed(funghi, 'Käserand mit Mozzarella');
    const priced = pricePickup([halvedItem(1, [{ id: mozzarella.id, quantity: 1 }], [{ id: crust.id }])]);
    const line = priced.lines[0];
    const dearer = Math.max(size(salami, 'Groß').priceCents, size(funghi, 'Groß').priceCents);
    expect(line?.unitPriceCents).toBe(dearer + Math.ceil(mozzarella.priceCents / 2) + Math.ceil(crust.priceCents / 2));
    expect(line?.extras).toEqual([]);
    expect(line?.name).toEqual({
      de: '½ Pizza Salami | ½ Pizza Funghi',
      en: '½ Pizza Salami | ½ Pizza Funghi',
    });
    expect(line?.variantName).toEqual(size(salami, 'Groß').name);
    expect(line?.halves).toEqual([
      {
        productId: salami.id,
        variantId: size(salami, 'Groß').id,
        name: salami.name,
        variantName: size(salami, 'Groß').name,
        basePriceCents: size(salami, 'Groß').priceCents,
        extras: [{ id: mozzarella.id, name: mozzarella.name, priceCents: mozzarella.priceCents, quantity: 1 }],
      },
      {
        productId: funghi.id,
        variantId: size(funghi, 'Groß').id,
        name: funghi.name,
        variantName: size(funghi, 'Groß').name,
        basePriceCents: size(funghi, 'Groß').priceCents,
        extras: [{ id: crust.id, name: crust.name, priceCents: crust.priceCents, quantity: 1 }],
      },
    ]);
  });

  it('counts as one pizza per unit: quantity multiplies the line, one VAT rate (the halves’ own)', () => {
    const single = pricePickup([halvedItem(1)]);
    const three = pricePickup([halvedItem(3)]);
    const line = three.lines[0];
    expect(line?.quantity).toBe(3);
    expect(line?.lineTotalCents).toBe(3 * (single.lines[0]?.unitPriceCents ?? 0));
    expect(three.subtotalCents).toBe(line?.lineTotalCents);
    expect(three.vat.map((share) => share.percentage)).toEqual([pizza('Salami').taxPercentage]);
    expect(line?.taxPercentage).toBe(pizza('Salami').taxPercentage);
  });

  it('is what the browser’s cart charges for the same halves, for any two pizzas, size and toppings', () => {
    const pizzas = catalogue.products.filter((product) => product.variants.some((variant) => variant.divisible));
    expect(pizzas.length).toBeGreaterThan(1);
    const pizzaToppings = (product: CatalogueProduct) =>
      product.toppingGroups.find((group) => group.maxSelect > 1)?.toppings.slice(0, 4) ?? [];
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.integer({ min: 1, max: 5 }),
        (a, b, sizeIndex, firstPicks, secondPicks, quantity) => {
          const first = pizzas[a % pizzas.length] as CatalogueProduct;
          const second = pizzas[b % pizzas.length] as CatalogueProduct;
          const firstSize = first.variants[sizeIndex] as CatalogueVariant;
          const secondSize = second.variants.find((variant) => variant.name.de === firstSize.name.de);
          if (!secondSize) return;
          const pick = (product: CatalogueProduct, picks: number[]) => {
            const offered = pizzaToppings(product);
            return [...new Set(picks.map((index) => offered[index % offered.length]?.id ?? 0))]
              .filter((id) => id > 0)
              .map((id) => ({ id, quantity: 1 }));
          };
          const firstExtras = pick(first, firstPicks);
          const secondExtras = pick(second, secondPicks);
          const priced = pricePickup([
            {
              product_id: first.id,
              variant_id: firstSize.id,
              quantity,
              extras: firstExtras,
              second_half: { product_id: second.id, variant_id: secondSize.id, extras: secondExtras },
            },
          ]);
          const shop = (id: number) => shopProducts.find((product) => product.id === id) as Product;
          const item = buildHalfAndHalfItem(
            { product: shop(first.id), variantId: firstSize.id, extras: firstExtras },
            { product: shop(second.id), variantId: secondSize.id, extras: secondExtras },
            quantity,
          );
          const totals = computeTotals({ items: [item], discountPercent: priced.discountPercentage, deliveryFee: 0 });
          expect(priced.lines[0]?.unitPriceCents).toBe(item.price);
          expect(priced.totalCents).toBe(totals.total);
          expect(priced.depositCents).toBe(totals.deposit);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('refusing halves that do not make one pizza', () => {
  it('refuses a half that is not sold in halves at that size (invalid_half, naming both dishes)', () => {
    const salami = pizza('Salami');
    const notDivisible = withProduct(pizza('Funghi').id, (product) => ({
      ...product,
      variants: product.variants.map((variant) => ({ ...variant, divisible: false })),
    }));
    const refusal = refusalOf([halvedItem()], notDivisible);
    expect(refusal.code).toBe('invalid_half');
    expect(refusal.text?.de).toContain(salami.name.de);
    expect(refusal.text?.de).toContain('Pizza Funghi (Groß');
    expect(refusal.text?.en).toContain('not sold in halves');
  });

  it('refuses a drink as a half, and a simple dish that is not divisible', () => {
    const drink = catalogue.products.find((product) => product.type === 'simple' && product.available);
    if (!drink) throw new Error('no simple product');
    const item = halvedItem();
    const refusal = refusalOf([{ ...item, second_half: { product_id: drink.id, variant_id: null, extras: [] } }]);
    expect(refusal.code).toBe('invalid_half');
    expect(refusal.text?.de).toContain(drink.name.de);
  });

  it('refuses halves of different sizes', () => {
    const funghi = pizza('Funghi');
    const item = halvedItem();
    const refusal = refusalOf([
      { ...item, second_half: { product_id: funghi.id, variant_id: size(funghi, 'Klein').id, extras: [] } },
    ]);
    expect(refusal.code).toBe('invalid_half');
    expect(refusal.text?.en).toContain('same size');
  });

  it('refuses halves at different VAT rates', () => {
    const otherRate = withProduct(pizza('Funghi').id, (product) => ({ ...product, taxPercentage: 19 }));
    const refusal = refusalOf([halvedItem()], otherRate);
    expect(refusal.code).toBe('invalid_half');
    expect(refusal.text?.en).toContain('VAT');
  });

  it('refuses a second half sold out today, naming that dish and its size', () => {
    const funghi = pizza('Funghi');
    const soldOut = withProduct(funghi.id, (product) => ({ ...product, available: false, soldOut: true }));
    const refusal = refusalOf([halvedItem()], soldOut);
    expect(refusal.code).toBe('product_unavailable');
    expect(refusal.text?.de).toBe(
      `${funghi.name.de} (${size(funghi, 'Groß').name.de}) ist heute ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.`,
    );
  });

  it('checks each half’s toppings against its own dish: unknown, sold out, over the group’s maximum', () => {
    const funghi = pizza('Funghi');
    const crust = toppingNamed(funghi, 'Käserand mit Mozzarella');
    const salat = catalogue.products.find((product) =>
      product.toppingGroups.some((group) => group.toppings.every((topping) => !findIn(funghi, topping.id))),
    );
    const foreign = salat?.toppingGroups
      .flatMap((group) => group.toppings)
      .find((topping) => !findIn(funghi, topping.id));
    if (!foreign) throw new Error('no topping the pizzas do not offer');
    expect(refusalOf([halvedItem(1, [], [{ id: foreign.id }])]).code).toBe('invalid_topping');
    expect(refusalOf([halvedItem(1, [], [{ id: crust.id, quantity: 2 }])]).code).toBe('topping_group_max');

    const crustSoldOut = withProduct(funghi.id, (product) => ({
      ...product,
      toppingGroups: product.toppingGroups.map((group) => ({
        ...group,
        toppings: group.toppings.map((topping) => (topping.id === crust.id ? { ...topping, soldOut: true } : topping)),
      })),
    }));
    const soldOut = refusalOf([halvedItem(1, [], [{ id: crust.id }])], crustSoldOut);
    expect(soldOut.code).toBe('topping_sold_out');
    expect(soldOut.text?.de).toContain(`bei ${funghi.name.de}`);
    // The first half (the unchanged Salami) may still have it.
    expect(pricePickup([halvedItem(1, [{ id: crust.id }])], crustSoldOut).lines).toHaveLength(1);
  });

  it('refuses a half-and-half quantity outside 1–99 as any line', () => {
    expect(refusalOf([halvedItem(0)]).code).toBe('invalid_quantity');
  });
});

function findIn(product: CatalogueProduct, toppingId: number): boolean {
  return product.toppingGroups.some((group) => group.toppings.some((topping) => topping.id === toppingId));
}

describe('a half-and-half order through the API', () => {
  it('is placed, stores both halves and answers them with the display name “½ A | ½ B (size)”', async () => {
    const salami = pizza('Salami');
    const funghi = pizza('Funghi');
    const mozzarella = toppingNamed(salami, 'Mozzarella');
    const item = halvedItem(2, [{ id: mozzarella.id }], []);
    const order = await placeOrderVia(server.app, { ...pickupOrder(server.productId), items: [item] });
    const [line] = order.items;
    const groß = size(salami, 'Groß');
    expect(line?.display_name).toBe(`½ Pizza Salami | ½ Pizza Funghi (${groß.name.de})`);
    expect(line?.variant_name).toBe(groß.name.de);
    expect(line?.extras).toEqual([]);
    const unitCents = Math.max(groß.priceCents, size(funghi, 'Groß').priceCents) + Math.ceil(mozzarella.priceCents / 2);
    expect(line?.price).toBe(unitCents / 100);
    expect(line?.line_total).toBe((2 * unitCents) / 100);
    expect(order.subtotal).toBe((2 * unitCents) / 100);
    expect(line?.halves).toEqual([
      {
        product_id: salami.id,
        variant_id: groß.id,
        name: salami.name.de,
        variant_name: groß.name.de,
        base_price: groß.priceCents / 100,
        extras: [{ id: mozzarella.id, name: 'Mozzarella', price: mozzarella.priceCents / 100, quantity: 1 }],
      },
      {
        product_id: funghi.id,
        variant_id: size(funghi, 'Groß').id,
        name: funghi.name.de,
        variant_name: size(funghi, 'Groß').name.de,
        base_price: size(funghi, 'Groß').priceCents / 100,
        extras: [],
      },
    ]);

    const stored = await server.app.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.halves?.map((half) => half.productId)).toEqual([salami.id, funghi.id]);
    expect(stored[0]?.unitPriceCents).toBe(unitCents);

    const english = await server.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.tracking_token ?? ''}`,
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.json<{ items: { display_name: string }[] }>().items[0]?.display_name).toBe(
      `½ Pizza Salami | ½ Pizza Funghi (${groß.name.en})`,
    );
  });

  it('answers halves that do not go together with 422 invalid_half in the caller’s words, and stores nothing', async () => {
    const funghi = pizza('Funghi');
    const item = halvedItem();
    const response = await postOrder(
      server.app,
      {
        ...pickupOrder(server.productId),
        items: [{ ...item, second_half: { product_id: funghi.id, variant_id: size(funghi, 'Mittel').id, extras: [] } }],
      },
      { headers: { 'accept-language': 'en' } },
    );
    expect(response.statusCode).toBe(422);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('invalid_half');
    expect(body.message).toContain('Pizza Salami');
    expect(body.message).toContain('Pizza Funghi');
  });
});
