// Catalogue data for the domain's tests: shaped like GET /api/products, prices as API decimals.
import type { Product, Topping, ToppingGroup } from './api/catalogue.ts';

export function topping(id: number, name: string, price: number, extra: Partial<Topping> = {}): Topping {
  return { id, name, price, allergens: [], additives: [], ...extra };
}

export function group(id: number, toppings: Topping[], min = 0, max = 10): ToppingGroup {
  return { id, name: `Group ${id}`, min_select: min, max_select: max, toppings };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Product',
    description: '',
    price: 5,
    deposit: 0,
    type: 'simple',
    category_id: 1,
    position: 0,
    available: true,
    variants: [],
    enriched_topping_groups: [],
    tax: { percentage: 7 },
    allergens: [],
    additives: [],
    image_url: '',
    ...overrides,
  };
}

/** A variable pizza: two sizes, one group of toppings (max 3 portions) and a sauce to pick (exactly 1). */
export const margherita = product({
  id: 12,
  name: 'Margherita',
  price: 8.5,
  type: 'variable',
  variants: [
    { id: 3, name: 'Klein Ø 26 cm', price: 7.9 },
    { id: 4, name: 'Groß Ø 32 cm', price: 10.9 },
  ],
  enriched_topping_groups: [
    group(
      1,
      [
        topping(5, 'Salami', 1.5, { additives: [{ code: '2', name: 'Konservierungsstoff' }] }),
        topping(9, 'Extra Käse', 1.2, { allergens: [{ code: 'g', name: 'Milch' }] }),
        topping(10, 'Sardellen', 1.8, {
          allergens: [{ code: 'd', name: 'Fisch' }],
          additives: [{ code: '10', name: 'Phosphat' }],
        }),
      ],
      0,
      3,
    ),
    group(2, [topping(20, 'Tomatensauce', 0), topping(21, 'Knoblauchsauce', 0.5)], 1, 1),
  ],
  tax: { percentage: 7 },
  allergens: [
    { code: 'g', name: 'Milch' },
    { code: 'a', name: 'Gluten' },
  ],
  additives: [{ code: '1', name: 'Farbstoff' }],
});

/** A drink: simple, no toppings, full VAT rate, a one-way bottle's deposit. */
export const cola = product({
  id: 30,
  name: 'Cola 0,33 l',
  price: 2.5,
  deposit: 0.25,
  tax: { percentage: 19 },
  additives: [{ code: '3', name: 'Koffeinhaltig' }],
});

/** A simple product with optional toppings in its first group. */
export const salad = product({
  id: 40,
  name: 'Insalata',
  price: 6.9,
  enriched_topping_groups: [
    group(7, [topping(70, 'Thunfisch', 2), topping(71, 'Ei', 1, { allergens: [{ code: 'c', name: 'Eier' }] })]),
  ],
});

export const catalogue: readonly Product[] = [margherita, cola, salad];
