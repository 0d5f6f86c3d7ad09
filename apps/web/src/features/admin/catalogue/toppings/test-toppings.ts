import '../../register-texts.ts';
import '../../forms/register-texts.ts';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { AdminProduct, AdminToppingGroup } from '@pizzeria/domain';
import type { RecordedCall } from '../../../auth/test-api.ts';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { adminProduct, adminTopping } from '../test-catalogue.ts';

/** The toppings pages' test data: a small shop with three toppings, two groups and a pizza. */

export { API } from '../test-catalogue.ts';
export { REFRESH } from '../../test-staff.ts';

export const SALAMI = adminTopping({
  id: 1,
  name: { de: 'Salami', en: '' },
  price: 1.5,
  additive_codes: ['2'],
  group_ids: [10],
  version: 2,
});
export const MOZZARELLA = adminTopping({
  id: 2,
  name: { de: 'Mozzarella', en: 'Mozzarella' },
  price: 1,
  allergen_codes: ['g'],
  group_ids: [10, 11],
  version: 1,
});
export const RUCOLA = adminTopping({ id: 3, name: { de: 'Rucola', en: 'Rocket' }, price: 0.8, version: 1 });

export const EXTRAS: AdminToppingGroup = {
  id: 10,
  name: { de: 'Extra-Beläge', en: 'Extra toppings' },
  min_select: 0,
  max_select: 3,
  items: [
    { topping_id: 1, name: SALAMI.name, price: 1.5 },
    { topping_id: 2, name: MOZZARELLA.name, price: 1.2 },
  ],
  product_ids: [100],
  version: 5,
};
export const CHEESE: AdminToppingGroup = {
  id: 11,
  name: { de: 'Käse', en: 'Cheese' },
  min_select: 1,
  max_select: 1,
  items: [{ topping_id: 2, name: MOZZARELLA.name, price: 0 }],
  product_ids: [],
  version: 1,
};

export const MARGHERITA: AdminProduct = adminProduct({
  id: 100,
  category_id: 1,
  name: { de: 'Pizza Margherita', en: 'Pizza Margherita' },
  topping_group_ids: [10],
  version: 7,
});

/**
 * Renders one page at its route, with the back office's texts. The page alone rather than the whole
 * admin area: the area imports every page, and a sibling page being built must not break these tests.
 */
export function renderPage(page: ReactElement, route: string) {
  return renderWithProviders(page, { route });
}

/** The JSON a recorded call sent. */
export function sentBody(calls: readonly RecordedCall[], method: string, path: string): unknown {
  const call = calls.find((candidate) => candidate.method === method && candidate.path === path);
  return call ? JSON.parse(String(call.body)) : undefined;
}

/**
 * jsdom lays nothing out; dnd-kit's keyboard moves need rows that sit one below the other, so every
 * sortable row gets a box from its place in the list.
 */
export function layOutSortableRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('.admin-sortable-row');
    if (!row?.parentElement) return original.call(this);
    const top = [...row.parentElement.children].indexOf(row) * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
