import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminToppingSchema, type AdminTopping } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/** `POST /toppings/:id/archive`: it leaves every group of the shop, so both lists change. */
export function useArchiveTopping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topping: AdminTopping) =>
      staffRequest(`${STORE_API}/toppings/${topping.id}/archive`, adminToppingSchema, {
        method: 'POST',
        json: { version: topping.version },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppings }),
        queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppingGroups }),
      ]),
  });
}
