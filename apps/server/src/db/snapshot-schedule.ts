import path from 'node:path';
import {
  BACKUPS_DIR,
  listSnapshots,
  pruneSnapshots,
  takeSnapshot,
  type ExclusiveDatabase,
  type JournalCursor,
  type TakenSnapshot,
} from './snapshots.ts';

/** The embedded database as the schedule sees it: its locks, and where its log of changes stands. */
export interface SnapshotSource extends ExclusiveDatabase {
  /** Anything that changed the database moves this on (PostgreSQL's `pg_current_wal_lsn()`). */
  changeMark(): Promise<string>;
}

export interface SnapshotLog {
  info(fields: object, message: string): void;
  error(message: string): void;
}

export interface SnapshotSchedule {
  /** Takes one now, changed or not (SIGUSR2, `npm run backup`); null when it failed (logged). */
  takeNow(): Promise<TakenSnapshot | null>;
  /** One tick of the schedule: a snapshot when anything changed since the last. */
  tick(): Promise<TakenSnapshot | null>;
  /** Stops the timer and takes a last snapshot if anything changed: call it before the database closes. */
  stop(): Promise<void>;
}

/**
 * Snapshots of the embedded database in `dataDir` every `intervalMs` while anything changed, and on
 * `stop()`; then the retention (`keep` newest and one a day for a week) and the journal entries they
 * hold removed. One at a time: a request for another waits for the one running. A failure is logged in
 * one line and the shop goes on.
 */
export async function startSnapshotSchedule(options: {
  dataDir: string;
  source: SnapshotSource;
  intervalMs: number;
  keep: number;
  journal: JournalCursor | null;
  log: SnapshotLog;
  now?: () => Date;
}): Promise<SnapshotSchedule> {
  const now = options.now ?? (() => new Date());
  const dir = path.join(options.dataDir, BACKUPS_DIR);
  // With no snapshot yet the first tick takes one; else one is due only once something changes.
  let lastMark: string | null = (await listSnapshots(dir)).length > 0 ? await options.source.changeMark() : null;
  let queue: Promise<unknown> = Promise.resolve();

  const snapshot = async (onlyIfChanged: boolean): Promise<TakenSnapshot | null> => {
    try {
      const mark = await options.source.changeMark();
      if (onlyIfChanged && mark === lastMark) return null;
      const journal = options.journal?.position() ?? 0;
      const taken = await takeSnapshot({ dataDir: options.dataDir, database: options.source, journal, now });
      lastMark = mark;
      const removed = await pruneSnapshots(dir, options.keep, now());
      // The journal is kept back to the snapshot before this one: if this one ever fails to open, recovery
      // falls back to the older one and still finds every order since in the journal.
      const previous = (await listSnapshots(dir)).find((entry) => entry.file !== taken.file);
      if (previous) await options.journal?.removeThrough(Math.min(previous.journal, journal));
      options.log.info(
        {
          file: taken.file,
          bytes: taken.bytes,
          heldMs: Math.round(taken.heldMs),
          tookMs: Math.round(taken.tookMs),
          removed: removed.length,
        },
        'database snapshot taken',
      );
      return taken;
    } catch (error) {
      options.log.error(`database snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  let stopped = false;
  const queued = (onlyIfChanged: boolean): Promise<TakenSnapshot | null> => {
    // After stop() the database is closing: a signal that comes late takes none.
    if (stopped) return Promise.resolve(null);
    const next = queue.then(() => snapshot(onlyIfChanged));
    queue = next;
    return next;
  };

  const timer = setInterval(() => void queued(true), options.intervalMs);
  timer.unref();
  return {
    takeNow: () => queued(false),
    tick: () => queued(true),
    async stop() {
      clearInterval(timer);
      const last = queued(true);
      stopped = true;
      await last;
    },
  };
}
