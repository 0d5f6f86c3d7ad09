import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, ProfileUpdate, RegisterCustomer, User } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, staffSessions, users } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import type { CustomerSessions } from './customer-sessions.ts';
import type { EmailConfirmations } from './email-confirmation.ts';
import type { Counter, Limit, RateLimits } from '../../plugins/rate-limits.ts';
import { loginCounters, type LoginLimits } from './login-throttle.ts';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

/** A reset link works for one hour. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export type LoginResult =
  | {
      kind: 'ok';
      user: { id: number; email: string; role: User['role']; sessionVersion: number; emailConfirmed: boolean };
    }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** Password reset mails: few per recipient, so nobody can flood someone's inbox; per client address. */
export interface ResetMailLimits {
  recipient: Limit;
  address: Limit;
}

export const DEFAULT_RESET_MAIL_LIMITS: ResetMailLimits = {
  recipient: { max: 3, windowSeconds: 60 * 60 },
  address: { max: 10, windowSeconds: 60 * 60 },
};

export interface AccountsService {
  login(input: {
    email: string;
    password: string;
    ip: string;
    language: Language;
    deviceToken: string | undefined;
  }): Promise<LoginResult>;
  /** The user, or null when the account is gone. */
  findUser(id: number): Promise<User | null>;
  /** The new customer (and its session version, for its first token), or `email_taken`/`password_too_common`. */
  register(
    input: RegisterCustomer,
    language: Language,
  ): Promise<
    { kind: 'ok'; user: User; sessionVersion: number } | { kind: 'email_taken' } | { kind: 'password_too_common' }
  >;
  /** Whether an account has this (normalised) address. */
  emailTaken(email: string): Promise<boolean>;
  /** Changes a customer's name and phone (a phone of null or '' clears it); null when the account is gone. */
  updateProfile(id: number, change: ProfileUpdate): Promise<User | null>;
  /**
   * Sets a new password (the current one is checked by the caller): every earlier token ends, and every
   * device but `sessionId` is signed out; that one lives on with the token made from the answer.
   */
  changePassword(
    id: number,
    sessionId: number,
    password: string,
  ): Promise<{ kind: 'ok'; sessionVersion: number } | { kind: 'password_too_common' } | { kind: 'gone' }>;
  /**
   * Counts a reset request against the recipient and the client address, whether or not the email has
   * an account (so the answer reveals none): the seconds to wait when either has had enough, else null.
   */
  admitPasswordReset(email: string, ip: string): Promise<number | null>;
  /** Mails a reset link when the email belongs to an account; does nothing otherwise. */
  requestPasswordReset(email: string, language: Language): Promise<void>;
  /** `ip`: where the reset comes from, whose failed logins for the account are forgiven. */
  resetPassword(token: string, password: string, ip: string): Promise<'ok' | 'invalid_token' | 'password_too_common'>;
}

export interface AccountsServiceDeps {
  db: Db;
  mail: Mailer;
  rateLimits: RateLimits;
  loginLimits: LoginLimits;
  /** The device id a known-device token names for this e-mail, or null. */
  verifyDeviceToken(token: string, email: string): Promise<string | null>;
  resetMailLimits?: ResetMailLimits;
  log: FastifyBaseLogger;
  /** `PUBLIC_URL`, for the reset link. */
  publicUrl: string;
  customerSessions: CustomerSessions;
  confirmations: EmailConfirmations;
  now?: () => Date;
}

/** Emails are kept lower-cased and trimmed: one account per address, however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    customer_name: row.customerName,
    phone: row.phone,
    role: row.role,
    staff_role: row.staffRole,
    email_confirmed: row.emailConfirmedAt !== null,
  };
}

const FORGIVEN_ON_SUCCESS = new Set(['login:account-address', 'login:device']);

/** The counters of one account: from everywhere, and from one address (not the address's own). */
function isAccountCounter(counter: Counter): boolean {
  return counter.kind !== 'login:address';
}

/** What a login needs: the users, the login counters and the known-device check. */
export type LoginDeps = Pick<AccountsServiceDeps, 'db' | 'rateLimits' | 'loginLimits' | 'verifyDeviceToken'>;

/**
 * The throttled login (decision 006), one for the shop's `POST /api/login` and the staff's
 * `POST /api/staff/login`: who may sign in where is the route's business, the counting is the same.
 */
export function createLogin(deps: LoginDeps): AccountsService['login'] {
  const { db, rateLimits } = deps;

  /** The account when the password is its own, else null. */
  async function userWithPassword(email: string, password: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    // An unknown email costs one verification too, so the answer's timing does not reveal accounts.
    const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    return user && matches ? user : null;
  }

  return async ({ email, password, ip, language, deviceToken }) => {
    const normalized = normalizeEmail(email);
    const deviceId = deviceToken ? await deps.verifyDeviceToken(deviceToken, normalized) : null;
    // Counted before the password is checked, in one statement: a parallel burst gets exactly as many
    // checks as the limits allow, not as many as arrive before the first failure is written.
    const counters = loginCounters(deps.loginLimits, normalized, ip, deviceId);
    const taken = await rateLimits.take(counters);
    if (!taken.ok) return { kind: 'throttled', retryAfterSeconds: taken.retryAfterSeconds };

    let user: typeof users.$inferSelect | null;
    try {
      user = await userWithPassword(normalized, password);
    } catch (error) {
      // Not a wrong password (the server was busy, the database away): the attempt does not count.
      await rateLimits.giveBack(counters).catch(() => undefined);
      throw error;
    }
    if (!user) return { kind: 'invalid' };
    // A success is no failure, and this address's (or device's) earlier failures for the account are
    // forgiven; the account's count from everywhere stays, or each success would buy a guesser 100 more.
    await rateLimits.giveBack(counters);
    await rateLimits.clear(counters.filter((counter) => FORGIVEN_ON_SUCCESS.has(counter.kind)));
    if (user.language !== language) await db.update(users).set({ language }).where(eq(users.id, user.id));
    return {
      kind: 'ok',
      user: {
        id: user.id,
        email: user.email,
        role: user.role,
        sessionVersion: user.sessionVersion,
        emailConfirmed: user.emailConfirmedAt !== null,
      },
    };
  };
}

export function createAccountsService(deps: AccountsServiceDeps): AccountsService {
  const { db, mail, rateLimits, log } = deps;
  const resetMailLimits = deps.resetMailLimits ?? DEFAULT_RESET_MAIL_LIMITS;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  return {
    login: createLogin(deps),

    async findUser(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? toUser(row) : null;
    },

    async register(input, language) {
      if (isCommonPassword(input.password)) return { kind: 'password_too_common' };
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          passwordHash,
          customerName: input.customer_name,
          phone: input.phone ? input.phone : null,
          role: 'customer',
          language,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!row) return { kind: 'email_taken' };
      await deps.confirmations.sendWelcome(row);
      return { kind: 'ok', user: toUser(row), sessionVersion: row.sessionVersion };
    },

    async emailTaken(email) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row !== undefined;
    },

    async updateProfile(id, change) {
      const set: Partial<typeof users.$inferInsert> = {};
      if (change.customer_name !== undefined) set.customerName = change.customer_name;
      if (change.phone !== undefined) set.phone = change.phone ? change.phone : null;
      const [row] =
        Object.keys(set).length > 0
          ? await db.update(users).set(set).where(eq(users.id, id)).returning()
          : await db.select().from(users).where(eq(users.id, id));
      return row ? toUser(row) : null;
    },

    async changePassword(id, sessionId, password) {
      if (isCommonPassword(password)) return { kind: 'password_too_common' };
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(eq(users.id, id))
          .returning({ sessionVersion: users.sessionVersion });
        if (!user) return { kind: 'gone' as const };
        await deps.customerSessions.revokeAll(tx, id, sessionId);
        await deps.customerSessions.renew(tx, sessionId);
        log.info({ userId: id }, 'password changed');
        return { kind: 'ok' as const, sessionVersion: user.sessionVersion };
      });
    },

    async admitPasswordReset(email, ip) {
      const taken = await rateLimits.take([
        { kind: 'reset-mail:recipient', subject: normalizeEmail(email), limit: resetMailLimits.recipient },
        { kind: 'reset-mail:address', subject: ip, limit: resetMailLimits.address },
      ]);
      return taken.ok ? null : taken.retryAfterSeconds;
    },

    async requestPasswordReset(email, language) {
      const [user] = await db
        .select({ id: users.id, email: users.email, customerName: users.customerName })
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(now().getTime() + RESET_TOKEN_LIFETIME_MS),
      });
      const link = `${publicUrl}/order-online/reset-password?token=${token}`;
      await mail.passwordReset(user.email, language, { name: user.customerName, link });
      log.info({ userId: user.id }, 'password reset requested');
    },

    async resetPassword(token, password, ip) {
      if (isCommonPassword(password)) return 'password_too_common';
      const passwordHash = await hashPassword(password);
      const at = now();
      const email = await db.transaction(async (tx) => {
        // Claiming the token and checking it are one statement: of two concurrent uses, one wins.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashResetToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, at),
            ),
          )
          .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
        if (!claimed) return null;
        // The link reached the account's inbox, so the reset confirms the address too (docs/product/shop.md):
        // an account whose welcome mail was lost is not stuck before its first sign-in.
        const [user] = await tx
          .update(users)
          .set({
            passwordHash,
            sessionVersion: sql`${users.sessionVersion} + 1`,
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)`,
          })
          .where(eq(users.id, claimed.userId))
          .returning({ email: users.email });
        // The new password ends every signed-in staff device too (docs/product/back-office.md), not only the tokens.
        await tx
          .update(staffSessions)
          .set({ revokedAt: at })
          .where(and(eq(staffSessions.userId, claimed.userId), isNull(staffSessions.revokedAt)));
        await deps.customerSessions.revokeAll(tx, claimed.userId, null);
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetTokens.userId, claimed.userId),
              isNull(passwordResetTokens.usedAt),
              ne(passwordResetTokens.id, claimed.id),
            ),
          );
        log.info({ userId: claimed.userId }, 'password reset');
        return user?.email ?? '';
      });
      if (email === null) return 'invalid_token';
      // Whoever reset the password may log in at once from here, even after failed attempts.
      if (email) await rateLimits.clear(loginCounters(deps.loginLimits, email, ip, null).filter(isAccountCounter));
      return 'ok';
    },
  };
}
