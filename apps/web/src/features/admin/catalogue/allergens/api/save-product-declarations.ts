import { useQueryClient } from '@tanstack/react-query';
import { adminProductSchema, type AdminProduct } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';
import type { DeclaredCodes } from './declared-codes.ts';

/** `PUT /api/admin/stores/13/products/{id}/declarations`: raises the product's version. */
export function useSaveProductDeclarations() {
  const queryClient = useQueryClient();
  return async (productId: number, codes: DeclaredCodes, version: number | null): Promise<AdminProduct> => {
    const saved = await staffRequest(`${STORE_API}/products/${productId}/declarations`, adminProductSchema, {
      method: 'PUT',
      json: { ...codes, version },
    });
    await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.products });
    return saved;
  };
}
