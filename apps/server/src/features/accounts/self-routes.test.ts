import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  customerSessionListSchema,
  passwordChangeResponseSchema,
  registerResponseSchema,
  type RegisterResponse,
} from '@pizzeria/domain';
import { customerSessions, emailConfirmations, outbox, users } from '../../db/schema.ts';
import { buildTestServer, createTestUser, type TestServer } from '../../../test/helper.ts';

const PASSWORD = 'Margherita-mit-Basilikum-7';
const NEW_PASSWORD = 'Quattro-Formaggi-am-Abend-9';

let counter = 0;
function uniqueEmail(prefix = 'self'): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

const bearer = (token: string, language = 'de') => ({ authorization: `Bearer ${token}`, 'accept-language': language });

describe('a customer’s own account', () => {
  let server: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await buildTestServer({ PUBLIC_URL: 'http://shop.test' });
    app = server.app;
  });
  afterAll(() => server.close());

  /** A new account, signed in on the device that registered (`user-agent` names it). */
  async function register(email = uniqueEmail(), device = 'Registrier-Handy'): Promise<RegisterResponse> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: { 'accept-language': 'de', 'user-agent': device },
      payload: { customer_name: 'Maria Rossi', email, password: PASSWORD, phone: '03012345678' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return registerResponseSchema.parse(response.json());
  }

  function login(email: string, password = PASSWORD, extra: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'de' },
      payload: { username: email, password, ...extra },
    });
  }

  async function mailsTo(to: string, kind: string) {
    return app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)))
      .orderBy(outbox.id);
  }

  /** Waits for the `count`th mail of a kind to `to`, and takes the confirmation link's token from it. */
  async function linkFromMail(to: string, kind: string, count = 1): Promise<string> {
    const mails = await vi.waitFor(
      async () => {
        const rows = await mailsTo(to, kind);
        expect(rows).toHaveLength(count);
        return rows;
      },
      { timeout: 10_000, interval: 50 },
    );
    const text = mails.at(-1)?.textBody ?? '';
    const match = /http:\/\/shop\.test\/order-online\/confirm-email\?token=([\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no confirmation link in: ${text}`);
    return match[1];
  }

  function confirm(token: string, language = 'de') {
    return app.inject({
      method: 'POST',
      url: '/api/confirm-email',
      headers: { 'accept-language': language },
      payload: { token },
    });
  }

  /** A registered account with its address confirmed by the welcome mail's link. */
  async function confirmedAccount(email = uniqueEmail()): Promise<RegisterResponse> {
    const account = await register(email);
    expect((await confirm(await linkFromMail(email, 'welcome'))).statusCode).toBe(200);
    return account;
  }

  /** Signs in on another device: its access token. */
  async function signIn(email: string, device: string, password = PASSWORD): Promise<string> {
    const response = await login(email, password, { device_name: device });
    expect(response.statusCode, response.body).toBe(200);
    const token: unknown = response.json().access_token;
    if (typeof token !== 'string') throw new Error('no access token');
    return token;
  }

  const me = (token: string) => app.inject({ url: '/api/users/me', headers: bearer(token) });

  describe('confirming the address', () => {
    it('refuses the password elsewhere until the address is confirmed, and sends the link again', async () => {
      const email = uniqueEmail('unconfirmed');
      const account = await register(email);
      const welcomeLink = await linkFromMail(email, 'welcome');

      const refused = await login(email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'email_not_confirmed',
        message:
          'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen den Link gerade (noch einmal) geschickt.',
      });
      const resent = await linkFromMail(email, 'confirm_email');
      expect(resent).not.toBe(welcomeLink);
      // A wrong password learns nothing about the confirmation.
      expect((await login(email, 'Not-the-password-42')).json()).toMatchObject({ code: 'invalid_credentials' });

      // The device that registered was signed in all along.
      expect((await me(account.access_token)).json()).toMatchObject({ email_confirmed: false });

      const confirmed = await confirm(resent, 'en');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ message: 'Thank you, your email address is confirmed.' });
      expect((await me(account.access_token)).json()).toMatchObject({ email_confirmed: true });
      expect((await login(email)).statusCode).toBe(200);

      // Single use, and the other link of the same purpose stopped working with it.
      for (const token of [resent, welcomeLink]) {
        const again = await confirm(token);
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({
          code: 'invalid_confirmation_token',
          message:
            'Dieser Bestätigungslink ist ungültig, schon benutzt oder abgelaufen. Bitte fordern Sie einen neuen an.',
        });
      }
    });

    it('holds the link back after three mails an hour, and then does not claim to have sent it', async () => {
      const email = uniqueEmail('flood');
      await register(email);
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const refused = await login(email, PASSWORD, {});
        expect(refused.json().message).toContain('gerade (noch einmal) geschickt');
        await linkFromMail(email, 'confirm_email', attempt);
      }
      const held = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'accept-language': 'en' },
        payload: { username: email, password: PASSWORD },
      });
      expect(held.statusCode).toBe(403);
      expect(held.json()).toEqual({
        code: 'email_not_confirmed',
        message:
          'Please confirm your email address first, with the link we sent you a short while ago. Please check your spam folder too.',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mailsTo(email, 'confirm_email')).toHaveLength(3);
    });

    it('sends the link again on request (202), a few times an hour (429 with Retry-After)', async () => {
      const email = uniqueEmail('resend');
      const account = await register(email);
      const ask = () =>
        app.inject({ method: 'POST', url: '/api/users/me/confirmation', headers: bearer(account.access_token, 'en') });
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const sent = await ask();
        expect(sent.statusCode).toBe(202);
        expect(sent.json().message).toContain('again');
        await linkFromMail(email, 'confirm_email', attempt);
      }
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ code: 'too_many_requests' });

      // Any of the links sent works; once confirmed, there is nothing to send.
      expect((await confirm(await linkFromMail(email, 'confirm_email', 3))).statusCode).toBe(200);
      const done = await ask();
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'Your email address is already confirmed.' });
    });

    it('refuses an expired or unknown link, and the account stays unconfirmed', async () => {
      const email = uniqueEmail('late');
      const account = await register(email);
      const token = await linkFromMail(email, 'welcome');
      const [row] = await app.database.db
        .select()
        .from(emailConfirmations)
        .where(eq(emailConfirmations.userId, account.id));
      // 48 hours from the registration.
      const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 48 * 60 * 60 * 1000)).toBeLessThan(10_000);
      // Only a hash is stored.
      expect(row?.tokenHash).not.toBe(token);

      await app.database.db
        .update(emailConfirmations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailConfirmations.userId, account.id));
      for (const candidate of [token, 'no-such-token']) {
        const response = await confirm(candidate, 'en');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid_confirmation_token' });
      }
      expect((await me(account.access_token)).json()).toMatchObject({ email_confirmed: false });
    });

    it('lets a password reset through on an unconfirmed account, and confirms the address with it', async () => {
      const email = uniqueEmail('reset');
      await register(email);
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      const mail = await vi.waitFor(
        async () => {
          const [row] = await mailsTo(email, 'password_reset');
          expect(row).toBeDefined();
          return row;
        },
        { timeout: 10_000, interval: 50 },
      );
      const token = /reset-password\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: NEW_PASSWORD },
      });
      expect(reset.statusCode).toBe(200);
      const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.emailConfirmedAt).not.toBeNull();
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('answers the same link used twice at once only once', async () => {
      const email = uniqueEmail('twice');
      await register(email);
      const token = await linkFromMail(email, 'welcome');
      const answers = await Promise.all([confirm(token), confirm(token)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    });
  });

  describe('signed-in devices', () => {
    it('lists the devices signed in, the one used last first, and signs one out (its next request 401)', async () => {
      const email = uniqueEmail('devices');
      const account = await confirmedAccount(email);
      const laptop = await signIn(email, 'Laptop');
      const tablet = await signIn(email, 'Tablet');

      const list = await app.inject({ url: '/api/users/me/sessions', headers: bearer(laptop) });
      expect(list.statusCode).toBe(200);
      const sessions = customerSessionListSchema.parse(list.json());
      expect(sessions.map((session) => session.device_name).sort()).toEqual(['Laptop', 'Registrier-Handy', 'Tablet']);
      expect(sessions.filter((session) => session.current).map((session) => session.device_name)).toEqual(['Laptop']);
      const tabletSession = sessions.find((session) => session.device_name === 'Tablet');
      if (!tabletSession) throw new Error('no tablet session');

      // Used last first: the registering phone is used now and then again long ago.
      await app.database.db
        .update(customerSessions)
        .set({ lastUsedAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(customerSessions.id, tabletSession.id));
      const ordered = customerSessionListSchema.parse(
        (await app.inject({ url: '/api/users/me/sessions', headers: bearer(laptop) })).json(),
      );
      expect(ordered.at(-1)?.device_name).toBe('Tablet');

      const signOut = await app.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${tabletSession.id}`,
        headers: bearer(laptop),
      });
      expect(signOut.statusCode).toBe(204);
      const gone = await me(tablet);
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toMatchObject({ code: 'session_expired' });
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await me(account.access_token)).statusCode).toBe(200);

      // Signed out already, someone else's, or unknown: 404.
      const other = await createTestUser(app);
      for (const id of [tabletSession.id, 999_999]) {
        const missing = await app.inject({
          method: 'DELETE',
          url: `/api/users/me/sessions/${id}`,
          headers: bearer(laptop),
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: 'session_not_found' });
      }
      const laptopSession = ordered.find((session) => session.device_name === 'Laptop');
      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${laptopSession?.id}`,
        headers: other.headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await me(laptop)).statusCode).toBe(200);

      // Signing out this device is signing out.
      const self = await app.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${laptopSession?.id}`,
        headers: bearer(laptop),
      });
      expect(self.statusCode).toBe(204);
      expect((await me(laptop)).statusCode).toBe(401);
    });

    it('names a device by its user agent when it gives no name, shortened to 100 characters', async () => {
      const email = uniqueEmail('agent');
      await confirmedAccount(email);
      const agent = `Mozilla/5.0 ${'x'.repeat(200)}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'user-agent': agent },
        payload: { username: email, password: PASSWORD },
      });
      const sessions = customerSessionListSchema.parse(
        (await app.inject({ url: '/api/users/me/sessions', headers: bearer(response.json().access_token) })).json(),
      );
      expect(sessions.find((session) => session.current)?.device_name).toBe(agent.slice(0, 100));
    });
  });

  describe('PATCH /api/users/me', () => {
    it('changes the name and the phone, and clears the phone with null or an empty one', async () => {
      const account = await register();
      const patch = (payload: Record<string, unknown>) =>
        app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(account.access_token), payload });
      const renamed = await patch({ customer_name: 'Maria Bianchi', phone: '+49 170 1234 5678' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ customer_name: 'Maria Bianchi', phone: '+4917012345678' });
      expect((await patch({ phone: null })).json()).toMatchObject({ customer_name: 'Maria Bianchi', phone: null });
      expect((await patch({ phone: '030 1234567' })).json()).toMatchObject({ phone: '+49301234567' });
      expect((await patch({ phone: '' })).json()).toMatchObject({ phone: null });
      expect((await patch({})).json()).toMatchObject({ customer_name: 'Maria Bianchi' });

      const bad = await patch({ phone: '+49 30' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invalid_phone' });
      expect((await patch({ customer_name: '' })).statusCode).toBe(400);
      expect((await me(account.access_token)).json()).toMatchObject({ customer_name: 'Maria Bianchi', phone: null });
    });
  });

  describe('POST /api/users/me/password', () => {
    it('checks the current password, signs every other device out, and keeps this one signed in', async () => {
      const email = uniqueEmail('password');
      await confirmedAccount(email);
      const here = await signIn(email, 'Laptop');
      const there = await signIn(email, 'Handy');
      const change = (current: string, password: string, language = 'de') =>
        app.inject({
          method: 'POST',
          url: '/api/users/me/password',
          headers: bearer(here, language),
          payload: { current_password: current, password },
        });

      const wrong = await change('Not-the-password-42', NEW_PASSWORD);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 'wrong_password', message: 'Das aktuelle Passwort stimmt nicht.' });
      const wrongEnglish = await change('Not-the-password-42', NEW_PASSWORD, 'en');
      expect(wrongEnglish.json()).toEqual({ code: 'wrong_password', message: 'The current password is not correct.' });
      const common = await change(PASSWORD, 'password1');
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ code: 'password_too_common' });
      expect((await me(there)).statusCode).toBe(200);

      const changed = await change(PASSWORD, NEW_PASSWORD);
      expect(changed.statusCode).toBe(200);
      const body = passwordChangeResponseSchema.parse(changed.json());
      expect(body.message).toBe('Ihr Passwort ist geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.');

      // The other device is signed out; this one goes on with its new token.
      const signedOut = await me(there);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toMatchObject({ code: 'session_expired' });
      expect((await me(body.access_token)).statusCode).toBe(200);
      const sessions = customerSessionListSchema.parse(
        (await app.inject({ url: '/api/users/me/sessions', headers: bearer(body.access_token) })).json(),
      );
      expect(sessions).toEqual([expect.objectContaining({ device_name: 'Laptop', current: true })]);

      expect((await login(email)).statusCode).toBe(401);
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('counts wrong current passwords on the login throttle (429), so the form guesses no faster', async () => {
      const email = uniqueEmail('guess');
      const account = await confirmedAccount(email);
      const guess = (current: string) =>
        app.inject({
          method: 'POST',
          url: '/api/users/me/password',
          headers: bearer(account.access_token, 'en'),
          payload: { current_password: current, password: NEW_PASSWORD },
        });
      // Five failures per account and address (the default), then even the right one waits.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await guess(`Wrong-guess-number-${attempt}`)).statusCode).toBe(400);
      }
      const throttled = await guess(PASSWORD);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toMatchObject({ code: 'too_many_attempts' });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      // The same counters as the login's.
      expect((await login(email)).statusCode).toBe(429);
    });
  });

  describe('POST /api/users/me/email', () => {
    it('mails a link to the new address and tells the old one; the old address works until the link is used', async () => {
      const oldEmail = uniqueEmail('old');
      const account = await confirmedAccount(oldEmail);
      const newEmail = uniqueEmail('new');
      const ask = (email: string, current = PASSWORD) =>
        app.inject({
          method: 'POST',
          url: '/api/users/me/email',
          headers: bearer(account.access_token, 'en'),
          payload: { email, current_password: current },
        });

      const wrong = await ask(newEmail, 'Not-the-password-42');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
      const same = await ask(oldEmail.toUpperCase());
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({ code: 'email_unchanged' });
      const taken = await ask((await register()).email);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'email_taken' });

      const asked = await ask(`  ${newEmail.toUpperCase()} `);
      expect(asked.statusCode).toBe(202);
      expect(asked.json().message).toContain(newEmail);
      const token = await linkFromMail(newEmail, 'email_change');
      const notice = await vi.waitFor(async () => {
        const [row] = await mailsTo(oldEmail, 'email_change_notice');
        expect(row).toBeDefined();
        return row;
      });
      expect(notice?.textBody).toContain(newEmail);
      expect(notice?.textBody).not.toContain(token);

      // Until the link is used, the account is the old address's.
      expect((await me(account.access_token)).json()).toMatchObject({ email: oldEmail });
      expect((await login(oldEmail)).statusCode).toBe(200);
      expect((await login(newEmail)).statusCode).toBe(401);

      const confirmed = await confirm(token, 'en');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().message).toContain(newEmail);
      expect((await me(account.access_token)).json()).toMatchObject({ email: newEmail, email_confirmed: true });
      expect((await login(newEmail)).statusCode).toBe(200);
      expect((await login(oldEmail)).statusCode).toBe(401);
      expect((await confirm(token)).statusCode).toBe(400);
    });

    it('lets only the address asked for last become the account’s', async () => {
      const account = await confirmedAccount();
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      for (const email of [first, second]) {
        const asked = await app.inject({
          method: 'POST',
          url: '/api/users/me/email',
          headers: bearer(account.access_token),
          payload: { email, current_password: PASSWORD },
        });
        expect(asked.statusCode).toBe(202);
      }
      expect((await confirm(await linkFromMail(first, 'email_change'))).statusCode).toBe(400);
      expect((await confirm(await linkFromMail(second, 'email_change'))).statusCode).toBe(200);
      expect((await me(account.access_token)).json()).toMatchObject({ email: second });
    });

    it('answers 409 when someone took the address before the link was used, and changes nothing', async () => {
      const account = await confirmedAccount();
      const wanted = uniqueEmail('wanted');
      const asked = await app.inject({
        method: 'POST',
        url: '/api/users/me/email',
        headers: bearer(account.access_token),
        payload: { email: wanted, current_password: PASSWORD },
      });
      expect(asked.statusCode).toBe(202);
      const token = await linkFromMail(wanted, 'email_change');
      await register(wanted);
      const late = await confirm(token, 'en');
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'email_taken' });
      expect((await me(account.access_token)).json()).toMatchObject({ email: account.email });
    });

    it('takes five changes an hour per account, then 429 with Retry-After', async () => {
      const account = await confirmedAccount();
      const ask = () =>
        app.inject({
          method: 'POST',
          url: '/api/users/me/email',
          headers: bearer(account.access_token, 'en'),
          payload: { email: uniqueEmail('many'), current_password: PASSWORD },
        });
      for (let attempt = 1; attempt <= 5; attempt += 1) expect((await ask()).statusCode).toBe(202);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'too_many_requests' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('staff', () => {
    it('answers 403 to a staff token on the customer’s own writes and devices, and shows it GET /api/users/me', async () => {
      const staff = await createTestUser(app, { role: 'admin' });
      const requests = [
        { method: 'PATCH' as const, url: '/api/users/me', payload: { customer_name: 'Chefin' } },
        {
          method: 'POST' as const,
          url: '/api/users/me/password',
          payload: { current_password: PASSWORD, password: NEW_PASSWORD },
        },
        {
          method: 'POST' as const,
          url: '/api/users/me/email',
          payload: { email: uniqueEmail('staff'), current_password: PASSWORD },
        },
        { method: 'POST' as const, url: '/api/users/me/confirmation' },
        { method: 'GET' as const, url: '/api/users/me/sessions' },
        { method: 'DELETE' as const, url: '/api/users/me/sessions/1' },
      ];
      for (const request of requests) {
        const response = await app.inject({ ...request, headers: { ...staff.headers, 'accept-language': 'en' } });
        expect(response.statusCode, request.url).toBe(403);
        expect(response.json()).toEqual({
          code: 'forbidden',
          message: 'Staff accounts are managed by the owner in the back office.',
        });
      }
      expect((await app.inject({ url: '/api/users/me', headers: staff.headers })).statusCode).toBe(200);
    });
  });
});

describe('confirmation links per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('takes thirty tries an hour from one address, then 429; other addresses go on', async () => {
    const tryFrom = (ip: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/confirm-email',
        headers: { 'x-forwarded-for': ip },
        payload: { token: 'guessed-token' },
      });
    for (let attempt = 1; attempt <= 30; attempt += 1) expect((await tryFrom('203.0.113.7')).statusCode).toBe(400);
    const limited = await tryFrom('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tryFrom('203.0.113.8')).statusCode).toBe(400);
  });
});
