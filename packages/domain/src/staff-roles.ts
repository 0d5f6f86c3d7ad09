import * as z from 'zod/mini';

/**
 * What a member of staff may do (docs/product/back-office.md). Each role may do all the one after it may:
 * `kitchen` (Küche) the board, orders, tickets and what is sold out today; `manager` (Schichtleitung) the
 * menu, hours, closures, pauses, discounts, delivery areas, reports and the audit log besides; `owner`
 * (Inhaber) everything, staff, VAT rates and payment settings included.
 */
export const STAFF_ROLES = ['owner', 'manager', 'kitchen'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const RANK: Readonly<Record<StaffRole, number>> = { kitchen: 1, manager: 2, owner: 3 };

/** Whether someone with `role` may do what needs at least `required`. */
export function staffRoleAllows(role: StaffRole | null | undefined, required: StaffRole): boolean {
  return role != null && RANK[role] >= RANK[required];
}

/**
 * The OpenAPI extension every `/api/admin` route declares its least role with
 * (`schema: { [STAFF_ROLE_EXTENSION]: 'manager' }`): the admin guard enforces it, the document shows it.
 */
export const STAFF_ROLE_EXTENSION = 'x-staff-role';
