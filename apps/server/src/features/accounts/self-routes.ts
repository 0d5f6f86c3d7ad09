import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  confirmEmailSchema,
  customerSessionListSchema,
  customerSessionParamsSchema,
  emailChangeRequestSchema,
  type Language,
  type LocalizedText,
  messageResponseSchema,
  passwordChangeResponseSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  userSchema,
} from '@pizzeria/domain';
import { clientSubject } from '../../plugins/client-address.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tooMany, type Limit } from '../../plugins/rate-limits.ts';
import type { CustomerSessions } from './customer-sessions.ts';
import { DEFAULT_CONFIRMATION_MAIL_LIMIT, type EmailConfirmations } from './email-confirmation.ts';
import {
  confirmOwnPassword,
  signedInCustomer,
  NO_ACCOUNT,
  PASSWORD_TOO_COMMON,
  SESSION_NOT_FOUND,
} from './own-account.ts';
import { normalizeEmail, type AccountsService } from './service.ts';

export interface SelfLimits {
  /** Changes of the address asked for, per account. */
  emailChanges: Limit;
  /** Confirmation links sent again, per recipient. */
  confirmationMails: Limit;
  /** Links used (or tried), per client address. */
  confirmations: Limit;
}

export const DEFAULT_SELF_LIMITS: SelfLimits = {
  emailChanges: { max: 5, windowSeconds: 60 * 60 },
  confirmationMails: DEFAULT_CONFIRMATION_MAIL_LIMIT,
  confirmations: { max: 30, windowSeconds: 60 * 60 },
};

export interface SelfRoutesOptions {
  service: AccountsService;
  customerSessions: CustomerSessions;
  confirmations: EmailConfirmations;
  limits: SelfLimits;
}

const EMAIL_UNCHANGED = new HttpError(400, 'email_unchanged', {
  de: 'Das ist schon die E-Mail-Adresse Ihres Kontos.',
  en: 'This already is your account’s email address.',
});
const EMAIL_TAKEN = new HttpError(409, 'email_taken', {
  de: 'Für diese E-Mail-Adresse gibt es schon ein Konto.',
  en: 'There is already an account for this email address.',
});
const INVALID_CONFIRMATION_TOKEN = new HttpError(400, 'invalid_confirmation_token', {
  de: 'Dieser Bestätigungslink ist ungültig, schon benutzt oder abgelaufen. Bitte fordern Sie einen neuen an.',
  en: 'This confirmation link is invalid, already used or expired. Please request a new one.',
});

const PASSWORD_CHANGED = {
  de: 'Ihr Passwort ist geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.',
  en: 'Your password has been changed. You are now signed out on all other devices.',
} satisfies Record<Language, string>;
const ADDRESS_CONFIRMED = {
  de: 'Danke, Ihre E-Mail-Adresse ist bestätigt.',
  en: 'Thank you, your email address is confirmed.',
} satisfies Record<Language, string>;
const ALREADY_CONFIRMED = {
  de: 'Ihre E-Mail-Adresse ist schon bestätigt.',
  en: 'Your email address is already confirmed.',
} satisfies Record<Language, string>;
const CONFIRMATION_SENT = {
  de: 'Wir haben Ihnen den Link zum Bestätigen Ihrer E-Mail-Adresse noch einmal geschickt. Er gilt 48 Stunden.',
  en: 'We have sent you the link confirming your email address again. It works for 48 hours.',
} satisfies Record<Language, string>;
const changeRequested = (email: string): LocalizedText => ({
  de: `Wir haben einen Link an ${email} geschickt. Die neue Adresse gilt, sobald Sie ihn öffnen (48 Stunden lang); bis dahin bleibt die bisherige gültig.`,
  en: `We have sent a link to ${email}. The new address counts once you open it (within 48 hours); until then the current one stays valid.`,
});
const addressChanged = (email: string): LocalizedText => ({
  de: `Ihr Konto hat jetzt die E-Mail-Adresse ${email}. Bitte melden Sie sich künftig damit an.`,
  en: `Your account’s email address is now ${email}. Please use it to log in from now on.`,
});

const tooManyChanges = (wait: LocalizedText): LocalizedText => ({
  de: `Sie haben gerade zu oft eine neue E-Mail-Adresse angefragt. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `You have asked for a new email address too often just now. Please try again ${wait.en}.`,
});
const tooManyConfirmationMails = (wait: LocalizedText): LocalizedText => ({
  de: `Wir haben Ihnen den Link gerade erst geschickt. Bitte sehen Sie auch im Spam-Ordner nach, oder versuchen Sie es ${wait.de} erneut.`,
  en: `We have only just sent you the link. Please check your spam folder too, or try again ${wait.en}.`,
});
const tooManyConfirmations = (wait: LocalizedText): LocalizedText => ({
  de: `Von Ihrem Anschluss wurden gerade zu viele Links geöffnet. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many links have just been opened from your connection. Please try again ${wait.en}.`,
});

/**
 * "Mein Konto" (docs/product/shop.md): a customer's name and phone, address, password and signed-in
 * devices, and the links confirming an address. Registered by `accountsRoutes`, under its prefix.
 */
const selfRoutes: FastifyPluginAsyncZod<SelfRoutesOptions> = async (app, options) => {
  const { service, customerSessions, confirmations, limits } = options;
  const customersOnly = [app.auth.requireUser, async (request: FastifyRequest) => void signedInCustomer(request)];

  /**
   * The account, when `password` is its current one. Checked on the login throttle (decision 006), so
   * these forms guess no faster than the login: a wrong one is a failed login.
   */
  async function withPassword(request: FastifyRequest, reply: FastifyReply, password: string) {
    const user = await service.findUser(signedInCustomer(request).id);
    if (!user) throw NO_ACCOUNT;
    await confirmOwnPassword(service.login, request, reply, user, password);
    return user;
  }

  app.patch(
    '/users/me',
    {
      onRequest: customersOnly,
      schema: {
        tags: ['accounts'],
        summary: 'Change the signed-in customer’s name and phone (a phone of null or "" clears it)',
        body: profileUpdateSchema,
        response: { 200: userSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await service.updateProfile(signedInCustomer(request).id, request.body);
      if (!user) throw NO_ACCOUNT;
      return user;
    },
  );

  app.post(
    '/users/me/password',
    {
      onRequest: customersOnly,
      schema: {
        tags: ['accounts'],
        summary:
          'Change the password (the current one is asked, on the login throttle): every other device is ' +
          'signed out, this one gets a new token',
        body: passwordChangeSchema,
        response: {
          200: passwordChangeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { sessionId } = signedInCustomer(request);
      const user = await withPassword(request, reply, request.body.current_password);
      const result = await service.changePassword(user.id, sessionId, request.body.password);
      if (result.kind === 'password_too_common') throw PASSWORD_TOO_COMMON;
      if (result.kind === 'gone') throw NO_ACCOUNT;
      return {
        access_token: await app.auth.issueToken(
          { id: user.id, role: 'customer', sessionVersion: result.sessionVersion },
          { sessionId },
        ),
        token_type: 'bearer' as const,
        message: PASSWORD_CHANGED[request.language],
      };
    },
  );

  app.post(
    '/users/me/email',
    {
      onRequest: customersOnly,
      schema: {
        tags: ['accounts'],
        summary:
          'Ask to change the e-mail address (the current password is asked): a link goes to the new address, ' +
          'which counts once it is opened; the old address is told',
        body: emailChangeRequestSchema,
        response: {
          202: messageResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await withPassword(request, reply, request.body.current_password);
      const email = normalizeEmail(request.body.email);
      if (email === user.email) throw EMAIL_UNCHANGED;
      // Counted before the address is looked up: asking is also how someone would probe for accounts.
      const taken = await app.rateLimits.take([
        { kind: 'email-change:account', subject: String(user.id), limit: limits.emailChanges },
      ]);
      if (!taken.ok) throw tooMany(reply, taken.retryAfterSeconds, 'too_many_requests', tooManyChanges);
      if (await service.emailTaken(email)) throw EMAIL_TAKEN;
      await confirmations.requestChange(
        { id: user.id, email: user.email, customerName: user.customer_name, language: request.language },
        email,
      );
      return reply.status(202).send({ message: changeRequested(email)[request.language] });
    },
  );

  app.post(
    '/users/me/confirmation',
    {
      onRequest: customersOnly,
      schema: {
        tags: ['accounts'],
        summary: 'Send the link confirming the account’s address again (a few per hour)',
        response: {
          200: messageResponseSchema,
          202: messageResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await confirmations.resend(signedInCustomer(request).id);
      if (result.kind === 'held_back')
        throw tooMany(reply, result.retryAfterSeconds, 'too_many_requests', tooManyConfirmationMails);
      if (result.kind === 'confirmed') return { message: ALREADY_CONFIRMED[request.language] };
      return reply.status(202).send({ message: CONFIRMATION_SENT[request.language] });
    },
  );

  app.post(
    '/confirm-email',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Use the link from a confirmation mail: confirms a new account’s address, or makes a changed ' +
          'address the account’s (single use, 48 hours)',
        body: confirmEmailSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const taken = await app.rateLimits.take([
        { kind: 'confirm-email:address', subject: clientSubject(request.ip), limit: limits.confirmations },
      ]);
      if (!taken.ok) throw tooMany(reply, taken.retryAfterSeconds, 'too_many_requests', tooManyConfirmations);
      const result = await confirmations.confirm(request.body.token);
      if (result.kind === 'invalid') throw INVALID_CONFIRMATION_TOKEN;
      if (result.kind === 'email_taken') throw EMAIL_TAKEN;
      if (result.kind === 'changed') return { message: addressChanged(result.email)[request.language] };
      return { message: ADDRESS_CONFIRMED[request.language] };
    },
  );

  app.get(
    '/users/me/sessions',
    {
      onRequest: customersOnly,
      schema: {
        tags: ['accounts'],
        summary: 'The devices the customer is signed in on, the one used last first; `current` is this one',
        response: { 200: customerSessionListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { id, sessionId } = signedInCustomer(request);
      const rows = await customerSessions.list(id);
      return rows.map((row) => ({
        id: row.id,
        device_name: row.deviceName,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.id === sessionId,
      }));
    },
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      onRequest: customersOnly,
      schema: {
        tags: ['accounts'],
        summary: 'Sign one of the customer’s devices out (this one too: that is signing out)',
        params: customerSessionParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await customerSessions.revoke(signedInCustomer(request).id, request.params.id))) throw SESSION_NOT_FOUND;
      return reply.status(204).send(null);
    },
  );
};

export default selfRoutes;
