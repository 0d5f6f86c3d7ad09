import type { AdminDeclarationLists, AdminProduct } from '@pizzeria/domain';
import { adminProduct, adminTopping } from '../test-catalogue.ts';

export { REFRESH } from '../../test-staff.ts';

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

export const MARGHERITA: AdminProduct = adminProduct({
  id: 4,
  category_id: 2,
  name: { de: 'Pizza Margherita', en: '' },
  allergen_codes: ['a'],
  version: 5,
});

export const SALAMI = adminTopping({
  id: 9,
  name: { de: 'Salami', en: 'Salami' },
  price: 1.5,
  additive_codes: ['2'],
  group_ids: [3],
  version: 2,
});
