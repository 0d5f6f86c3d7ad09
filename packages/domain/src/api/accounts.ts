import * as z from 'zod/mini';
import { staffRoleSchema } from '../staff-roles.ts';
import { inputString, personNameInput } from './input.ts';

/** Shortest and longest password accepted; common passwords are refused by the server as well. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = inputString().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email());
export const passwordSchema = inputString().check(z.minLength(PASSWORD_MIN_LENGTH), z.maxLength(PASSWORD_MAX_LENGTH));
export const customerNameSchema = personNameInput(100);

/** `POST /api/login` body (form-data or urlencoded, docs/product/shop.md). */
export const loginRequestSchema = z.object({
  username: inputString().check(z.maxLength(254)),
  password: inputString().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  /** The known-device token an earlier login on this device gave (decision 006), if any. */
  device_token: z.optional(inputString().check(z.maxLength(1000))),
  /** What the device calls itself; shown in the customer's list of signed-in devices (else its user agent). */
  device_name: z.optional(inputString().check(z.trim(), z.maxLength(100))),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Kept by the device and sent with its next logins: guessing elsewhere never locks it out. */
  device_token: z.optional(z.string()),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET /api/users/me`, and the user that registration returns: never a secret. */
export const userSchema = z.object({
  id: z.int(),
  email: z.string(),
  customer_name: z.string(),
  /** E.164 (`registerCustomerSchema` is in contact-details.ts); one given before phones were normalised, as it was stored. */
  phone: z.nullable(z.string()),
  role: roleSchema,
  /** A staff account's role (docs/product/back-office.md); null for a customer. */
  staff_role: z.nullable(staffRoleSchema),
  /** Whether the address was confirmed by the link mailed to it (docs/product/shop.md). */
  email_confirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const forgotPasswordSchema = z.object({ email: inputString().check(z.trim(), z.maxLength(254)) });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: inputString().check(z.minLength(1), z.maxLength(200)),
  password: passwordSchema,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The answer of forgot- and reset-password: a message for people, the same whether or not the email exists. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
