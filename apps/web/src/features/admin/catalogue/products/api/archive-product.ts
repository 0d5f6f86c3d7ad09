import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/** `POST /products/:id/archive`: gone from the menu; orders keep their own copies of its name and price. */
export function archiveProduct({ id, version }: { id: number; version: number }) {
  return staffRequest(`${STORE_API}/products/${id}/archive`, null, { method: 'POST', json: { version } });
}

export function useArchiveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveProduct,
    onSuccess: () =>
      // The category list counts products; topping groups and declarations name the products using them.
      Promise.all(
        [CATALOGUE_KEYS.products, CATALOGUE_KEYS.categories, CATALOGUE_KEYS.toppingGroups].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
