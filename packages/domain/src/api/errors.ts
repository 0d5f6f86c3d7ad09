import * as z from 'zod/mini';
import type { ApiErrorCode } from './error-codes.ts';

/**
 * Every API error body: a human message in the caller's language and a stable code clients translate.
 * The code is read as any string: a client must still show the message of a code newer than itself.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.optional(z.array(z.unknown())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
/** An error body as the server sends it: its code is one of the list. */
export type ApiErrorBody = ApiError & { code: ApiErrorCode };
