import { apiErrorSchema } from '@pizzeria/domain';

// What the toppings, groups, allergens, additives and VAT rates routes of the back office share.

/** The error answers every one of these routes may give besides a conflict. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
