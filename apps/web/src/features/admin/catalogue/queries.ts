import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  STORE_ID,
  adminCategorySchema,
  adminDeclarationListsSchema,
  adminProductPageSchema,
  adminProductSchema,
  adminTaxRateListSchema,
  adminToppingGroupListSchema,
  adminToppingListSchema,
  type AdminProductQuery,
} from '@pizzeria/domain';
import { staffRequest } from '../auth/staff-session.ts';

// The catalogue as the back office reads it: one query per list, shared by every page that
// shows it. Keys start with `['admin', …]`; a save invalidates the lists it changed (`CATALOGUE_KEYS`).

const store = `/admin/stores/${STORE_ID}`;

export const CATALOGUE_KEYS = {
  categories: ['admin', 'categories'],
  products: ['admin', 'products'],
  toppings: ['admin', 'toppings'],
  toppingGroups: ['admin', 'topping-groups'],
  declarations: ['admin', 'declarations'],
  taxRates: ['admin', 'tax-rates'],
} as const;

export function categoriesQuery() {
  return queryOptions({
    queryKey: CATALOGUE_KEYS.categories,
    queryFn: () => staffRequest(`${store}/categories`, z.array(adminCategorySchema)),
  });
}

/** One page of the products list; the previous page stays on screen while the next loads. */
export function productPageQuery(query: Partial<AdminProductQuery> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return queryOptions({
    queryKey: [...CATALOGUE_KEYS.products, 'page', params.toString()],
    queryFn: () => staffRequest(`${store}/products?${params.toString()}`, adminProductPageSchema),
    placeholderData: keepPreviousData,
  });
}

export function productQuery(productId: number) {
  return queryOptions({
    queryKey: [...CATALOGUE_KEYS.products, 'one', productId],
    queryFn: () => staffRequest(`${store}/products/${productId}`, adminProductSchema),
  });
}

export function toppingsQuery() {
  return queryOptions({
    queryKey: CATALOGUE_KEYS.toppings,
    queryFn: () => staffRequest(`${store}/toppings`, adminToppingListSchema),
  });
}

export function toppingGroupsQuery() {
  return queryOptions({
    queryKey: CATALOGUE_KEYS.toppingGroups,
    queryFn: () => staffRequest(`${store}/topping-groups`, adminToppingGroupListSchema),
  });
}

/** The 14 EU allergens and the additives: shared by every store. */
export function declarationsQuery() {
  return queryOptions({
    queryKey: CATALOGUE_KEYS.declarations,
    queryFn: () => staffRequest('/admin/allergens', adminDeclarationListsSchema),
    staleTime: 5 * 60_000,
  });
}

/** The VAT rates: shared by every store. */
export function taxRatesQuery() {
  return queryOptions({
    queryKey: CATALOGUE_KEYS.taxRates,
    queryFn: () => staffRequest('/admin/tax-rates', adminTaxRateListSchema),
  });
}

/** `/admin/stores/13`: the path of the demo store's admin API, for the pages' saves. */
export const STORE_API = store;
