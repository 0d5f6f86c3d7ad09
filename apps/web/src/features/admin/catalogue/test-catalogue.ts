import type { AdminProduct, AdminProductSummary, AdminTopping } from '@pizzeria/domain';

/** The catalogue's tests' store, as the admin API's paths name it. */
export const API = '/api/admin/stores/13';

/**
 * A product as the admin API answers it: a simple, visible one without picture, toppings or
 * declarations, unless the test says otherwise.
 */
export function adminProduct(
  product: Pick<AdminProduct, 'id' | 'category_id' | 'name' | 'version'> & Partial<AdminProduct>,
) {
  const row: AdminProduct = {
    type: 'simple',
    description: { de: '', en: '' },
    price: 8.5,
    deposit: 0,
    tax_rate_id: 1,
    variants: [],
    divisible: false,
    picture: null,
    image_url: null,
    position: 1,
    hidden: false,
    sold_out_until: null,
    topping_group_ids: [],
    allergen_codes: [],
    additive_codes: [],
    ...product,
  };
  return row;
}

/** A topping as the admin API answers it: without declarations or groups unless the test says so. */
export function adminTopping(topping: Pick<AdminTopping, 'id' | 'name' | 'price' | 'version'> & Partial<AdminTopping>) {
  const row: AdminTopping = { allergen_codes: [], additive_codes: [], group_ids: [], sold_out_until: null, ...topping };
  return row;
}

/** A product as the admin API lists it: a simple, visible one without picture unless the test says otherwise. */
export function adminProductSummary(
  product: Pick<AdminProductSummary, 'id' | 'category_id' | 'name' | 'version'> & Partial<AdminProductSummary>,
) {
  const row: AdminProductSummary = {
    type: 'simple',
    price: 8.5,
    variants: [],
    deposit: 0,
    hidden: false,
    sold_out_until: null,
    image_url: null,
    position: 1,
    ...product,
  };
  return row;
}
