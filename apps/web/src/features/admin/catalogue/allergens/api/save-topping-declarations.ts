import { useQueryClient } from '@tanstack/react-query';
import { adminToppingSchema, type AdminTopping } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';
import type { DeclaredCodes } from './declared-codes.ts';

/** `PUT /api/admin/stores/13/toppings/{id}/declarations`: raises the topping's version. */
export function useSaveToppingDeclarations() {
  const queryClient = useQueryClient();
  return async (toppingId: number, codes: DeclaredCodes, version: number | null): Promise<AdminTopping> => {
    const saved = await staffRequest(`${STORE_API}/toppings/${toppingId}/declarations`, adminToppingSchema, {
      method: 'PUT',
      json: { ...codes, version },
    });
    await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.toppings });
    return saved;
  };
}
