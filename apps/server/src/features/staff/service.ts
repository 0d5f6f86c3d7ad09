import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Role } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { settings, staffExchangedTokens, staffSessions, users } from '../../db/schema.ts';

/** Access tokens of staff devices are short-lived: a refresh renews them, a sign-out ends them at once. */
export const STAFF_ACCESS_TOKEN_SECONDS = 15 * 60;

/**
 * How long the refresh token just exchanged is answered again, with the same next token: long enough for
 * a tablet to retry after an answer lost on a flaky Wi-Fi, short enough that a copy used later is theft.
 */
export const REFRESH_RETRY_GRACE_SECONDS = 30;

const REFRESH_KEY_SETTING = 'staff_refresh_key';

/** Only this hash of a refresh token is stored: a copy of the table signs nobody in. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The key each next refresh token is derived with, made once per database so that every instance derives
 * the same one. It alone signs nobody in: deriving needs the plaintext token, which only the device has.
 */
async function storedRefreshKey(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: REFRESH_KEY_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, REFRESH_KEY_SETTING));
  const key = z.string().check(z.minLength(32)).safeParse(row?.value);
  if (!key.success) throw new Error(`The stored ${REFRESH_KEY_SETTING} setting is not a usable key`);
  return key.data;
}

export type RotateResult =
  | {
      kind: 'ok';
      sessionId: number;
      refreshToken: string;
      user: { id: number; role: Role; sessionVersion: number };
    }
  /** The session was signed out, or a token it had already exchanged came back (then it is signed out now). */
  | { kind: 'revoked' }
  | { kind: 'unknown' };

export interface StaffSessionRow {
  id: number;
  deviceName: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

export interface StaffSessionsService {
  /** A new signed-in device for the user (named by staff, or not yet), and its first refresh token. */
  start(
    userId: number,
    deviceName: string,
    label?: string | null,
  ): Promise<{ sessionId: number; refreshToken: string }>;
  /**
   * Exchanges a refresh token for the next one. Single use, except that the token just exchanged gets the
   * same next token again for `REFRESH_RETRY_GRACE_SECONDS`, while that one is still unused.
   */
  rotate(refreshToken: string): Promise<RotateResult>;
  /** Signs out the device any token of its chain belongs to; nothing when the token names no session. */
  revokeByToken(refreshToken: string): Promise<void>;
  /** The user's signed-in devices, most recently used first. */
  list(userId: number): Promise<StaffSessionRow[]>;
  /** Signs out one of the user's own devices: false when the user has no such signed-in device. */
  revoke(userId: number, sessionId: number): Promise<boolean>;
  /** Names one of the user's own signed-in devices: false when the user has no such device. */
  rename(userId: number, sessionId: number, label: string): Promise<boolean>;
}

/**
 * Staff sessions: one per signed-in device, renewed by a rotating refresh token (decision 019). Every
 * token a device exchanged stays in its chain; one that comes back is a copy in someone else's hands (or
 * the owner's, after a thief exchanged it first), and signs the device out, so at most one of them keeps
 * the session. The one exception is a retry: the token just exchanged, presented again within the grace
 * window while its successor is unused, is answered with that same successor.
 *
 * After the first, each refresh token is derived from the one it replaces (HMAC with a key kept in the
 * database): a retry gets the same next token although only hashes are stored.
 */
export function createStaffSessionsService(db: Db, now: () => Date = () => new Date()): StaffSessionsService {
  let refreshKey: Promise<string> | undefined;

  function successorOf(token: string): Promise<string> {
    refreshKey ??= storedRefreshKey(db).catch((error: unknown) => {
      refreshKey = undefined;
      throw error;
    });
    return refreshKey.then((key) => createHmac('sha256', key).update(token).digest('base64url'));
  }

  async function revokeSession(id: number): Promise<void> {
    await db
      .update(staffSessions)
      .set({ revokedAt: now() })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  }

  /**
   * Moves the session on from the token with this hash to the next one, and records the exchange in the
   * chain; undefined when the token is not the current one of a signed-in device. The row stays locked
   * until both are committed: a concurrent refresh with the same token waits for it, then finds the
   * token in the chain and is answered as a retry.
   */
  function exchange(hash: string, nextHash: string, at: Date) {
    return db.transaction(async (tx) => {
      const [rotated] = await tx
        .update(staffSessions)
        .set({ tokenHash: nextHash, lastUsedAt: at })
        .where(and(eq(staffSessions.tokenHash, hash), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id, userId: staffSessions.userId });
      if (rotated)
        await tx.insert(staffExchangedTokens).values({ tokenHash: hash, sessionId: rotated.id, exchangedAt: at });
      return rotated;
    });
  }

  /**
   * The refreshed device's answer, unless its account is no longer staff or was deactivated: then it is
   * signed out instead.
   */
  async function renewed(session: { id: number; userId: number }, refreshToken: string): Promise<RotateResult> {
    const [user] = await db
      .select({ role: users.role, sessionVersion: users.sessionVersion, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, session.userId));
    if (user?.role !== 'admin' || user.deactivatedAt !== null) {
      await revokeSession(session.id);
      return { kind: 'revoked' };
    }
    return {
      kind: 'ok',
      sessionId: session.id,
      refreshToken,
      user: { id: session.userId, role: user.role, sessionVersion: user.sessionVersion },
    };
  }

  return {
    async start(userId, deviceName, label = null) {
      const refreshToken = newRefreshToken();
      const [session] = await db
        .insert(staffSessions)
        .values({ userId, deviceName, label, tokenHash: hashRefreshToken(refreshToken) })
        .returning({ id: staffSessions.id });
      if (!session) throw new Error('the staff session was not stored');
      return { sessionId: session.id, refreshToken };
    },

    async rotate(refreshToken) {
      const at = now();
      const hash = hashRefreshToken(refreshToken);
      const next = await successorOf(refreshToken);
      const nextHash = hashRefreshToken(next);
      const rotated = await exchange(hash, nextHash, at);
      if (rotated) return renewed(rotated, next);

      const [exchanged] = await db
        .select({
          sessionId: staffSessions.id,
          userId: staffSessions.userId,
          currentHash: staffSessions.tokenHash,
          revokedAt: staffSessions.revokedAt,
          exchangedAt: staffExchangedTokens.exchangedAt,
        })
        .from(staffExchangedTokens)
        .innerJoin(staffSessions, eq(staffSessions.id, staffExchangedTokens.sessionId))
        .where(eq(staffExchangedTokens.tokenHash, hash));
      if (!exchanged) {
        // Not in any chain: the current token of a signed-out device, or no token of ours.
        const [signedOut] = await db
          .select({ id: staffSessions.id })
          .from(staffSessions)
          .where(eq(staffSessions.tokenHash, hash));
        return signedOut ? { kind: 'revoked' } : { kind: 'unknown' };
      }
      // Its successor is still the current token (so it is the one just exchanged, and that one is unused).
      const isRetry =
        exchanged.revokedAt === null &&
        exchanged.currentHash === nextHash &&
        at.getTime() - exchanged.exchangedAt.getTime() <= REFRESH_RETRY_GRACE_SECONDS * 1000;
      if (isRetry) return renewed({ id: exchanged.sessionId, userId: exchanged.userId }, next);
      await revokeSession(exchanged.sessionId);
      return { kind: 'revoked' };
    },

    async revokeByToken(refreshToken) {
      const hash = hashRefreshToken(refreshToken);
      const chain = db
        .select({ id: staffExchangedTokens.sessionId })
        .from(staffExchangedTokens)
        .where(eq(staffExchangedTokens.tokenHash, hash));
      await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(
          and(or(eq(staffSessions.tokenHash, hash), inArray(staffSessions.id, chain)), isNull(staffSessions.revokedAt)),
        );
    },

    async list(userId) {
      return db
        .select({
          id: staffSessions.id,
          deviceName: staffSessions.deviceName,
          label: staffSessions.label,
          createdAt: staffSessions.createdAt,
          lastUsedAt: staffSessions.lastUsedAt,
        })
        .from(staffSessions)
        .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)))
        .orderBy(desc(staffSessions.lastUsedAt), desc(staffSessions.id));
    },

    async revoke(userId, sessionId) {
      const revoked = await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id });
      return revoked.length > 0;
    },

    async rename(userId, sessionId, label) {
      const renamed = await db
        .update(staffSessions)
        .set({ label })
        .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id });
      return renamed.length > 0;
    },
  };
}
