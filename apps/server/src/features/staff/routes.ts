import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffRefreshRequestSchema,
  staffSessionListSchema,
  staffSessionParamsSchema,
  staffSessionRenameSchema,
  staffSessionSchema,
  staffTokensSchema,
} from '@pizzeria/domain';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import formBody from '../../plugins/form-body.ts';
import { createLogin, DEFAULT_LOGIN_LIMITS, type LoginLimits, SESSION_NOT_FOUND, signIn } from '../accounts/index.ts';
import { createStaffSessionsService, STAFF_ACCESS_TOKEN_SECONDS, type StaffSessionRow } from './service.ts';
import { staffInvitationRoutes } from './team-routes.ts';

export interface StaffRoutesOptions {
  /** The same limits as `POST /api/login`: one throttle, whichever door a guesser uses. */
  loginLimits?: LoginLimits;
}

const NOT_STAFF = new HttpError(403, 'not_staff', {
  de: 'Dieses Konto gehört keinem Mitarbeiter. Bitte melden Sie sich im Shop an.',
  en: 'This account does not belong to a member of staff. Please log in to the shop instead.',
});
/** Answered only after the right password, like `not_staff`: nobody else learns who was deactivated. */
const ACCOUNT_DEACTIVATED = new HttpError(403, 'account_deactivated', {
  de: 'Dieses Konto ist deaktiviert. Bitte wenden Sie sich an den Inhaber.',
  en: 'This account has been deactivated. Please contact the owner.',
});
const SESSION_REVOKED = new HttpError(401, 'session_revoked', {
  de: 'Dieses Gerät wurde abgemeldet. Bitte melden Sie sich erneut an.',
  en: 'This device has been signed out. Please log in again.',
});
const INVALID_REFRESH_TOKEN = new HttpError(401, 'invalid_refresh_token', {
  de: 'Ihre Anmeldung auf diesem Gerät ist nicht mehr gültig. Bitte melden Sie sich erneut an.',
  en: 'The sign-in on this device is no longer valid. Please log in again.',
});

/** What the devices list shows when the device gave no name: its user agent, shortened. */
function deviceNameOf(given: string | undefined, userAgent: string | undefined): string {
  return (given || userAgent || '').slice(0, 100);
}

/**
 * Staff sign-in (docs/product/back-office.md): `/api/staff/login`, `/refresh` and `/logout`. Public routes: they
 * are how a device signs in. A device stays signed in until it is signed out, there or from another one.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  await app.register(formBody);
  await app.register(staffInvitationRoutes);
  const login = createLogin({
    db: app.database.db,
    rateLimits: app.rateLimits,
    loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    verifyDeviceToken: app.auth.verifyDeviceToken,
  });
  const sessions = createStaffSessionsService(app.database.db);

  async function accessToken(user: Parameters<typeof app.auth.issueToken>[0], sessionId: number) {
    return app.auth.issueToken(user, { sessionId, lifetimeSeconds: STAFF_ACCESS_TOKEN_SECONDS });
  }

  app.post(
    '/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Sign a staff device in: a short-lived access token and a rotating refresh token',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: staffLoginRequestSchema,
        response: {
          200: staffLoginResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signIn(login, request, reply);
      if (user.role !== 'admin') throw NOT_STAFF;
      const [account] = await app.database.db
        .select({ deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(eq(users.id, user.id));
      if (account?.deactivatedAt !== null) throw ACCOUNT_DEACTIVATED;
      const deviceName = deviceNameOf(request.body.device_name, request.headers['user-agent']);
      const session = await sessions.start(user.id, deviceName, request.body.device_label || null);
      return {
        access_token: await accessToken(user, session.sessionId),
        token_type: 'bearer' as const,
        expires_in: STAFF_ACCESS_TOKEN_SECONDS,
        refresh_token: session.refreshToken,
        device_token: await app.auth.issueDeviceToken(user),
      };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Exchange the refresh token for a new access token and the next refresh token (single use; a retry within 30 s gets the same next token, any later reuse signs the device out)',
        body: staffRefreshRequestSchema,
        response: { 200: staffTokensSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await sessions.rotate(request.body.refresh_token);
      if (result.kind === 'revoked') throw SESSION_REVOKED;
      if (result.kind === 'unknown') throw INVALID_REFRESH_TOKEN;
      return {
        access_token: await accessToken(result.user, result.sessionId),
        token_type: 'bearer' as const,
        expires_in: STAFF_ACCESS_TOKEN_SECONDS,
        refresh_token: result.refreshToken,
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['staff'],
        summary: 'Sign this device out with any of its refresh tokens: its tokens stop working at once',
        body: staffRefreshRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await sessions.revokeByToken(request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );
};

function sessionOf(row: StaffSessionRow, currentId: number | undefined) {
  return {
    id: row.id,
    device_name: row.deviceName,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  };
}

/**
 * `/api/admin/sessions`: the caller's signed-in devices. Registered inside the admin subtree (its guard);
 * every role may see and end its own.
 */
export const staffSessionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = createStaffSessionsService(app.database.db);

  app.get(
    '/sessions',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'The devices the caller is signed in on; `current` is the one asking',
        response: { 200: staffSessionListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) throw new Error('the admin guard let an anonymous request through');
      const rows = await sessions.list(caller.id);
      return rows.map((row) => sessionOf(row, caller.sessionId));
    },
  );

  app.patch(
    '/sessions/:id',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'Name one of the caller’s devices ("Küche Tablet"): trimmed, 1–60 characters',
        params: staffSessionParamsSchema,
        body: staffSessionRenameSchema,
        response: {
          200: staffSessionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) throw new Error('the admin guard let an anonymous request through');
      if (!(await sessions.rename(caller.id, request.params.id, request.body.label))) throw SESSION_NOT_FOUND;
      const row = (await sessions.list(caller.id)).find((session) => session.id === request.params.id);
      if (!row) throw SESSION_NOT_FOUND;
      return sessionOf(row, caller.sessionId);
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'Sign one of the caller’s devices out: its tokens stop working at once',
        params: staffSessionParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new Error('the admin guard let an anonymous request through');
      if (!(await sessions.revoke(caller.id, request.params.id))) throw SESSION_NOT_FOUND;
      return reply.status(204).send(null);
    },
  );
};
