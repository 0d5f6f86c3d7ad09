import type {
  AdminCategory,
  AdminGroupUsage,
  AdminProduct,
  AdminProductSummary,
  AdminToppingGroup,
} from '@pizzeria/domain';
import type { FakeAnswer } from '../../../auth/test-api.ts';
import { REFRESH } from '../../test-staff.ts';
import { LISTS } from '../allergens/test-declarations.ts';
import { API, adminProduct, adminProductSummary } from '../test-catalogue.ts';

// Rows of the demo menu as the admin API answers them, for the products' tests.

export { API, REFRESH };

const category = (id: number, de: string, en: string): AdminCategory => ({
  id,
  name: { de, en },
  description: { de: '', en: '' },
  position: id,
  hidden: false,
  version: 1,
  product_count: 3,
});
export const CATEGORIES = [category(1, 'Pizza', 'Pizza'), category(2, 'Salate', 'Salads')];

export const TAX_RATES = [
  { id: 1, name: 'Speisen', percentage: 7, product_count: 20, version: 1 },
  { id: 2, name: 'Getränke', percentage: 19, product_count: 8, version: 1 },
];

export const MARGHERITA_ROW: AdminProductSummary = {
  id: 10,
  name: { de: 'Pizza Margherita', en: '' },
  category_id: 1,
  type: 'variable',
  price: 7.5,
  variants: [
    { id: 101, name: { de: 'Klein', en: 'Small' }, price: 7.5, divisible: false },
    { id: 102, name: { de: 'Groß', en: 'Large' }, price: 10, divisible: true },
  ],
  deposit: 0,
  hidden: false,
  sold_out_until: null,
  image_url: '/media/10-card.webp',
  position: 1,
  version: 3,
};

export const CAESAR_ROW: AdminProductSummary = adminProductSummary({
  id: 20,
  name: { de: 'Caesar Salat', en: 'Caesar salad' },
  category_id: 2,
  hidden: true,
  sold_out_until: '2099-11-24T10:00:00.000Z',
  version: 5,
});

export const CAESAR: AdminProduct = adminProduct({
  id: 20,
  category_id: 2,
  name: { de: 'Caesar Salat', en: 'Caesar salad' },
  description: { de: 'Mit Parmesan', en: '' },
  picture: { id: 7, card_url: '/media/7-card.webp', wide_url: '/media/7-wide.webp' },
  image_url: '/media/7-card.webp',
  version: 5,
});

/** Two groups both called "Extra Beläge", as in the demo: one for pizzas, one for pasta. */
export const PIZZA_EXTRAS: AdminToppingGroup = {
  id: 50,
  name: { de: 'Extra Beläge', en: 'Extra toppings' },
  min_select: 0,
  max_select: 6,
  items: [
    { topping_id: 1, name: { de: 'Salami', en: 'Salami' }, price: 1.5 },
    { topping_id: 2, name: { de: 'Schinken', en: 'Ham' }, price: 1.5 },
    { topping_id: 3, name: { de: 'Champignons', en: 'Mushrooms' }, price: 1 },
    { topping_id: 4, name: { de: 'Oliven', en: 'Olives' }, price: 1 },
  ],
  product_ids: [10, 20],
  version: 4,
};
export const PASTA_EXTRAS: AdminToppingGroup = {
  id: 51,
  name: { de: 'Extra Beläge', en: 'Extra toppings' },
  min_select: 0,
  max_select: 3,
  items: [{ topping_id: 8, name: { de: 'Getrocknete Tomaten', en: 'Sun-dried tomatoes' }, price: 1.2 }],
  product_ids: [30],
  version: 2,
};
export const GROUP_USAGE: AdminGroupUsage[] = [
  {
    group_id: 50,
    products: [
      { id: 20, name: { de: 'Caesar Salat', en: 'Caesar salad' } },
      { id: 10, name: { de: 'Pizza Margherita', en: '' } },
    ],
  },
  { group_id: 51, products: [{ id: 30, name: { de: 'Spaghetti Bolognese', en: '' } }] },
];

/** What a page needs besides the product: the categories, VAT rates, topping groups and allergens. */
export const CATALOGUE: Record<string, FakeAnswer> = {
  ...REFRESH,
  [`GET ${API}/categories`]: { status: 200, body: CATEGORIES },
  'GET /api/admin/tax-rates': { status: 200, body: TAX_RATES },
  [`GET ${API}/topping-groups`]: { status: 200, body: [PIZZA_EXTRAS, PASTA_EXTRAS] },
  [`GET ${API}/topping-groups/usage`]: { status: 200, body: GROUP_USAGE },
  'GET /api/admin/allergens': { status: 200, body: LISTS },
};

/** A page of the list. */
export const page = (items: AdminProductSummary[], total = items.length, number = 1): FakeAnswer => ({
  status: 200,
  body: { items, total, page: number, page_size: 25 },
});
