import { adminToppingGroupSchema, type AdminToppingGroup, type GroupItemsRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { STORE_API } from '../../queries.ts';

/**
 * `PUT /topping-groups/:id/items`: the whole list, in the shop's order, with the group's version. 409
 * `topping_offered_twice` when a product offering this group gets one of them from another group too.
 */
export function saveGroupItems(groupId: number, items: GroupItemsRequest['items'], version: number) {
  return staffRequest<AdminToppingGroup>(`${STORE_API}/topping-groups/${groupId}/items`, adminToppingGroupSchema, {
    method: 'PUT',
    json: { items, version },
  });
}
