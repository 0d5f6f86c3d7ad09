import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import { type Role, type StaffRole, staffRoleAllows } from '@pizzeria/domain';
import { customerSessions, settings, staffSessions, users } from '../db/schema.ts';
import { HttpError } from './errors.ts';

/** Who is calling: set from a valid bearer token, else null (an anonymous visitor or a guest). */
export interface Caller {
  id: number;
  role: Role;
  /**
   * The signed-in device the token belongs to: a staff session for an admin, a customer session for a
   * customer. Every token names one; absent only for callers made up outside a token.
   */
  sessionId?: number;
  /** A member of staff's role, as it is now (an owner's change counts from the next request); absent for customers. */
  staffRole?: StaffRole;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: {
      /**
       * A bearer token for the user as it is now (its session version is part of the token). It names
       * the signed-in device's session (a staff session for an admin, a customer session for a customer):
       * it stops working as soon as that session is revoked.
       */
      issueToken(
        user: { id: number; role: Role; sessionVersion: number },
        options: { sessionId: number; lifetimeSeconds?: number },
      ): Promise<string>;
      /** How long a token lives at most, in seconds: a customer session ends with its token. */
      readonly tokenLifetimeSeconds: number;
      /** The caller a bearer token names, or null (WebSocket channels get the token in a message). */
      verifyToken(token: string): Promise<Caller | null>;
      /**
       * A "known device" token (decision 006): given to a device at a successful login, it lets that
       * device's logins be counted on their own, so guessing elsewhere never locks it out.
       */
      issueDeviceToken(user: { id: number; email: string }): Promise<string>;
      /** The device's id when the token is a valid known-device token for this (normalised) e-mail, else null. */
      verifyDeviceToken(token: string, email: string): Promise<string | null>;
      /** Hook (onRequest, before the body is read): 401 unless a customer or admin is signed in. */
      requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** Hook (onRequest): 401 when nobody is signed in, 403 unless the caller is an admin. */
      requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** 403 unless the signed-in member of staff's role allows what needs at least `required`. */
      requireStaffRole(request: FastifyRequest, required: StaffRole): void;
    };
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. Read after the auth plugin's onRequest hook. */
    caller: Caller | null;
  }
}

export interface AuthPluginOptions {
  /** `JWT_SECRET`; without it a secret is generated once and kept in the database (README's Architecture). */
  secret?: string;
  /** Lifetime of a token in seconds. */
  tokenLifetimeSeconds?: number;
}

const JWT_SECRET_SETTING = 'jwt_secret';
const DEVICE_AUDIENCE = 'known-device';
/** A device that has not signed in for a year is a stranger again. */
const DEVICE_LIFETIME = '365d';
const deviceClaimsSchema = z.object({ jti: z.string(), em: z.string() });

/** Binds a device token to one account without putting its e-mail address on the device. */
function emailTag(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 22);
}
const ISSUER = 'pizzeria';
/** A customer session's last use is written at most this often, never on every request. */
const LAST_USED_PRECISION_MS = 10 * 60 * 1000;
const claimsSchema = z.object({
  sub: z.string().check(z.regex(/^\d+$/)),
  role: z.enum(['customer', 'admin']),
  sv: z.int(),
  /** The session: a staff session (docs/product/back-office.md) or a customer's (docs/product/shop.md). */
  sid: z.optional(z.int()),
});

const NOT_SIGNED_IN = new HttpError(401, 'not_authenticated', {
  de: 'Bitte melden Sie sich an.',
  en: 'Please log in.',
});
const SESSION_ENDED = new HttpError(401, 'session_expired', {
  de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  en: 'Your session has expired. Please log in again.',
});
const ADMINS_ONLY = new HttpError(403, 'forbidden', {
  de: 'Dafür fehlen Ihnen die Rechte.',
  en: 'You are not allowed to do that.',
});

/**
 * Bearer JWTs (HS256, jose). Every request gets `request.caller`: a token that is malformed, expired,
 * signed with another secret, older than the user's last password change, or whose device was signed out
 * makes the request anonymous on public routes and a 401 on routes that require a user.
 */
export default fp<AuthPluginOptions>(
  async (app, options) => {
    const key = new TextEncoder().encode(options.secret ?? (await storedSecret()));
    const lifetime = options.tokenLifetimeSeconds ?? 12 * 60 * 60;

    async function storedSecret(): Promise<string> {
      const db = app.database.db;
      await db
        .insert(settings)
        .values({ key: JWT_SECRET_SETTING, value: randomBytes(48).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, JWT_SECRET_SETTING));
      const secret = z.string().check(z.minLength(32)).safeParse(row?.value);
      if (!secret.success) throw new Error(`The stored ${JWT_SECRET_SETTING} setting is not a usable secret`);
      return secret.data;
    }

    /** The caller a token names, or why it names nobody. */
    async function callerOf(token: string): Promise<Caller | 'invalid' | 'ended'> {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          // jose checks `exp` only when present: a token without it would never end.
          requiredClaims: ['exp', 'iat'],
          maxTokenAge: lifetime,
        }));
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'ended' : 'invalid';
      }
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return 'invalid';
      const id = Number(claims.data.sub);
      const sessionId = claims.data.sid;
      // Every token names its device's session, which a sign-out ends: one without (as tokens were once
      // given out) names nobody.
      if (sessionId === undefined) return 'ended';
      return claims.data.role === 'customer'
        ? customerCaller(id, sessionId, claims.data.sv)
        : staffCaller(id, sessionId, claims.data.sv);
    }

    /** A signed-out device's access token must stop at once, not when it expires: one read with the user's. */
    async function staffCaller(id: number, sessionId: number, sessionVersion: number): Promise<Caller | 'ended'> {
      const [user] = await app.database.db
        .select({
          role: users.role,
          staffRole: users.staffRole,
          deactivatedAt: users.deactivatedAt,
          sessionVersion: users.sessionVersion,
          revokedAt: staffSessions.revokedAt,
        })
        .from(users)
        .innerJoin(staffSessions, and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, users.id)))
        .where(eq(users.id, id));
      if (!user || user.revokedAt !== null || user.deactivatedAt !== null) return 'ended';
      if (user.sessionVersion !== sessionVersion || user.role !== 'admin') return 'ended';
      return user.staffRole
        ? { id, role: user.role, sessionId, staffRole: user.staffRole }
        : { id, role: user.role, sessionId };
    }

    /** The same for a customer's device; its last use is noted now and then, for the customer's device list. */
    async function customerCaller(id: number, sessionId: number, sessionVersion: number): Promise<Caller | 'ended'> {
      const [user] = await app.database.db
        .select({
          role: users.role,
          sessionVersion: users.sessionVersion,
          revokedAt: customerSessions.revokedAt,
          expiresAt: customerSessions.expiresAt,
          lastUsedAt: customerSessions.lastUsedAt,
        })
        .from(users)
        .innerJoin(customerSessions, and(eq(customerSessions.id, sessionId), eq(customerSessions.userId, users.id)))
        .where(eq(users.id, id));
      const at = new Date();
      if (!user || user.revokedAt !== null || user.expiresAt <= at) return 'ended';
      if (user.sessionVersion !== sessionVersion || user.role !== 'customer') return 'ended';
      const stale = new Date(at.getTime() - LAST_USED_PRECISION_MS);
      if (user.lastUsedAt < stale) {
        // Conditional, so parallel requests of one device write it once.
        await app.database.db
          .update(customerSessions)
          .set({ lastUsedAt: at })
          .where(and(eq(customerSessions.id, sessionId), lt(customerSessions.lastUsedAt, stale)));
      }
      return { id, role: 'customer', sessionId };
    }

    app.decorateRequest('caller', null);
    /** Why a presented token was not accepted; routes that need a user answer with it. */
    const refused = new WeakMap<FastifyRequest, HttpError>();

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) {
        refused.set(request, NOT_SIGNED_IN);
        return;
      }
      const caller = await callerOf(match[1]);
      if (caller === 'invalid') refused.set(request, NOT_SIGNED_IN);
      else if (caller === 'ended') refused.set(request, SESSION_ENDED);
      else request.caller = caller;
    });

    app.decorate('auth', {
      async issueToken(user, tokenOptions) {
        return new SignJWT({ role: user.role, sv: user.sessionVersion, sid: tokenOptions.sessionId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.id))
          .setIssuer(ISSUER)
          .setIssuedAt()
          .setExpirationTime(`${Math.min(tokenOptions.lifetimeSeconds ?? lifetime, lifetime)}s`)
          .sign(key);
      },
      tokenLifetimeSeconds: lifetime,
      async verifyToken(token) {
        const caller = await callerOf(token);
        return typeof caller === 'string' ? null : caller;
      },
      async issueDeviceToken(user) {
        return new SignJWT({ em: emailTag(user.email) })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.id))
          .setIssuer(ISSUER)
          .setAudience(DEVICE_AUDIENCE)
          .setJti(randomUUID())
          .setIssuedAt()
          .setExpirationTime(DEVICE_LIFETIME)
          .sign(key);
      },
      async verifyDeviceToken(token, email) {
        try {
          const { payload } = await jwtVerify(token, key, {
            issuer: ISSUER,
            audience: DEVICE_AUDIENCE,
            algorithms: ['HS256'],
            requiredClaims: ['exp', 'iat', 'jti'],
          });
          const claims = deviceClaimsSchema.safeParse(payload);
          return claims.success && claims.data.em === emailTag(email) ? claims.data.jti : null;
        } catch {
          return null;
        }
      },
      async requireUser(request) {
        if (!request.caller) throw refused.get(request) ?? NOT_SIGNED_IN;
      },
      async requireAdmin(request) {
        if (!request.caller) throw refused.get(request) ?? NOT_SIGNED_IN;
        if (request.caller.role !== 'admin') throw ADMINS_ONLY;
      },
      requireStaffRole(request, required) {
        if (!request.caller) throw refused.get(request) ?? NOT_SIGNED_IN;
        if (request.caller.role !== 'admin' || !staffRoleAllows(request.caller.staffRole, required)) throw ADMINS_ONLY;
      },
    });
  },
  { name: 'auth', dependencies: ['database', 'errors'] },
);
