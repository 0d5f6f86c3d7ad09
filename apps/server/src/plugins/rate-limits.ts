import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import type { ApiErrorCode, LocalizedText } from '@pizzeria/domain';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { Placeholders } from '../db/statement.ts';
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
 * One attempt on some counters, to be counted by a statement of the caller's, so that the counting
 * needs no round trip of its own (an order's first read counts it). `take` runs it alone.
 */
export interface Attempt {
  /**
   * An SQL expression that counts the attempt as `take` does and answers the counters as counted (JSON),
   * written with the statement's parameters.
   */
  expression(params: Placeholders): string;
  /** What the expression answered means: through, or how long to wait. */
  result(counted: unknown): Taken;
}

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
  /** `take`'s attempt, for a statement of the caller's to count. */
  attempt(counters: Counter[]): Attempt;
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
  code: ApiErrorCode,
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

/** The counters as counted, as `Attempt.expression` answers them: [key, hits, window end in ms]. */
const countedSchema = z.array(z.tuple([z.string(), z.int(), z.number()]));

/**
 * Attempts counted by `take_rate_limits` (migration 0013): one call, in which the counters' rows are
 * counted in key order and the attempt is taken back from all of them when any is over its limit,
 * before the commit. An order's attempt is counted by its first read (`attempt`); other attempts by a
 * prepared statement of their own.
 */
export function createRateLimits(
  database: Pick<Database, 'db' | 'prepared'>,
  now: () => Date = () => new Date(),
): RateLimits {
  const { db } = database;

  function attempt(counters: Counter[]): Attempt {
    const at = now();
    const limits = new Map<string, Counter['limit']>();
    for (const counter of counters) {
      const key = keyOf(counter);
      const known = limits.get(key);
      limits.set(key, known && known.max <= counter.limit.max ? known : counter.limit);
    }
    // The function takes the rows in key order, so two attempts over the same keys never wait on each other in a circle.
    const keys = [...limits.keys()].sort();
    return {
      expression(params) {
        if (keys.length === 0) return `'[]'::json`;
        const maxima = keys.map((key) => Math.trunc(limits.get(key)?.max ?? 0));
        const windowEnds = keys.map((key) =>
          new Date(at.getTime() + (limits.get(key)?.windowSeconds ?? 0) * 1000).toISOString(),
        );
        return `(select coalesce(json_agg(json_build_array(t.counted_key, t.counted_hits, t.window_ends_ms)), '[]'::json)
  from take_rate_limits(${params.add(keys, 'text[]')}, ${params.add(maxima, 'int4[]')}, ${params.add(windowEnds, 'timestamptz[]')}, ${params.add(at.toISOString(), 'timestamptz')}) t)`;
      },
      result(counted) {
        const rows: CountedRow[] = countedSchema
          .parse(counted)
          .map(([key, hits, windowEndsMs]) => ({ key, hits, windowEndsAt: new Date(windowEndsMs) }));
        const waitMs = waitOf(rows, limits, at);
        if (waitMs === 0) return { ok: true };
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      },
    };
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
      const counting = attempt(counters);
      const params = new Placeholders();
      const text = `select ${counting.expression(params)} as counted`;
      const [row] = await database.prepared({ text, values: params.values });
      return counting.result(row?.counted);
    },

    attempt,

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
