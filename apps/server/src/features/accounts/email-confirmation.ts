import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_HOURS, type Language } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { emailConfirmations, users } from '../../db/schema.ts';
import type { Limit, RateLimits } from '../../plugins/rate-limits.ts';
import type { Mailer } from '../mail/index.ts';
import { hashResetToken } from './service.ts';

/** Confirmation mails sent again (by request, or by a sign-in before confirming): few per recipient. */
export const DEFAULT_CONFIRMATION_MAIL_LIMIT: Limit = { max: 3, windowSeconds: 60 * 60 };

export type Purpose = 'confirm' | 'change';

export type ConfirmResult =
  { kind: 'confirmed' } | { kind: 'changed'; email: string } | { kind: 'invalid' } | { kind: 'email_taken' };

/** Sent again, already confirmed, or held back (how long until one may be sent). */
export type ResendResult = { kind: 'sent' } | { kind: 'confirmed' } | { kind: 'held_back'; retryAfterSeconds: number };

export interface EmailConfirmationDeps {
  db: Db;
  mail: Mailer;
  rateLimits: RateLimits;
  /** `PUBLIC_URL`, for the link. */
  publicUrl: string;
  mailLimit?: Limit;
  now?: () => Date;
}

/**
 * The links that confirm an e-mail address (docs/product/shop.md): a new account's (`confirm`) and a
 * changed address's (`change`, which becomes the account's address only when its link is used). They
 * work for 48 hours and once; only a SHA-256 hash of the token is stored.
 */
export function createEmailConfirmations(deps: EmailConfirmationDeps) {
  const { db, mail, rateLimits } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const mailLimit = deps.mailLimit ?? DEFAULT_CONFIRMATION_MAIL_LIMIT;

  /** A new link for the address: its token, for the mail. */
  async function issue(userId: number, purpose: Purpose, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await db.transaction(async (tx) => {
      // A newer change replaces the one asked for before: only the address asked for last may become the account's.
      if (purpose === 'change') await endPending(tx, userId, 'change', at);
      await tx.insert(emailConfirmations).values({
        userId,
        purpose,
        email,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(at.getTime() + EMAIL_CONFIRMATION_HOURS * 60 * 60 * 1000),
      });
    });
    return token;
  }

  /** The user's links of one purpose not used yet stop working. */
  async function endPending(tx: Pick<Db, 'update'>, userId: number, purpose: Purpose, at: Date, except?: number) {
    await tx
      .update(emailConfirmations)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailConfirmations.userId, userId),
          eq(emailConfirmations.purpose, purpose),
          isNull(emailConfirmations.usedAt),
          ...(except === undefined ? [] : [ne(emailConfirmations.id, except)]),
        ),
      );
  }

  const linkOf = (token: string) => `${publicUrl}/order-online/confirm-email?token=${token}`;

  return {
    linkOf,

    /** A new account's welcome, with the link confirming its address. */
    async sendWelcome(user: { id: number; email: string; customerName: string; language: Language }) {
      const token = await issue(user.id, 'confirm', user.email);
      void mail.welcomeConfirm(user.email, user.language, { name: user.customerName, link: linkOf(token) });
    },

    /** The confirmation link again, unless the address is confirmed or has had enough of them this hour. */
    async resend(userId: number): Promise<ResendResult> {
      const [user] = await db
        .select({
          email: users.email,
          customerName: users.customerName,
          language: users.language,
          emailConfirmedAt: users.emailConfirmedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user || user.emailConfirmedAt !== null) return { kind: 'confirmed' };
      const taken = await rateLimits.take([{ kind: 'confirm-mail:recipient', subject: user.email, limit: mailLimit }]);
      if (!taken.ok) return { kind: 'held_back', retryAfterSeconds: taken.retryAfterSeconds };
      const token = await issue(userId, 'confirm', user.email);
      void mail.confirmEmail(user.email, user.language, { name: user.customerName, link: linkOf(token) });
      return { kind: 'sent' };
    },

    /** Asks for a new address: the link goes to it, and the old address is told. */
    async requestChange(user: { id: number; email: string; customerName: string; language: Language }, email: string) {
      const token = await issue(user.id, 'change', email);
      void mail.emailChange(email, user.language, { name: user.customerName, link: linkOf(token) });
      void mail.emailChangeNotice(user.email, user.language, { name: user.customerName, newEmail: email });
    },

    /** Uses a link: once, within 48 hours; the user's other links of its purpose stop working. */
    async confirm(token: string): Promise<ConfirmResult> {
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          // Claiming the link and checking it are one statement: of two concurrent uses, one wins.
          const [claimed] = await tx
            .update(emailConfirmations)
            .set({ usedAt: at })
            .where(
              and(
                eq(emailConfirmations.tokenHash, hashResetToken(token)),
                isNull(emailConfirmations.usedAt),
                gt(emailConfirmations.expiresAt, at),
              ),
            )
            .returning();
          if (!claimed) return { kind: 'invalid' };
          await endPending(tx, claimed.userId, claimed.purpose, at, claimed.id);
          if (claimed.purpose === 'confirm') {
            // Only the address the link was sent to: a change made meanwhile is confirmed by its own link.
            await tx
              .update(users)
              .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)` })
              .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)));
            return { kind: 'confirmed' };
          }
          const [changed] = await tx
            .update(users)
            .set({ email: claimed.email, emailConfirmedAt: at })
            .where(eq(users.id, claimed.userId))
            .returning({ id: users.id });
          if (!changed) return { kind: 'invalid' };
          return { kind: 'changed', email: claimed.email };
        });
      } catch (error) {
        // Someone made an account with the address since the link was sent: the link stays unused.
        if (isUniqueViolation(error, 'users_email_unique')) return { kind: 'email_taken' };
        throw error;
      }
    },
  };
}

export type EmailConfirmations = ReturnType<typeof createEmailConfirmations>;
