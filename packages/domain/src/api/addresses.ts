import * as z from 'zod/mini';
import { idParamSchema } from './ids.ts';

/** A saved address as the API answers it; what a customer sends is `addressInputSchema` (contact-details.ts). */
export const addressSchema = z.object({
  id: z.int(),
  customer_name: z.string(),
  /** E.164; one saved before phones were normalised, as it was stored (digits only). */
  phone: z.string(),
  line1: z.string(),
  line2: z.nullable(z.string()),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressIdParamsSchema = z.object({
  id: idParamSchema,
});
