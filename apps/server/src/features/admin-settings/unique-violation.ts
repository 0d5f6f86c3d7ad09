/**
 * Whether a query failed on a unique constraint (SQLSTATE 23505), optionally a given one. Drizzle wraps
 * the driver's error, so the chain of causes is searched; PGlite and pg both report the code.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505') {
      if (constraint === undefined) return true;
      const name = 'constraint' in current ? current.constraint : undefined;
      return name === undefined || name === constraint;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
