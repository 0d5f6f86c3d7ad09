import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminToppingGroupSchema, type AdminToppingGroup } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/**
 * `POST /topping-groups/:id/archive`: the products that offered it and the toppings it offered no
 * longer list it, so those lists change too.
 */
export function useArchiveToppingGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: AdminToppingGroup) =>
      staffRequest(`${STORE_API}/topping-groups/${group.id}/archive`, adminToppingGroupSchema, {
        method: 'POST',
        json: { version: group.version },
      }),
    onSuccess: () =>
      Promise.all(
        [CATALOGUE_KEYS.toppingGroups, CATALOGUE_KEYS.toppings, CATALOGUE_KEYS.products].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
