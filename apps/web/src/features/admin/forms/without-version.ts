import * as z from 'zod/mini';

/**
 * The fields a form edits: a save request's schema without its `version`, which the editor sends by
 * itself. Built from the shape rather than with `z.omit`: every zod function the back office uses is
 * kept in the storefront's first chunk, which shares zod's modules (docs/decisions/003).
 */
export function withoutVersion<Shape extends z.core.$ZodShape & { version: unknown }>(
  schema: z.ZodMiniObject<Shape>,
): z.ZodMiniObject<Omit<Shape, 'version'>> {
  const { version: _version, ...fields } = schema.shape;
  return z.object(fields);
}
