import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { staffSessions, users } from '../db/schema.ts';
import { createTestUser, type TestUser } from '../../test/helper.ts';
import auth from './auth.ts';
import database from './database.ts';
import errors from './errors.ts';
import language from './language.ts';

/** A bare server with the auth plugin, what it needs, and routes that show whom it lets through. */
async function authTestApp(options: { secret?: string } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(language);
  await app.register(errors);
  await app.register(database, { dataDir: 'memory://' });
  await app.register(auth, options);
  app.get('/api/test/whoami', { preHandler: app.auth.requireUser }, (request) => request.caller);
  app.get('/api/test/admin', { preHandler: app.auth.requireAdmin }, () => ({ ok: true }));
  app.get('/api/test/public', (request) => ({ caller: request.caller }));
  await app.ready();
  return app;
}

describe('auth plugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await authTestApp();
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

  it('ends a staff session token at once when its session is revoked, and only names the own user’s session', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const other = await createTestUser(app, { role: 'admin' });
    const [session] = await app.database.db
      .insert(staffSessions)
      .values({ userId: admin.id, tokenHash: `hash-${admin.id}` })
      .returning({ id: staffSessions.id });
    if (!session) throw new Error('no session');
    const whoami = async (token: string) =>
      app.inject({ url: '/api/test/whoami', headers: { authorization: `Bearer ${token}` } });
    const token = await app.auth.issueToken(
      { id: admin.id, role: 'admin', sessionVersion: 0 },
      { sessionId: session.id, lifetimeSeconds: 900 },
    );
    const ok = await whoami(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: admin.id, role: 'admin', sessionId: session.id });
    // Someone else's session id, or one that does not exist, names nobody.
    const foreign = await app.auth.issueToken(
      { id: other.id, role: 'admin', sessionVersion: 0 },
      { sessionId: session.id },
    );
    expect((await whoami(foreign)).statusCode).toBe(401);
    const missing = await app.auth.issueToken(
      { id: admin.id, role: 'admin', sessionVersion: 0 },
      { sessionId: 999_999 },
    );
    expect((await whoami(missing)).statusCode).toBe(401);

    await app.database.db.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, session.id));
    const revoked = await whoami(token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'session_expired' });
    // The admin's other devices are not affected.
    expect((await whoami(admin.token)).statusCode).toBe(200);
  });
});

describe('auth plugin: tokens that must end', () => {
  const secret = 'a-test-secret-that-is-long-enough-for-hs256';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await authTestApp({ secret });
  });
  afterAll(() => app.close());

  /** A token as the plugin issues them, signed with the real secret, with only the chosen time claims. */
  async function tokenFor(
    user: TestUser,
    claims: { exp: boolean; iat: boolean },
    role: 'customer' | 'admin' = 'customer',
  ): Promise<string> {
    const token = new SignJWT({ role, sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('pizzeria');
    if (claims.iat) token.setIssuedAt();
    if (claims.exp) token.setExpirationTime('1h');
    return token.sign(new TextEncoder().encode(secret));
  }

  it('accepts a token with both exp and iat, and refuses one without exp or without iat', async () => {
    const user = await createTestUser(app);
    const whoami = async (token: string) =>
      app.inject({ url: '/api/test/whoami', headers: { authorization: `Bearer ${token}` } });

    expect((await whoami(await tokenFor(user, { exp: true, iat: true }))).statusCode).toBe(200);
    expect((await whoami(await tokenFor(user, { exp: false, iat: true }))).statusCode).toBe(401);
    expect((await whoami(await tokenFor(user, { exp: true, iat: false }))).statusCode).toBe(401);
    expect(await app.auth.verifyToken(await tokenFor(user, { exp: false, iat: true }))).toBeNull();
  });

  it('refuses an admin token without a staff session, as the shop’s login gave them out, and issues none', async () => {
    const admin = await createTestUser(app, { role: 'admin' });
    const unsessioned = await tokenFor(admin, { exp: true, iat: true }, 'admin');
    const response = await app.inject({
      url: '/api/test/whoami',
      headers: { authorization: `Bearer ${unsessioned}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_expired' });
    expect(await app.auth.verifyToken(unsessioned)).toBeNull();
    // The same admin with a staff session is let in.
    expect((await app.inject({ url: '/api/test/whoami', headers: admin.headers })).statusCode).toBe(200);
    await expect(app.auth.issueToken({ id: admin.id, role: 'admin', sessionVersion: 0 })).rejects.toThrow(
      /staff session/,
    );
  });
});
