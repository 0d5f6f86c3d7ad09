import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, RegisterCustomer, User } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

/** A reset link works for one hour (issue 3). */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export type LoginResult =
  | { kind: 'ok'; user: { id: number; role: User['role']; sessionVersion: number } }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export interface AccountsService {
  login(input: { email: string; password: string; ip: string; language: Language }): Promise<LoginResult>;
  /** The user, or null when the account is gone. */
  findUser(id: number): Promise<User | null>;
  /** The new customer, or `email_taken`/`password_too_common`. */
  register(
    input: RegisterCustomer,
    language: Language,
  ): Promise<{ kind: 'ok'; user: User } | { kind: 'email_taken' } | { kind: 'password_too_common' }>;
  /** Mails a reset link when the email belongs to an account; does nothing otherwise. */
  requestPasswordReset(email: string, language: Language): Promise<void>;
  resetPassword(token: string, password: string): Promise<'ok' | 'invalid_token' | 'password_too_common'>;
}

export interface AccountsServiceDeps {
  db: Db;
  mail: Mailer;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** `PUBLIC_URL`, for the reset link. */
  publicUrl: string;
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
  return { id: row.id, email: row.email, customer_name: row.customerName, phone: row.phone, role: row.role };
}

export function createAccountsService(deps: AccountsServiceDeps): AccountsService {
  const { db, mail, throttle, log } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  return {
    async login({ email, password, ip, language }) {
      const normalized = normalizeEmail(email);
      const retryAfterSeconds = await throttle.retryAfter(normalized, ip);
      if (retryAfterSeconds !== null) return { kind: 'throttled', retryAfterSeconds };

      const [user] = await db.select().from(users).where(eq(users.email, normalized));
      // An unknown email costs one verification too, so the answer's timing does not reveal accounts.
      const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !matches) {
        await throttle.recordFailure(normalized, ip);
        return { kind: 'invalid' };
      }
      await throttle.clearAccount(normalized);
      if (user.language !== language) await db.update(users).set({ language }).where(eq(users.id, user.id));
      return { kind: 'ok', user: { id: user.id, role: user.role, sessionVersion: user.sessionVersion } };
    },

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
      void mail.welcome(row.email, language, { name: row.customerName });
      return { kind: 'ok', user: toUser(row) };
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

    async resetPassword(token, password) {
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
        const [user] = await tx
          .update(users)
          .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(eq(users.id, claimed.userId))
          .returning({ email: users.email });
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
      // Whoever reset the password may log in at once, even after failed attempts.
      if (email) await throttle.clearAccount(email);
      return 'ok';
    },
  };
}
