import { useQueryClient } from '@tanstack/react-query';
import { adminDeclarationSchema, type AdminDeclaration, type LocalizedText } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS } from '../../queries.ts';

export type DeclarationKind = 'allergen' | 'additive';

const PATHS: Record<DeclarationKind, string> = { allergen: '/admin/allergens', additive: '/admin/additives' };

/**
 * `PUT /api/admin/allergens/{id}` or `PUT /api/admin/additives/{id}`: a new name (the letter or number
 * stays). The shop's menu prints the names, so the lists that carry them are read again.
 */
export function useSaveDeclarationName(kind: DeclarationKind) {
  const queryClient = useQueryClient();
  return async (id: number, name: LocalizedText, version: number | null): Promise<AdminDeclaration> => {
    const saved = await staffRequest(`${PATHS[kind]}/${id}`, adminDeclarationSchema, {
      method: 'PUT',
      json: { name, version },
    });
    await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEYS.declarations });
    return saved;
  };
}
