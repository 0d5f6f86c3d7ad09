import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDeclarationSchema, type AdminDeclaration } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS } from '../../queries.ts';

/**
 * `POST /api/admin/additives/{id}/archive`: gone from the shop and from every product and topping that
 * listed it, so those lists are read again too. Refused or not, the list is read again: a refusal is
 * usually someone else's change (a stale version).
 */
export function useArchiveAdditive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (additive: AdminDeclaration) =>
      staffRequest(`/admin/additives/${additive.id}/archive`, adminDeclarationSchema, {
        method: 'POST',
        json: { version: additive.version },
      }),
    onSuccess: () =>
      Promise.all(
        [CATALOGUE_KEYS.products, CATALOGUE_KEYS.toppings].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.declarations }),
  });
}
