import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  STAFF_INVITATION_HOURS,
  type Language,
  type StaffInvitation,
  type StaffInvitationPreview,
  type StaffInvite,
  type StaffMember,
  type StaffMemberUpdate,
  type StaffRole,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, staffInvitations, staffSessions, users } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Limit } from '../../plugins/rate-limits.ts';
import { hashPassword, isCommonPassword, PASSWORD_TOO_COMMON, SESSION_NOT_FOUND } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { createStaffSessionsService, type StaffSessionRow } from './service.ts';

// The team (docs/product/back-office.md, "Staff and their roles"): owners invite colleagues, change their
// roles, deactivate and activate them and end their devices; a colleague accepts an invitation by
// choosing a password. Every change of roles, activity and invitations runs under one advisory lock, so
// two owners demoting or deactivating each other at the same moment can never leave the shop without one.

/** Serialises every change to who is staff and in which role (the bootstrap's lock is 7_300_113). */
const TEAM_LOCK = 7_300_114;

const STAFF_MEMBER_NOT_FOUND = new HttpError(404, 'staff_member_not_found', {
  de: 'Diese Person gehört nicht (mehr) zum Team.',
  en: 'This person is not (or no longer) a member of staff.',
});
const INVITATION_NOT_FOUND = new HttpError(404, 'invitation_not_found', {
  de: 'Diese Einladung gibt es nicht mehr: Sie wurde schon angenommen oder zurückgezogen.',
  en: 'This invitation no longer exists: it was accepted or withdrawn.',
});
const INVITATION_INVALID = new HttpError(404, 'invitation_invalid', {
  de: 'Diese Einladung ist ungültig, schon benutzt oder abgelaufen. Bitte fragen Sie nach einer neuen.',
  en: 'This invitation is invalid, already used or expired. Please ask for a new one.',
});
const INVITE_EMAIL_TAKEN = new HttpError(409, 'email_taken', {
  de: 'Für diese E-Mail-Adresse gibt es schon ein Konto. Bitte laden Sie mit einer anderen Adresse ein.',
  en: 'There is already an account for this email address. Please invite with another address.',
});
const ALREADY_STAFF = new HttpError(409, 'email_taken', {
  de: 'Diese Adresse gehört schon zum Team. Ist das Konto deaktiviert, aktivieren Sie es wieder.',
  en: 'This address already belongs to the team. If the account is deactivated, activate it again.',
});
const ACCEPT_EMAIL_TAKEN = new HttpError(409, 'email_taken', {
  de: 'Für diese E-Mail-Adresse gibt es inzwischen ein Konto. Bitte fragen Sie nach einer Einladung an eine andere Adresse.',
  en: 'There is an account for this email address by now. Please ask for an invitation to another address.',
});
const LAST_OWNER = new HttpError(409, 'last_owner', {
  de: 'Der letzte aktive Inhaber kann weder eine andere Rolle bekommen noch deaktiviert werden. Machen Sie zuerst jemand anderen zum Inhaber.',
  en: 'The last active owner can be neither given another role nor deactivated. Make someone else an owner first.',
});
/** The caller stopped being an active owner while the request was on its way (another owner's change). */
const NO_LONGER_OWNER = new HttpError(403, 'forbidden', {
  de: 'Das darf nur der Inhaber.',
  en: 'Only the owner may do this.',
});

/**
 * Takes the lock every change of who is staff, and in which role, runs under, for the rest of the
 * transaction `tx`: two owners demoting each other at once, or the start's `ADMIN_EMAIL` account and an
 * owner's change, are one after the other.
 */
export async function lockTeamChanges(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_LOCK})`);
}

/** Whether an active owner other than `userId` is left (read under `lockTeamChanges`). */
export async function hasAnotherActiveOwner(tx: Db, userId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.role, 'admin'), eq(users.staffRole, 'owner'), isNull(users.deactivatedAt), ne(users.id, userId)),
    )
    .limit(1);
  return other !== undefined;
}

/** Only this hash of an invitation's token is stored: a copy of the table makes nobody staff. */
function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const ROLE_RANK: Readonly<Record<StaffRole, number>> = { owner: 0, manager: 1, kitchen: 2 };

/** A member as the audit log keeps them: never a password hash or a token. */
interface AuditedMember {
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
}
interface AuditedInvitation {
  name: string;
  email: string;
  role: StaffRole;
  expires_at: string;
}

interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: 'customer' | 'admin';
  staffRole: StaffRole | null;
  deactivatedAt: Date | null;
}

function audited(row: MemberRow & { staffRole: StaffRole }): AuditedMember {
  return { name: row.name, email: row.email, role: row.staffRole, active: row.deactivatedAt === null };
}

function auditedInvitation(row: typeof staffInvitations.$inferSelect): AuditedInvitation {
  return { name: row.name, email: row.email, role: row.staffRole, expires_at: row.expiresAt.toISOString() };
}

function isStaff<T extends MemberRow>(row: T | undefined): row is T & { staffRole: StaffRole } {
  return row !== undefined && row.role === 'admin' && row.staffRole !== null;
}

export interface StaffTeamService {
  /** Every member (deactivated ones too) and every invitation neither used nor withdrawn (expired ones too). */
  overview(callerId: number): Promise<{ members: StaffMember[]; invitations: StaffInvitation[] }>;
  /** Invites a colleague (replacing a pending invitation to the same address) and mails the link. */
  invite(request: FastifyRequest, invite: StaffInvite): Promise<StaffInvitation>;
  /** A new link for 48 hours, mailed again. */
  resend(request: FastifyRequest, invitationId: number): Promise<StaffInvitation>;
  withdraw(request: FastifyRequest, invitationId: number): Promise<void>;
  /** A new role or name; the last active owner stays an owner. */
  update(request: FastifyRequest, memberId: number, change: StaffMemberUpdate): Promise<StaffMember>;
  /** Deactivating ends every device of theirs at once; the last active owner stays active. */
  setActive(request: FastifyRequest, memberId: number, active: boolean): Promise<StaffMember>;
  /** A member's signed-in devices. */
  sessions(memberId: number): Promise<StaffSessionRow[]>;
  /** Signs one of a member's devices out. */
  signOutDevice(request: FastifyRequest, memberId: number, sessionId: number): Promise<void>;
  /** What an invitation's page shows: 404 `invitation_invalid` unless it can still be accepted. */
  preview(token: string): Promise<StaffInvitationPreview>;
  /** Makes the staff account with this password; the invitation is used up. */
  accept(token: string, password: string, language: Language): Promise<void>;
}

export interface StaffTeamOptions {
  /** `PUBLIC_URL`, for the link in the invitation mail. */
  publicUrl: string;
  /**
   * Passwords set with an invitation's link per client address (`PASSWORD_RESETS_PER_HOUR_PER_ADDRESS`):
   * counted with those set by a reset link, one counter whichever link a guesser tries.
   */
  passwordSets?: Limit;
}

/** The default of `PASSWORD_RESETS_PER_HOUR_PER_ADDRESS`. */
const DEFAULT_PASSWORD_SETS: Limit = { max: 10, windowSeconds: 3600 };

export function createStaffTeamService(
  deps: {
    db: Db;
    publicUrl: string;
    mailInvitation: (
      to: string,
      language: Language,
      data: { name: string; inviter: string; role: StaffRole; link: string },
    ) => Promise<void>;
  },
  now: () => Date = () => new Date(),
): StaffTeamService {
  const { db } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const sessions = createStaffSessionsService(db, now);

  const memberColumns = {
    id: users.id,
    name: users.customerName,
    email: users.email,
    role: users.role,
    staffRole: users.staffRole,
    deactivatedAt: users.deactivatedAt,
  };

  async function memberOf(tx: Db, id: number, callerId: number): Promise<StaffMember> {
    const [member] = await membersWhere(tx, eq(users.id, id), callerId);
    if (!member) throw STAFF_MEMBER_NOT_FOUND;
    return member;
  }

  async function membersWhere(tx: Db, where: SQL, callerId: number): Promise<StaffMember[]> {
    const devices = tx
      .select({
        userId: staffSessions.userId,
        count: sql<number>`count(*) filter (where ${staffSessions.revokedAt} is null)`.mapWith(Number).as('count'),
        lastUsedAt: sql<Date | null>`max(${staffSessions.lastUsedAt})`
          .mapWith(staffSessions.lastUsedAt)
          .as('last_used_at'),
      })
      .from(staffSessions)
      .groupBy(staffSessions.userId)
      .as('devices');
    const rows = await tx
      .select({ ...memberColumns, deviceCount: devices.count, lastSeenAt: devices.lastUsedAt })
      .from(users)
      .leftJoin(devices, eq(devices.userId, users.id))
      .where(and(eq(users.role, 'admin'), where));
    return rows.filter(isStaff).map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.staffRole,
      active: row.deactivatedAt === null,
      device_count: row.deviceCount ?? 0,
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      you: row.id === callerId,
    }));
  }

  const inviter = alias(users, 'inviter');

  async function invitationOf(tx: Db, id: number): Promise<StaffInvitation> {
    const [invitation] = await invitationsWhere(tx, eq(staffInvitations.id, id));
    if (!invitation) throw INVITATION_NOT_FOUND;
    return invitation;
  }

  /** Pending invitations (neither accepted nor withdrawn), oldest first. */
  async function invitationsWhere(tx: Db, where?: SQL): Promise<StaffInvitation[]> {
    const at = now();
    const rows = await tx
      .select({ invitation: staffInvitations, invitedBy: inviter.customerName })
      .from(staffInvitations)
      .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.withdrawnAt), where))
      .orderBy(asc(staffInvitations.createdAt), asc(staffInvitations.id));
    return rows.map(({ invitation, invitedBy }) => ({
      id: invitation.id,
      name: invitation.name,
      email: invitation.email,
      role: invitation.staffRole,
      expires_at: invitation.expiresAt.toISOString(),
      expired: invitation.expiresAt.getTime() <= at.getTime(),
      invited_by: invitedBy,
      created_at: invitation.createdAt.toISOString(),
    }));
  }

  /**
   * Takes the team's lock for the rest of the transaction and checks that the caller is still an active
   * owner: an owner demoted a moment ago by another has lost the right, whatever their request's guard saw.
   */
  async function lockTeam(tx: Db, callerId: number): Promise<{ name: string }> {
    await lockTeamChanges(tx);
    const [caller] = await tx.select(memberColumns).from(users).where(eq(users.id, callerId));
    if (!isStaff(caller) || caller.staffRole !== 'owner' || caller.deactivatedAt !== null) throw NO_LONGER_OWNER;
    return { name: caller.name };
  }

  /** 409 `last_owner` when the member is an active owner and no other active owner is left. */
  async function keepAnOwner(tx: Db, member: MemberRow): Promise<void> {
    if (member.staffRole !== 'owner' || member.deactivatedAt !== null) return;
    if (!(await hasAnotherActiveOwner(tx, member.id))) throw LAST_OWNER;
  }

  async function lockedMember(tx: Db, id: number): Promise<MemberRow & { staffRole: StaffRole }> {
    const [member] = await tx.select(memberColumns).from(users).where(eq(users.id, id)).for('update');
    if (!isStaff(member)) throw STAFF_MEMBER_NOT_FOUND;
    return member;
  }

  function newLink(): { token: string; tokenHash: string; link: string; expiresAt: Date } {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      tokenHash: hashInvitationToken(token),
      link: `${publicUrl}/order-online/admin/invitation?token=${token}`,
      expiresAt: new Date(now().getTime() + STAFF_INVITATION_HOURS * 3600 * 1000),
    };
  }

  /** The pending invitation a token names, if it can still be accepted. */
  function usable(tokenHash: string, at: Date) {
    return and(
      eq(staffInvitations.tokenHash, tokenHash),
      isNull(staffInvitations.acceptedAt),
      isNull(staffInvitations.withdrawnAt),
      gt(staffInvitations.expiresAt, at),
    );
  }

  async function preview(token: string): Promise<StaffInvitationPreview> {
    const [invitation] = await db
      .select()
      .from(staffInvitations)
      .where(usable(hashInvitationToken(token), now()));
    if (!invitation) throw INVITATION_INVALID;
    return {
      name: invitation.name,
      email: invitation.email,
      role: invitation.staffRole,
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  return {
    async overview(callerId) {
      const members = await membersWhere(db, sql`true`, callerId);
      members.sort(
        (a, b) =>
          Number(b.active) - Number(a.active) ||
          ROLE_RANK[a.role] - ROLE_RANK[b.role] ||
          a.name.localeCompare(b.name, 'de'),
      );
      return { members, invitations: await invitationsWhere(db) };
    },

    async invite(request, invite) {
      const callerId = actorId(request);
      const link = newLink();
      const { invitation, inviterName } = await db.transaction(async (tx) => {
        const { name: inviterName } = await lockTeam(tx, callerId);
        const [taken] = await tx.select({ role: users.role }).from(users).where(eq(users.email, invite.email));
        if (taken) throw taken.role === 'admin' ? ALREADY_STAFF : INVITE_EMAIL_TAKEN;
        // One pending invitation per address: a new one takes the place of the one before.
        const replaced = await tx
          .update(staffInvitations)
          .set({ withdrawnAt: now() })
          .where(
            and(
              eq(staffInvitations.email, invite.email),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.withdrawnAt),
            ),
          )
          .returning();
        for (const old of replaced) {
          await audit(tx, request, {
            storeId: null,
            entity: 'staff_invitation',
            entityId: old.id,
            action: 'withdraw',
            before: auditedInvitation(old),
            after: null,
          });
        }
        const [created] = await tx
          .insert(staffInvitations)
          .values({
            email: invite.email,
            name: invite.name,
            staffRole: invite.role,
            tokenHash: link.tokenHash,
            invitedBy: callerId,
            expiresAt: link.expiresAt,
            createdAt: now(),
          })
          .returning();
        if (!created) throw new Error('the invitation was not stored');
        await audit(tx, request, {
          storeId: null,
          entity: 'staff_invitation',
          entityId: created.id,
          action: 'create',
          before: null,
          after: auditedInvitation(created),
        });
        return { invitation: await invitationOf(tx, created.id), inviterName };
      });
      await deps.mailInvitation(invite.email, request.language, {
        name: invite.name,
        inviter: inviterName,
        role: invite.role,
        link: link.link,
      });
      return invitation;
    },

    async resend(request, invitationId) {
      const callerId = actorId(request);
      const link = newLink();
      const { invitation, inviterName } = await db.transaction(async (tx) => {
        const { name: inviterName } = await lockTeam(tx, callerId);
        const [before] = await tx
          .select()
          .from(staffInvitations)
          .where(
            and(
              eq(staffInvitations.id, invitationId),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.withdrawnAt),
            ),
          )
          .for('update');
        if (!before) throw INVITATION_NOT_FOUND;
        // The old link stops working: only the newest mail's does.
        const [after] = await tx
          .update(staffInvitations)
          .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, invitedBy: callerId })
          .where(eq(staffInvitations.id, invitationId))
          .returning();
        if (!after) throw INVITATION_NOT_FOUND;
        await audit(tx, request, {
          storeId: null,
          entity: 'staff_invitation',
          entityId: invitationId,
          action: 'resend',
          before: auditedInvitation(before),
          after: auditedInvitation(after),
        });
        return { invitation: await invitationOf(tx, invitationId), inviterName };
      });
      await deps.mailInvitation(invitation.email, request.language, {
        name: invitation.name,
        inviter: inviterName,
        role: invitation.role,
        link: link.link,
      });
      return invitation;
    },

    async withdraw(request, invitationId) {
      const callerId = actorId(request);
      await db.transaction(async (tx) => {
        await lockTeam(tx, callerId);
        const [withdrawn] = await tx
          .update(staffInvitations)
          .set({ withdrawnAt: now() })
          .where(
            and(
              eq(staffInvitations.id, invitationId),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.withdrawnAt),
            ),
          )
          .returning();
        if (!withdrawn) throw INVITATION_NOT_FOUND;
        await audit(tx, request, {
          storeId: null,
          entity: 'staff_invitation',
          entityId: invitationId,
          action: 'withdraw',
          before: auditedInvitation(withdrawn),
          after: null,
        });
      });
    },

    async update(request, memberId, change) {
      const callerId = actorId(request);
      return db.transaction(async (tx) => {
        await lockTeam(tx, callerId);
        const member = await lockedMember(tx, memberId);
        if (change.role !== undefined && change.role !== 'owner') await keepAnOwner(tx, member);
        const next = {
          ...(change.role === undefined ? {} : { staffRole: change.role }),
          ...(change.name === undefined ? {} : { customerName: change.name }),
        };
        const after = { ...member, staffRole: change.role ?? member.staffRole, name: change.name ?? member.name };
        const changed = after.name !== member.name || after.staffRole !== member.staffRole;
        if (changed) {
          // The new role counts from the colleague's next request: the guard reads it from the account.
          await tx.update(users).set(next).where(eq(users.id, memberId));
          await audit(tx, request, {
            storeId: null,
            entity: 'staff',
            entityId: memberId,
            action: 'update',
            before: audited(member),
            after: audited(after),
          });
        }
        return memberOf(tx, memberId, callerId);
      });
    },

    async setActive(request, memberId, active) {
      const callerId = actorId(request);
      return db.transaction(async (tx) => {
        await lockTeam(tx, callerId);
        const member = await lockedMember(tx, memberId);
        if (active === (member.deactivatedAt === null)) return memberOf(tx, memberId, callerId);
        const at = now();
        if (active) {
          await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, memberId));
        } else {
          await keepAnOwner(tx, member);
          // Every device at once: its access token fails on the next request (the session is revoked and
          // the session version moved on), its refresh token renews nothing, its notifications stop.
          await tx
            .update(users)
            .set({ deactivatedAt: at, sessionVersion: sql`${users.sessionVersion} + 1` })
            .where(eq(users.id, memberId));
          await tx
            .update(staffSessions)
            .set({ revokedAt: at })
            .where(and(eq(staffSessions.userId, memberId), isNull(staffSessions.revokedAt)));
        }
        await audit(tx, request, {
          storeId: null,
          entity: 'staff',
          entityId: memberId,
          action: active ? 'activate' : 'deactivate',
          before: audited(member),
          after: { ...audited(member), active },
        });
        return memberOf(tx, memberId, callerId);
      });
    },

    async sessions(memberId) {
      const [member] = await db.select(memberColumns).from(users).where(eq(users.id, memberId));
      if (!isStaff(member)) throw STAFF_MEMBER_NOT_FOUND;
      return sessions.list(memberId);
    },

    async signOutDevice(request, memberId, sessionId) {
      await db.transaction(async (tx) => {
        const [member] = await tx.select(memberColumns).from(users).where(eq(users.id, memberId));
        if (!isStaff(member)) throw STAFF_MEMBER_NOT_FOUND;
        const [device] = await tx
          .update(staffSessions)
          .set({ revokedAt: now() })
          .where(
            and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, memberId), isNull(staffSessions.revokedAt)),
          )
          .returning({ deviceName: staffSessions.deviceName, label: staffSessions.label });
        if (!device) throw SESSION_NOT_FOUND;
        const name = device.label ?? device.deviceName;
        await audit(tx, request, {
          storeId: null,
          entity: 'staff',
          entityId: memberId,
          action: 'sign_out_device',
          before: { ...audited(member), device: name },
          after: { ...audited(member), device: null },
        });
      });
    },

    preview,

    async accept(token, password, language) {
      const tokenHash = hashInvitationToken(token);
      // A cheap look first: a wrong link costs no password hash.
      await preview(token);
      if (isCommonPassword(password)) throw PASSWORD_TOO_COMMON;
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const at = now();
        // Claimed in one statement: of two tabs accepting at once, one gets it.
        const [invitation] = await tx
          .update(staffInvitations)
          .set({ acceptedAt: at })
          .where(usable(tokenHash, at))
          .returning();
        if (!invitation) throw INVITATION_INVALID;
        const [user] = await tx
          .insert(users)
          .values({
            email: invitation.email,
            passwordHash,
            customerName: invitation.name,
            role: 'admin',
            staffRole: invitation.staffRole,
            emailConfirmedAt: at,
            language,
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!user) throw ACCEPT_EMAIL_TAKEN;
        await tx
          .update(staffInvitations)
          .set({ acceptedUserId: user.id })
          .where(eq(staffInvitations.id, invitation.id));
        // The new colleague is the one who acted: nobody is signed in yet.
        await tx.insert(auditLog).values({
          storeId: null,
          actorKind: 'staff',
          actorUserId: user.id,
          entity: 'staff',
          entityId: String(user.id),
          action: 'create',
          before: null,
          after: { name: invitation.name, email: invitation.email, role: invitation.staffRole, active: true },
        });
      });
    },
  };
}

function actorId(request: FastifyRequest): number {
  if (!request.caller) throw new Error('the admin guard let an anonymous request through');
  return request.caller.id;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffTeam: StaffTeamService & { passwordSets: Limit };
  }
}

/** `app.staffTeam`, for the team's routes under `/api/admin/staff` and the invitation's under `/api/staff`. */
export default fp<StaffTeamOptions>(
  async (app, options) => {
    const service = createStaffTeamService({
      db: app.database.db,
      publicUrl: options.publicUrl,
      mailInvitation: (to, language, data) => app.mail.staffInvitation(to, language, data),
    });
    app.decorate('staffTeam', { ...service, passwordSets: options.passwordSets ?? DEFAULT_PASSWORD_SETS });
  },
  { name: 'staff-team', dependencies: ['database', 'mail'] },
);
