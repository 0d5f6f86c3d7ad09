import * as z from 'zod/mini';
import { loginRequestSchema } from './accounts.ts';
import { idParamSchema } from './ids.ts';
import { inputString } from './input.ts';
import { DEVICE_LABEL_MAX_LENGTH } from './staff-devices.ts';

/**
 * `POST /api/staff/login` (docs/product/back-office.md): the shop's login, plus a name for the device so staff can tell
 * their signed-in devices apart. Form-data, urlencoded or JSON, like `POST /api/login`.
 */
export const staffLoginRequestSchema = z.extend(loginRequestSchema, {
  /** What the device calls itself ("Küchen-Tablet", a shortened user agent); shown in the devices list. */
  device_name: z.optional(inputString().check(z.trim(), z.maxLength(100))),
  /** The name staff give this device ("Küche Tablet"); empty or left out: not named (yet). */
  device_label: z.optional(inputString().check(z.trim(), z.maxLength(DEVICE_LABEL_MAX_LENGTH))),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

/** A short-lived access token and the device's next refresh token (single use: each refresh rotates it). */
export const staffTokensSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token ends: refresh before then. */
  expires_in: z.int(),
  refresh_token: z.string(),
});
export type StaffTokens = z.infer<typeof staffTokensSchema>;

export const staffLoginResponseSchema = z.extend(staffTokensSchema, {
  /** The known-device token (decision 006), as `POST /api/login` gives it. */
  device_token: z.string(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

/** `POST /api/staff/refresh` and `POST /api/staff/logout`. */
export const staffRefreshRequestSchema = z.object({
  refresh_token: inputString().check(z.minLength(1), z.maxLength(200)),
});
export type StaffRefreshRequest = z.infer<typeof staffRefreshRequestSchema>;

/** One signed-in device of the caller (`GET /api/admin/sessions`). */
export const staffSessionSchema = z.object({
  id: z.int(),
  /** What the device said it is (browser and system, or its user agent). */
  device_name: z.string(),
  /** The name staff gave it ("Küche Tablet"); null until named. */
  label: z.nullable(z.string()),
  /** ISO 8601 instants. */
  created_at: z.string(),
  last_used_at: z.string(),
  /** The device this request comes from. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffSessionListSchema = z.array(staffSessionSchema);

export const staffSessionParamsSchema = z.object({ id: idParamSchema });
