import { adminProductSchema, type AdminProduct } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { STORE_API } from '../../queries.ts';

/**
 * `PUT /products/:id/topping-groups`: the groups in order, with the PRODUCT's version (they are part of
 * it). 409 `topping_offered_twice` when two of them offer the same topping.
 */
export function saveProductGroups(productId: number, groupIds: number[], version: number) {
  return staffRequest<AdminProduct>(`${STORE_API}/products/${productId}/topping-groups`, adminProductSchema, {
    method: 'PUT',
    json: { group_ids: groupIds, version },
  });
}
