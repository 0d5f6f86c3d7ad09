import type { AdminDeclarationLists, AdminProduct, AdminTopping } from '@pizzeria/domain';
import type { FakeAnswer } from '../../../auth/test-api.ts';
import { staffTokens } from '../../test-staff.ts';

/** The refresh every admin test's first request makes (the stored device has no access token yet). */
export const REFRESH: Record<string, FakeAnswer> = {
  'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
};

const declaration = (id: number, code: string, de: string, en: string) => ({ id, code, name: { de, en }, version: 1 });

/** Three of the 14 allergens and two additives: enough to tick, untick and read back. */
export const LISTS: AdminDeclarationLists = {
  allergens: [
    declaration(1, 'a', 'Glutenhaltiges Getreide', 'Cereals containing gluten'),
    declaration(3, 'c', 'Eier', 'Eggs'),
    declaration(7, 'g', 'Milch', 'Milk'),
  ],
  additives: [
    declaration(21, '1', 'mit Farbstoff', 'with colouring'),
    declaration(22, '2', 'mit Konservierungsstoff', ''),
  ],
};

export const MARGHERITA: AdminProduct = {
  id: 4,
  category_id: 2,
  type: 'simple',
  name: { de: 'Pizza Margherita', en: '' },
  description: { de: '', en: '' },
  price: 8.5,
  deposit: 0,
  tax_rate_id: 1,
  variants: [],
  picture: null,
  image_url: null,
  position: 1,
  hidden: false,
  sold_out_until: null,
  topping_group_ids: [],
  allergen_codes: ['a'],
  additive_codes: [],
  version: 5,
};

export const SALAMI: AdminTopping = {
  id: 9,
  name: { de: 'Salami', en: 'Salami' },
  price: 1.5,
  allergen_codes: [],
  additive_codes: ['2'],
  group_ids: [3],
  version: 2,
};
