import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildServer } from '../src/server.ts';
import { createFreshDatabase, databaseServer, type FreshDatabase } from './fresh-database.ts';
import { createTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a database outage while the server runs', () => {
  let database: FreshDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    proxy = await createTcpProxy(databaseServer(adminUrl ?? ''));
    await proxy.forward();
    app = await buildServer(
      loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DATABASE_URL: database.url(proxy.port) }),
    );
  });

  afterAll(async () => {
    await proxy.forward();
    await app.close();
    await proxy.cut();
    await database.drop();
  });

  // Both query the database on every request (the catalogue routes answer from memory).
  const routes = ['/api/health', '/api/stores/13/slots?order_type=pickup'];

  it('answers 503 with Retry-After while the database is gone, and 200 once it is back', async () => {
    for (const url of routes) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    await proxy.cut();
    for (const url of routes) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe('5');
      expect(response.json(), url).toEqual({
        message: 'Our system is unavailable right now. Please try again in a moment.',
        code: 'database_unavailable',
      });
    }

    await proxy.forward();
    for (const url of routes) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});
