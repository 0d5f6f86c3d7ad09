import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { users } from '../db/schema.ts';
import { createTestUser } from '../../test/helper.ts';
import auth from './auth.ts';
import database from './database.ts';
import errors from './errors.ts';
import language from './language.ts';

describe('auth plugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(language);
    await app.register(errors);
    await app.register(database, { dataDir: 'memory://' });
    await app.register(auth);
    app.get('/api/test/whoami', { preHandler: app.auth.requireUser }, (request) => request.caller);
    app.get('/api/test/admin', { preHandler: app.auth.requireAdmin }, () => ({ ok: true }));
    app.get('/api/test/public', (request) => ({ caller: request.caller }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('knows the caller from a bearer token', async () => {
    const user = await createTestUser(app);
    const response = await app.inject({ url: '/api/test/whoami', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, role: 'customer' });
  });

  it('answers 401 with a message without a token, and 403 for a customer on an admin route', async () => {
    const anonymous = await app.inject({ url: '/api/test/whoami', headers: { 'accept-language': 'en' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'not_authenticated', message: 'Please log in.' });
    const customer = await createTestUser(app);
    const forbidden = await app.inject({ url: '/api/test/admin', headers: customer.headers });
    expect(forbidden.statusCode).toBe(403);
    const admin = await createTestUser(app, { role: 'admin' });
    expect((await app.inject({ url: '/api/test/admin', headers: admin.headers })).statusCode).toBe(200);
  });

  it('treats a forged or malformed token as nobody', async () => {
    const user = await createTestUser(app);
    const [header = '', payload = ''] = user.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const authorization of [`Bearer ${forged}`, 'Bearer nonsense', 'Basic abc']) {
      const response = await app.inject({ url: '/api/test/whoami', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      const open = await app.inject({ url: '/api/test/public', headers: { authorization } });
      expect(open.json()).toEqual({ caller: null });
    }
  });

  it('ends every earlier token when the session version rises', async () => {
    const user = await createTestUser(app);
    await app.database.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, user.id));
    const response = await app.inject({ url: '/api/test/whoami', headers: user.headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_expired' });
  });
});
