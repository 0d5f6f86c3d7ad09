import * as z from 'zod/mini';

/** Every API error body: a human message in the caller's language and a stable code clients translate. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.optional(z.array(z.unknown())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
