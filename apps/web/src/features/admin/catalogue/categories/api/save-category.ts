import { useQueryClient } from '@tanstack/react-query';
import { adminCategorySchema, type AdminCategory, type CategoryRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/** `POST /categories` (version null: a new one, appended at the end) or `PUT /categories/:id` over `version`. */
export function saveCategory(categoryId: number | null, values: CategoryRequest, version: number | null) {
  return categoryId === null || version === null
    ? staffRequest(`${STORE_API}/categories`, adminCategorySchema, { method: 'POST', json: values })
    : staffRequest(`${STORE_API}/categories/${categoryId}`, adminCategorySchema, {
        method: 'PUT',
        json: { ...values, version },
      });
}

/**
 * Puts a saved category into the cached list at once (a new one at the end), then has the list read
 * again: the editor finds the row it just created before the list comes back.
 */
export function useKeepSavedCategory() {
  const queryClient = useQueryClient();
  return (row: AdminCategory) => {
    queryClient.setQueryData<AdminCategory[]>(CATALOGUE_KEYS.categories, (list) =>
      list?.some((category) => category.id === row.id)
        ? list.map((category) => (category.id === row.id ? row : category))
        : [...(list ?? []), row],
    );
    void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.categories });
  };
}
