import * as z from 'zod/mini';
import { apiErrorSchema } from './errors.ts';
import { inputString } from './input.ts';

// Building blocks of the back office's editing API (docs/product/back-office.md): every editable row carries a
// `version`; a save sends the version it was read at, and a stale one gets 409 with the current row.
// Amounts are decimal euros, as everywhere in the API; the server stores cents.

/** The version a row was read at; every write raises it by one. */
export const versionSchema = z.int().check(z.positive());

/** `{version}`: the body of a write that changes nothing but the row's state (archive, sold out off). */
export const versionedRequestSchema = z.object({ version: versionSchema });
export type VersionedRequest = z.infer<typeof versionedRequestSchema>;

/**
 * A name in German (required) and English (optional: the shop shows the German one where the English is
 * empty), trimmed.
 */
export function localizedNameInput(maxLength = 80) {
  return z.object({
    de: inputString().check(z.trim(), z.minLength(1), z.maxLength(maxLength)),
    en: inputString().check(z.trim(), z.maxLength(maxLength)),
  });
}

/** A description in both languages, either may be empty. */
export function localizedDescriptionInput(maxLength = 500) {
  return z.object({
    de: inputString().check(z.trim(), z.maxLength(maxLength)),
    en: inputString().check(z.trim(), z.maxLength(maxLength)),
  });
}

/** The most any one price in the catalogue may be: a typo guard (1 000 €). */
export const MAX_PRICE = 1000;

/** A price or fee in euros: not negative, whole cents, at most `max`. */
export function moneyInput(max = MAX_PRICE) {
  return z.number().check(z.minimum(0), z.maximum(max), z.multipleOf(0.01));
}

/** A percentage (VAT, discount) with at most two decimals. */
export const percentageInput = z.number().check(z.minimum(0), z.maximum(100), z.multipleOf(0.01));

/**
 * A 409's body. With code `version_conflict`, someone saved the row since it was read and `current` is the
 * row as it is now, in the shape the list and the save answer with, so the form can offer to reload or to
 * overwrite (saving again with `current.version`). Other 409s (a category that still has products) have
 * no `current`.
 */
export function conflictSchema<T extends z.ZodMiniType>(current: T) {
  return z.object({ ...apiErrorSchema.shape, current: z.optional(current) });
}

/** `?page=&page_size=` of a long list the server pages. */
export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
});

/** One page of a long list and how many there are in all. */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), total: z.int(), page: z.int(), page_size: z.int() });
}

/** `?hidden=true|false` and other yes/no filters, as query strings carry them. */
export const booleanQuery = z.enum(['true', 'false']);
