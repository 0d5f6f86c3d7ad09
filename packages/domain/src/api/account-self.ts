import * as z from 'zod/mini';
import { emailSchema, passwordSchema, PASSWORD_MAX_LENGTH, customerNameSchema, userSchema } from './accounts.ts';
import { optionalPhoneSchema } from './contact-details.ts';
import { idParamSchema } from './ids.ts';
import { inputString } from './input.ts';

/** How long a link confirming an e-mail address works (docs/product/shop.md). */
export const EMAIL_CONFIRMATION_HOURS = 48;

/** `POST /api/register/customer` answers with the account and a sign-in for the device that made it. */
export const registerResponseSchema = z.extend(userSchema, {
  access_token: z.string(),
  token_type: z.literal('bearer'),
  device_token: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `PATCH /api/users/me`: name and phone ("Mein Konto"). */
export const profileUpdateSchema = z.object({
  customer_name: z.optional(customerNameSchema),
  phone: z.optional(z.nullable(optionalPhoneSchema)),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The password a customer types to prove it is them (changing the address or password, deleting). */
export const currentPasswordSchema = inputString().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH));

/** `POST /api/users/me/email`: mails a link to the new address; it counts once that link is used. */
export const emailChangeRequestSchema = z.object({
  email: emailSchema,
  current_password: currentPasswordSchema,
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** `POST /api/confirm-email`: the token from a confirmation mail (a new account's, or a changed address's). */
export const confirmEmailSchema = z.object({ token: inputString().check(z.minLength(1), z.maxLength(200)) });
export type ConfirmEmail = z.infer<typeof confirmEmailSchema>;

/** `POST /api/users/me/password`: every other device is signed out; this one gets a new token. */
export const passwordChangeSchema = z.object({
  current_password: currentPasswordSchema,
  password: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordChangeResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  message: z.string(),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

/** One device a customer is signed in on (`GET /api/users/me/sessions`). */
export const customerSessionSchema = z.object({
  id: z.int(),
  device_name: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The device this request comes from. */
  current: z.boolean(),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;
export const customerSessionListSchema = z.array(customerSessionSchema);
export const customerSessionParamsSchema = z.object({ id: idParamSchema });

/** `POST /api/users/me/delete`: the password again, so a device left signed in cannot delete the account. */
export const accountDeletionSchema = z.object({ current_password: currentPasswordSchema });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/**
 * The name an order keeps once its customer's personal data is replaced (a deleted account, an erased
 * guest order): clients may show their own words for it.
 */
export const ERASED_CUSTOMER_NAME = 'Gelöscht';

/** `POST /api/orders/{id}/erase?token=`: a guest's order, its personal data replaced (docs/product/shop.md). */
export const guestOrderTokenQuerySchema = z.object({
  token: inputString().check(z.minLength(1), z.maxLength(200)),
});

/**
 * What the shop holds about a customer (GDPR Art. 15, 20), `GET /api/users/me/data` and, for one guest
 * order, `GET /api/orders/{id}/personal-data?token=`. Plain JSON: the parts are documented, their
 * contents are what the shop stored, as stored (amounts in cents).
 */
export const personalDataExportSchema = z.object({
  /** ISO 8601: when the file was made. */
  exported_at: z.string(),
  shop: z.object({ name: z.string(), url: z.string() }),
  /** Null for a guest's order. */
  profile: z.nullable(
    z.object({
      email: z.string(),
      customer_name: z.string(),
      phone: z.nullable(z.string()),
      language: z.string(),
      created_at: z.string(),
      email_confirmed_at: z.nullable(z.string()),
    }),
  ),
  addresses: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(z.record(z.string(), z.unknown())),
  /** What the customer agreed to and when, as far as the shop recorded it. */
  consents: z.array(z.object({ kind: z.string(), given_at: z.string(), text: z.string() })),
  sessions: z.array(z.record(z.string(), z.unknown())),
  /** The mails the shop wrote to them (its outbox): to the account's address, or about their orders. */
  mails: z.optional(z.array(z.record(z.string(), z.unknown()))),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
