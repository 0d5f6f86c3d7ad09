import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema.ts';

export interface ThrottleLimit {
  /** Failures within the window that block the key. */
  maxFailures: number;
  /** Length of the window failures are counted in, in seconds. */
  windowSeconds: number;
  /** How long a blocked key stays blocked, in seconds. */
  blockSeconds: number;
}

export interface LoginThrottleOptions {
  /** Failures for one account (email), whatever address they come from. */
  account?: Partial<ThrottleLimit>;
  /** Failures from one client address, whatever accounts they try. */
  address?: Partial<ThrottleLimit>;
  /** Window and block length for both keys, unless `account` or `address` name their own. */
  windowSeconds?: number;
  /** The clock; tests may replace it. */
  now?: () => Date;
}

export const DEFAULT_ACCOUNT_LIMIT: ThrottleLimit = { maxFailures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 };
export const DEFAULT_ADDRESS_LIMIT: ThrottleLimit = { maxFailures: 20, windowSeconds: 15 * 60, blockSeconds: 15 * 60 };

export interface LoginThrottle {
  /** Seconds until the later of the two keys is free again, or null when neither is blocked. */
  retryAfter(email: string, ip: string): Promise<number | null>;
  /** Counts a failed login against the account and the address. */
  recordFailure(email: string, ip: string): Promise<void>;
  /** A successful login clears the account's failures (the address keeps its count). */
  clearAccount(email: string): Promise<void>;
}

/** Later layers win, but only where they name a value. */
function limitOf(...layers: (Partial<ThrottleLimit> | undefined)[]): ThrottleLimit {
  const limit = { ...DEFAULT_ACCOUNT_LIMIT };
  for (const layer of layers) {
    for (const name of ['maxFailures', 'windowSeconds', 'blockSeconds'] as const) {
      const value = layer?.[name];
      if (value !== undefined) limit[name] = value;
    }
  }
  return limit;
}

const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Login throttling in the `login_throttle` table, so every server instance sees the same counts. A
 * key's failures are counted in a fixed window; reaching the limit blocks the key for `blockSeconds`,
 * and the first failure after a block (or after the window) starts a new window.
 */
export function createLoginThrottle(db: Db, options: LoginThrottleOptions = {}): LoginThrottle {
  const shared = options.windowSeconds
    ? { windowSeconds: options.windowSeconds, blockSeconds: options.windowSeconds }
    : {};
  const accountLimit = limitOf(DEFAULT_ACCOUNT_LIMIT, shared, options.account);
  const addressLimit = limitOf(DEFAULT_ADDRESS_LIMIT, shared, options.address);
  const now = options.now ?? (() => new Date());

  async function fail(key: string, limit: ThrottleLimit, at: Date): Promise<void> {
    const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
    const windowStart = new Date(at.getTime() - limit.windowSeconds * 1000);
    const blockUntil = new Date(at.getTime() + limit.blockSeconds * 1000);
    const startsAnew = sql`(${loginThrottle.windowStartedAt} <= ${timestamp(windowStart)} or (${loginThrottle.blockedUntil} is not null and ${loginThrottle.blockedUntil} <= ${timestamp(at)}))`;
    const failures = sql`(case when ${startsAnew} then 1 else ${loginThrottle.failures} + 1 end)`;
    await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        windowStartedAt: at,
        blockedUntil: limit.maxFailures <= 1 ? blockUntil : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          windowStartedAt: sql`(case when ${startsAnew} then ${timestamp(at)} else ${loginThrottle.windowStartedAt} end)`,
          blockedUntil: sql`(case when ${failures} >= ${limit.maxFailures} then ${timestamp(blockUntil)} when ${startsAnew} then null else ${loginThrottle.blockedUntil} end)`,
        },
      });
  }

  return {
    async retryAfter(email, ip) {
      const at = now();
      const rows = await db
        .select({ blockedUntil: loginThrottle.blockedUntil })
        .from(loginThrottle)
        .where(
          and(inArray(loginThrottle.key, [accountKey(email), addressKey(ip)]), gt(loginThrottle.blockedUntil, at)),
        );
      let latest = 0;
      for (const row of rows) latest = Math.max(latest, row.blockedUntil?.getTime() ?? 0);
      return latest > at.getTime() ? Math.ceil((latest - at.getTime()) / 1000) : null;
    },
    async recordFailure(email, ip) {
      const at = now();
      await fail(accountKey(email), accountLimit, at);
      await fail(addressKey(ip), addressLimit, at);
    },
    async clearAccount(email) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email)));
    },
  };
}
