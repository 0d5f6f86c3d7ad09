// The delivery postcode picker's rules (docs/product/shop.md), shared so the storefront and its tests agree.

function normalise(text: string): string {
  return text.trim().toLowerCase();
}

/** Entries whose postcode contains the typed text, ignoring case and surrounding spaces; empty text → all. */
export function filterPostcodes<T extends { postcode: string }>(entries: T[], query: string): T[] {
  const needle = normalise(query);
  if (needle === '') return [...entries];
  return entries.filter((entry) => entry.postcode.toLowerCase().includes(needle));
}

/**
 * The entry whose postcode is exactly the typed text (ignoring case and surrounding spaces), else null.
 * The picker keeps a selection only while the text matches one exactly, so a half-typed postcode can
 * never be confirmed.
 */
export function findExactPostcode<T extends { postcode: string }>(entries: T[], query: string): T | null {
  const needle = normalise(query);
  if (needle === '') return null;
  return entries.find((entry) => normalise(entry.postcode) === needle) ?? null;
}
