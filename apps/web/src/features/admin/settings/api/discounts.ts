import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { adminDiscountSchema, type DiscountCode, type DiscountRequest } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

export const DISCOUNTS_KEY = ['admin', 'discounts'] as const;

/** `GET …/discounts`: both codes, each with its own version. */
export function discountsQuery() {
  return queryOptions({
    queryKey: DISCOUNTS_KEY,
    queryFn: () => staffRequest(`${STORE_API}/discounts`, z.array(adminDiscountSchema)),
  });
}

/** `PUT …/discounts/{code}`. */
export function saveDiscount(code: DiscountCode, request: DiscountRequest) {
  return staffRequest(`${STORE_API}/discounts/${code}`, adminDiscountSchema, { method: 'PUT', json: request });
}
