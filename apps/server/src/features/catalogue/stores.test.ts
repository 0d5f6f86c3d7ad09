import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSchema } from '@pizzeria/domain';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';

describe('GET /api/stores/:id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(() => server.close());

  it('answers the seeded store 13 with and without a trailing slash', async () => {
    for (const url of ['/api/stores/13', '/api/stores/13/']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const store = storeSchema.parse(response.json());
      expect(store.id).toBe(13);
      expect(store.timezone).toBe('Europe/Berlin');
    }
  });

  it('answers 404 with a message for an unknown store', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/stores/99' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'store_not_found', message: expect.any(String) });
  });

  it('answers 400 for a malformed id', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/stores/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
  });
});
