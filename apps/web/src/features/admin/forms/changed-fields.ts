/** One field the other person changed: its path in the form, their value and the one typed here. */
export interface ChangedField {
  path: string;
  theirs: unknown;
  yours: unknown;
}

/** A form's values as field paths (`name.de`, `variants.0.price`) and their plain values. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
  return into;
}

/** Nothing typed (empty text, NaN, null) counts as one and the same "empty". */
function same(one: unknown, other: unknown): boolean {
  const empty = (value: unknown) =>
    value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));
  return Object.is(one, other) || (empty(one) && empty(other));
}

/**
 * What someone else changed meanwhile: the fields where their saved version differs from the version
 * this form started from (`base`), each with their value and the one in the form now (`yours`). Fields
 * only this person changed are not listed: saving keeps them either way.
 */
export function changedFields(base: unknown, theirs: unknown, yours: unknown): ChangedField[] {
  const before = leaves(base, '', new Map());
  const after = leaves(theirs, '', new Map());
  const typed = leaves(yours, '', new Map());
  const paths = [...new Set([...after.keys(), ...before.keys()])];
  return paths
    .filter((path) => !same(before.get(path), after.get(path)))
    .map((path) => ({ path, theirs: after.get(path), yours: typed.get(path) }));
}
