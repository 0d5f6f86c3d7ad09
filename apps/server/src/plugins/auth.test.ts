import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { customerSessions, staffSessions, users } from '../db/schema.ts';
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

/** The customer session a test user's token names. */
async function sessionOf(user: TestUser, app: FastifyInstance = currentApp): Promise<number> {
  const [session] = await app.database.db
    .select({ id: customerSessions.id })
    .from(customerSessions)
    .where(eq(customerSessions.userId, user.id));
  if (!session) throw new Error('the test user has no customer session');
  return session.id;
}
let currentApp: FastifyInstance;

describe('auth plugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await authTestApp();
    currentApp = app;
  });
  afterAll(() => app.close());

  it('knows the caller from a bearer token', async () => {
    const user = await createTestUser(app);
    const response = await app.inject({ url: '/api/test/whoami', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, role: 'customer', sessionId: await sessionOf(user) });
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
    expect(ok.json()).toEqual({ id: admin.id, role: 'admin', sessionId: session.id, staffRole: 'owner' });
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

  it('ends a customer token whose session is signed out or over, or names someone else’s session', async () => {
    const customer = await createTestUser(app);
    const other = await createTestUser(app);
    const sessionId = await sessionOf(customer);
    const whoami = async (token: string) =>
      app.inject({ url: '/api/test/whoami', headers: { authorization: `Bearer ${token}` } });
    expect((await whoami(customer.token)).statusCode).toBe(200);
    const foreign = await app.auth.issueToken({ id: other.id, role: 'customer', sessionVersion: 0 }, { sessionId });
    expect((await whoami(foreign)).json()).toMatchObject({ code: 'session_expired' });
    const unknown = await app.auth.issueToken(
      { id: customer.id, role: 'customer', sessionVersion: 0 },
      { sessionId: 999_999 },
    );
    expect((await whoami(unknown)).statusCode).toBe(401);

    // A session past its end (as when its token has expired) names nobody, even with a token that has not.
    await app.database.db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSessions.id, sessionId));
    expect((await whoami(customer.token)).json()).toMatchObject({ code: 'session_expired' });
    await app.database.db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() + 3_600_000), revokedAt: new Date() })
      .where(eq(customerSessions.id, sessionId));
    expect((await whoami(customer.token)).json()).toMatchObject({ code: 'session_expired' });
    // The other customer's own session goes on.
    expect((await whoami(other.token)).statusCode).toBe(200);
  });

  it('notes a customer device’s last use at most every ten minutes, not on every request', async () => {
    const customer = await createTestUser(app);
    const sessionId = await sessionOf(customer);
    const lastUsed = async () => {
      const [row] = await app.database.db
        .select({ lastUsedAt: customerSessions.lastUsedAt })
        .from(customerSessions)
        .where(eq(customerSessions.id, sessionId));
      return row?.lastUsedAt.getTime() ?? 0;
    };
    const setLastUsed = (minutesAgo: number) =>
      app.database.db
        .update(customerSessions)
        .set({ lastUsedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(customerSessions.id, sessionId));

    await setLastUsed(9);
    const nineMinutesAgo = await lastUsed();
    expect((await app.inject({ url: '/api/test/whoami', headers: customer.headers })).statusCode).toBe(200);
    expect(await lastUsed()).toBe(nineMinutesAgo);

    await setLastUsed(11);
    const before = Date.now();
    expect((await app.inject({ url: '/api/test/whoami', headers: customer.headers })).statusCode).toBe(200);
    expect(await lastUsed()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('auth plugin: staff accounts as they are now', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await authTestApp();
  });
  afterAll(() => app.close());

  it('names the staff role the account has now, not the one it had when the token was issued', async () => {
    const manager = await createTestUser(app, { role: 'admin', staffRole: 'manager' });
    const whoami = () => app.inject({ url: '/api/test/whoami', headers: manager.headers });
    expect((await whoami()).json()).toMatchObject({ id: manager.id, role: 'admin', staffRole: 'manager' });
    await app.database.db.update(users).set({ staffRole: 'kitchen' }).where(eq(users.id, manager.id));
    expect((await whoami()).json()).toMatchObject({ id: manager.id, role: 'admin', staffRole: 'kitchen' });
  });

  it('refuses a deactivated member’s token at once, and takes it again once activated', async () => {
    const cook = await createTestUser(app, { role: 'admin', staffRole: 'kitchen' });
    const colleague = await createTestUser(app, { role: 'admin', staffRole: 'kitchen' });
    const admin = () => app.inject({ url: '/api/test/admin', headers: cook.headers });
    expect((await admin()).statusCode).toBe(200);
    await app.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, cook.id));
    const refused = await admin();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'session_expired' });
    expect(await app.auth.verifyToken(cook.token)).toBeNull();
    // On a public route the token names nobody; a colleague's goes on.
    const open = await app.inject({ url: '/api/test/public', headers: cook.headers });
    expect(open.json()).toEqual({ caller: null });
    expect((await app.inject({ url: '/api/test/admin', headers: colleague.headers })).statusCode).toBe(200);
    // The flag alone decides here; deactivating through the team page also ends every device for good.
    await app.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, cook.id));
    expect((await admin()).statusCode).toBe(200);
  });
});

describe('auth plugin: tokens that must end', () => {
  const secret = 'a-test-secret-that-is-long-enough-for-hs256';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await authTestApp({ secret });
    currentApp = app;
  });
  afterAll(() => app.close());

  /** A token as the plugin issues them, signed with the real secret, with only the chosen time claims. */
  async function tokenFor(
    user: TestUser,
    claims: { exp: boolean; iat: boolean },
    role: 'customer' | 'admin' = 'customer',
    sid?: number,
  ): Promise<string> {
    const token = new SignJWT(sid === undefined ? { role, sv: 0 } : { role, sv: 0, sid })
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

    const sid = await sessionOf(user);
    expect((await whoami(await tokenFor(user, { exp: true, iat: true }, 'customer', sid))).statusCode).toBe(200);
    expect((await whoami(await tokenFor(user, { exp: false, iat: true }, 'customer', sid))).statusCode).toBe(401);
    expect((await whoami(await tokenFor(user, { exp: true, iat: false }, 'customer', sid))).statusCode).toBe(401);
    expect(await app.auth.verifyToken(await tokenFor(user, { exp: false, iat: true }, 'customer', sid))).toBeNull();
  });

  it('refuses a customer token without a session, as the shop’s login gave them out', async () => {
    const user = await createTestUser(app);
    const unsessioned = await tokenFor(user, { exp: true, iat: true });
    const response = await app.inject({
      url: '/api/test/whoami',
      headers: { authorization: `Bearer ${unsessioned}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_expired' });
  });

  it('refuses an admin token without a staff session, as the shop’s login gave them out', async () => {
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
  });
});
