import * as z from 'zod/mini';
import { customerNameSchema, phoneSchema } from './accounts.ts';
import { idParamSchema } from './ids.ts';
import { inputString } from './input.ts';

/** A saved delivery address of a registered customer (`/api/addresses/`). */
export const addressInputSchema = z.object({
  customer_name: customerNameSchema,
  phone: phoneSchema,
  /** Street and house number. */
  line1: inputString().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /** Apartment, floor, door bell. */
  line2: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(200)))),
  city: inputString().check(z.trim(), z.minLength(1), z.maxLength(100)),
  zip: inputString().check(z.trim(), z.regex(/^\d{5}$/)),
  country: z._default(inputString().check(z.trim(), z.regex(/^[A-Z]{2}$/)), 'DE'),
  is_default: z._default(z.boolean(), false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.int(),
  customer_name: z.string(),
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
