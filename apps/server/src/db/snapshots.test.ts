import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRows, openDatabase } from './client.ts';
import { startSnapshotSchedule, type SnapshotSource } from './snapshot-schedule.ts';
import {
  BACKUPS_DIR,
  listSnapshots,
  moveDatabaseAside,
  readSnapshot,
  restoreSnapshot,
  snapshotName,
  snapshotsToKeep,
  takeSnapshot,
  type SnapshotInfo,
} from './snapshots.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'pizzeria-snapshots-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function directory(name: string): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function probeRows(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = (await executeRows(database.db, sql`select label from snapshot_probe order by label`)) as {
      label: string;
    }[];
    return rows.map((row) => row.label);
  } finally {
    await database.close();
  }
}

describe('a snapshot of PGlite in a directory', () => {
  it('restores to what was committed when it was taken, and waits for an open transaction', async () => {
    const dataDir = directory('live');
    const database = await openDatabase({ dataDir });
    const source = database.snapshotSource;
    if (!source) throw new Error('PGlite in a directory has no snapshot source');
    await database.db.execute(sql`create table snapshot_probe (label text primary key)`);
    await database.db.execute(sql`insert into snapshot_probe values ('before-1'), ('before-2')`);

    // A transaction open when the snapshot is asked for: the snapshot waits for its commit.
    let commit = () => {};
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let inserted = () => {};
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into snapshot_probe values ('in-transaction')`);
      inserted();
      await gate;
    });
    await insertedOnce;
    const taking = takeSnapshot({ dataDir, database: source, journal: 42 });
    setTimeout(commit, 50);
    const taken = await taking;
    await transaction;
    await database.db.execute(sql`insert into snapshot_probe values ('after')`);
    await database.close();

    expect(path.basename(taken.file)).toMatch(/^snapshot-\d{8}T\d{6}\.\d{3}Z-j000000042\.tar\.gz$/);
    expect((await listSnapshots(path.join(dataDir, BACKUPS_DIR))).map((s) => s.journal)).toEqual([42]);
    const names = await readSnapshot(taken.file);
    expect(names).toContain('PG_VERSION');
    expect(names.filter((name) => /^(backups|pizzeria\.lock|postmaster\.pid)/.test(name))).toEqual([]);

    const restored = directory('restored');
    await restoreSnapshot(taken.file, restored);
    expect(await probeRows(restored)).toEqual(['before-1', 'before-2', 'in-transaction']);
    await expect(restoreSnapshot(taken.file, restored)).rejects.toThrow(/still holds a database/);

    // Moved aside, never deleted: the live database is still whole there.
    const aside = await moveDatabaseAside(dataDir);
    expect(aside).not.toBeNull();
    // The database's files only: the snapshots (and the order journal, whose entries a start writes back) stay.
    expect(readdirSync(dataDir).filter((name) => name !== 'journal')).toEqual([BACKUPS_DIR]);
    expect(readdirSync(aside ?? '')).toContain('PG_VERSION');
    await restoreSnapshot(taken.file, dataDir);
    expect(await probeRows(dataDir)).toEqual(['before-1', 'before-2', 'in-transaction']);
  });

  it('refuses a file that is not a whole snapshot', async () => {
    const file = path.join(directory('damaged'), 'snapshot-20261128T071500.000Z-j000000001.tar.gz');
    writeFileSync(file, 'not a gzip');
    await expect(restoreSnapshot(file, directory('damaged-target'))).rejects.toThrow();
  });
});

describe('which snapshots are kept', () => {
  const info = (iso: string): SnapshotInfo => ({ file: `/b/${iso}`, takenAt: new Date(iso), journal: 0 });

  it('keeps the newest ones and the newest of each of the last seven days', () => {
    // Every 6 hours for 10 days, the last at 18:00 on the 28th.
    const snapshots = Array.from({ length: 40 }, (_, index) =>
      info(new Date(Date.UTC(2026, 10, 28, 18) - index * 6 * 3_600_000).toISOString()),
    );
    const kept = [...snapshotsToKeep(snapshots, 3, new Date('2026-11-28T20:00:00Z'))].sort();
    expect(kept).toEqual(
      [
        // The three newest.
        '2026-11-28T18:00:00.000Z',
        '2026-11-28T12:00:00.000Z',
        '2026-11-28T06:00:00.000Z',
        // The newest of the 27th back to the 22nd (the 28th's is among the three).
        '2026-11-27T18:00:00.000Z',
        '2026-11-26T18:00:00.000Z',
        '2026-11-25T18:00:00.000Z',
        '2026-11-24T18:00:00.000Z',
        '2026-11-23T18:00:00.000Z',
        '2026-11-22T18:00:00.000Z',
      ]
        .map((iso) => `/b/${iso}`)
        .sort(),
    );
  });

  it('names sort by time and parse back', async () => {
    const dir = directory('names');
    for (const [iso, journal] of [
      ['2026-11-28T07:15:00.000Z', 7],
      ['2026-11-28T07:15:00.001Z', 8],
      ['2026-11-27T23:59:59.999Z', 1234567],
    ] as const) {
      writeFileSync(path.join(dir, snapshotName(new Date(iso), journal)), '');
    }
    writeFileSync(path.join(dir, 'notes.txt'), '');
    mkdirSync(path.join(dir, 'replaced-20261128T071500.000Z'));
    expect((await listSnapshots(dir)).map((s) => [s.takenAt.toISOString(), s.journal])).toEqual([
      ['2026-11-28T07:15:00.001Z', 8],
      ['2026-11-28T07:15:00.000Z', 7],
      ['2026-11-27T23:59:59.999Z', 1234567],
    ]);
  });
});

describe('the schedule', () => {
  /** A directory that looks like a database to the copy, and a source whose change mark the test moves. */
  function fakeDatabase(name: string) {
    const dataDir = directory(name);
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    mkdirSync(path.join(dataDir, 'base'));
    writeFileSync(path.join(dataDir, 'base', '1'), 'pages');
    const state = { mark: '0/1' };
    const source: SnapshotSource = {
      _runExclusiveTransaction: (fn) => fn(),
      _runExclusiveQuery: (fn) => fn(),
      changeMark: async () => state.mark,
    };
    return { dataDir, state, source };
  }

  it('takes a first one, none while nothing changed, one after a change, and the last one on stop', async () => {
    const { dataDir, state, source } = fakeDatabase('schedule');
    const removedThrough: number[] = [];
    let position = 5;
    const errors: string[] = [];
    let clock = Date.parse('2026-11-28T07:00:00Z');
    const schedule = await startSnapshotSchedule({
      dataDir,
      source,
      intervalMs: 3_600_000,
      keep: 12,
      journal: { position: () => position, removeThrough: async (seq) => void removedThrough.push(seq) },
      log: { info: () => {}, error: (message) => errors.push(message) },
      now: () => new Date((clock += 1000)),
    });
    const backups = path.join(dataDir, BACKUPS_DIR);

    expect(await schedule.tick()).not.toBeNull();
    expect(await schedule.tick()).toBeNull();
    expect(await schedule.tick()).toBeNull();
    state.mark = '0/2';
    position = 9;
    expect((await schedule.tick())?.journal).toBe(9);
    expect(await schedule.tick()).toBeNull();
    // Asked for by hand (SIGUSR2): taken even though nothing changed.
    expect(await schedule.takeNow()).not.toBeNull();
    await schedule.stop();
    // Asked for once stopped (a late SIGUSR2 while the database closes): none.
    expect(await schedule.takeNow()).toBeNull();
    expect((await listSnapshots(backups)).length).toBe(3);
    // The journal is trimmed only up to the snapshot before the newest: the first trims nothing.
    expect(removedThrough).toEqual([5, 9]);

    // A server started again on the directory: its snapshots exist, so nothing is due until a change.
    const again = await startSnapshotSchedule({
      dataDir,
      source,
      intervalMs: 3_600_000,
      keep: 12,
      journal: null,
      log: { info: () => {}, error: (message) => errors.push(message) },
      now: () => new Date((clock += 1000)),
    });
    expect(await again.tick()).toBeNull();
    state.mark = '0/3';
    await again.stop();
    expect((await listSnapshots(backups)).length).toBe(4);
    expect(errors).toEqual([]);
  });

  it('logs a failed snapshot in one line and goes on', async () => {
    const { dataDir, source } = fakeDatabase('failing');
    const errors: string[] = [];
    const schedule = await startSnapshotSchedule({
      dataDir,
      source: { ...source, changeMark: () => Promise.reject(new Error('the database is gone')) },
      intervalMs: 3_600_000,
      keep: 12,
      journal: null,
      log: { info: () => {}, error: (message) => errors.push(message) },
    });
    expect(await schedule.takeNow()).toBeNull();
    expect(errors).toEqual(['database snapshot failed: the database is gone']);
    await schedule.stop();
  });

  it('removes what retention does not keep, and a temporary file a crash left', async () => {
    const { dataDir, state, source } = fakeDatabase('retention');
    const backups = directory('retention/backups');
    writeFileSync(path.join(backups, '.snapshot-20261101T000000.000Z-j000000000.tar.gz.123.tmp'), '');
    let clock = Date.parse('2026-11-28T07:00:00Z');
    const schedule = await startSnapshotSchedule({
      dataDir,
      source,
      intervalMs: 3_600_000,
      keep: 2,
      journal: null,
      log: { info: () => {}, error: () => {} },
      now: () => new Date((clock += 60_000)),
    });
    for (let index = 0; index < 5; index += 1) {
      state.mark = `0/${index + 10}`;
      await schedule.tick();
    }
    await schedule.stop();
    // Two newest, and today's newest is one of them: two files, nothing else.
    expect(readdirSync(backups).sort()).toEqual(
      (await listSnapshots(backups)).map((s) => path.basename(s.file)).sort(),
    );
    expect((await listSnapshots(backups)).length).toBe(2);
  });
});
