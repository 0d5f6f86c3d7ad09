import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { LocalizedText } from '@pizzeria/domain';
import type { Database, Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { integerLiteral, timeLiteral } from '../db/sql-literals.ts';
import { HttpError } from './errors.ts';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

/** One counter: what it counts (`login:account`, `orders:address`, …), whose it is, and its limit. */
export interface Counter {
  kind: string;
  subject: string;
  limit: Limit;
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Attempts counted in fixed windows, shared by every instance through the database. `take` counts one
 * attempt against every counter in one statement before the work it guards, so a burst of parallel
 * requests is held to the limit exactly (counting after the work lets a burst through while the first
 * ones are still being checked).
 */
export interface RateLimits {
  /**
   * Counts one attempt on each counter, or on none when any of them has no attempt left: then the
   * answer is how long until the last of those is free again.
   */
  take(counters: Counter[]): Promise<Taken>;
  /** Gives one attempt back on each counter: the guarded work turned out not to count (a login that succeeded). */
  giveBack(counters: Counter[]): Promise<void>;
  /** Forgets the counters' attempts. */
  clear(counters: Pick<Counter, 'kind' | 'subject'>[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/** "in 5 Minuten" / "in 5 minutes": how long until a refused attempt may be made again. */
export function waitText(retryAfterSeconds: number): LocalizedText {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (retryAfterSeconds < 60) {
    return {
      de: `in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'Sekunde' : 'Sekunden'}`,
      en: `in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}`,
    };
  }
  return {
    de: `in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`,
    en: `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  };
}

/**
 * The answer to an attempt over its limit: `Retry-After` on the reply, and a 429 whose message (in
 * both languages) says how long to wait.
 */
export function tooMany(
  reply: FastifyReply,
  retryAfterSeconds: number,
  code: string,
  message: (wait: LocalizedText) => LocalizedText,
): HttpError {
  void reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(429, code, message(waitText(retryAfterSeconds)));
}

/** The stored key: a hash, so the table holds no e-mail address or client address in clear. */
function keyOf(counter: Pick<Counter, 'kind' | 'subject'>): string {
  return createHash('sha256').update(`${counter.kind}\u0000${counter.subject}`).digest('base64url');
}

/** How long until every counter over its limit has a new window (0: none is over). */
function waitOf(counted: CountedRow[], limits: Map<string, Limit>, at: Date): number {
  let waitMs = 0;
  for (const row of counted) {
    if (row.hits > (limits.get(row.key)?.max ?? 0)) {
      waitMs = Math.max(waitMs, row.windowEndsAt.getTime() - at.getTime());
    }
  }
  return waitMs;
}

/** The stored key as an SQL literal: a base64url hash (see `keyOf`), checked so that it can be nothing else. */
function keyLiteral(key: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error('a rate limit key is not a hash');
  return `'${key}'`;
}

interface CountedRow {
  key: string;
  hits: number;
  windowEndsAt: Date;
}

/**
 * The counting on PostgreSQL in one round trip: two statements in one simple query, which PostgreSQL runs
 * as one transaction. The first counts the attempt on every counter, taking their rows' locks in key
 * order; the second takes it back from all of them when any is over its limit, before the commit, so
 * nobody sees the count in between. The simple query protocol has no parameters: the values are written
 * into the text, and each is a hash, a whole number or a timestamp.
 */
function countingQuery(keys: string[], limits: Map<string, Limit>, at: Date): string {
  const now = timeLiteral(at);
  const expired = `r.window_ends_at <= ${now}`;
  const rows = keys
    .map((key) => {
      const windowEndsAt = new Date(at.getTime() + (limits.get(key)?.windowSeconds ?? 0) * 1000);
      return `(${keyLiteral(key)}, 1, ${timeLiteral(windowEndsAt)})`;
    })
    .join(', ');
  const maxima = keys
    .map((key) => `(${keyLiteral(key)}, ${integerLiteral(Math.trunc(limits.get(key)?.max ?? 0))})`)
    .join(', ');
  return `insert into rate_limits as r (key, hits, window_ends_at) values ${rows}
on conflict (key) do update set
  hits = case when ${expired} then 1 else r.hits + 1 end,
  window_ends_at = case when ${expired} then excluded.window_ends_at else r.window_ends_at end
returning r.key, r.hits, (extract(epoch from r.window_ends_at) * 1000)::float8 as window_ends_ms;
update rate_limits set hits = hits - 1
where key in (${keys.map(keyLiteral).join(', ')})
  and exists (
    select 1 from rate_limits r join (values ${maxima}) as l(key, max) on l.key = r.key where r.hits > l.max
  )`;
}

/**
 * `kind` is the database's: on `postgres` an attempt is counted in one round trip (`countingQuery`), the
 * rate-limit part of every order; on `pglite` in a transaction of up to four statements, as PGlite takes
 * one statement per query (and has no network in between). Both hold to the same rules.
 */
export function createRateLimits(
  db: Db,
  now: () => Date = () => new Date(),
  kind: Database['kind'] = 'pglite',
): RateLimits {
  async function countInTransaction(keys: string[], limits: Map<string, Limit>, at: Date) {
    const expired = sql`${rateLimits.windowEndsAt} <= ${at.toISOString()}::timestamptz`;
    return db.transaction(async (tx) => {
      const counted: CountedRow[] = await tx
        .insert(rateLimits)
        .values(
          keys.map((key) => ({
            key,
            hits: 1,
            windowEndsAt: new Date(at.getTime() + (limits.get(key)?.windowSeconds ?? 0) * 1000),
          })),
        )
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
          },
        })
        .returning({ key: rateLimits.key, hits: rateLimits.hits, windowEndsAt: rateLimits.windowEndsAt });
      // A refused attempt counts against none of the counters: hammering a blocked one (one address and
      // account) must not use up another (the account from everywhere). The rows stay locked until the
      // commit, so nobody sees the count in between.
      if (waitOf(counted, limits, at) > 0) {
        await tx
          .update(rateLimits)
          .set({ hits: sql`${rateLimits.hits} - 1` })
          .where(inArray(rateLimits.key, keys));
      }
      return counted;
    });
  }

  async function countInOneRoundTrip(keys: string[], limits: Map<string, Limit>, at: Date): Promise<CountedRow[]> {
    // node-postgres answers a query of several statements with one result each.
    const results = (await db.execute(sql.raw(countingQuery(keys, limits, at)))) as unknown as {
      rows: { key: string; hits: number; window_ends_ms: number }[];
    }[];
    const inserted = results[0]?.rows ?? [];
    return inserted.map((row) => ({ key: row.key, hits: row.hits, windowEndsAt: new Date(row.window_ends_ms) }));
  }

  /**
   * The counters' rows, locked in key order as `take` locks them: an UPDATE or DELETE of several rows
   * locks them in the order it finds them, and two statements waiting on each other's rows in a circle
   * are a deadlock (50 retries of one order, some refused and giving back, met one).
   */
  function lockedInKeyOrder(counters: Pick<Counter, 'kind' | 'subject'>[]) {
    return db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, counters.map(keyOf)))
      .orderBy(rateLimits.key)
      .for('update');
  }

  return {
    async take(counters) {
      if (counters.length === 0) return { ok: true };
      const at = now();
      const limits = new Map<string, Counter['limit']>();
      for (const counter of counters) {
        const key = keyOf(counter);
        const known = limits.get(key);
        limits.set(key, known && known.max <= counter.limit.max ? known : counter.limit);
      }
      // Rows are locked in key order, so two attempts over the same keys never wait on each other in a circle.
      const keys = [...limits.keys()].sort();
      const counted =
        kind === 'postgres' ? await countInOneRoundTrip(keys, limits, at) : await countInTransaction(keys, limits, at);
      const waitMs = waitOf(counted, limits, at);
      if (waitMs === 0) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    async giveBack(counters) {
      if (counters.length === 0) return;
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(inArray(rateLimits.key, lockedInKeyOrder(counters)));
    },

    async clear(counters) {
      if (counters.length === 0) return;
      await db.delete(rateLimits).where(inArray(rateLimits.key, lockedInKeyOrder(counters)));
    },
  };
}

/** How often windows that have ended are deleted: their keys are personal data kept no longer than needed. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export default fp(
  async (app) => {
    const db = app.database.db;
    app.decorate('rateLimits', createRateLimits(db, undefined, app.database.kind));
    const sweep = setInterval(() => {
      db.delete(rateLimits)
        .where(lt(rateLimits.windowEndsAt, new Date()))
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete ended rate limit windows'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
