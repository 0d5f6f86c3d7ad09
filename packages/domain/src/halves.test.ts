import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCartItem } from './cart.ts';
import {
  buildHalfAndHalfItem,
  halfAndHalfPrice,
  halfPartners,
  halvesName,
  isDivisible,
  type PricedHalf,
} from './halves.ts';
import { computeTotals } from './totals.ts';
import { group, product, topping } from './test-fixtures.ts';
import type { Product } from './api/catalogue.ts';

// Half-and-half (decision 029): the dearer half's base plus each half's toppings at half price, rounded
// up per half; partners are divisible at a size of the same name, at the same VAT rate, available.

const halfArbitrary: fc.Arbitrary<PricedHalf> = fc.record({
  basePrice: fc.integer({ min: 0, max: 5_000 }),
  extras: fc.array(fc.record({ price: fc.integer({ min: 0, max: 500 }), quantity: fc.integer({ min: 1, max: 5 }) }), {
    maxLength: 6,
  }),
});

const toppingsCents = (half: PricedHalf) => half.extras.reduce((sum, extra) => sum + extra.price * extra.quantity, 0);

describe('halfAndHalfPrice', () => {
  it('is at least the dearer half’s base price, and at most that plus all toppings at full price', () => {
    fc.assert(
      fc.property(halfArbitrary, halfArbitrary, (first, second) => {
        const price = halfAndHalfPrice([first, second]);
        const dearer = Math.max(first.basePrice, second.basePrice);
        expect(price).toBeGreaterThanOrEqual(dearer);
        expect(price).toBeLessThanOrEqual(dearer + toppingsCents(first) + toppingsCents(second));
        expect(Number.isInteger(price)).toBe(true);
      }),
    );
  });

  it('does not depend on which half is first', () => {
    fc.assert(
      fc.property(halfArbitrary, halfArbitrary, (first, second) => {
        expect(halfAndHalfPrice([first, second])).toBe(halfAndHalfPrice([second, first]));
      }),
    );
  });

  it('rounds each half’s toppings up to the cent on their own', () => {
    fc.assert(
      fc.property(halfArbitrary, halfArbitrary, (first, second) => {
        const dearer = Math.max(first.basePrice, second.basePrice);
        expect(halfAndHalfPrice([first, second])).toBe(
          dearer + Math.ceil(toppingsCents(first) / 2) + Math.ceil(toppingsCents(second) / 2),
        );
      }),
    );
    // 1,51 € on each half: 0,76 € + 0,76 €, not half of 3,02 € (1,51 €).
    const oneTopping = { basePrice: 1000, extras: [{ price: 151, quantity: 1 }] };
    expect(halfAndHalfPrice([oneTopping, oneTopping])).toBe(1000 + 76 + 76);
  });

  it('is the whole pizza’s price when both halves are the same dish without toppings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), (base) => {
        const plain = { basePrice: base, extras: [] };
        expect(halfAndHalfPrice([plain, plain])).toBe(base);
      }),
    );
    const whole = buildCartItem(salami, { variantId: 42, extras: [], quantity: 1 });
    const halved = buildHalfAndHalfItem(
      { product: salami, variantId: 42, extras: [] },
      { product: salami, variantId: 42, extras: [] },
      1,
    );
    expect(halved.price).toBe(whole.price);
  });
});

const pizzaToppings = group(1, [topping(5, 'Salami', 1.5), topping(9, 'Extra Käse', 1.25)], 0, 3);

function pizza(id: number, name: string, prices: [number, number], overrides: Partial<Product> = {}): Product {
  return product({
    id,
    name,
    type: 'variable',
    price: prices[0],
    variants: [
      { id: id * 10 + 1, name: 'Klein Ø 26 cm', price: prices[0], divisible: false },
      { id: id * 10 + 2, name: 'Groß Ø 32 cm', price: prices[1], divisible: true },
    ],
    enriched_topping_groups: [pizzaToppings],
    ...overrides,
  });
}

const salami = pizza(4, 'Salami', [8, 10.5]);
const funghi = pizza(5, 'Funghi', [7.5, 9.9]);
/** Divisible at large, but at the full VAT rate. */
const otherRate = pizza(6, 'Steuer', [8, 10], { tax: { percentage: 19 } });
/** Divisible at large, but not available now (sold out today). */
const soldOut = pizza(7, 'Ausverkauft', [8, 10], { available: false, sold_out: true });
/** Sold in halves at no size. */
const whole = pizza(8, 'Calzone', [9, 11], {
  variants: [
    { id: 81, name: 'Klein Ø 26 cm', price: 9 },
    { id: 82, name: 'Groß Ø 32 cm', price: 11 },
  ],
});
const flatbread = product({ id: 9, name: 'Flammkuchen', price: 8, divisible: true });
const bread = product({ id: 10, name: 'Brot', price: 4 });
const menu = [salami, funghi, otherRate, soldOut, whole, flatbread, bread];

describe('isDivisible and halfPartners', () => {
  it('says per size whether a dish is sold in halves, and a simple product’s own flag', () => {
    expect(isDivisible(salami, 42)).toBe(true);
    expect(isDivisible(salami, 41)).toBe(false);
    expect(isDivisible(whole, 82)).toBe(false);
    expect(isDivisible(flatbread, null)).toBe(true);
    expect(isDivisible(bread, null)).toBe(false);
    expect(isDivisible(salami, null)).toBe(false);
  });

  it('pairs a half with the available dishes divisible at the size of the same name and the same VAT rate', () => {
    expect(halfPartners(salami, 42, menu)).toEqual([
      { product: salami, variantId: 42 },
      { product: funghi, variantId: 52 },
    ]);
    expect(halfPartners(flatbread, null, menu)).toEqual([{ product: flatbread, variantId: null }]);
  });

  it('offers nothing where the dish itself is not divisible', () => {
    expect(halfPartners(salami, 41, menu)).toEqual([]);
    expect(halfPartners(whole, 82, menu)).toEqual([]);
    expect(halfPartners(bread, null, menu)).toEqual([]);
  });

  it('only ever offers partners that match, for any menu', () => {
    const variantArbitrary = fc.record({
      name: fc.constantFrom('Klein', 'Groß'),
      divisible: fc.boolean(),
      price: fc.integer({ min: 100, max: 2000 }).map((cents) => cents / 100),
    });
    const productArbitrary = fc.record({
      available: fc.boolean(),
      rate: fc.constantFrom(7, 19),
      variants: fc.array(variantArbitrary, { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(productArbitrary, { minLength: 1, maxLength: 6 }), (drawn) => {
        const products = drawn.map((entry, index) =>
          product({
            id: index + 1,
            type: 'variable',
            available: entry.available,
            tax: { percentage: entry.rate },
            variants: entry.variants.map((variant, position) => ({ id: (index + 1) * 10 + position, ...variant })),
          }),
        );
        for (const dish of products) {
          for (const variant of dish.variants) {
            const partners = halfPartners(dish, variant.id, products);
            if (!variant.divisible) expect(partners).toEqual([]);
            for (const partner of partners) {
              const size = partner.product.variants.find((candidate) => candidate.id === partner.variantId);
              expect(size?.name).toBe(variant.name);
              expect(size?.divisible).toBe(true);
              expect(partner.product.available).toBe(true);
              expect(partner.product.tax.percentage).toBe(dish.tax.percentage);
            }
            // Every matching dish is offered.
            const expected = products.filter(
              (candidate) =>
                variant.divisible &&
                candidate.available &&
                candidate.tax.percentage === dish.tax.percentage &&
                candidate.variants.some((entry) => entry.name === variant.name && entry.divisible),
            );
            expect(partners.map((partner) => partner.product.id)).toEqual(expected.map((entry) => entry.id));
          }
        }
      }),
    );
  });
});

describe('buildHalfAndHalfItem', () => {
  it('names the pizza “½ A | ½ B (size)”, prices it by halfAndHalfPrice and keeps both halves', () => {
    const item = buildHalfAndHalfItem(
      { product: salami, variantId: 42, extras: [{ id: 5, quantity: 1 }] },
      { product: funghi, variantId: 52, extras: [{ id: 9, quantity: 1 }] },
      2,
    );
    expect(item.displayName).toBe('½ Salami | ½ Funghi (Groß Ø 32 cm)');
    expect(item.name).toBe(halvesName(salami, funghi));
    // 10,50 € (the dearer) + 0,75 € + 0,63 € (half of 1,25 € rounded up).
    expect(item.price).toBe(1050 + 75 + 63);
    expect(item.extras).toEqual([]);
    expect(item.halves?.map((half) => [half.id, half.basePrice, half.extras.map((extra) => extra.id)])).toEqual([
      [4, 1050, [5]],
      [5, 990, [9]],
    ]);
    expect(item.tax).toBe(7);
    const totals = computeTotals({ items: [item], discountPercent: 0, deliveryFee: 0 });
    expect(totals.subtotal).toBe(2 * item.price);
    expect(totals.vat.map((share) => share.rate)).toEqual([7]);
  });

  it('is one line per pair of halves and choices: the same halves again make the same line', () => {
    const first = { product: salami, variantId: 42, extras: [{ id: 5, quantity: 1 }] };
    const second = { product: funghi, variantId: 52, extras: [] };
    expect(buildHalfAndHalfItem(first, second, 1).uniqueKey).toBe(buildHalfAndHalfItem(first, second, 3).uniqueKey);
    expect(buildHalfAndHalfItem(first, second, 1).uniqueKey).not.toBe(buildHalfAndHalfItem(second, first, 1).uniqueKey);
    expect(buildHalfAndHalfItem(first, second, 1).uniqueKey).not.toBe(
      buildCartItem(salami, { variantId: 42, extras: [{ id: 5, quantity: 1 }], quantity: 1 }).uniqueKey,
    );
  });

  it('refuses halves that cannot go together', () => {
    const first = { product: salami, variantId: 42, extras: [] };
    expect(() => buildHalfAndHalfItem(first, { product: otherRate, variantId: 62, extras: [] }, 1)).toThrow();
    expect(() => buildHalfAndHalfItem(first, { product: funghi, variantId: 51, extras: [] }, 1)).toThrow();
    expect(() => buildHalfAndHalfItem(first, { product: soldOut, variantId: 72, extras: [] }, 1)).toThrow();
    expect(() => buildHalfAndHalfItem(first, { product: whole, variantId: 82, extras: [] }, 1)).toThrow();
  });
});
