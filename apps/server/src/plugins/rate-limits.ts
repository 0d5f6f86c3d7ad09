import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import type { LocalizedText } from '@pizzeria/domain';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { Parameters } from '../db/statement.ts';
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

/** A counter as counted: its hits with this attempt, and when its window ends. */
interface CountedRow {
  key: string;
  hits: number;
  windowEndsAt: Date;
}

const countedRowSchema = z.object({
  counted_key: z.string(),
  counted_hits: z.int(),
  window_ends_ms: z.number(),
});

/**
 * Attempts counted by `take_rate_limits` (migration 0013): one statement, prepared on PostgreSQL, in
 * which the counters' rows are counted in key order and the attempt is taken back from all of them when
 * any is over its limit, before the commit. The rate-limit part of every order.
 */
export function createRateLimits(
  database: Pick<Database, 'db' | 'prepared'>,
  now: () => Date = () => new Date(),
): RateLimits {
  const { db } = database;

  async function count(keys: string[], limits: Map<string, Limit>, at: Date): Promise<CountedRow[]> {
    const params = new Parameters();
    const maxima = keys.map((key) => Math.trunc(limits.get(key)?.max ?? 0));
    const windowEnds = keys.map((key) =>
      new Date(at.getTime() + (limits.get(key)?.windowSeconds ?? 0) * 1000).toISOString(),
    );
    const text = `select counted_key, counted_hits, window_ends_ms from take_rate_limits(${params.add(keys, 'text[]')}, ${params.add(maxima, 'int4[]')}, ${params.add(windowEnds, 'timestamptz[]')}, ${params.add(at.toISOString(), 'timestamptz')})`;
    const rows = await database.prepared({ text, values: params.values });
    return rows.map((row) => {
      const counted = countedRowSchema.parse(row);
      return { key: counted.counted_key, hits: counted.counted_hits, windowEndsAt: new Date(counted.window_ends_ms) };
    });
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
      const counted = await count(keys, limits, at);
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
    app.decorate('rateLimits', createRateLimits(app.database));
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
