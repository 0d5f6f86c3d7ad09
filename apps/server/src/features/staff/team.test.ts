import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StaffInvitation, StaffMember, StaffOverview } from '@pizzeria/domain';
import { auditLog, outbox, staffInvitations, staffSessions, users } from '../../db/schema.ts';
import { buildTestServer, type TestServer } from '../../../test/helper.ts';
import { hashPassword } from '../accounts/index.ts';

const OWNER_EMAIL = 'inhaberin@bella-napoli.example';
const OWNER_PASSWORD = 'Forno-a-legna-1905';
const PASSWORD = 'Quattro-Stagioni-am-Abend-9';

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

interface SignedIn {
  headers: { authorization: string };
  refreshToken: string;
}

describe('the team: invitations, roles and deactivation', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let owner: SignedIn;
  let passwordHash: string;

  beforeAll(async () => {
    server = await buildTestServer({
      ADMIN_EMAIL: OWNER_EMAIL,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      PUBLIC_URL: 'https://bella-napoli.example',
      LOGIN_ADDRESS_MAX_FAILURES: '1000',
    });
    app = server.app;
    passwordHash = await hashPassword(PASSWORD);
    owner = await signIn(OWNER_EMAIL, OWNER_PASSWORD);
  });
  afterAll(() => server.close());

  function login(email: string, password: string) {
    return app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { 'accept-language': 'de' },
      payload: { username: email, password, device_name: 'Küchen-Tablet' },
    });
  }

  async function signIn(email: string, password = PASSWORD): Promise<SignedIn> {
    const response = await login(email, password);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access_token: string; refresh_token: string }>();
    return { headers: { authorization: `Bearer ${body.access_token}` }, refreshToken: body.refresh_token };
  }

  /** A member of staff straight in the database, with `PASSWORD`, signed in on one device. */
  async function colleague(role: 'owner' | 'manager' | 'kitchen', name = 'Luca Bianchi') {
    const email = uniqueEmail(role);
    const [row] = await app.database.db
      .insert(users)
      .values({ email, passwordHash, customerName: name, role: 'admin', staffRole: role, emailConfirmedAt: new Date() })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    return { id: row.id, email, ...(await signIn(email)) };
  }

  function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, as: SignedIn, payload?: object) {
    return app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as.headers, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  }

  async function overview(as: SignedIn = owner): Promise<StaffOverview> {
    const response = await api('GET', '/staff', as);
    expect(response.statusCode).toBe(200);
    return response.json<StaffOverview>();
  }

  /** The token in the newest invitation mail to `to`, and the mail. */
  async function invitationMail(to: string) {
    const [mail] = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'staff_invitation')))
      .orderBy(desc(outbox.id))
      .limit(1);
    if (!mail) throw new Error(`no invitation mail to ${to}`);
    const token = /https:\/\/bella-napoli\.example\/order-online\/admin\/invitation\?token=([\w-]+)/.exec(
      mail.textBody,
    )?.[1];
    if (!token) throw new Error('the invitation mail has no link');
    return { mail, token };
  }

  async function invite(name: string, email: string, role: 'owner' | 'manager' | 'kitchen') {
    const response = await api('POST', '/staff/invitations', owner, { name, email, role });
    expect(response.statusCode).toBe(201);
    return response.json<StaffInvitation>();
  }

  function accept(token: string, password = PASSWORD, language = 'de') {
    return app.inject({
      method: 'POST',
      url: '/api/staff/invitation/accept',
      headers: { 'accept-language': language },
      payload: { token, password },
    });
  }

  function preview(token: string) {
    return app.inject({ url: `/api/staff/invitation?token=${encodeURIComponent(token)}` });
  }

  async function auditOf(entity: string, entityId: number) {
    return app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
      .orderBy(auditLog.id);
  }

  async function activeOwners(): Promise<number[]> {
    const rows = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner'), isNull(users.deactivatedAt)));
    return rows.map((row) => row.id);
  }

  /** The configured owner is the only active owner again, for the tests after one that changed owners. */
  async function restoreConfiguredOwner() {
    await app.database.db
      .update(users)
      .set({ staffRole: 'manager' })
      .where(and(eq(users.staffRole, 'owner'), ne(users.email, OWNER_EMAIL)));
    await app.database.db
      .update(users)
      .set({ staffRole: 'owner', deactivatedAt: null })
      .where(eq(users.email, OWNER_EMAIL));
  }

  it('walks a colleague from invitation to sign-in, a new role, deactivation and back', async () => {
    const email = uniqueEmail('giulia');
    const invitation = await invite('Giulia Rossi', email.toUpperCase(), 'manager');
    expect(invitation).toMatchObject({
      name: 'Giulia Rossi',
      email,
      role: 'manager',
      expired: false,
      invited_by: 'Admin',
    });
    const hours = (Date.parse(invitation.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    // The mail carries the link; only the token's hash is stored.
    const { mail, token } = await invitationMail(email);
    // In the inviting owner's language, with their name and the role.
    expect(mail.subject).toContain('Invitation');
    expect(mail.textBody).toContain('Admin invites you');
    expect(mail.textBody).toContain('Shift manager');
    const [stored] = await app.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await overview()).invitations.map((pending) => pending.id)).toContain(invitation.id);

    const previewed = await preview(token);
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json()).toEqual({
      name: 'Giulia Rossi',
      email,
      role: 'manager',
      expires_at: invitation.expires_at,
    });

    // Nobody can sign in before the password is chosen.
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    const accepted = await accept(token, PASSWORD, 'en');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: expect.stringContaining('sign in') });
    const [account] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({
      role: 'admin',
      staffRole: 'manager',
      customerName: 'Giulia Rossi',
      language: 'en',
      deactivatedAt: null,
    });
    expect(account?.emailConfirmedAt).toBeInstanceOf(Date);
    if (!account) throw new Error('no account');
    // Used up: the link, its preview and the invitation's place in the list are gone.
    expect((await accept(token)).statusCode).toBe(404);
    expect((await preview(token)).statusCode).toBe(404);
    expect((await overview()).invitations.map((pending) => pending.id)).not.toContain(invitation.id);

    // She signs in as a manager: the menu's routes let her in, the team's do not.
    const giulia = await signIn(email);
    const members = (await overview()).members;
    expect(members.find((member) => member.id === account.id)).toMatchObject({
      name: 'Giulia Rossi',
      role: 'manager',
      active: true,
      device_count: 1,
      last_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      you: false,
    });
    expect(members.find((member) => member.email === OWNER_EMAIL)).toMatchObject({ role: 'owner', you: true });
    const forbidden = await api('GET', '/staff', giulia);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'forbidden' });

    // Made an owner, her very next request may see the team; made kitchen, the audit log is closed to her.
    const promoted = await api('PATCH', `/staff/${account.id}`, owner, { role: 'owner' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<StaffMember>()).toMatchObject({ id: account.id, role: 'owner', active: true });
    expect((await api('GET', '/staff', giulia)).statusCode).toBe(200);
    expect((await api('PATCH', `/staff/${account.id}`, owner, { role: 'kitchen' })).statusCode).toBe(200);
    expect((await api('GET', '/staff', giulia)).statusCode).toBe(403);
    expect((await api('GET', '/stores/13/audit', giulia)).statusCode).toBe(403);
    expect((await api('GET', '/sessions', giulia)).statusCode).toBe(200);

    // Her devices, as the owner sees them.
    const devices = await api('GET', `/staff/${account.id}/sessions`, owner);
    expect(devices.statusCode).toBe(200);
    expect(devices.json()).toEqual([expect.objectContaining({ device_name: 'Küchen-Tablet', current: false })]);

    // Deactivated: every device is signed out at once, and the right password opens nothing.
    const deactivated = await api('POST', `/staff/${account.id}/deactivate`, owner);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json<StaffMember>()).toMatchObject({ active: false, device_count: 0 });
    const ended = await api('GET', '/sessions', giulia);
    expect(ended.statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/staff/refresh',
      payload: { refresh_token: giulia.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toMatchObject({ code: 'session_revoked' });
    const refused = await login(email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'account_deactivated',
      message: 'Dieses Konto ist deaktiviert. Bitte wenden Sie sich an den Inhaber.',
    });
    // A wrong password is just wrong: nobody learns the account was deactivated.
    expect((await login(email, 'Falsches-Passwort-123')).statusCode).toBe(401);
    const open = await app.database.db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.userId, account.id), isNull(staffSessions.revokedAt)));
    expect(open).toEqual([]);
    expect((await overview()).members.find((member) => member.id === account.id)).toMatchObject({ active: false });

    const activated = await api('POST', `/staff/${account.id}/activate`, owner);
    expect(activated.statusCode).toBe(200);
    expect(activated.json<StaffMember>()).toMatchObject({ active: true, role: 'kitchen' });
    const again = await signIn(email);
    expect((await api('GET', '/sessions', again)).statusCode).toBe(200);

    // Every step is in the audit log, by name, without a password hash or a token.
    const entries = await auditOf('staff', account.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'deactivate', 'activate']);
    expect(entries[0]).toMatchObject({
      actorUserId: account.id,
      after: { name: 'Giulia Rossi', email, role: 'manager', active: true },
    });
    expect(entries[1]).toMatchObject({ before: { role: 'manager' }, after: { role: 'owner' } });
    expect(entries[3]).toMatchObject({ before: { active: true }, after: { active: false } });
    const invitationEntries = await auditOf('staff_invitation', invitation.id);
    expect(invitationEntries.map((entry) => entry.action)).toEqual(['create']);
    const everything = JSON.stringify([...entries, ...invitationEntries]);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('argon2');
  });

  it('lets an owner sign a colleague’s device out, and says so for one that is not signed in', async () => {
    const cook = await colleague('kitchen');
    const [device] = await app.database.db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(eq(staffSessions.userId, cook.id));
    if (!device) throw new Error('no device');
    expect((await api('DELETE', `/staff/${cook.id}/sessions/${device.id}`, owner)).statusCode).toBe(204);
    expect((await api('GET', '/sessions', cook)).statusCode).toBe(401);
    const again = await api('DELETE', `/staff/${cook.id}/sessions/${device.id}`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'session_not_found',
      message: 'This device is not signed in (any more).',
    });
    // Another member's id with this device names nothing either.
    const other = await colleague('kitchen');
    expect((await api('DELETE', `/staff/${other.id}/sessions/${device.id}`, owner)).statusCode).toBe(404);
    expect((await auditOf('staff', cook.id)).map((entry) => entry.action)).toEqual(['sign_out_device']);
  });

  it('never demotes or deactivates the last active owner', async () => {
    const [ownerId] = await activeOwners();
    if (ownerId === undefined) throw new Error('no owner');
    // Only the configured owner is left active (earlier tests' owners are demoted or deactivated).
    for (const id of (await activeOwners()).filter((id) => id !== ownerId)) {
      await app.database.db.update(users).set({ staffRole: 'manager' }).where(eq(users.id, id));
    }
    const demoted = await api('PATCH', `/staff/${ownerId}`, owner, { role: 'manager' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toEqual({
      code: 'last_owner',
      message:
        'The last active owner can be neither given another role nor deactivated. Make someone else an owner first.',
    });
    const deactivated = await api('POST', `/staff/${ownerId}/deactivate`, owner);
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json()).toMatchObject({ code: 'last_owner' });
    // A deactivated owner does not count: with one, the active one is still the last.
    const sleeping = await colleague('owner');
    await app.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, sleeping.id));
    expect((await api('PATCH', `/staff/${ownerId}`, owner, { role: 'kitchen' })).statusCode).toBe(409);
    // Keeping the role, or renaming, is fine.
    const renamed = await api('PATCH', `/staff/${ownerId}`, owner, { role: 'owner', name: 'Maria Esposito' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<StaffMember>()).toMatchObject({ name: 'Maria Esposito', role: 'owner', you: true });
    expect(await activeOwners()).toEqual([ownerId]);
  });

  it('leaves an owner when two owners demote or deactivate each other at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Only two active owners: the first and a second one.
      const first = await colleague('owner', 'Erste Inhaberin');
      const second = await colleague('owner', 'Zweiter Inhaber');
      for (const id of await activeOwners()) {
        if (id !== first.id && id !== second.id) {
          await app.database.db.update(users).set({ staffRole: 'manager' }).where(eq(users.id, id));
        }
      }
      const [a, b] =
        round % 2 === 0
          ? await Promise.all([
              api('PATCH', `/staff/${second.id}`, first, { role: 'manager' }),
              api('PATCH', `/staff/${first.id}`, second, { role: 'kitchen' }),
            ])
          : await Promise.all([
              api('POST', `/staff/${second.id}/deactivate`, first),
              api('POST', `/staff/${first.id}/deactivate`, second),
            ]);
      const statuses = [a?.statusCode, b?.statusCode].sort();
      // One wins; the other is refused: the last owner (409), or no owner any more itself (403/401).
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.every((status) => status === 200 || status === 409 || status === 403 || status === 401)).toBe(
        true,
      );
      expect(await activeOwners()).toHaveLength(1);
    }
    await restoreConfiguredOwner();
  });

  // Both requests are held at the same point (the test locks both owners' rows) until both wait, then go on
  // together: without the team's lock both would see the other still an owner and both would win.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves an owner when two demotions pass their checks at the same moment (PostgreSQL)',
    async () => {
      const first = await colleague('owner', 'Erste Inhaberin');
      const second = await colleague('owner', 'Zweiter Inhaber');
      const db = app.database.db;
      await db
        .update(users)
        .set({ staffRole: 'manager' })
        .where(and(eq(users.staffRole, 'owner'), notInArray(users.id, [first.id, second.id])));
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, [first.id, second.id]))
          .for('update');
        held();
        await released;
      });
      await holding;
      const answers = Promise.all([
        api('PATCH', `/staff/${second.id}`, first, { role: 'manager' }),
        api('PATCH', `/staff/${first.id}`, second, { role: 'manager' }),
      ]);
      try {
        // Wait until both requests wait for a lock in this database.
        for (let waited = 0; ; waited += 1) {
          const [locks] = await db
            .select({ waiting: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
          if ((locks?.waiting ?? 0) >= 2) break;
          if (waited > 200) throw new Error('the requests never met at the lock');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        release();
      }
      await holder;
      const statuses = (await answers).map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await activeOwners()).toHaveLength(1);
      await restoreConfiguredOwner();
    },
  );

  it('lists expired invitations, refuses their link, and sends a new one that works', async () => {
    const email = uniqueEmail('expired');
    const invitation = await invite('Marco Verdi', email, 'kitchen');
    const { token: oldToken } = await invitationMail(email);
    await app.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, invitation.id));
    expect((await overview()).invitations.find((pending) => pending.id === invitation.id)).toMatchObject({
      expired: true,
    });
    const previewed = await app.inject({
      url: `/api/staff/invitation?token=${oldToken}`,
      headers: { 'accept-language': 'de' },
    });
    expect(previewed.statusCode).toBe(404);
    expect(previewed.json()).toEqual({
      code: 'invitation_invalid',
      message: 'Diese Einladung ist ungültig, schon benutzt oder abgelaufen. Bitte fragen Sie nach einer neuen.',
    });
    expect((await accept(oldToken)).json()).toMatchObject({ code: 'invitation_invalid' });

    const resent = await api('POST', `/staff/invitations/${invitation.id}/resend`, owner);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<StaffInvitation>()).toMatchObject({ id: invitation.id, expired: false });
    const { token } = await invitationMail(email);
    expect(token).not.toBe(oldToken);
    expect((await preview(oldToken)).statusCode).toBe(404);
    expect((await accept(token)).statusCode).toBe(201);
    expect((await signIn(email)) satisfies SignedIn).toBeTruthy();
    expect((await auditOf('staff_invitation', invitation.id)).map((entry) => entry.action)).toEqual([
      'create',
      'resend',
    ]);
  });

  it('replaces a pending invitation to the same address, withdraws one, and 404s on used ones', async () => {
    const email = uniqueEmail('twice');
    const first = await invite('Anna Neri', email, 'kitchen');
    const { token: firstToken } = await invitationMail(email);
    const second = await invite('Anna Neri', email, 'manager');
    const { token: secondToken } = await invitationMail(email);
    const pending = (await overview()).invitations.filter((invitation) => invitation.email === email);
    expect(pending.map((invitation) => invitation.id)).toEqual([second.id]);
    expect((await preview(firstToken)).statusCode).toBe(404);
    expect((await auditOf('staff_invitation', first.id)).map((entry) => entry.action)).toEqual(['create', 'withdraw']);

    expect((await api('DELETE', `/staff/invitations/${second.id}`, owner)).statusCode).toBe(204);
    expect((await preview(secondToken)).statusCode).toBe(404);
    expect((await accept(secondToken)).statusCode).toBe(404);
    const again = await api('DELETE', `/staff/invitations/${second.id}`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'invitation_not_found' });
    expect((await api('POST', `/staff/invitations/${second.id}/resend`, owner)).statusCode).toBe(404);
    expect((await api('POST', '/staff/invitations/999999/resend', owner)).statusCode).toBe(404);
  });

  it('accepts an invitation once, however many tabs try at the same moment', async () => {
    const email = uniqueEmail('tabs');
    await invite('Paolo Gialli', email, 'kitchen');
    const { token } = await invitationMail(email);
    const answers = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404, 404]);
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses to invite an address that has an account, and an invitation whose address was taken meanwhile', async () => {
    const customerEmail = uniqueEmail('kunde');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register/customer',
      payload: { customer_name: 'Kunde', email: customerEmail, password: 'Capricciosa-ohne-Ei-3' },
    });
    expect(registered.statusCode).toBe(201);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: { ...owner.headers, 'accept-language': 'de' },
      payload: { name: 'Kunde', email: customerEmail, role: 'kitchen' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'email_taken',
      message: 'Für diese E-Mail-Adresse gibt es schon ein Konto. Bitte laden Sie mit einer anderen Adresse ein.',
    });
    const staff = await api('POST', '/staff/invitations', owner, { name: 'X', email: OWNER_EMAIL, role: 'owner' });
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toEqual({
      code: 'email_taken',
      message: 'This address already belongs to the team. If the account is deactivated, activate it again.',
    });

    // Invited first, registered as a customer before accepting: the account is not taken over.
    const email = uniqueEmail('meanwhile');
    const invitation = await invite('Sofia Blu', email, 'manager');
    const { token } = await invitationMail(email);
    await app.inject({
      method: 'POST',
      url: '/api/register/customer',
      payload: { customer_name: 'Sofia', email, password: 'Capricciosa-ohne-Ei-3' },
    });
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ code: 'email_taken' });
    const [account] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ role: 'customer', staffRole: null });
    const [stored] = await app.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.id, invitation.id));
    expect(stored?.acceptedAt).toBeNull();
  });

  it('refuses bad input with a clear 400, and a common password without using the invitation', async () => {
    const bad = [
      { name: '', email: uniqueEmail('x'), role: 'kitchen' },
      { name: 'Nino', email: 'not-an-address', role: 'kitchen' },
      { name: 'Nino', email: uniqueEmail('x'), role: 'chef' },
    ];
    for (const payload of bad) {
      const response = await api('POST', '/staff/invitations', owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
    }
    expect((await api('PATCH', '/staff/abc', owner, { role: 'kitchen' })).statusCode).toBe(400);
    expect((await api('PATCH', '/staff/1', owner, { role: 'boss' })).statusCode).toBe(400);
    const customer = await app.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'customer'));
    const notStaff = await api('PATCH', `/staff/${customer[0]?.id ?? 999999}`, owner, { role: 'kitchen' });
    expect(notStaff.statusCode).toBe(404);
    expect(notStaff.json()).toMatchObject({ code: 'staff_member_not_found' });
    expect((await api('POST', '/staff/999999/deactivate', owner)).statusCode).toBe(404);
    expect((await api('GET', '/staff/999999/sessions', owner)).statusCode).toBe(404);

    const email = uniqueEmail('common');
    await invite('Nino Rosa', email, 'kitchen');
    const { token } = await invitationMail(email);
    const short = await accept(token, 'kurz');
    expect(short.statusCode).toBe(400);
    const common = await accept(token, 'passwort123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'password_too_common' });
    expect((await preview(token)).statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(201);
    expect((await app.inject({ url: '/api/staff/invitation' })).statusCode).toBe(400);
    expect((await preview('nonsense')).statusCode).toBe(404);
  });

  it('lets only owners near the team, and nobody signed out', async () => {
    const manager = await colleague('manager');
    const cook = await colleague('kitchen');
    for (const as of [manager, cook]) {
      expect((await api('GET', '/staff', as)).statusCode).toBe(403);
      expect(
        (await api('POST', '/staff/invitations', as, { name: 'A', email: uniqueEmail('a'), role: 'owner' })).statusCode,
      ).toBe(403);
      expect((await api('POST', `/staff/${as.id}/deactivate`, as)).statusCode).toBe(403);
      // Their own devices are theirs to see.
      expect((await api('GET', '/sessions', as)).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/admin/staff' })).statusCode).toBe(401);
  });
});

describe('accepting invitations, throttled per address', () => {
  let server: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await buildTestServer({ PASSWORD_RESETS_PER_HOUR_PER_ADDRESS: '2' });
    app = server.app;
  });
  afterAll(() => server.close());

  it('refuses the attempt past the limit with 429 and Retry-After', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/staff/invitation/accept',
        headers: { 'accept-language': 'en' },
        payload: { token: 'guessed-token', password: PASSWORD },
      });
    expect((await attempt()).statusCode).toBe(404);
    expect((await attempt()).statusCode).toBe(404);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
  });
});
