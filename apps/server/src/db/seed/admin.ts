import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../features/accounts/index.ts';
import { hasAnotherActiveOwner, lockTeamChanges } from '../../features/staff/index.ts';
import type { Db } from '../client.ts';
import { staffSessions, users } from '../schema.ts';

export interface AdminAccountOptions {
  /** `ADMIN_EMAIL` and `ADMIN_PASSWORD`: both or neither. */
  email?: string;
  password?: string;
  /** The sender address (`MAIL_FROM`): its domain names a generated admin account. */
  mailFrom?: string;
}

export type AdminAccountResult =
  | { kind: 'unchanged'; email: string }
  | { kind: 'created'; email: string }
  | { kind: 'updated'; email: string }
  /** No admin existed and none was configured: one was made with this password (log it once). */
  | { kind: 'generated'; email: string; password: string };

/** Serialises the bootstrap of several instances starting at once on one database. */
const ADMIN_BOOTSTRAP_LOCK = 7_300_113;

/** `admin@<the sender's domain>`, else `admin@pizzeria.example`. */
export function generatedAdminEmail(mailFrom: string | undefined): string {
  const domain = /@([a-z0-9.-]+\.[a-z]{2,})>?\s*$/i.exec(mailFrom ?? '')?.[1];
  return `admin@${(domain ?? 'pizzeria.example').toLowerCase()}`;
}

/**
 * Makes sure the first owner exists (README's Architecture, docs/product/back-office.md). With
 * `ADMIN_EMAIL`/`ADMIN_PASSWORD` that account is created as an owner, or given the configured password when
 * it changed (which ends its earlier sessions); it is made an active owner again only while no other active
 * owner is left, else it keeps the role and state an owner gave it. Without them an owner is created only
 * when there is no staff account, with a random password the caller logs once. Runs in one transaction
 * under an advisory lock: idempotent across restarts and safe with two instances starting together.
 */
export async function ensureAdminAccount(db: Db, options: AdminAccountOptions): Promise<AdminAccountResult> {
  // Hash before taking the lock, so a second instance waits only for the database work.
  const configured =
    options.email && options.password
      ? { email: options.email.trim().toLowerCase(), password: options.password }
      : null;
  const generatedPassword = configured ? null : randomBytes(12).toString('base64url');
  const newHash = await hashPassword(configured?.password ?? generatedPassword ?? '');

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_BOOTSTRAP_LOCK})`);
    if (configured) {
      const [existing] = await tx.select().from(users).where(eq(users.email, configured.email));
      if (!existing) {
        await tx.insert(users).values({
          email: configured.email,
          passwordHash: newHash,
          customerName: 'Admin',
          role: 'admin',
          staffRole: 'owner',
          emailConfirmedAt: new Date(),
        });
        return { kind: 'created', email: configured.email };
      }
      const samePassword = await verifyPassword(existing.passwordHash, configured.password);
      // Staff an owner manages keep the role and state the owner gave them; with no other active owner the
      // configured account is the owner again: it is how a shop whose owners are all locked out gets back in.
      await lockTeamChanges(tx);
      const otherOwner = await hasAnotherActiveOwner(tx, existing.id);
      const managed = existing.role === 'admin' && otherOwner;
      if (samePassword && (managed || (existing.staffRole === 'owner' && !existing.deactivatedAt)))
        return { kind: 'unchanged', email: configured.email };
      await tx
        .update(users)
        .set({
          ...(managed ? {} : { role: 'admin', staffRole: 'owner', deactivatedAt: null }),
          emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
          ...(samePassword ? {} : { passwordHash: newHash, sessionVersion: sql`${users.sessionVersion} + 1` }),
        })
        .where(eq(users.id, existing.id));
      // A new password signs every staff device out, as a password reset does.
      if (!samePassword) {
        await tx
          .update(staffSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(staffSessions.userId, existing.id), isNull(staffSessions.revokedAt)));
      }
      return { kind: 'updated', email: configured.email };
    }

    const [admin] = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (admin) return { kind: 'unchanged', email: admin.email };
    let email = generatedAdminEmail(options.mailFrom);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    // A customer who registered that address keeps it; the admin gets a name of its own.
    if (taken) email = email.replace('admin@', `admin-${randomBytes(3).toString('hex')}@`);
    await tx.insert(users).values({
      email,
      passwordHash: newHash,
      customerName: 'Admin',
      role: 'admin',
      staffRole: 'owner',
      emailConfirmedAt: new Date(),
    });
    return { kind: 'generated', email, password: generatedPassword ?? '' };
  });
}
