import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  forgotPasswordSchema,
  type Language,
  type LocalizedText,
  type LoginRequest,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerCustomerSchema,
  registerResponseSchema,
  resetPasswordSchema,
  userSchema,
} from '@pizzeria/domain';
import { clientSubject } from '../../plugins/client-address.ts';
import { HttpError } from '../../plugins/errors.ts';
import formBody from '../../plugins/form-body.ts';
import { tooMany, type Limit } from '../../plugins/rate-limits.ts';
import { createCustomerSessions, deviceNameOf } from './customer-sessions.ts';
import { createEmailConfirmations, type ResendResult } from './email-confirmation.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './login-throttle.ts';
import { NO_ACCOUNT, PASSWORD_TOO_COMMON } from './own-account.ts';
import { dummyPasswordHash, PasswordWorkBusy } from './passwords.ts';
import selfRoutes, { DEFAULT_SELF_LIMITS, type SelfLimits } from './self-routes.ts';
import { createAccountsService, type AccountsService, type LoginResult } from './service.ts';

export interface AccountsRoutesOptions {
  /** `PUBLIC_URL`, for the link in the password reset mail. */
  publicUrl: string;
  /** Login throttling limits (tests use small ones). */
  loginLimits?: LoginLimits;
  /** Per client address: accounts created, and passwords set with a reset link. */
  addressLimits?: { registrations: Limit; passwordResets: Limit };
  /** Limits of "Mein Konto" and the confirmation links (tests use small ones). */
  selfLimits?: SelfLimits;
}

/** The defaults of `REGISTRATIONS_PER_HOUR_PER_ADDRESS` and `PASSWORD_RESETS_PER_HOUR_PER_ADDRESS`. */
const DEFAULT_ADDRESS_LIMITS = {
  registrations: { max: 10, windowSeconds: 3600 },
  passwordResets: { max: 10, windowSeconds: 3600 },
};

const INVALID_CREDENTIALS = new HttpError(401, 'invalid_credentials', {
  de: 'E-Mail-Adresse oder Passwort ist falsch.',
  en: 'Invalid credentials',
});
const EMAIL_TAKEN = new HttpError(409, 'email_taken', {
  de: 'Für diese E-Mail-Adresse gibt es schon ein Konto. Bitte melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
  en: 'There is already an account for this email address. Please log in or reset your password.',
});
const INVALID_RESET_TOKEN = new HttpError(400, 'invalid_reset_token', {
  de: 'Dieser Link zum Zurücksetzen des Passworts ist ungültig, schon benutzt oder abgelaufen. Bitte fordern Sie einen neuen an.',
  en: 'This password reset link is invalid, already used or expired. Please request a new one.',
});
/**
 * Staff rights come only from the staff sign-in, whose devices can be listed and signed out; a staff
 * token from the shop's login would outlive every sign-out. Answered only to the right password, so the
 * refusal tells nobody else which accounts are staff.
 */
const STAFF_USE_BACK_OFFICE = new HttpError(403, 'staff_use_back_office', {
  de: 'Dieses Konto gehört zum Team des Restaurants. Bitte melden Sie sich im Back Office an.',
  en: 'This account belongs to the restaurant’s staff. Please sign in to the back office.',
});

/**
 * A customer signing in with the right password before confirming the address: the link goes out again,
 * unless the address has had enough of them this hour (then the message must not say it was just sent).
 */
function emailNotConfirmed(resent: ResendResult): HttpError {
  return new HttpError(
    403,
    'email_not_confirmed',
    resent.kind === 'held_back'
      ? {
          de: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse mit dem Link, den wir Ihnen vor Kurzem geschickt haben. Bitte sehen Sie auch im Spam-Ordner nach.',
          en: 'Please confirm your email address first, with the link we sent you a short while ago. Please check your spam folder too.',
        }
      : {
          de: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen den Link gerade (noch einmal) geschickt.',
          en: 'Please confirm your email address first. We have just sent you the link (again).',
        },
  );
}

const FORGOT_PASSWORD_ANSWER = {
  de: 'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen des Passworts dorthin geschickt. Er gilt eine Stunde.',
  en: 'If there is an account with this email address, we have sent a link to reset the password to it. It works for one hour.',
} satisfies Record<Language, string>;
const RESET_PASSWORD_ANSWER = {
  de: 'Ihr Passwort ist geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
  en: 'Your password has been changed. Please log in with your new password.',
} satisfies Record<Language, string>;

/** `in 3 Minuten` / `in 3 minutes`: how long to wait, in seconds under a minute. */
const tooManyResetRequests = (wait: LocalizedText): LocalizedText => ({
  de: `Für diese E-Mail-Adresse wurden gerade zu viele Links angefordert. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many links have just been requested for this email address. Please try again ${wait.en}.`,
});
const tooManyLogins = (wait: LocalizedText): LocalizedText => ({
  de: `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many failed login attempts. Please try again ${wait.en}.`,
});
const tooManyRegistrations = (wait: LocalizedText): LocalizedText => ({
  de: `Von Ihrem Anschluss wurden gerade zu viele Konten angelegt. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many accounts have just been created from your connection. Please try again ${wait.en}.`,
});
const tooManyPasswordResets = (wait: LocalizedText): LocalizedText => ({
  de: `Von Ihrem Anschluss wurden gerade zu viele Passwörter zurückgesetzt. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many passwords have just been reset from your connection. Please try again ${wait.en}.`,
});

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema };

type SignedInUser = Extract<LoginResult, { kind: 'ok' }>['user'];

/**
 * Runs the throttled login for a login route (`/api/login`, `/api/staff/login`): the user, or the
 * refusal as the route answers it (401 wrong credentials, 429 with Retry-After, 503 busy with Retry-After).
 */
export async function signIn(
  login: AccountsService['login'],
  request: FastifyRequest<{ Body: LoginRequest }>,
  reply: FastifyReply,
): Promise<SignedInUser> {
  let result: LoginResult;
  try {
    result = await login({
      email: request.body.username,
      password: request.body.password,
      ip: clientSubject(request.ip),
      language: request.language,
      deviceToken: request.body.device_token,
    });
  } catch (error) {
    if (error instanceof PasswordWorkBusy) void reply.header('retry-after', '1');
    throw error;
  }
  if (result.kind === 'throttled') throw tooMany(reply, result.retryAfterSeconds, 'too_many_attempts', tooManyLogins);
  if (result.kind === 'invalid') throw INVALID_CREDENTIALS;
  return result.user;
}

/** Accounts (docs/product/shop.md): login, the signed-in user, registration, password reset, and "Mein Konto". */
const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  await app.register(formBody);
  // The first login with an unknown email should not be the one that pays for making the dummy hash.
  await dummyPasswordHash();
  const addressLimits = options.addressLimits ?? DEFAULT_ADDRESS_LIMITS;
  const selfLimits = options.selfLimits ?? DEFAULT_SELF_LIMITS;
  const customerSessions = createCustomerSessions({
    db: app.database.db,
    lifetimeSeconds: app.auth.tokenLifetimeSeconds,
  });
  const confirmations = createEmailConfirmations({
    db: app.database.db,
    mail: app.mail,
    rateLimits: app.rateLimits,
    publicUrl: options.publicUrl,
    mailLimit: selfLimits.confirmationMails,
  });
  const service = createAccountsService({
    db: app.database.db,
    mail: app.mail,
    rateLimits: app.rateLimits,
    verifyDeviceToken: app.auth.verifyDeviceToken,
    loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    log: app.log,
    publicUrl: options.publicUrl,
    customerSessions,
    confirmations,
  });
  await app.register(selfRoutes, { service, customerSessions, confirmations, limits: selfLimits });

  /** A signed-in device's tokens: its session's access token, and its known-device token. */
  async function signedIn(
    user: { id: number; email: string; sessionVersion: number },
    request: FastifyRequest<{ Body: { device_name?: string | undefined } }>,
  ) {
    const deviceName = deviceNameOf(request.body.device_name, request.headers['user-agent']);
    const sessionId = await customerSessions.start(user.id, deviceName);
    return {
      access_token: await app.auth.issueToken({ ...user, role: 'customer' }, { sessionId }),
      token_type: 'bearer' as const,
      device_token: await app.auth.issueDeviceToken(user),
    };
  }

  /** Reset requests run after the answer is sent; the server finishes them before it closes. */
  const background = new Set<Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.allSettled([...background]);
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Log a customer in with email (`username`) and password: form-data, urlencoded or JSON. ' +
          'A staff account is refused (403 `staff_use_back_office`): staff sign in with `POST /api/staff/login`. ' +
          'An account whose address is not confirmed yet is refused (403 `email_not_confirmed`) and sent the link again',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          ...errorResponses,
          403: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A right password is no failed attempt, refused here or not: the throttle has already forgiven it.
      const user = await signIn(service.login, request, reply);
      if (user.role !== 'customer') throw STAFF_USE_BACK_OFFICE;
      if (!user.emailConfirmed) throw emailNotConfirmed(await confirmations.resend(user.id));
      return signedIn(user, request);
    },
  );

  app.get(
    '/users/me',
    {
      onRequest: app.auth.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = request.caller ? await service.findUser(request.caller.id) : null;
      if (!user) throw NO_ACCOUNT;
      return user;
    },
  );

  app.post(
    '/register/customer',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Create a customer account and sign this device in; the welcome mail carries the link confirming the ' +
          'address (48 hours), which signing in elsewhere waits for',
        body: registerCustomerSchema,
        response: { 201: registerResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Every attempt counts, an e-mail address already taken too: it is how addresses are probed.
      const taken = await app.rateLimits.take([
        { kind: 'register:address', subject: clientSubject(request.ip), limit: addressLimits.registrations },
      ]);
      if (!taken.ok) throw tooMany(reply, taken.retryAfterSeconds, 'too_many_requests', tooManyRegistrations);
      const result = await service.register(request.body, request.language);
      if (result.kind === 'password_too_common') throw PASSWORD_TOO_COMMON;
      if (result.kind === 'email_taken') throw EMAIL_TAKEN;
      const tokens = await signedIn({ ...result.user, sessionVersion: result.sessionVersion }, request);
      return reply.status(201).send({ ...result.user, ...tokens });
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password reset link; the same answer whether or not the email has an account',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const retryAfterSeconds = await service.admitPasswordReset(request.body.email, clientSubject(request.ip));
      if (retryAfterSeconds !== null)
        throw tooMany(reply, retryAfterSeconds, 'too_many_requests', tooManyResetRequests);
      // Answered before any lookup, so neither the answer nor its timing tells whether the account exists.
      const work = service
        .requestPasswordReset(request.body.email, request.language)
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
      background.add(work);
      void work.finally(() => background.delete(work));
      return { message: FORGOT_PASSWORD_ANSWER[request.language] };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token from the reset mail (single-use, one hour)',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Every attempt counts: each one with a strong enough password costs a password hash.
      const taken = await app.rateLimits.take([
        { kind: 'password-reset:address', subject: clientSubject(request.ip), limit: addressLimits.passwordResets },
      ]);
      if (!taken.ok) throw tooMany(reply, taken.retryAfterSeconds, 'too_many_requests', tooManyPasswordResets);
      const result = await service.resetPassword(request.body.token, request.body.password, clientSubject(request.ip));
      if (result === 'password_too_common') throw PASSWORD_TOO_COMMON;
      if (result === 'invalid_token') throw INVALID_RESET_TOKEN;
      return { message: RESET_PASSWORD_ANSWER[request.language] };
    },
  );
};

export default accountsRoutes;
