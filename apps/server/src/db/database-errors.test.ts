import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { classifyDatabaseError, unreachableReason } from './database-errors.ts';

/** An error as PostgreSQL sends it: pg's DatabaseError with the SQLSTATE as `code`. */
function serverError(code: string, message = 'from the server'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

/** A socket error as Node reports it. */
function socketError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

/** What Drizzle throws for a failed query: its own error with the driver's error as `cause`. */
const query = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('classifyDatabaseError', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a connect that timed out', socketError('ETIMEDOUT')],
    ['the server shutting down (57P01 admin_shutdown)', serverError('57P01')],
    ['the server starting up (57P03 cannot_connect_now)', serverError('57P03')],
    ['a connection exception (08006 connection_failure)', serverError('08006')],
    ['a connection exception (08001 sqlclient_unable_to_establish_sqlconnection)', serverError('08001')],
    ['a connection pg lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up connecting', new Error('timeout exceeded when trying to connect')],
    [
      'a connect the pool timed out',
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated') }),
    ],
  ])('says the database is unavailable for %s, as thrown and as Drizzle wraps it', (_name, error) => {
    expect(classifyDatabaseError(error)).toBe('unavailable');
    expect(classifyDatabaseError(query(error))).toBe('unavailable');
  });

  it('looks into the AggregateError of a connect to several addresses', () => {
    const error = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]);
    expect(classifyDatabaseError(query(error))).toBe('unavailable');
    expect(unreachableReason(error)).toBe('connection refused');
  });

  it.each([
    ['a NUL byte in text (22021)', '22021'],
    ['an untranslatable character (22P05)', '22P05'],
    ['a number out of range (22003)', '22003'],
    ['a date out of range (22008)', '22008'],
    ['a malformed date (22007)', '22007'],
  ])('says the input was bad for %s', (_name, code) => {
    expect(classifyDatabaseError(query(serverError(code)))).toBe('invalid_input');
  });

  it.each([
    ['a unique violation', query(serverError('23505'))],
    ['a syntax error of ours', query(serverError('42601'))],
    ['a plain bug', new TypeError('x is undefined')],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('leaves %s to be a real fault', (_name, error) => {
    expect(classifyDatabaseError(error)).toBeUndefined();
  });

  it('stops at a cause that points back at itself', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(classifyDatabaseError(error)).toBeUndefined();
  });
});
