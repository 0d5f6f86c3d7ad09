import { useQueryClient } from '@tanstack/react-query';
import { adminProductSchema, type AdminProduct, type ProductRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API, productQuery } from '../../queries.ts';

/** `POST /products` (version null: a new one) or `PUT /products/:id` over the version it was read at. */
export function saveProduct(productId: number | null, values: ProductRequest, version: number | null) {
  return productId === null || version === null
    ? staffRequest(`${STORE_API}/products`, adminProductSchema, { method: 'POST', json: values })
    : staffRequest(`${STORE_API}/products/${productId}`, adminProductSchema, {
        method: 'PUT',
        json: { ...values, version },
      });
}

/**
 * Puts a product's latest row where the editor reads it and marks the lists stale: a product's name,
 * price and category show in the product list, and the category list counts its products.
 */
export function useRememberProduct() {
  const queryClient = useQueryClient();
  return (product: AdminProduct) => {
    queryClient.setQueryData(productQuery(product.id).queryKey, product);
    void queryClient.invalidateQueries({ queryKey: [...CATALOGUE_KEYS.products, 'page'] });
    void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.categories });
  };
}
