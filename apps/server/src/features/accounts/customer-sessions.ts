import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerSessions } from '../../db/schema.ts';

/** What a device list shows when the device gave no name: its user agent, shortened. */
export function deviceNameOf(given: string | undefined, userAgent: string | undefined): string {
  return (given || userAgent || '').slice(0, 100);
}

export interface CustomerSessionRow {
  id: number;
  deviceName: string;
  createdAt: Date;
  lastUsedAt: Date;
}

/**
 * A customer's signed-in devices (docs/product/shop.md, "Mein Konto"): every customer token names one
 * (plugins/auth.ts), and a session ends with its token, so the list shows only devices still signed in.
 */
export function createCustomerSessions(deps: { db: Db; lifetimeSeconds: number; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const endOfToken = () => new Date(now().getTime() + deps.lifetimeSeconds * 1000);

  return {
    /** Signs a device in: the new session's id, for its token. */
    async start(userId: number, deviceName: string): Promise<number> {
      const [row] = await db
        .insert(customerSessions)
        .values({ userId, deviceName, expiresAt: endOfToken() })
        .returning({ id: customerSessions.id });
      if (!row) throw new Error('no customer session was started');
      return row.id;
    },

    /** The devices signed in now, the one used last first. */
    async list(userId: number): Promise<CustomerSessionRow[]> {
      return db
        .select({
          id: customerSessions.id,
          deviceName: customerSessions.deviceName,
          createdAt: customerSessions.createdAt,
          lastUsedAt: customerSessions.lastUsedAt,
        })
        .from(customerSessions)
        .where(
          and(
            eq(customerSessions.userId, userId),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, now()),
          ),
        )
        .orderBy(desc(customerSessions.lastUsedAt), desc(customerSessions.id));
    },

    /** Signs one of the user's devices out; false when it is someone else's, unknown or already out. */
    async revoke(userId: number, id: number): Promise<boolean> {
      const revoked = await db
        .update(customerSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(customerSessions.id, id),
            eq(customerSessions.userId, userId),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, now()),
          ),
        )
        .returning({ id: customerSessions.id });
      return revoked.length > 0;
    },

    /** Signs out every device of the user but `keep` (none when null). */
    async revokeAll(tx: Pick<Db, 'update'>, userId: number, keep: number | null): Promise<void> {
      await tx
        .update(customerSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(customerSessions.userId, userId),
            isNull(customerSessions.revokedAt),
            ...(keep === null ? [] : [ne(customerSessions.id, keep)]),
          ),
        );
    },

    /** The session lives as long as the new token given to its device. */
    async renew(tx: Pick<Db, 'update'>, id: number): Promise<void> {
      await tx.update(customerSessions).set({ expiresAt: endOfToken() }).where(eq(customerSessions.id, id));
    },
  };
}

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;
