import { adminToppingSchema, type AdminTopping, type ToppingCreateRequest } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { STORE_API } from '../../queries.ts';

/**
 * `POST /toppings` (version null) or `PUT /toppings/:id`. A new default price changes no group: each
 * keeps the price it offers the topping at.
 */
export function saveTopping(toppingId: number | null, values: ToppingCreateRequest, version: number | null) {
  return toppingId === null || version === null
    ? staffRequest<AdminTopping>(`${STORE_API}/toppings`, adminToppingSchema, { method: 'POST', json: values })
    : staffRequest<AdminTopping>(`${STORE_API}/toppings/${toppingId}`, adminToppingSchema, {
        method: 'PUT',
        json: { ...values, version },
      });
}
