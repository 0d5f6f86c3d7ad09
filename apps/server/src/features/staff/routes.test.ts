import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResetTokens, staffExchangedTokens, staffSessions, users } from '../../db/schema.ts';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { hashPassword } from '../accounts/index.ts';

const PASSWORD = 'Quattro-Stagioni-am-Abend-9';

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  device_token?: string;
  expires_in: number;
  token_type: string;
}

describe('staff sessions API', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let passwordHash: string;

  beforeAll(async () => {
    server = await buildTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '1000' });
    app = server.app;
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => server.close());

  async function account(role: 'admin' | 'customer'): Promise<{ id: number; email: string }> {
    const email = uniqueEmail(role);
    const [row] = await app.database.db
      .insert(users)
      .values({
        email,
        passwordHash,
        customerName: 'Luca Bianchi',
        role,
        staffRole: role === 'admin' ? 'owner' : null,
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    return { id: row.id, email };
  }

  function staffLogin(payload: Record<string, string>, headers: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: '/api/staff/login', headers, payload });
  }

  async function signIn(email: string, deviceName = 'Küchen-Tablet'): Promise<Tokens> {
    const response = await staffLogin({ username: email, password: PASSWORD, device_name: deviceName });
    expect(response.statusCode).toBe(200);
    return response.json<Tokens>();
  }

  function refresh(refreshToken: string) {
    return app.inject({ method: 'POST', url: '/api/staff/refresh', payload: { refresh_token: refreshToken } });
  }

  function devices(accessToken: string) {
    return app.inject({ url: '/api/admin/sessions', headers: { authorization: `Bearer ${accessToken}` } });
  }

  describe('POST /api/staff/login', () => {
    it('signs staff in with a short-lived access token and a refresh token stored only as its hash', async () => {
      const admin = await account('admin');
      const tokens = await signIn(admin.email);
      expect(tokens).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 900,
        refresh_token: expect.stringMatching(/^[\w-]{43}$/),
        device_token: expect.any(String),
      });
      const [stored] = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, admin.id));
      expect(stored?.tokenHash).toBe(sha256(tokens.refresh_token));
      expect(JSON.stringify(stored)).not.toContain(tokens.refresh_token);
      expect(stored?.deviceName).toBe('Küchen-Tablet');

      const [, payload = ''] = tokens.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number>;
      expect(claims.sid).toBe(stored?.id);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);

      const list = await devices(tokens.access_token);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        {
          id: stored?.id,
          device_name: 'Küchen-Tablet',
          label: null,
          created_at: expect.any(String),
          last_used_at: expect.any(String),
          current: true,
        },
      ]);
    });

    it('takes form fields like /api/login, and names an unnamed device by its user agent', async () => {
      const admin = await account('admin');
      const response = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'KitchenBrowser/1.0' },
        payload: new URLSearchParams({ username: admin.email, password: PASSWORD }).toString(),
      });
      expect(response.statusCode).toBe(200);
      const [stored] = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, admin.id));
      expect(stored?.deviceName).toBe('KitchenBrowser/1.0');
    });

    it('refuses a customer account with the right password: 403 not_staff, and no session', async () => {
      const customer = await account('customer');
      const german = await staffLogin({ username: customer.email, password: PASSWORD }, { 'accept-language': 'de' });
      expect(german.statusCode).toBe(403);
      expect(german.json()).toEqual({
        code: 'not_staff',
        message: 'Dieses Konto gehört keinem Mitarbeiter. Bitte melden Sie sich im Shop an.',
      });
      const english = await staffLogin({ username: customer.email, password: PASSWORD }, { 'accept-language': 'en' });
      expect(english.json()).toMatchObject({ code: 'not_staff', message: expect.stringContaining('shop') });
      const rows = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, customer.id));
      expect(rows).toEqual([]);
    });

    it('answers a wrong password with 401, and counts on the same throttle as /api/login (429)', async () => {
      const admin = await account('admin');
      const wrong = await staffLogin({ username: admin.email, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
      // Failures at either door count together: 5 per account and address.
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const shop = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: admin.email, password: 'still-wrong' },
        });
        expect(shop.statusCode).toBe(401);
      }
      const throttled = await staffLogin({ username: admin.email, password: PASSWORD });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toMatchObject({ code: 'too_many_attempts' });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('POST /api/staff/refresh', () => {
    it('rotates the refresh token: the new pair works, the old token no longer does', async () => {
      const admin = await account('admin');
      const first = await signIn(admin.email);
      const renewed = await refresh(first.refresh_token);
      expect(renewed.statusCode).toBe(200);
      const second = renewed.json<Tokens>();
      expect(second).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 900,
        refresh_token: expect.any(String),
      });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await devices(second.access_token)).statusCode).toBe(200);
      const [row] = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, admin.id));
      expect(row?.tokenHash).toBe(sha256(second.refresh_token));
      const chain = await app.database.db
        .select({ tokenHash: staffExchangedTokens.tokenHash })
        .from(staffExchangedTokens)
        .where(eq(staffExchangedTokens.sessionId, row?.id ?? 0));
      expect(chain).toEqual([{ tokenHash: sha256(first.refresh_token) }]);

      const third = await refresh(second.refresh_token);
      expect(third.statusCode).toBe(200);
    });

    it.each([2, 3, 5])(
      'treats a token used again %i rotations back as theft: the whole session ends, access tokens included',
      async (rotationsBack) => {
        const admin = await account('admin');
        const owner = await signIn(admin.email);
        // A thief with a copy of the tablet's token refreshes again and again; then the tablet refreshes.
        let thief = owner;
        for (let rotation = 0; rotation < rotationsBack; rotation += 1) {
          const renewed = await refresh(thief.refresh_token);
          expect(renewed.statusCode).toBe(200);
          thief = renewed.json<Tokens>();
        }

        const tablets = await refresh(owner.refresh_token);
        expect(tablets.statusCode).toBe(401);
        expect(tablets.json()).toMatchObject({ code: 'session_revoked' });

        const thiefsNext = await refresh(thief.refresh_token);
        expect(thiefsNext.statusCode).toBe(401);
        expect(thiefsNext.json()).toMatchObject({ code: 'session_revoked' });
        expect((await devices(thief.access_token)).statusCode).toBe(401);
        expect((await devices(owner.access_token)).statusCode).toBe(401);
      },
    );

    it('notices a token used again at any depth of a ten-token chain', async () => {
      let noticed = 0;
      for (let rotationsBack = 2; rotationsBack <= 10; rotationsBack += 1) {
        const admin = await account('admin');
        const chain = [await signIn(admin.email)];
        for (let rotation = 0; rotation < 10; rotation += 1) {
          const renewed = await refresh(chain.at(-1)?.refresh_token ?? '');
          chain.push(renewed.json<Tokens>());
        }
        const reused = await refresh(chain.at(-1 - rotationsBack)?.refresh_token ?? '');
        const current = await refresh(chain.at(-1)?.refresh_token ?? '');
        if (reused.json<{ code: string }>().code === 'session_revoked' && current.statusCode === 401) noticed += 1;
      }
      expect(noticed).toBe(9);
    });

    it('answers every one of ten concurrent refreshes with the same token with the same next token', async () => {
      const admin = await account('admin');
      const tokens = await signIn(admin.email);
      const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refresh_token)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
      const renewed = answers.map((answer) => answer.json<Tokens>());
      const refreshTokens = new Set(renewed.map((pair) => pair.refresh_token));
      expect(refreshTokens.size).toBe(1);
      expect(refreshTokens.has(tokens.refresh_token)).toBe(false);
      for (const pair of renewed) expect((await devices(pair.access_token)).statusCode).toBe(200);

      // The device carries on with the new token, and the one it replaced gets no further grace.
      const next = await refresh(renewed[0]?.refresh_token ?? '');
      expect(next.statusCode).toBe(200);
      expect((await devices(next.json<Tokens>().access_token)).statusCode).toBe(200);
      const late = await refresh(tokens.refresh_token);
      expect(late.json()).toMatchObject({ code: 'session_revoked' });
    });

    it('answers 401 to an unknown token, and to a device whose account is no longer staff', async () => {
      const unknown = await refresh('x'.repeat(43));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 'invalid_refresh_token' });

      const admin = await account('admin');
      const tokens = await signIn(admin.email);
      await app.database.db.update(users).set({ role: 'customer', staffRole: null }).where(eq(users.id, admin.id));
      const demoted = await refresh(tokens.refresh_token);
      expect(demoted.statusCode).toBe(401);
      expect(demoted.json()).toMatchObject({ code: 'session_revoked' });
    });

    it('signs a deactivated account’s device out at its next refresh, and refuses its sign-in after the right password', async () => {
      const admin = await account('admin');
      const tokens = await signIn(admin.email);
      await app.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, admin.id));
      const refused = await refresh(tokens.refresh_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'session_revoked' });
      const [session] = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, admin.id));
      expect(session?.revokedAt).toBeInstanceOf(Date);

      const login = await staffLogin({ username: admin.email, password: PASSWORD }, { 'accept-language': 'en' });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({
        code: 'account_deactivated',
        message: 'This account has been deactivated. Please contact the owner.',
      });
      expect((await staffLogin({ username: admin.email, password: 'Wrong-password-123' })).statusCode).toBe(401);
      // No new device was signed in.
      const sessions = await app.database.db.select().from(staffSessions).where(eq(staffSessions.userId, admin.id));
      expect(sessions).toHaveLength(1);
    });

    it('ends every staff session when the password is reset', async () => {
      const admin = await account('admin');
      const tablet = await signIn(admin.email, 'Tablet');
      const office = await signIn(admin.email, 'Büro');
      const resetToken = 'a-reset-token-for-the-staff-sessions-test';
      await app.database.db.insert(passwordResetTokens).values({
        userId: admin.id,
        tokenHash: createHash('sha256').update(resetToken).digest('hex'),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token: resetToken, password: 'Ein-ganz-neues-Passwort-42' },
      });
      expect(reset.statusCode).toBe(200);
      for (const tokens of [tablet, office]) {
        expect((await devices(tokens.access_token)).statusCode).toBe(401);
        const renewed = await refresh(tokens.refresh_token);
        expect(renewed.statusCode).toBe(401);
      }
    });
  });

  describe('signed-in devices', () => {
    it('signs this device out with its refresh token (204): its tokens stop at once', async () => {
      const admin = await account('admin');
      const tokens = await signIn(admin.email);
      const logout = await app.inject({
        method: 'POST',
        url: '/api/staff/logout',
        payload: { refresh_token: tokens.refresh_token },
      });
      expect(logout.statusCode).toBe(204);
      expect((await devices(tokens.access_token)).statusCode).toBe(401);
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    });

    it('signs the device out with any token of its chain, not only the current one', async () => {
      const admin = await account('admin');
      const first = await signIn(admin.email);
      const second = (await refresh(first.refresh_token)).json<Tokens>();
      const current = (await refresh(second.refresh_token)).json<Tokens>();
      const logout = await app.inject({
        method: 'POST',
        url: '/api/staff/logout',
        payload: { refresh_token: first.refresh_token },
      });
      expect(logout.statusCode).toBe(204);
      expect((await devices(current.access_token)).statusCode).toBe(401);
      expect((await refresh(current.refresh_token)).json()).toMatchObject({ code: 'session_revoked' });
    });

    it('lists the caller’s devices and signs another one out: its access token gets 401 at once', async () => {
      const admin = await account('admin');
      const office = await signIn(admin.email, 'Büro');
      const kitchen = await signIn(admin.email, 'Küche');
      const list = (await devices(office.access_token)).json<{ id: number; device_name: string; current: boolean }[]>();
      expect(list.map((device) => [device.device_name, device.current]).sort()).toEqual([
        ['Büro', true],
        ['Küche', false],
      ]);
      const kitchenId = list.find((device) => device.device_name === 'Küche')?.id;

      const signOut = await app.inject({
        method: 'DELETE',
        url: `/api/admin/sessions/${kitchenId}`,
        headers: { authorization: `Bearer ${office.access_token}` },
      });
      expect(signOut.statusCode).toBe(204);
      const kitchenNow = await devices(kitchen.access_token);
      expect(kitchenNow.statusCode).toBe(401);
      expect((await refresh(kitchen.refresh_token)).statusCode).toBe(401);
      const remaining = (await devices(office.access_token)).json<{ device_name: string }[]>();
      expect(remaining.map((device) => device.device_name)).toEqual(['Büro']);
    });

    it('keeps the name given at sign-in, trimmed; an empty one leaves the device unnamed', async () => {
      const admin = await account('admin');
      const named = await staffLogin({
        username: admin.email,
        password: PASSWORD,
        device_name: 'Chrome · Linux',
        device_label: '  Küche Tablet ',
      });
      expect(named.statusCode).toBe(200);
      await staffLogin({ username: admin.email, password: PASSWORD, device_name: 'Safari · iPad', device_label: '' });
      const list = (await devices(named.json<Tokens>().access_token)).json<{ device_name: string; label: unknown }[]>();
      expect(list.map((device) => [device.device_name, device.label]).sort()).toEqual([
        ['Chrome · Linux', 'Küche Tablet'],
        ['Safari · iPad', null],
      ]);
      const tooLong = await staffLogin({ username: admin.email, password: PASSWORD, device_label: 'x'.repeat(61) });
      expect(tooLong.statusCode).toBe(400);
    });

    it('renames one of the caller’s devices (PATCH): trimmed, 1–60 characters, else 400 in the caller’s language', async () => {
      const admin = await account('admin');
      const office = await signIn(admin.email, 'Chrome · Windows');
      const kitchen = await signIn(admin.email, 'Chrome · Android');
      const list = (await devices(office.access_token)).json<{ id: number; device_name: string }[]>();
      const kitchenId = list.find((device) => device.device_name === 'Chrome · Android')?.id;
      function rename(label: unknown, language = 'de') {
        return app.inject({
          method: 'PATCH',
          url: `/api/admin/sessions/${kitchenId}`,
          headers: { authorization: `Bearer ${office.access_token}`, 'accept-language': language },
          payload: { label },
        });
      }
      const renamed = await rename('  Küche Tablet  ');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id: kitchenId, label: 'Küche Tablet', device_name: 'Chrome · Android' });
      const seenByKitchen = (await devices(kitchen.access_token)).json<{ label: string | null; current: boolean }[]>();
      expect(seenByKitchen.find((device) => device.current)?.label).toBe('Küche Tablet');
      for (const refused of ['   ', 'x'.repeat(61), 42]) {
        const answer = await rename(refused);
        expect(answer.statusCode).toBe(400);
        expect(answer.json<{ message: string }>().message).toEqual(expect.any(String));
      }
      expect((await rename('x'.repeat(60))).statusCode).toBe(200);
    });

    it('answers 404 to renaming another staff member’s device, and 401 without a token', async () => {
      const mine = await account('admin');
      const theirs = await account('admin');
      const me = await signIn(mine.email);
      await signIn(theirs.email, 'Büro');
      const [theirSession] = await app.database.db
        .select({ id: staffSessions.id })
        .from(staffSessions)
        .where(eq(staffSessions.userId, theirs.id));
      const attempt = await app.inject({
        method: 'PATCH',
        url: `/api/admin/sessions/${theirSession?.id}`,
        headers: { authorization: `Bearer ${me.access_token}` },
        payload: { label: 'Meins' },
      });
      expect(attempt.statusCode).toBe(404);
      const [unchanged] = await app.database.db
        .select({ label: staffSessions.label })
        .from(staffSessions)
        .where(eq(staffSessions.id, theirSession?.id ?? 0));
      expect(unchanged?.label).toBeNull();
      const anonymous = await app.inject({
        method: 'PATCH',
        url: `/api/admin/sessions/${theirSession?.id}`,
        payload: { label: 'Meins' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers 404 for another staff member’s device, which stays signed in', async () => {
      const mine = await account('admin');
      const theirs = await account('admin');
      const me = await signIn(mine.email);
      const them = await signIn(theirs.email);
      const [theirSession] = await app.database.db
        .select({ id: staffSessions.id })
        .from(staffSessions)
        .where(eq(staffSessions.userId, theirs.id));
      const attempt = await app.inject({
        method: 'DELETE',
        url: `/api/admin/sessions/${theirSession?.id}`,
        headers: { authorization: `Bearer ${me.access_token}` },
      });
      expect(attempt.statusCode).toBe(404);
      expect((await devices(them.access_token)).statusCode).toBe(200);
    });
  });
});
