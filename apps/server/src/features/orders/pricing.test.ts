import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addToCart,
  buildCartItem,
  computeTotals,
  missingForMinimumOrder,
  productSchema,
  type CartItem,
  type OrderItemInput,
  type Product,
} from '@pizzeria/domain';
import * as z from 'zod/mini';
import type { Catalogue } from '../catalogue/index.ts';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { PricingError, priceOrder } from './pricing.ts';

// The cart measured the minimum order on the goods, the server on the goods after the
// discount, so the cart enabled "order" for an order the server refused. Both now ask one function.

let server: TestServer;
let catalogue: Catalogue;
/** The products as the browser gets them from `GET /api/products/`. */
let products: Product[];

beforeAll(async () => {
  server = await buildTestServer({}, { database: 'pglite' });
  const loaded = await server.app.catalogue.get(13);
  if (!loaded) throw new Error('no demo catalogue');
  catalogue = loaded;
  const response = await server.app.inject({ method: 'GET', url: '/api/products/?store_id=13' });
  products = z.array(productSchema).parse(response.json());
});
afterAll(() => server.close());

/** The demo catalogue with one delivery area of the given minimum and fee, and the given delivery discount. */
function withArea(minimumOrderCents: number, deliveryFeeCents: number, discountPercent: number): Catalogue {
  const area = catalogue.postcodes[0];
  if (!area) throw new Error('the demo store delivers nowhere');
  return {
    ...catalogue,
    store: { ...catalogue.store, maxOrderTotalCents: Number.MAX_SAFE_INTEGER },
    postcodes: [{ ...area, minimumOrderCents, deliveryFeeCents }],
    discounts: discountPercent > 0 ? [{ code: 'DELIVERY_DISCOUNT', type: 'percentage', value: discountPercent }] : [],
  };
}

/** Whether the server takes the delivery: true, false for `below_minimum_order`; other refusals fail the test. */
function serverAccepts(priced: Catalogue, items: OrderItemInput[]): boolean {
  try {
    priceOrder(priced, { orderType: 'delivery', postcode: priced.postcodes[0]?.postcode ?? null, items });
    return true;
  } catch (error) {
    if (error instanceof PricingError && error.code === 'below_minimum_order') return false;
    throw error;
  }
}

/** The cart the browser builds from the same choices, with the domain's functions. */
function clientCart(items: OrderItemInput[]): CartItem[] {
  let cart: CartItem[] = [];
  for (const item of items) {
    const product = products.find((candidate) => candidate.id === item.product_id);
    if (!product) throw new Error(`no product ${item.product_id}`);
    cart = addToCart(
      cart,
      buildCartItem(product, {
        variantId: item.variant_id ?? null,
        quantity: item.quantity,
        extras: (item.extras ?? []).map((extra) => ({ id: extra.id, quantity: extra.quantity ?? 1 })),
      }),
    );
  }
  return cart;
}

/** A line any customer could put in the cart: an available product, a size where it has sizes, optional extras within the groups' maximum. */
const lineArbitrary = fc.integer({ min: 0, max: 10_000 }).chain((pick) => {
  const orderable = catalogue.products.filter(
    (product) => product.available && product.toppingGroups.every((group) => group.minSelect === 0),
  );
  const product = orderable[pick % orderable.length];
  if (!product) throw new Error('nothing orderable');
  const optional = product.toppingGroups
    .filter((group) => group.maxSelect > 0)
    .flatMap((group) => group.toppings.slice(0, 1));
  return fc.record({
    product_id: fc.constant(product.id),
    variant_id:
      product.variants.length > 0
        ? fc.constantFrom(...product.variants.map((variant) => variant.id))
        : fc.constant(null),
    quantity: fc.integer({ min: 1, max: 6 }),
    extras: fc.subarray(optional.map((topping) => ({ id: topping.id, quantity: 1 }))),
  });
});

describe('the minimum order', () => {
  it('is met in the cart exactly when the server takes the order, for any cart, area and discount', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 8_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 30 }),
        (items, minimum, fee, discount) => {
          const priced = withArea(minimum, fee, discount);
          const cart = clientCart(items);
          const totals = computeTotals({ items: cart, discountPercent: discount, deliveryFee: fee });
          const clientSaysMet = missingForMinimumOrder(totals, minimum) === 0;
          expect(serverAccepts(priced, items)).toBe(clientSaysMet);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is the value of the goods before the discount and without the fee (the walk-through’s example)', () => {
    const drink = catalogue.products.find((product) => product.available && product.type === 'simple');
    if (!drink) throw new Error('no simple product');
    const quantity = Math.ceil(1200 / drink.priceCents);
    const goods = quantity * drink.priceCents;
    // At least 12 € of goods, less than 12 € after 5 %: the cart enables the button, so the server takes it.
    const priced = withArea(goods, 250, 5);
    expect(serverAccepts(priced, [{ product_id: drink.id, quantity, extras: [] }])).toBe(true);
    expect(serverAccepts(withArea(goods + 1, 250, 5), [{ product_id: drink.id, quantity, extras: [] }])).toBe(false);
  });
});

describe('the delivery fee’s VAT (decision 022)', () => {
  const product = (name: string) => {
    const found = catalogue.products.find((candidate) => candidate.name.de === name);
    if (!found) throw new Error(`the demo menu has no ${name}`);
    return found;
  };
  const smallest = (name: string) => ({
    product_id: product(name).id,
    variant_id: product(name).variants[0]?.id ?? null,
    quantity: 1,
    extras: [],
  });

  it('stores each rate’s part of the fee in its gross and VAT', () => {
    const priced = priceOrder(withArea(0, 350, 5), {
      orderType: 'delivery',
      postcode: catalogue.postcodes[0]?.postcode ?? null,
      items: [smallest('Pizza Margherita'), smallest('Pizza Salami'), smallest('Cola 0,33 l')],
    });
    // 8,50 + 9,50 at 7 %, 2,90 + 0,08 deposit at 19 %; 5 % off 20,90 is 1,05 (0,90 and 0,15): goods after
    // it 17,10 and 2,75. The 3,50 fee splits 301.51 / 48.49 → 3,02 and 0,48.
    expect(priced.subtotalCents).toBe(2090);
    expect(priced.discountCents).toBe(105);
    expect(priced.totalCents).toBe(2343);
    expect(priced.vat).toEqual([
      { percentage: 7, amountCents: 132, grossCents: 2012 }, // 1710 + 302: 131.63
      { percentage: 19, amountCents: 53, grossCents: 331 }, // 275 + 48 + 8: 52.85
    ]);
  });

  it('leaves a pickup’s VAT as its goods and deposits alone', () => {
    const priced = priceOrder(withArea(0, 350, 0), {
      orderType: 'pickup',
      postcode: null,
      items: [smallest('Pizza Margherita')],
    });
    expect(priced.vat).toEqual([{ percentage: 7, amountCents: 56, grossCents: 850 }]);
  });
});

describe('deposits (Pfand, decision 016)', () => {
  const bottled = () => {
    const drink = catalogue.products.find((product) => product.available && product.depositCents > 0);
    if (!drink) throw new Error('the demo menu has no drink with a deposit');
    return drink;
  };

  it('charges the catalogue’s deposit per unit on top of the discounted goods, and keeps it on the line', () => {
    const drink = bottled();
    const priced = priceOrder(withArea(0, 250, 10), {
      orderType: 'delivery',
      postcode: catalogue.postcodes[0]?.postcode ?? null,
      items: [{ product_id: drink.id, quantity: 3, extras: [] }],
    });
    const goods = 3 * drink.priceCents;
    const discount = Math.round(goods / 10);
    expect(priced.lines[0]).toMatchObject({ depositCents: drink.depositCents, lineTotalCents: goods });
    expect(priced.subtotalCents).toBe(goods);
    expect(priced.discountCents).toBe(discount);
    expect(priced.depositCents).toBe(3 * drink.depositCents);
    expect(priced.totalCents).toBe(goods - discount + 3 * drink.depositCents + 250);
    // All 19 %: the VAT is contained in the discounted goods plus the whole deposit and the fee.
    const gross = goods - discount + 3 * drink.depositCents + 250;
    expect(priced.vat).toEqual([{ percentage: 19, amountCents: Math.round((gross * 19) / 119), grossCents: gross }]);
  });

  it('does not count toward the minimum order', () => {
    const drink = bottled();
    const items = [{ product_id: drink.id, quantity: 2, extras: [] }];
    expect(serverAccepts(withArea(2 * drink.priceCents, 0, 0), items)).toBe(true);
    expect(serverAccepts(withArea(2 * drink.priceCents + 1, 0, 0), items)).toBe(false);
  });

  it('adds up to the same total as the cart, for any cart and discount', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 30 }),
        (items, discount) => {
          const priced = priceOrder(withArea(0, 0, discount), {
            orderType: 'delivery',
            postcode: catalogue.postcodes[0]?.postcode ?? null,
            items,
          });
          const totals = computeTotals({ items: clientCart(items), discountPercent: discount, deliveryFee: 0 });
          expect([priced.depositCents, priced.totalCents]).toEqual([totals.deposit, totals.total]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('a topping sold out today', () => {
  /** The demo catalogue with one topping sold out in every group that offers it. */
  function soldOut(toppingId: number): Catalogue {
    return {
      ...catalogue,
      products: catalogue.products.map((product) => ({
        ...product,
        toppingGroups: product.toppingGroups.map((group) => ({
          ...group,
          toppings: group.toppings.map((topping) =>
            topping.id === toppingId ? { ...topping, soldOut: true } : topping,
          ),
        })),
      })),
    };
  }

  it('refuses a line with it, naming the topping and its dish, and prices the same line without it', () => {
    const dish = catalogue.products.find(
      (product) =>
        product.available &&
        product.toppingGroups.every((group) => group.minSelect === 0) &&
        product.toppingGroups.some((group) => group.toppings.length > 0),
    );
    const extra = dish?.toppingGroups.flatMap((group) => group.toppings)[0];
    if (!dish || !extra) throw new Error('the demo menu has no dish with optional extras');
    const line = (extras: { id: number }[]): OrderItemInput => ({
      product_id: dish.id,
      variant_id: dish.variants[0]?.id,
      quantity: 1,
      extras,
    });
    const request = { orderType: 'pickup' as const, postcode: null, items: [line([{ id: extra.id }])] };

    expect(priceOrder(catalogue, request).lines[0]?.extras).toMatchObject([{ id: extra.id }]);
    let refusal: unknown;
    try {
      priceOrder(soldOut(extra.id), request);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PricingError);
    expect(refusal).toMatchObject({
      code: 'topping_sold_out',
      text: {
        de: `${extra.name.de} (bei ${dish.name.de}) ist heute ausverkauft. Bitte bearbeiten Sie die Position.`,
        en: `${extra.name.en} (on ${dish.name.en}) is sold out today. Please edit the line.`,
      },
    });
    expect(priceOrder(soldOut(extra.id), { ...request, items: [line([])] }).lines).toHaveLength(1);
  });
});
