import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCategorySchema, type AdminCategory } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/** What the list does to one category without opening it. */
export type CategoryChange = { kind: 'hide' | 'show' | 'archive'; category: AdminCategory };

/**
 * Hiding or showing (`PUT /categories/:id` with the row as listed and its version) and archiving
 * (`POST /categories/:id/archive`, refused with `category_not_empty` while products are in it). Either
 * way the list is read again, also after a refusal: someone else changed it meanwhile.
 */
export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, category }: CategoryChange) =>
      kind === 'archive'
        ? staffRequest(`${STORE_API}/categories/${category.id}/archive`, adminCategorySchema, {
            method: 'POST',
            json: { version: category.version },
          })
        : staffRequest(`${STORE_API}/categories/${category.id}`, adminCategorySchema, {
            method: 'PUT',
            json: {
              name: category.name,
              description: category.description,
              hidden: kind === 'hide',
              version: category.version,
            },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.categories }),
  });
}
