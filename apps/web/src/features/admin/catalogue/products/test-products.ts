import type { AdminCategory, AdminProduct, AdminProductSummary } from '@pizzeria/domain';
import type { FakeAnswer } from '../../../auth/test-api.ts';
import { REFRESH } from '../../test-staff.ts';
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
    { id: 101, name: { de: 'Klein', en: 'Small' }, price: 7.5 },
    { id: 102, name: { de: 'Groß', en: 'Large' }, price: 10 },
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

/** What a page needs besides the product: the categories and VAT rates. */
export const CATALOGUE: Record<string, FakeAnswer> = {
  ...REFRESH,
  [`GET ${API}/categories`]: { status: 200, body: CATEGORIES },
  'GET /api/admin/tax-rates': { status: 200, body: TAX_RATES },
};

/** A page of the list. */
export const page = (items: AdminProductSummary[], total = items.length, number = 1): FakeAnswer => ({
  status: 200,
  body: { items, total, page: number, page_size: 25 },
});
