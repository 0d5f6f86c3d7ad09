import { apiErrorSchema } from '@pizzeria/domain';

// What the toppings, groups, allergens, additives and VAT rates routes of the back office share.

/** The error answers every one of these routes may give besides a conflict. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * True when the database refused a write because it would break the unique constraint `constraint`
 * (SQLSTATE 23505). Drizzle wraps the driver's error, so the chain of causes is searched.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505' && 'constraint' in current && current.constraint === constraint) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
