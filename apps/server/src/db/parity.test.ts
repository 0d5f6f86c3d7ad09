import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../test/helper.ts';

/**
 * The same migrations and seed must give the same API on the embedded database and on PostgreSQL.
 * This file always runs PGlite, so CI (which sets TEST_DATABASE_URL for everything else) covers both.
 */
describe('PGlite and PostgreSQL parity', () => {
  let pglite: TestServer;
  let configured: TestServer | undefined;

  beforeAll(async () => {
    pglite = await buildTestServer({}, { database: 'pglite' });
    if (process.env.TEST_DATABASE_URL) configured = await buildTestServer();
  });
  afterAll(async () => {
    await pglite.close();
    await configured?.close();
  });

  const paths = [
    '/api/health',
    '/api/stores/13',
    '/api/categories/?store_id=13',
    '/api/products/?store_id=13',
    '/api/discounts/13',
    '/api/postcodes/store/13',
  ];

  it('migrates, seeds and serves the catalogue on PGlite', async () => {
    const health = await pglite.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({
      status: 'ok',
      database: 'pglite',
      pubsub: { kind: 'in-process', connected: true },
    });
    for (const url of paths.slice(1)) {
      const response = await pglite.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('answers byte for byte the same on PostgreSQL', async () => {
    const health = await configured?.app.inject({ method: 'GET', url: '/api/health' });
    expect(health?.json()).toEqual({
      status: 'ok',
      database: 'postgres',
      pubsub: { kind: 'in-process', connected: true },
    });
    for (const url of paths.slice(1)) {
      for (const language of ['de', 'en']) {
        const headers = { 'accept-language': language };
        const a = await pglite.app.inject({ method: 'GET', url, headers });
        const b = await configured?.app.inject({ method: 'GET', url, headers });
        expect(b?.body, `${url} ${language}`).toBe(a.body);
        expect(b?.headers.etag).toBe(a.headers.etag);
      }
    }
  });
});
