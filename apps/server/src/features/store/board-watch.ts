import { and, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { isWithinHours } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, stores } from '../../db/schema.ts';
import { pauseFields } from './availability.ts';

/** How often each instance records its boards and looks for stores nobody watches. */
const CHECK_INTERVAL_MS = 30_000;

/** What closes: a board's socket. */
interface Closable {
  once(event: 'close', listener: () => void): unknown;
}

export interface BoardWatchService {
  /**
   * A staff board authenticated on this instance: records at once that a board is there (which lifts an
   * automatic pause) and keeps recording it on every check until `socket` closes. Never rejects.
   */
  boardConnected(socket: Closable): Promise<void>;
  /**
   * One sweep, as the timer runs it every 30 s: records this instance's boards, then pauses online orders
   * of every store that is open by its hours, has automatic pauses on, and has had no board for its
   * `auto_pause_after_minutes`. Resolves with the ids of the stores this call paused.
   */
  check(): Promise<number[]>;
  /** Boards connected to this instance now. */
  readonly boards: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    boardWatch: BoardWatchService;
  }
}

type PauseRow = Pick<typeof stores.$inferSelect, 'orderingPaused' | 'orderingPausedUntil' | 'orderingPausedBy'>;

const AUTO_PAUSE: PauseRow = { orderingPaused: true, orderingPausedUntil: null, orderingPausedBy: 'auto' };
const RESUMED: PauseRow = { orderingPaused: false, orderingPausedUntil: null, orderingPausedBy: null };

const pauseColumns = {
  orderingPaused: stores.orderingPaused,
  orderingPausedUntil: stores.orderingPausedUntil,
  orderingPausedBy: stores.orderingPausedBy,
};

/** Orders are not paused at `now`: never paused, or paused until a time that has passed. */
function notPausedAt(now: Date) {
  return sql`(${stores.orderingPaused} = false or ${stores.orderingPausedUntil} <= ${now.toISOString()}::timestamptz)`;
}

/** No board has been seen for the store's `auto_pause_after_minutes` before `now`. */
function unwatchedAt(now: Date) {
  return sql`(${stores.boardSeenAt} is null or ${stores.boardSeenAt} < ${now.toISOString()}::timestamptz - ${stores.autoPauseAfterMinutes} * interval '1 minute')`;
}

/**
 * Lifts every automatic pause, recording each in the audit log, in the caller's transaction. The rows are
 * locked first, so an instance that waited for another's lift finds nothing left to lift.
 */
async function resumeAutoPauses(tx: Db): Promise<number[]> {
  const paused = await tx
    .select({ id: stores.id, ...pauseColumns })
    .from(stores)
    .where(eq(stores.orderingPausedBy, 'auto'))
    .for('no key update');
  if (paused.length === 0) return [];
  const resumed = await tx
    .update(stores)
    .set(RESUMED)
    .where(
      and(
        inArray(
          stores.id,
          paused.map((row) => row.id),
        ),
        eq(stores.orderingPausedBy, 'auto'),
      ),
    )
    .returning({ id: stores.id });
  const ids = new Set(resumed.map((row) => row.id));
  const entries = paused.filter((row) => ids.has(row.id));
  if (entries.length > 0) {
    await tx.insert(auditLog).values(
      entries.map((row) => ({
        storeId: row.id,
        actorKind: 'system' as const,
        entity: 'store',
        entityId: String(row.id),
        action: 'auto_resume',
        before: pauseFields(row),
        after: pauseFields(RESUMED),
      })),
    );
  }
  return entries.map((row) => row.id);
}

/**
 * "Never miss an order": while no staff board is connected to any instance during opening
 * hours, online orders pause by themselves and resume when a board connects (see README.md here).
 *
 * Presence is shared through the database: every instance with a board writes `stores.board_seen_at`
 * when one connects, on every check while one is connected, and when its last one leaves. The pause is
 * one conditional UPDATE under the store's row lock, so however many instances sweep, a store pauses
 * once and gets one audit entry. An instance starts watching at its first check and pauses nothing until
 * it has watched for the store's setting itself: a server started before any board ever connected (or
 * after a deployment restarted every instance) gives the staff that long to open the board.
 */
export default fp(
  async (app) => {
    const db = app.database.db;
    const now = () => app.storeStatus.clock.now();
    let boards = 0;
    let watchingSince: Date | null = null;
    let closing = false;
    let sweep: Promise<number[]> | null = null;

    /** Records that this instance has a board now, and lifts automatic pauses. */
    async function seen(at: Date): Promise<void> {
      const resumed = await db.transaction(async (tx) => {
        await tx.update(stores).set({ boardSeenAt: at });
        return resumeAutoPauses(tx);
      });
      for (const storeId of resumed) await app.storeStatus.changed(storeId);
      if (resumed.length > 0) app.log.info({ storeIds: resumed }, 'a staff board connected: online orders resumed');
    }

    async function seenSafely(): Promise<void> {
      if (closing) return;
      try {
        await seen(now());
      } catch (error) {
        app.log.error({ err: error }, 'could not record that a staff board is connected');
      }
    }

    /** Pauses one store if it still has no board and is not paused, recording it; false when it was not. */
    async function pauseStore(storeId: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(pauseColumns).from(stores).where(eq(stores.id, storeId)).for('no key update');
        if (!before) return false;
        const paused = await tx
          .update(stores)
          .set(AUTO_PAUSE)
          .where(and(eq(stores.id, storeId), eq(stores.autoPauseEnabled, true), notPausedAt(at), unwatchedAt(at)))
          .returning({ id: stores.id });
        if (paused.length === 0) return false;
        await tx.insert(auditLog).values({
          storeId,
          actorKind: 'system',
          entity: 'store',
          entityId: String(storeId),
          action: 'auto_pause',
          before: pauseFields(before),
          after: pauseFields(AUTO_PAUSE),
        });
        return true;
      });
    }

    async function run(): Promise<number[]> {
      const at = now();
      watchingSince ??= at;
      if (boards > 0) await seen(at);
      const candidates = await db
        .select({ id: stores.id, afterMinutes: stores.autoPauseAfterMinutes })
        .from(stores)
        .where(and(eq(stores.autoPauseEnabled, true), notPausedAt(at), unwatchedAt(at)));
      const paused: number[] = [];
      for (const store of candidates) {
        if (at.getTime() - watchingSince.getTime() < store.afterMinutes * 60_000) continue;
        const availability = await app.storeStatus.availability(store.id);
        if (!availability || !isWithinHours(availability, at)) continue;
        if (await pauseStore(store.id, at)) paused.push(store.id);
      }
      for (const storeId of paused) await app.storeStatus.changed(storeId);
      if (paused.length > 0) app.log.warn({ storeIds: paused }, 'no staff board connected: online orders paused');
      return paused;
    }

    const service: BoardWatchService = {
      get boards() {
        return boards;
      },

      async boardConnected(socket) {
        boards += 1;
        socket.once('close', () => {
          boards -= 1;
          // The setting's minutes count from when the last board left, not from the check before.
          if (boards === 0) void seenSafely();
        });
        await seenSafely();
      },

      check() {
        sweep ??= run().finally(() => {
          sweep = null;
        });
        return sweep;
      },
    };

    const timer = setInterval(() => {
      service.check().catch((error: unknown) => app.log.error({ err: error }, 'the board watch could not check'));
    }, CHECK_INTERVAL_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
    });
    app.addHook('onClose', async () => {
      await sweep?.catch(() => undefined);
    });

    app.decorate('boardWatch', service);
  },
  { name: 'board-watch', dependencies: ['database', 'store-status'] },
);
