// Test data shaped like the API's answers, prices as API decimals: the domain's tests use it, and the apps'
// tests through `@pizzeria/domain/testing` (never their code).
import type { Product, Topping, ToppingGroup } from './api/catalogue.ts';
import type { Order } from './api/orders.ts';

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

/**
 * A waiting cash order for delivery, as GET /api/orders/{id} answers it: one Margherita (medium, with an
 * extra) twice, the delivery discount and fee, its VAT. `overrides` change what a test is about.
 */
export function orderAnswer(overrides: Partial<Order> = {}): Order {
  return {
    id: 5,
    store_id: 13,
    status: 'waiting',
    order_type: 'delivery',
    payment_method: 'cash',
    payment_status: null,
    postcode: '10115',
    requested_time: null,
    promised_at: '2026-11-22T18:45:00.000Z',
    eta_minutes: null,
    eta_at: null,
    rejection_reason: null,
    cancellation_reason: null,
    note: null,
    customer_name: 'Anna Muster',
    phone: '030123456',
    email: null,
    address: { line1: 'Torstraße 1', line2: '3. OG', city: 'Berlin', zip: '10115', country: 'DE' },
    items: [
      {
        product_id: 4,
        variant_id: 42,
        name: 'Pizza Margherita',
        variant_name: 'Mittel Ø 30 cm',
        display_name: 'Pizza Margherita (Mittel Ø 30 cm)',
        price: 10.5,
        quantity: 2,
        extras: [{ id: 101, name: 'Salami', price: 1.5, quantity: 1 }],
        tax_percentage: 7,
        line_total: 24,
        deposit: 0,
        deposit_total: 0,
      },
    ],
    subtotal: 24,
    discount_code: 'DELIVERY_DISCOUNT',
    discount_percentage: 5,
    discount: 1.2,
    deposit: 0,
    delivery_fee: 2.5,
    total: 25.3,
    vat: [{ percentage: 7, amount: 1.49 }],
    created_at: '2026-11-22T18:00:00.000Z',
    revision: 0,
    tracking_token: 'secret-token',
    ...overrides,
  };
}
