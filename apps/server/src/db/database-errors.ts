/**
 * What a failure from the database driver means for the request that met it: PostgreSQL cannot be
 * reached for now (the client should try again later), or it refused a value that the request's
 * schema should have refused first (the request is bad, not the server).
 */
export type DatabaseFailure = 'unavailable' | 'invalid_input';

/** Socket errors, and SQLSTATEs that mean the server is going away or not taking connections. */
const UNREACHABLE_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'connection aborted',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host down',
  ENOTFOUND: 'host name does not resolve',
  EAI_AGAIN: 'host name lookup failed',
  '57P01': 'the server is shutting down',
  '57P02': 'the server crashed',
  '57P03': 'the server is not accepting connections yet',
  '53300': 'the server has too many connections',
};

/**
 * pg reports a lost or timed-out connection as a plain Error without a code: its message is all there
 * is (pg 8 and pg-pool 3).
 */
const UNREACHABLE_MESSAGES: Readonly<Record<string, string>> = {
  'Connection terminated unexpectedly': 'connection closed unexpectedly',
  'Connection terminated due to connection timeout': 'no answer within the connection timeout',
  'timeout exceeded when trying to connect': 'no answer within the connection timeout',
  'timeout expired': 'no answer within the connection timeout',
  'Client has encountered a connection error and is not queryable': 'connection lost',
};

/** Data exceptions caused by a value the client sent: a NUL byte in text, a number or date out of range. */
const INVALID_INPUT_CODES = new Set(['22021', '22P05', '22003', '22008', '22007']);

/** The error and the errors it wraps (Drizzle's DrizzleQueryError keeps the driver's error as `cause`). */
function* errorChain(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    yield current;
    // A connect to a name with several addresses fails with an AggregateError of one error per address.
    if (current instanceof AggregateError) yield* current.errors.filter((inner) => typeof inner === 'object');
    current = 'cause' in current ? current.cause : undefined;
  }
}

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Why the connection to PostgreSQL failed, in a few words, or undefined when it did not. */
export function unreachableReason(error: unknown): string | undefined {
  for (const link of errorChain(error)) {
    const code = codeOf(link);
    if (code !== undefined && code in UNREACHABLE_CODES) return UNREACHABLE_CODES[code];
    // Class 08: connection exception (SQL standard), whatever the subclass.
    if (code !== undefined && /^08[0-9A-Z]{3}$/.test(code)) return 'connection exception';
    if (link instanceof Error && link.message in UNREACHABLE_MESSAGES) return UNREACHABLE_MESSAGES[link.message];
  }
  return undefined;
}

/** Classifies an error thrown by a query; undefined for anything else (a real fault). */
export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  if (unreachableReason(error) !== undefined) return 'unavailable';
  for (const link of errorChain(error)) {
    const code = codeOf(link);
    if (code !== undefined && INVALID_INPUT_CODES.has(code)) return 'invalid_input';
  }
  return undefined;
}

/**
 * True when the database refused a write because it would break the unique constraint `constraint`
 * (SQLSTATE 23505): two staff saving the same name at once. Drizzle wraps the driver's error, so the
 * chain of causes is searched; PGlite and pg both name the constraint.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505' && 'constraint' in current && current.constraint === constraint) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
