// A small catalogue shaped like GET /api/products and /api/categories, for the menu and cart tests.
import type { Category, Discount, Postcode, Product, Store } from '@pizzeria/domain';
import { product, topping } from '@pizzeria/domain/testing';

export const milk = { code: 'g', name: 'Milch' };
export const gluten = { code: 'a', name: 'Gluten' };
export const fish = { code: 'd', name: 'Fisch' };

export const margherita = product({
  id: 4,
  name: 'Pizza Margherita',
  description: 'Tomatensauce, Mozzarella und Basilikum',
  price: 8.5,
  type: 'variable',
  category_id: 2,
  variants: [
    { id: 41, name: 'Klein Ø 26 cm', price: 8.5 },
    { id: 42, name: 'Mittel Ø 30 cm', price: 10.5 },
    { id: 43, name: 'Groß Ø 36 cm', price: 13.5 },
  ],
  enriched_topping_groups: [
    {
      id: 1,
      name: 'Extra Beläge',
      min_select: 0,
      max_select: 6,
      toppings: [
        topping(101, 'Salami', 1.5, { additives: [{ code: '2', name: 'Konservierungsstoff' }] }),
        topping(102, 'Schinken', 1.5),
        topping(103, 'Sardellen', 2, { allergens: [fish] }),
        topping(104, 'Champignons', 1),
        topping(105, 'Paprika', 1),
        topping(106, 'Zwiebeln', 0.8),
        topping(107, 'Oliven', 1),
        topping(108, 'Rucola', 1.2),
      ],
    },
  ],
  allergens: [gluten, milk],
});

export const tonno: Product = {
  ...margherita,
  id: 8,
  name: 'Pizza Tonno',
  description: 'Mit Thunfisch und Zwiebeln',
  position: 1,
  allergens: [gluten, fish, milk],
};

export const salad = product({
  id: 22,
  name: 'Insalata Mista',
  description: 'Gemischte Blattsalate',
  price: 6.9,
  type: 'simple',
  category_id: 4,
  enriched_topping_groups: [
    {
      id: 7,
      name: 'Dressing',
      min_select: 1,
      max_select: 1,
      toppings: [topping(701, 'Hausdressing', 0), topping(702, 'Joghurt-Dressing', 0, { allergens: [milk] })],
    },
  ],
  allergens: [gluten],
});

export const cola = product({
  id: 29,
  name: 'Cola 0,33 l',
  description: 'Eiskalt aus der Flasche',
  price: 2.9,
  deposit: 0.08,
  type: 'simple',
  category_id: 6,
  tax: { percentage: 19 },
  additives: [{ code: '11', name: 'Koffeinhaltig' }],
});

export const products: Product[] = [margherita, tonno, salad, cola];

/** Extra toppings the half-and-half pizzas share (one group, as the demo menu's pizzas do). */
const pizzaExtras = margherita.enriched_topping_groups;

/**
 * Pizzas sold in halves (half-and-half) at Klein and Groß, not at Mittel; and some that cannot pair with
 * them at Groß: one not divisible there, one without that size, one at another VAT rate. Not in
 * `products`: the tests that need them add them.
 */
export const halfSalami = product({
  id: 50,
  name: 'Pizza Salami',
  price: 8,
  type: 'variable',
  category_id: 2,
  variants: [
    { id: 501, name: 'Klein Ø 26 cm', price: 8, divisible: true },
    { id: 503, name: 'Mittel Ø 30 cm', price: 10, divisible: false },
    { id: 502, name: 'Groß Ø 36 cm', price: 12, divisible: true },
  ],
  enriched_topping_groups: pizzaExtras,
  allergens: [gluten, milk],
  additives: [{ code: '2', name: 'Konservierungsstoff' }],
});

export const halfFunghi = product({
  id: 51,
  name: 'Pizza Funghi',
  price: 8.5,
  type: 'variable',
  category_id: 2,
  variants: [
    { id: 511, name: 'Klein Ø 26 cm', price: 8.5, divisible: true },
    { id: 512, name: 'Groß Ø 36 cm', price: 12.5, divisible: true },
  ],
  enriched_topping_groups: pizzaExtras,
  allergens: [gluten, { code: 'i', name: 'Sellerie' }],
});

/** Sold in halves at Groß only: a pairing that does not survive a change to Klein. */
export const halfHawaii = product({
  id: 55,
  name: 'Pizza Hawaii',
  price: 9,
  type: 'variable',
  category_id: 2,
  variants: [
    { id: 551, name: 'Klein Ø 26 cm', price: 9, divisible: false },
    { id: 552, name: 'Groß Ø 36 cm', price: 13, divisible: true },
  ],
  enriched_topping_groups: pizzaExtras,
  allergens: [gluten],
});

export const notHalves = [
  product({
    id: 52,
    name: 'Pizza Calzone',
    type: 'variable',
    category_id: 2,
    variants: [{ id: 522, name: 'Groß Ø 36 cm', price: 13.5, divisible: false }],
  }),
  product({
    id: 53,
    name: 'Pizza Mini',
    type: 'variable',
    category_id: 2,
    variants: [{ id: 531, name: 'Klein Ø 26 cm', price: 7, divisible: true }],
  }),
  product({
    id: 54,
    name: 'Pizza to go',
    type: 'variable',
    category_id: 2,
    tax: { percentage: 19 },
    variants: [{ id: 542, name: 'Groß Ø 36 cm', price: 11, divisible: true }],
  }),
];

export const halfPizzas: Product[] = [halfSalami, halfFunghi, halfHawaii, ...notHalves];

export const categories: Category[] = [
  { id: 6, name: 'Getränke', description: 'Gut gekühlt.', position: 5, store_id: 13 },
  { id: 2, name: 'Pizza', description: 'Aus dem Steinofen.', position: 1, store_id: 13 },
  { id: 4, name: 'Salate', description: '', position: 3, store_id: 13 },
];

export const discounts: Discount[] = [
  { code: 'DELIVERY_DISCOUNT', type: 'percentage', value: 5 },
  { code: 'PICKUP_DISCOUNT', type: 'percentage', value: 10 },
];

export const postcode10999: Postcode = {
  id: 5,
  postcode: '10999',
  city: 'Berlin',
  delivery_fee: 2.5,
  minimum_order_amount: 15,
  delivery_time: 40,
  store_id: 13,
};

export const store: Store = {
  id: 13,
  name: 'Pizzeria Bella Napoli',
  timezone: 'Europe/Berlin',
  region: { code: 'de-DE', currency: 'EUR', show_legal_link: true },
  address: 'Oranienstraße 1, 10999 Berlin',
  phone: '030 123456',
  email: 'ciao@example.org',
  store_hours: [],
  preorder_days: 7,
};

/** Query cache entries for `renderWithProviders`: what the API would answer in German. */
export const catalogueQueryData: [readonly unknown[], unknown][] = [
  [['categories', 13, 'de'], categories],
  [['products', 13, 'de'], products],
  [['discounts', 13], discounts],
  [['store', 13], store],
];

/** Answers the app's API calls from the test catalogue (what `fetch` sees under /api). */
export function apiStub(overrides: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/api/categories/?store_id=13': categories,
    '/api/products/?store_id=13': products,
    '/api/discounts/13': discounts,
    '/api/stores/13': store,
    ...overrides,
  };
  return async (input: RequestInfo | URL): Promise<Response> => {
    const path = String(input);
    if (!(path in answers))
      return new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 });
    return new Response(JSON.stringify(answers[path]), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
