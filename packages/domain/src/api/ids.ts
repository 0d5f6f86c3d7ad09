import * as z from 'zod/mini';

// Ids as clients send them: its own module, because the storefront's first load needs them (the
// catalogue's query and params) and nothing else of `input.ts` (docs/decisions/003).

/** The largest id PostgreSQL's `integer` (and `serial`) holds. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id that fits the database's `integer`. */
export const idSchema = z.int().check(z.positive(), z.maximum(MAX_ID));

/** An id in a path or query: the text is coerced to a number, then checked like `idSchema`. */
export const idParamSchema = z.coerce.number().check(z.int(), z.positive(), z.maximum(MAX_ID));
