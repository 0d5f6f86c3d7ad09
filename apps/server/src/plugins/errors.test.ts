import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from './errors.ts';
import language from './language.ts';

/** A query failing the way Drizzle reports it: the driver's error (here with a SQLSTATE) as `cause`. */
function failedQuery(cause: Error, code?: string): DrizzleQueryError {
  if (code) Object.assign(cause, { code });
  return new DrizzleQueryError('select 1', [], cause);
}

describe('the error handler on database failures', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(language);
    await app.register(errors);
    app.get('/refused', async () => {
      throw failedQuery(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    });
    app.get('/shutting-down', async () => {
      throw failedQuery(
        new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'),
        '57P01',
      );
    });
    app.get('/nul-byte', async () => {
      throw failedQuery(new pg.DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 0, 'error'), '22021');
    });
    app.get('/unique', async () => {
      throw failedQuery(new pg.DatabaseError('duplicate key value violates unique constraint', 0, 'error'), '23505');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it.each(['/refused', '/shutting-down'])(
    'answers 503 with Retry-After when the database is out of reach (%s)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        message: 'Our system is unavailable right now. Please try again in a moment.',
        code: 'database_unavailable',
      });
    },
  );

  it('says so in German by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/refused' });
    expect(response.json()).toEqual({
      message: 'Unser System ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
      code: 'database_unavailable',
    });
  });

  it('answers 400 invalid_request for a value PostgreSQL refused, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/nul-byte', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request is not valid.', code: 'invalid_request' });
  });

  it('still answers 500 for a fault of ours, without the query in the body', async () => {
    const response = await app.inject({ method: 'GET', url: '/unique', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side.', code: 'internal_error' });
  });
});
