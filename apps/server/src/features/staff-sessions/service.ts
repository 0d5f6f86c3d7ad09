import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Role } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { staffSessions, users } from '../../db/schema.ts';

/** Access tokens of staff devices are short-lived: a refresh renews them, a sign-out ends them at once. */
export const STAFF_ACCESS_TOKEN_SECONDS = 15 * 60;

/** Only this hash of a refresh token is stored: a copy of the table signs nobody in. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export type RotateResult =
  | {
      kind: 'ok';
      sessionId: number;
      refreshToken: string;
      user: { id: number; role: Role; sessionVersion: number };
    }
  /** The session was signed out, or the token was used a second time (then the session is signed out now). */
  | { kind: 'revoked' }
  | { kind: 'unknown' };

export interface StaffSessionRow {
  id: number;
  deviceName: string;
  createdAt: Date;
  lastUsedAt: Date;
}

export interface StaffSessionsService {
  /** A new signed-in device for the user, and its first refresh token. */
  start(userId: number, deviceName: string): Promise<{ sessionId: number; refreshToken: string }>;
  /** Exchanges a refresh token for the next one (single use). */
  rotate(refreshToken: string): Promise<RotateResult>;
  /** Signs out the device a refresh token belongs to; nothing when the token names no session. */
  revokeByToken(refreshToken: string): Promise<void>;
  /** The user's signed-in devices, most recently used first. */
  list(userId: number): Promise<StaffSessionRow[]>;
  /** Signs out one of the user's own devices: false when the user has no such signed-in device. */
  revoke(userId: number, sessionId: number): Promise<boolean>;
}

/**
 * Staff sessions (DESIGN §6): one per signed-in device, renewed by a rotating refresh token. A refresh
 * token that was already exchanged is a copy in someone else's hands (or the owner's, after a thief
 * exchanged it first): its use signs the device out, so at most one of them keeps the session.
 */
export function createStaffSessionsService(db: Db, now: () => Date = () => new Date()): StaffSessionsService {
  async function revokeSession(id: number): Promise<void> {
    await db
      .update(staffSessions)
      .set({ revokedAt: now() })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  }

  return {
    async start(userId, deviceName) {
      const refreshToken = newRefreshToken();
      const [session] = await db
        .insert(staffSessions)
        .values({ userId, deviceName, tokenHash: hashRefreshToken(refreshToken) })
        .returning({ id: staffSessions.id });
      if (!session) throw new Error('the staff session was not stored');
      return { sessionId: session.id, refreshToken };
    },

    async rotate(refreshToken) {
      const hash = hashRefreshToken(refreshToken);
      const next = newRefreshToken();
      // Checking and exchanging the token is one statement: of two concurrent refreshes, one wins.
      const [rotated] = await db
        .update(staffSessions)
        .set({
          previousTokenHash: sql`${staffSessions.tokenHash}`,
          tokenHash: hashRefreshToken(next),
          lastUsedAt: now(),
        })
        .where(and(eq(staffSessions.tokenHash, hash), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id, userId: staffSessions.userId });
      if (!rotated) {
        // An exchanged token used again, or the token of a signed-out device: the device stays (or is now) out.
        const [known] = await db
          .select({ id: staffSessions.id })
          .from(staffSessions)
          .where(or(eq(staffSessions.previousTokenHash, hash), eq(staffSessions.tokenHash, hash)))
          .limit(1);
        if (!known) return { kind: 'unknown' };
        await revokeSession(known.id);
        return { kind: 'revoked' };
      }
      const [user] = await db
        .select({ role: users.role, sessionVersion: users.sessionVersion })
        .from(users)
        .where(eq(users.id, rotated.userId));
      // No longer staff: the device is signed out rather than renewed.
      if (user?.role !== 'admin') {
        await revokeSession(rotated.id);
        return { kind: 'revoked' };
      }
      return {
        kind: 'ok',
        sessionId: rotated.id,
        refreshToken: next,
        user: { id: rotated.userId, role: user.role, sessionVersion: user.sessionVersion },
      };
    },

    async revokeByToken(refreshToken) {
      const hash = hashRefreshToken(refreshToken);
      await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            or(eq(staffSessions.tokenHash, hash), eq(staffSessions.previousTokenHash, hash)),
            isNull(staffSessions.revokedAt),
          ),
        );
    },

    async list(userId) {
      return db
        .select({
          id: staffSessions.id,
          deviceName: staffSessions.deviceName,
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
  };
}
