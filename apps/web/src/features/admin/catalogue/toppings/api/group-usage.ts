import { queryOptions } from '@tanstack/react-query';
import { adminGroupUsageListSchema } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { CATALOGUE_KEYS, STORE_API } from '../../queries.ts';

/**
 * `GET /topping-groups/usage`: which products offer each group. Under the groups' key, so every save
 * that invalidates the groups (a product's groups, a group archived) reads it again too.
 */
export function groupUsageQuery() {
  return queryOptions({
    queryKey: [...CATALOGUE_KEYS.toppingGroups, 'usage'],
    queryFn: () => staffRequest(`${STORE_API}/topping-groups/usage`, adminGroupUsageListSchema),
  });
}
