import { adminToppingGroupSchema, type AdminToppingGroup, type ToppingGroupCreateRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { STORE_API } from '../../queries.ts';

/** `POST /topping-groups` (version null) or `PUT /topping-groups/:id`: name and limits, not the items. */
export function saveToppingGroup(groupId: number | null, values: ToppingGroupCreateRequest, version: number | null) {
  return groupId === null || version === null
    ? staffRequest<AdminToppingGroup>(`${STORE_API}/topping-groups`, adminToppingGroupSchema, {
        method: 'POST',
        json: values,
      })
    : staffRequest<AdminToppingGroup>(`${STORE_API}/topping-groups/${groupId}`, adminToppingGroupSchema, {
        method: 'PUT',
        json: { ...values, version },
      });
}
