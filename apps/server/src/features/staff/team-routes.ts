import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  type LocalizedText,
  messageResponseSchema,
  staffInvitationAcceptSchema,
  staffInvitationPreviewSchema,
  staffInvitationSchema,
  staffInvitationTokenQuerySchema,
  staffInviteSchema,
  staffMemberParamsSchema,
  staffMemberSchema,
  staffMemberSessionListSchema,
  staffMemberSessionParamsSchema,
  staffMemberUpdateSchema,
  staffOverviewSchema,
} from '@pizzeria/domain';
import { clientSubject } from '../../plugins/client-address.ts';
import { adminErrorResponses } from '../../plugins/errors.ts';
import { tooMany } from '../../plugins/rate-limits.ts';

const ACCEPTED = {
  de: 'Ihr Zugang ist eingerichtet. Bitte melden Sie sich jetzt mit Ihrer E-Mail-Adresse und dem neuen Passwort an.',
  en: 'Your account is ready. Please sign in now with your email address and the new password.',
};
const tooManyAccepts = (wait: LocalizedText): LocalizedText => ({
  de: `Von Ihrem Anschluss wurden gerade zu viele Passwörter gesetzt. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many passwords have just been set from your connection. Please try again ${wait.en}.`,
});

const conflict = { ...adminErrorResponses, 409: apiErrorSchema };

/**
 * `/api/admin/staff`: the owner's team page (docs/product/back-office.md, "Staff and their roles"). Every
 * route is the owners' alone; registered inside the admin subtree, whose guard enforces it.
 */
export const staffAccountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = app.staffTeam;
  const owner = { 'x-staff-role': 'owner', tags: ['staff'] } as const;

  app.get(
    '/staff',
    {
      schema: {
        ...owner,
        summary: 'The team: every member (deactivated ones too) and the invitations not yet used or withdrawn',
        response: { 200: staffOverviewSchema, ...adminErrorResponses },
      },
    },
    async (request) => team.overview(callerOf(request.caller)),
  );

  app.post(
    '/staff/invitations',
    {
      schema: {
        ...owner,
        summary:
          'Invite a colleague by e-mail: a link to choose a password, valid 48 hours (replaces a pending invitation to the same address); ' +
          '409 `email_taken` when the address has an account already',
        body: staffInviteSchema,
        response: { 201: staffInvitationSchema, ...conflict },
      },
    },
    async (request, reply) => reply.status(201).send(await team.invite(request, request.body)),
  );

  app.post(
    '/staff/invitations/:id/resend',
    {
      schema: {
        ...owner,
        summary: 'Mail an invitation again with a new link, valid 48 hours from now (the old link stops working)',
        params: staffMemberParamsSchema,
        response: { 200: staffInvitationSchema, ...adminErrorResponses },
      },
    },
    async (request) => team.resend(request, request.params.id),
  );

  app.delete(
    '/staff/invitations/:id',
    {
      schema: {
        ...owner,
        summary: 'Withdraw an invitation: its link stops working',
        params: staffMemberParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      await team.withdraw(request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/staff/:id',
    {
      schema: {
        ...owner,
        summary:
          'Change a member’s role or name (the role counts from their next request); 409 `last_owner` for the last active owner’s role',
        params: staffMemberParamsSchema,
        body: staffMemberUpdateSchema,
        response: { 200: staffMemberSchema, ...conflict },
      },
    },
    async (request) => team.update(request, request.params.id, request.body),
  );

  app.post(
    '/staff/:id/deactivate',
    {
      schema: {
        ...owner,
        summary:
          'Deactivate a member: every device of theirs is signed out at once and they sign in nowhere; 409 `last_owner` for the last active owner',
        params: staffMemberParamsSchema,
        response: { 200: staffMemberSchema, ...conflict },
      },
    },
    async (request) => team.setActive(request, request.params.id, false),
  );

  app.post(
    '/staff/:id/activate',
    {
      schema: {
        ...owner,
        summary: 'Activate a deactivated member again: they can sign in again',
        params: staffMemberParamsSchema,
        response: { 200: staffMemberSchema, ...adminErrorResponses },
      },
    },
    async (request) => team.setActive(request, request.params.id, true),
  );

  app.get(
    '/staff/:id/sessions',
    {
      schema: {
        ...owner,
        summary: 'The devices a member is signed in on, most recently used first',
        params: staffMemberParamsSchema,
        response: { 200: staffMemberSessionListSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const rows = await team.sessions(request.params.id);
      return rows.map((row) => ({
        id: row.id,
        device_name: row.deviceName,
        label: row.label,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.id === request.caller?.sessionId,
      }));
    },
  );

  app.delete(
    '/staff/:id/sessions/:sessionId',
    {
      schema: {
        ...owner,
        summary: 'Sign one of a member’s devices out: its tokens stop working at once',
        params: staffMemberSessionParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      await team.signOutDevice(request, request.params.id, request.params.sessionId);
      return reply.status(204).send(null);
    },
  );
};

/**
 * `/api/staff/invitation`: the invited colleague's side, reached signed out with the mail's link. Public:
 * the token is the credential; setting a password is throttled per client address.
 */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = app.staffTeam;

  app.get(
    '/invitation',
    {
      schema: {
        tags: ['staff'],
        summary:
          'What an invitation’s page shows (name, e-mail, role, until when); 404 `invitation_invalid` when used, expired, withdrawn or unknown',
        querystring: staffInvitationTokenQuerySchema,
        response: { 200: staffInvitationPreviewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => team.preview(request.query.token),
  );

  app.post(
    '/invitation/accept',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Choose a password with an invitation’s token: makes the staff account (single use); then sign in with `POST /api/staff/login`',
        body: staffInvitationAcceptSchema,
        response: {
          201: messageResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Every attempt counts, as a reset link's does: each one with a strong enough password costs a hash.
      const taken = await app.rateLimits.take([
        { kind: 'password-reset:address', subject: clientSubject(request.ip), limit: team.passwordSets },
      ]);
      if (!taken.ok) throw tooMany(reply, taken.retryAfterSeconds, 'too_many_requests', tooManyAccepts);
      await team.accept(request.body.token, request.body.password, request.language);
      return reply.status(201).send({ message: ACCEPTED[request.language] });
    },
  );
};

function callerOf(caller: { id: number } | null): number {
  if (!caller) throw new Error('the admin guard let an anonymous request through');
  return caller.id;
}
