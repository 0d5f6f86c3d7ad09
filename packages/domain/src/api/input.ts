import * as z from 'zod/mini';

// Building blocks of every schema that parses what a client sends: request bodies, queries and
// WebSocket messages (ids are in `ids.ts`). Answers (output schemas) use plain zod types.

/**
 * A string as people type it. NUL is refused: no person types one and PostgreSQL's text cannot
 * store it (the query would fail with a 500 instead of a clear 400).
 */
export function inputString() {
  return z.string().check(z.refine((value) => !value.includes('\u0000'), { message: 'Must not contain NUL' }));
}

/**
 * A name as people type it: trimmed, and with at least one letter or digit, so a name made only of
 * spaces or invisible characters (zero-width space, soft hyphen, …) is refused.
 */
export function personNameInput(maxLength: number) {
  return inputString().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(maxLength),
    z.refine((value) => /[\p{L}\p{N}]/u.test(value), { message: 'Must contain a letter or a digit' }),
  );
}

/** The years a date a person enters may lie in; outside them it is a typo, and PostgreSQL refuses year 0. */
const MIN_YEAR = 2000;
const MAX_YEAR = 2999;

/** A calendar date `YYYY-MM-DD` (a real day) in a sensible range of years. */
export function localDateInput() {
  return z.iso.date().check(
    z.refine(
      (value) => {
        const year = Number(value.slice(0, 4));
        return year >= MIN_YEAR && year <= MAX_YEAR;
      },
      { message: `The year must lie between ${MIN_YEAR} and ${MAX_YEAR}` },
    ),
  );
}
