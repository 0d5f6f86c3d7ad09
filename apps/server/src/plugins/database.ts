import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.ts';
import { unreachableReason } from '../db/database-errors.ts';
import { replayJournal } from '../db/order-journal.ts';
import { startSnapshotSchedule, type SnapshotSchedule } from '../db/snapshot-schedule.ts';
import type { JournalCursor } from '../db/snapshots.ts';
import { seedDemoRestaurant, type SeedOptions } from '../db/seed/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** The embedded database's snapshots (PGlite in a directory only); null in memory and on PostgreSQL. */
    snapshots: SnapshotSchedule | null;
  }
}

export interface DatabasePluginOptions {
  url?: string;
  dataDir: string;
  /** PostgreSQL connections this instance keeps at most (`DATABASE_POOL_SIZE`). */
  poolSize?: number;
  seed?: SeedOptions;
  /** Snapshots of PGlite in `dataDir`; none without (tests) and never on PostgreSQL or in memory. */
  snapshots?: { intervalMinutes: number; keep: number };
  /** The order journal whose entries a snapshot holds, so that they can go. */
  journal?: JournalCursor;
  /** PGlite in `dataDir` that does not open cleanly: recover it (the default), or refuse to start. */
  recover?: boolean;
}

/** Opens and migrates the database, and closes it with the server. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const database = await openDatabase({
      ...options,
      onIdleError: (error) => {
        // During an outage every idle connection reports its loss: one line each, not a stack.
        const reason = unreachableReason(error);
        if (reason) app.log.warn(`an idle database connection was lost (${reason}); the pool replaces it`);
        else app.log.error({ err: error }, 'an idle database connection failed; the pool replaces it');
      },
      say: (message) => app.log.warn(message),
    });
    if (await seedDemoRestaurant(database.db, options.seed)) app.log.info('seeded the demo restaurant (store 13)');
    await replayOrders(app, database);
    app.decorate('database', database);
    const source = database.snapshotSource;
    const snapshots =
      source && options.snapshots
        ? await startSnapshotSchedule({
            dataDir: options.dataDir,
            source,
            intervalMs: options.snapshots.intervalMinutes * 60_000,
            keep: options.snapshots.keep,
            journal: options.journal ?? database.orderJournal?.journal ?? null,
            log: {
              info: (fields, message) => app.log.info(fields, message),
              error: (message) => app.log.error(message),
            },
          })
        : null;
    app.decorate('snapshots', snapshots);
    app.addHook('onClose', async () => {
      // The last snapshot before the database closes: a clean shutdown leaves a fresh copy.
      await snapshots?.stop();
      await database.close();
    });
  },
  { name: 'database' },
);

/**
 * Writes back what the order journal holds and the database lacks: after a recovery, everything since the
 * snapshot; on any other start usually nothing (a replay onto a whole database changes nothing). After the
 * seed, which a recovery without a snapshot needs first (the orders' store).
 */
async function replayOrders(app: FastifyInstance, database: Database): Promise<void> {
  const journal = database.orderJournal?.journal;
  if (!journal) return;
  const { recovery } = database;
  const replayed = await replayJournal(database.db, journal, recovery?.snapshot?.journal ?? 0, (message) =>
    app.log.warn(message),
  );
  for (const reason of replayed.skipped) {
    app.log.error(`the order journal's entry could not be written back: ${reason}`);
  }
  if (recovery) {
    const from = recovery.snapshot
      ? `the snapshot of ${recovery.snapshot.takenAt.toISOString()} (${path.basename(recovery.snapshot.file)})`
      : 'an empty database';
    app.log.warn(
      { ordersReplayed: replayed.orders.length, journalEntries: replayed.entries, movedTo: recovery.movedTo },
      `recovered DATA_DIR from ${from}: ${replayed.orders.length} orders replayed from the order journal`,
    );
  } else if (replayed.orders.length > 0) {
    app.log.warn(
      { orders: replayed.orders },
      `the order journal held ${replayed.orders.length} orders the database lacked or held older: written back`,
    );
  }
}
