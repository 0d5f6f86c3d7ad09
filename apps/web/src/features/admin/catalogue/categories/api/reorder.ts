import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { adminCategorySchema, adminProductPageSchema, type AdminProductPage } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API, productPageQuery } from '../../queries.ts';

/** The most products the order page reads of one category: the API's largest page. */
export const PRODUCTS_PER_CATEGORY = 100;

/** The products of one category in menu order, as the order page reads and rewrites them. */
export function categoryProductsQuery(categoryId: number) {
  return productPageQuery({ category_id: categoryId, page_size: PRODUCTS_PER_CATEGORY });
}

/** Rows in the order of `ids` (every row's id is in it). */
function inOrder<Row extends { id: number }>(rows: readonly Row[], ids: readonly number[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A reorder saved at once on drop: the list shows the new order straight away and goes back to the one
 * before if the server refuses. `key` is the cached list; `reorder` writes the ids into it.
 */
function useOptimisticOrder<Data>(options: {
  key: QueryKey;
  send: (ids: number[]) => Promise<Data>;
  reorder: (data: Data, ids: number[]) => Data;
  invalidate: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { key, send, reorder, invalidate } = options;
  return useMutation({
    mutationFn: send,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Data>(key);
      if (before !== undefined) queryClient.setQueryData<Data>(key, reorder(before, ids));
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    // Not awaited: the saved order or the refusal shows at once, not after the lists are read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
}

/** `PUT /categories/order`: every category once, in the new order. */
export function useReorderCategories() {
  return useOptimisticOrder({
    key: CATALOGUE_KEYS.categories,
    send: (ids) =>
      staffRequest(`${STORE_API}/categories/order`, z.array(adminCategorySchema), { method: 'PUT', json: { ids } }),
    reorder: inOrder,
    invalidate: CATALOGUE_KEYS.categories,
  });
}

/** `PUT /products/order`: every product of the category once; the product lists elsewhere follow. */
export function useReorderProducts(categoryId: number) {
  return useOptimisticOrder<AdminProductPage>({
    key: categoryProductsQuery(categoryId).queryKey,
    send: (ids) =>
      staffRequest(`${STORE_API}/products/order`, adminProductPageSchema, {
        method: 'PUT',
        json: { category_id: categoryId, ids },
      }),
    reorder: (page, ids) => ({ ...page, items: inOrder(page.items, ids) }),
    invalidate: CATALOGUE_KEYS.products,
  });
}
