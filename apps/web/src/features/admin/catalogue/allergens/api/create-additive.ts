import { useQueryClient } from '@tanstack/react-query';
import { adminDeclarationSchema, type AdditiveCreateRequest, type AdminDeclaration } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS } from '../../queries.ts';

/** `POST /api/admin/additives` (201): a new additive at the end; 409 `additive_code_taken` for a used number. */
export function useCreateAdditive() {
  const queryClient = useQueryClient();
  return async (values: AdditiveCreateRequest): Promise<AdminDeclaration> => {
    const created = await staffRequest('/admin/additives', adminDeclarationSchema, { method: 'POST', json: values });
    await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.declarations });
    return created;
  };
}
