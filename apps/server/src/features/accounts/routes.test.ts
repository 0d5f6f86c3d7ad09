import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox, passwordResetTokens, users } from '../../db/schema.ts';
import { buildTestServer, createTestUser, type TestServer } from '../../../test/helper.ts';
import * as z from 'zod/mini';
import { hashResetToken } from './service.ts';

const PASSWORD = 'Margherita-mit-Basilikum-7';

let counter = 0;
function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

async function register(app: FastifyInstance, email: string, password = PASSWORD, language = 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/register/customer',
    headers: { 'accept-language': language },
    payload: { customer_name: 'Maria Rossi', email, password, phone: '03012345678' },
  });
}

/**
 * A registered account whose address is confirmed, as an account is before signing in anywhere but on the
 * device that registered (the confirmation itself has its tests in self-routes.test.ts).
 */
async function registerConfirmed(app: FastifyInstance, email: string, password = PASSWORD, language = 'en') {
  const response = await register(app, email, password, language);
  expect(response.statusCode, response.body).toBe(201);
  await app.database.db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(users.id, z.object({ id: z.int() }).parse(response.json()).id));
  return response;
}

/** A real multipart/form-data body, as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

function login(app: FastifyInstance, username: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/login', headers, payload: { username, password } });
}

/** A staff account with a password: registered as a customer, then made staff as `ADMIN_EMAIL` makes one. */
async function staffAccount(app: FastifyInstance): Promise<string> {
  const email = uniqueEmail('staff');
  await registerConfirmed(app, email);
  await app.database.db.update(users).set({ role: 'admin', staffRole: 'owner' }).where(eq(users.email, email));
  return email;
}

async function mailsTo(app: FastifyInstance, to: string, kind: string) {
  return app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)))
    .orderBy(outbox.id);
}

/** The reset token from the newest reset mail to `to`, once the mail is in the outbox. */
async function resetTokenFromMail(app: FastifyInstance, to: string, count = 1): Promise<string> {
  const mails = await vi.waitFor(
    async () => {
      const rows = await mailsTo(app, to, 'password_reset');
      expect(rows).toHaveLength(count);
      return rows;
    },
    { timeout: 10_000, interval: 50 },
  );
  const text = mails.at(-1)?.textBody ?? '';
  const match = /http:\/\/shop\.test\/order-online\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('accounts API', () => {
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await buildTestServer({ PUBLIC_URL: 'http://shop.test' });
    app = server.app;
  });
  afterAll(() => server.close());

  describe('POST /api/register/customer', () => {
    it('creates a customer (201, signed in, no secrets), stores an argon2id hash and the language, and sends the welcome mail', async () => {
      const email = uniqueEmail();
      const response = await register(app, `  ${email.toUpperCase()} `);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(Number),
        email,
        customer_name: 'Maria Rossi',
        phone: '+493012345678',
        role: 'customer',
        staff_role: null,
        email_confirmed: false,
        access_token: expect.any(String),
        token_type: 'bearer',
        device_token: expect.any(String),
      });
      const [row] = await app.database.db.select().from(users).where(eq(users.id, body.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.language).toBe('en');
      const welcome = await vi.waitFor(async () => {
        const rows = await mailsTo(app, email, 'welcome');
        expect(rows).toHaveLength(1);
        return rows[0];
      });
      expect(welcome?.subject).toContain('Welcome');
      expect(welcome?.textBody).toContain('Hello Maria Rossi,');
      expect(welcome?.textBody).toContain('http://shop.test/order-online/confirm-email?token=');
      // The device that registered is signed in at once, before the address is confirmed.
      const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${body.access_token}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: body.id, email, email_confirmed: false });
    });

    it('answers 409 email_taken for an address that has an account, however it is typed', async () => {
      const email = uniqueEmail();
      await registerConfirmed(app, email);
      const again = await register(app, email.toUpperCase(), 'Another-good-passphrase-9', 'de');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'email_taken', message: expect.stringContaining('schon ein Konto') });
      const rows = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
    });

    it('refuses short and common passwords with 400 and creates nothing', async () => {
      const email = uniqueEmail();
      const short = await register(app, email, 'kurz12');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'invalid_request' });

      for (const common of ['password1', 'PassWord1', 'iloveyou1', 'qwertyuiop']) {
        const response = await register(app, email, common);
        expect(response.statusCode, common).toBe(400);
        expect(response.json()).toEqual({
          code: 'password_too_common',
          message: 'This password is too common and easy to guess. Please choose another one.',
        });
      }
      const german = await register(app, email, 'passwort123', 'de');
      expect(german.json()).toMatchObject({
        code: 'password_too_common',
        message: expect.stringContaining('zu verbreitet'),
      });
      expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('are described in the OpenAPI document', async () => {
      const response = await app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json().paths as Record<string, unknown>);
      for (const path of [
        '/api/login',
        '/api/users/me',
        '/api/register/customer',
        '/api/forgot-password',
        '/api/reset-password',
        '/api/confirm-email',
        '/api/users/me/password',
        '/api/users/me/email',
        '/api/users/me/confirmation',
        '/api/users/me/sessions',
        '/api/users/me/sessions/{id}',
      ]) {
        expect(paths).toContain(path);
      }
    });

    it('stores the phone in E.164, however it is typed, and refuses one that is none', async () => {
      const email = uniqueEmail('phone');
      const typed = await app.inject({
        method: 'POST',
        url: '/api/register/customer',
        payload: { customer_name: 'Maria Rossi', email, password: PASSWORD, phone: '+49 170 1234 5678' },
      });
      expect(typed.statusCode, typed.body).toBe(201);
      expect(typed.json()).toMatchObject({ phone: '+4917012345678' });
      const [row] = await app.database.db.select({ phone: users.phone }).from(users).where(eq(users.email, email));
      expect(row?.phone).toBe('+4917012345678');

      const refused = await app.inject({
        method: 'POST',
        url: '/api/register/customer',
        headers: { 'accept-language': 'en' },
        payload: { customer_name: 'Maria Rossi', email: uniqueEmail('phone'), password: PASSWORD, phone: '+49 30' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'invalid_phone',
        message: expect.stringMatching(/^The phone number is not valid/),
      });
    });

    it('documents the phone numbers they take', async () => {
      const document = (await app.inject({ url: '/api/openapi.json' })).json();
      expect(JSON.stringify(document.paths['/api/register/customer'])).toContain('E.164');
      expect(JSON.stringify(document.paths['/api/orders/guest'])).toContain('E.164');
    });

    it('answers 400 for a malformed body', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register/customer',
        payload: { customer_name: '', email: 'not-an-email', password: PASSWORD, phone: '+49 30' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', issues: expect.any(Array) });
    });
  });

  describe('POST /api/login and GET /api/users/me', () => {
    const email = uniqueEmail('login');
    beforeAll(async () => {
      await registerConfirmed(app, email);
    });

    async function me(token: string) {
      return app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    }

    it('logs in with JSON', async () => {
      const response = await login(app, email, PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        device_token: expect.any(String),
      });
      const user = await me(body.access_token);
      expect(user.statusCode).toBe(200);
      expect(user.json()).toEqual({
        id: expect.any(Number),
        email,
        customer_name: 'Maria Rossi',
        phone: '+493012345678',
        role: 'customer',
        staff_role: null,
        email_confirmed: true,
      });
    });

    it('logs in with x-www-form-urlencoded fields', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email.toUpperCase(), password: PASSWORD }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect((await me(response.json().access_token)).json()).toMatchObject({ email });
    });

    it('logs in with multipart form-data', async () => {
      const { payload, contentType } = await multipart({ username: email, password: PASSWORD });
      expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect((await me(response.json().access_token)).json()).toMatchObject({ email });
    });

    it('refuses a file in the form with 415 and a form without a password with 400', async () => {
      const form = new FormData();
      form.append('username', email);
      form.append('password', new Blob(['x']), 'password.txt');
      const encoded = new Response(form);
      const withFile = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(withFile.statusCode).toBe(415);
      expect(withFile.json()).toMatchObject({ code: 'files_not_accepted' });

      const { payload, contentType } = await multipart({ username: email });
      const missing = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'invalid_request' });
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const wrong = await login(app, email, 'Not-the-password-42', { 'accept-language': 'en' });
      const unknown = await login(app, uniqueEmail('nobody'), PASSWORD, { 'accept-language': 'en' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid credentials' });
      expect(unknown.json()).toEqual(wrong.json());
      const german = await login(app, email, 'Not-the-password-42');
      expect(german.json()).toEqual({
        code: 'invalid_credentials',
        message: 'E-Mail-Adresse oder Passwort ist falsch.',
      });
    });

    it('keeps the language of the last login for mails', async () => {
      expect((await login(app, email, PASSWORD, { 'accept-language': 'de-DE' })).statusCode).toBe(200);
      const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.language).toBe('de');
      expect((await login(app, email, PASSWORD, { 'accept-language': 'en-GB,en;q=0.9' })).statusCode).toBe(200);
      const [after] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(after?.language).toBe('en');
    });

    it('refuses a staff account with 403 staff_use_back_office in the caller’s language, and no token', async () => {
      const staff = await staffAccount(app);
      const german = await login(app, staff, PASSWORD, { 'accept-language': 'de' });
      expect(german.statusCode).toBe(403);
      expect(german.json()).toEqual({
        code: 'staff_use_back_office',
        message: 'Dieses Konto gehört zum Team des Restaurants. Bitte melden Sie sich im Back Office an.',
      });
      const english = await login(app, staff, PASSWORD, { 'accept-language': 'en' });
      expect(english.json()).toEqual({
        code: 'staff_use_back_office',
        message: 'This account belongs to the restaurant’s staff. Please sign in to the back office.',
      });
      // A wrong password gets the answer any account gets: the refusal names staff only to them.
      const wrong = await login(app, staff, 'Not-the-password-42', { 'accept-language': 'en' });
      expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid credentials' });
      // The back office's door stays open to them.
      const backOffice = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { username: staff, password: PASSWORD, device_name: 'Kasse' },
      });
      expect(backOffice.statusCode).toBe(200);
    });

    it('documents the refusal of staff and of bodies it cannot read', async () => {
      const document = (await app.inject({ url: '/api/openapi.json' })).json();
      const responses = document.paths['/api/login'].post.responses as Record<string, unknown>;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '401', '403', '415', '429']));
    });

    it('GET /api/users/me: 401 without or with a bad token, the admin with an admin token', async () => {
      const anonymous = await app.inject({ url: '/api/users/me', headers: { 'accept-language': 'en' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: 'not_authenticated', message: 'Please log in.' });
      const forged = await me('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
      expect(forged.statusCode).toBe(401);
      const admin = await createTestUser(app, { role: 'admin' });
      const adminMe = await app.inject({ url: '/api/users/me', headers: admin.headers });
      expect(adminMe.statusCode).toBe(200);
      expect(adminMe.json()).toMatchObject({ id: admin.id, email: admin.email, role: 'admin', phone: null });
    });
  });

  describe('password reset', () => {
    it('answers forgot-password identically for a known and an unknown email, and mails only the known one', async () => {
      const known = uniqueEmail('forgot');
      await registerConfirmed(app, known);
      const unknown = uniqueEmail('ghost');
      const headers = { 'accept-language': 'en' };
      const a = await app.inject({ method: 'POST', url: '/api/forgot-password', headers, payload: { email: known } });
      const b = await app.inject({ method: 'POST', url: '/api/forgot-password', headers, payload: { email: unknown } });
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
      expect(a.json().message).toContain('If there is an account with this email address');

      const token = await resetTokenFromMail(app, known);
      expect(token.length).toBeGreaterThanOrEqual(40);
      const [mail] = await mailsTo(app, known, 'password_reset');
      expect(mail?.subject).toBe('Reset your Pizzeria Bella Napoli password');
      expect(mail?.htmlBody).toContain(`href="http://shop.test/order-online/reset-password?token=${token}"`);
      // Only a hash of the token is stored.
      const stored = await app.database.db.select().from(passwordResetTokens);
      expect(stored.some((row) => row.tokenHash === token)).toBe(false);
      expect(stored.some((row) => row.tokenHash === hashResetToken(token))).toBe(true);
      // Give the unknown address's request time to (not) write a mail.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mailsTo(app, unknown, 'password_reset')).toHaveLength(0);
    });

    it('resets once: the new password works, the old one and every earlier token stop working', async () => {
      const email = uniqueEmail('reset');
      await registerConfirmed(app, email);
      const oldToken = (await login(app, email, PASSWORD)).json().access_token as string;
      const bearer = { authorization: `Bearer ${oldToken}`, 'accept-language': 'en' };
      expect((await app.inject({ url: '/api/users/me', headers: bearer })).statusCode).toBe(200);

      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      const first = await resetTokenFromMail(app, email, 1);
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      const second = await resetTokenFromMail(app, email, 2);
      expect(second).not.toBe(first);

      // A common password is refused before the token is spent.
      const common = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token: second, password: 'password1' },
      });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ code: 'password_too_common' });

      const newPassword = 'Quattro-Stagioni-Forever-3';
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        headers: { 'accept-language': 'en' },
        payload: { token: second, password: newPassword },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({
        message: 'Your password has been changed. Please log in with your new password.',
      });

      const stale = await app.inject({ url: '/api/users/me', headers: bearer });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ code: 'session_expired' });
      expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
      expect((await login(app, email, newPassword)).statusCode).toBe(200);

      for (const token of [second, first]) {
        const again = await app.inject({
          method: 'POST',
          url: '/api/reset-password',
          headers: { 'accept-language': 'en' },
          payload: { token, password: 'Yet-another-passphrase-5' },
        });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({
          code: 'invalid_reset_token',
          message: 'This password reset link is invalid, already used or expired. Please request a new one.',
        });
      }
      expect((await login(app, email, newPassword)).statusCode).toBe(200);
    });

    it('lets only one of two concurrent resets with the same token through', async () => {
      const email = uniqueEmail('race');
      await registerConfirmed(app, email);
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      const token = await resetTokenFromMail(app, email);
      const attempts = await Promise.all(
        ['Erste-Pizza-des-Tages-1', 'Zweite-Pizza-des-Tages-2'].map((password) =>
          app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password } }),
        ),
      );
      expect(attempts.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(user?.sessionVersion).toBe(1);
    });

    it('refuses a token older than an hour and an unknown token', async () => {
      const email = uniqueEmail('expired');
      const user = (await registerConfirmed(app, email)).json();
      const token = 'expired-token-0123456789-abcdefghijklmnopqrstuvwxyz';
      await app.database.db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - 61 * 60 * 1000),
      });
      for (const candidate of [token, 'no-such-token']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/reset-password',
          payload: { token: candidate, password: 'Calzone-con-Ricotta-8' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'invalid_reset_token',
          message: expect.stringContaining('Link'),
        });
      }
      expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    });

    it('issues tokens that expire one hour after the request', async () => {
      const email = uniqueEmail('hour');
      const user = (await registerConfirmed(app, email)).json();
      const before = Date.now();
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      await resetTokenFromMail(app, email);
      const [row] = await app.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
      expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 10_000);
    });
  });
});

describe('login throttling', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const WINDOW_SECONDS = 3;

  beforeAll(async () => {
    server = await buildTestServer({
      // app.inject comes from 127.0.0.1: trusting it as a proxy lets each test choose client addresses.
      TRUST_PROXY: '127.0.0.1',
      LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '3',
      LOGIN_ADDRESS_MAX_FAILURES: '6',
      LOGIN_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      LOGIN_ACCOUNT_MAX_FAILURES: '10',
    });
    app = server.app;
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip, 'accept-language': 'en' });

  it('blocks an account at one address after repeated failures with 429 and Retry-After, then lets it in again', async () => {
    const email = uniqueEmail('throttled');
    await registerConfirmed(app, email);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(app, email, 'Wrong-password-123', from('10.0.0.1'))).statusCode).toBe(401);
    }
    // Even the right password is refused from that address while it is blocked there.
    const blocked = await login(app, email, PASSWORD, from('10.0.0.1'));
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(blocked.json()).toEqual({
      code: 'too_many_attempts',
      message: `Too many failed login attempts. Please try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`,
    });
    const german = await login(app, email, PASSWORD, { 'x-forwarded-for': '10.0.0.1' });
    expect(german.json().message).toMatch(
      /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuchen Sie es in \d+ Sekunden? erneut\.$/,
    );

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 200));
    expect((await login(app, email, PASSWORD, from('10.0.0.1'))).statusCode).toBe(200);

    // The success forgave that address's failures: two more do not block it.
    for (let i = 0; i < 2; i += 1) {
      expect((await login(app, email, 'Wrong-password-123', from('10.0.0.1'))).statusCode).toBe(401);
    }
    expect((await login(app, email, PASSWORD, from('10.0.0.1'))).statusCode).toBe(200);
  });

  it('counts a staff account’s right password at the shop as no failure, and its wrong ones as failures', async () => {
    const staff = await staffAccount(app);
    const refused = [];
    for (let i = 0; i < 5; i += 1) refused.push((await login(app, staff, PASSWORD, from('10.0.3.1'))).statusCode);
    expect(refused).toEqual([403, 403, 403, 403, 403]);
    const wrong = [];
    for (let i = 0; i < 4; i += 1)
      wrong.push((await login(app, staff, 'Wrong-password-123', from('10.0.3.1'))).statusCode);
    expect(wrong).toEqual([401, 401, 401, 429]);
    // Throttled at the shop is throttled at the back office: one count, whichever door.
    const backOffice = await app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: from('10.0.3.1'),
      payload: { username: staff, password: PASSWORD },
    });
    expect(backOffice.statusCode).toBe(429);
  });

  it('lets the owner in from another address however often someone guesses from one (no lock-out)', async () => {
    const email = uniqueEmail('owner');
    await registerConfirmed(app, email);
    const answers = [];
    for (let i = 0; i < 10; i += 1)
      answers.push((await login(app, email, 'Wrong-password-123', from('198.51.100.1'))).statusCode);
    expect(answers.filter((status) => status === 401)).toHaveLength(3);
    expect(answers.filter((status) => status === 429)).toHaveLength(7);
    // Guessing from that address stays stopped, with the right password too ...
    expect((await login(app, email, PASSWORD, from('198.51.100.1'))).statusCode).toBe(429);
    // ... and the owner, elsewhere, gets in.
    expect((await login(app, email, PASSWORD, from('198.51.100.2'))).statusCode).toBe(200);
  });

  it('blocks one client address that tries many accounts, and no other address', async () => {
    const email = uniqueEmail('victim');
    await registerConfirmed(app, email);
    for (let i = 0; i < 6; i += 1) {
      expect((await login(app, uniqueEmail('guess'), 'Guessing-123', from('192.0.2.7'))).statusCode).toBe(401);
    }
    const blocked = await login(app, email, PASSWORD, from('192.0.2.7'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect((await login(app, email, PASSWORD, from('192.0.2.8'))).statusCode).toBe(200);
  });

  it('limits failures for one account from everywhere, loosely', async () => {
    const email = uniqueEmail('spread');
    await registerConfirmed(app, email);
    // Two failures from each of five addresses: ten for the account, none of the addresses blocked.
    for (let i = 0; i < 10; i += 1) {
      expect((await login(app, email, 'Wrong-password-123', from(`203.0.113.${i % 5}`))).statusCode).toBe(401);
    }
    expect((await login(app, email, 'Wrong-password-123', from('203.0.113.99'))).statusCode).toBe(429);
  });

  it('holds a parallel burst of guesses to the limit exactly, and a right password inside the burst stays out', async () => {
    const email = uniqueEmail('burst');
    await registerConfirmed(app, email);
    const guesses = Array.from({ length: 60 }, (_, i) =>
      login(app, email, i === 39 ? PASSWORD : `Wrong-password-${i}`, from('198.51.100.77')),
    );
    const statuses = (await Promise.all(guesses)).map((response) => response.statusCode);
    // Exactly three passwords were checked (the limit); everything else was refused before any check.
    expect(statuses.filter((status) => status === 401 || status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(57);
    // The right password at guess 40 did not get in.
    expect(statuses[39]).toBe(429);
  });
});

describe('known devices', () => {
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await buildTestServer({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '3',
      LOGIN_ADDRESS_MAX_FAILURES: '50',
      LOGIN_ACCOUNT_MAX_FAILURES: '6',
    });
    app = server.app;
  });
  afterAll(() => server.close());

  const loginFrom = (ip: string, email: string, password: string, deviceToken?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': ip },
      payload: { username: email, password, ...(deviceToken ? { device_token: deviceToken } : {}) },
    });

  async function signedInDevice(email: string): Promise<string> {
    await registerConfirmed(app, email);
    const first = await loginFrom('192.0.2.50', email, PASSWORD);
    expect(first.statusCode).toBe(200);
    const token = (first.json() as { device_token?: string }).device_token;
    if (!token) throw new Error('no device token');
    return token;
  }

  it('always lets a device that signed in before in with the right password, whatever others guessed', async () => {
    const email = uniqueEmail('owner');
    const device = await signedInDevice(email);
    // Guessing from the device's own address and from everywhere else, past every limit.
    for (let i = 0; i < 10; i += 1) await loginFrom('192.0.2.50', email, `Wrong-${i}-password`);
    for (let i = 0; i < 10; i += 1) await loginFrom(`198.51.100.${i}`, email, `Wrong-${i}-password`);
    expect((await loginFrom('192.0.2.50', email, PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('198.51.100.200', email, PASSWORD)).statusCode).toBe(429);
    // The known device gets in, from wherever it is now.
    const signedIn = await loginFrom('192.0.2.50', email, PASSWORD, device);
    expect(signedIn.statusCode).toBe(200);
    expect((await loginFrom('203.0.113.9', email, PASSWORD, device)).statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ token_type: 'bearer', device_token: expect.any(String) });
  });

  it('still stops guessing from a known device', async () => {
    const email = uniqueEmail('device-guess');
    const device = await signedInDevice(email);
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await loginFrom('192.0.2.51', email, `Wrong-${i}-pw`, device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await loginFrom('192.0.2.51', email, PASSWORD, device)).statusCode).toBe(429);
  });

  it('opens only the account it was given for; a forged or foreign token counts as none', async () => {
    const owner = uniqueEmail('device-owner');
    const device = await signedInDevice(owner);
    const victim = uniqueEmail('device-victim');
    await registerConfirmed(app, victim);
    for (let i = 0; i < 3; i += 1) await loginFrom('192.0.2.52', victim, `Wrong-${i}-password`);
    for (const token of [device, `${device}x`, 'not-a-token', device.split('.').reverse().join('.')]) {
      const response = await loginFrom('192.0.2.52', victim, PASSWORD, token);
      expect(response.statusCode).toBe(429);
    }
  });

  it('is no access token', async () => {
    const device = await signedInDevice(uniqueEmail('not-access'));
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${device}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy, so rotating it buys no guesses', async () => {
    const server = await buildTestServer({ LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '5' });
    try {
      const email = uniqueEmail('rotate');
      await registerConfirmed(server.app, email);
      const statuses = [];
      for (let i = 0; i < 25; i += 1) {
        const response = await login(server.app, email, `Wrong-${i}-password`, { 'x-forwarded-for': `10.9.0.${i}` });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    } finally {
      await server.close();
    }
  });

  it('takes the client address from X-Forwarded-For behind as many proxies as TRUST_PROXY counts', async () => {
    const server = await buildTestServer({ TRUST_PROXY: '1', LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '2' });
    try {
      const email = uniqueEmail('proxied');
      await registerConfirmed(server.app, email);
      for (let i = 0; i < 2; i += 1) {
        expect((await login(server.app, email, 'Wrong-password-1', { 'x-forwarded-for': '10.8.0.1' })).statusCode).toBe(
          401,
        );
      }
      expect((await login(server.app, email, PASSWORD, { 'x-forwarded-for': '10.8.0.1' })).statusCode).toBe(429);
      // One proxy is trusted: only the address it appended counts, not what the client wrote before it.
      expect((await login(server.app, email, PASSWORD, { 'x-forwarded-for': '10.8.0.1, 10.8.0.2' })).statusCode).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });
});

describe('password reset mails', () => {
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await buildTestServer({ TRUST_PROXY: '127.0.0.1' });
    app = server.app;
  });
  afterAll(() => server.close());

  const forgot = (email: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { 'x-forwarded-for': ip, 'accept-language': 'en' },
      payload: { email },
    });

  it('sends one address at most three reset mails an hour, whoever asks, with a clear 429', async () => {
    const email = uniqueEmail('flooded');
    await registerConfirmed(app, email);
    const statuses = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await forgot(email, `10.7.0.${i}`)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    const refused = await forgot(email, '10.7.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringContaining('Too many links'),
    });
    await vi.waitFor(async () => expect(await mailsTo(app, email, 'password_reset')).toHaveLength(3), {
      timeout: 10_000,
      interval: 50,
    });
    // A moment later there are still exactly three.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(app, email, 'password_reset')).toHaveLength(3);
  });

  it('limits one client address asking for many recipients, and refuses known and unknown emails alike', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await forgot(uniqueEmail('anyone'), '10.6.0.1')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await forgot(uniqueEmail('anyone'), '10.6.0.2')).statusCode).toBe(200);
  });
});
