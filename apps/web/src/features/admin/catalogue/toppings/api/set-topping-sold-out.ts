import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminToppingSchema, type AdminTopping } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/**
 * `PUT /toppings/:id/sold-out`: sold out in every group until the next business day starts, or back on
 * sale. The list is read again either way: on a conflict it shows what someone else changed.
 */
export function useSetToppingSoldOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topping, soldOut }: { topping: AdminTopping; soldOut: boolean }) =>
      staffRequest(`${STORE_API}/toppings/${topping.id}/sold-out`, adminToppingSchema, {
        method: 'PUT',
        json: { sold_out: soldOut, version: topping.version },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppings }),
  });
}
