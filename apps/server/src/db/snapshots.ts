import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { syncToDisk } from './sync-to-disk.ts';

// Snapshots of the embedded database (decision 014, "Update"): PGlite on Node never syncs its files, so a
// power cut can damage DATA_DIR. A snapshot is a copy of the database's files taken while no query and no
// transaction runs, gzipped, synced and renamed into DATA_DIR/backups/: the copy a start recovers from.

/** The folder in DATA_DIR that holds the snapshots. */
export const BACKUPS_DIR = 'backups';

/**
 * What the order journal tells a snapshot: the sequence number of the last entry appended and synced,
 * and that entries up to one are no longer needed once a snapshot holds them.
 */
export interface JournalCursor {
  position(): number;
  removeThrough(seq: number): Promise<unknown>;
}

/**
 * The parts of PGlite a snapshot needs: its two locks. Every query takes the transaction lock, then the
 * query lock; a transaction holds the first from BEGIN to COMMIT. Holding both, nothing runs and no
 * transaction is open: the files on disk are a crash image with every commit in its WAL.
 */
export interface ExclusiveDatabase {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The fastest gzip: on 50,000 orders a third of level 6's time for a fifth more bytes, and less of the
 * event loop (`bench/snapshot-pause.ts`).
 */
const GZIP_LEVEL = 1;

export interface SnapshotInfo {
  /** The file's full path. */
  file: string;
  takenAt: Date;
  /** The journal position taken just before the copy: every entry up to it is in the snapshot. */
  journal: number;
}

export interface TakenSnapshot extends SnapshotInfo {
  bytes: number;
  /** How long the database was held: queries waited at most this long. */
  heldMs: number;
  /** From the start to the file renamed and synced. */
  tookMs: number;
}

const NAME = /^snapshot-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z-j(\d+)\.tar\.gz$/;

/** `snapshot-20261128T071500.123Z-j000000123.tar.gz`: sorts by time, says the journal position. */
export function snapshotName(takenAt: Date, journal: number): string {
  const stamp = takenAt.toISOString().replace(/[-:]/g, '');
  return `snapshot-${stamp}-j${String(journal).padStart(9, '0')}.tar.gz`;
}

function parseName(name: string): { takenAt: Date; journal: number } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, ms, journal] = match;
  const takenAt = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${ms}Z`);
  if (Number.isNaN(takenAt.getTime())) return null;
  return { takenAt, journal: Number(journal) };
}

/** The snapshots in `dir` (DATA_DIR/backups), newest first; none when it does not exist. */
export async function listSnapshots(dir: string): Promise<SnapshotInfo[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  const snapshots: SnapshotInfo[] = [];
  for (const name of names) {
    const parsed = parseName(name);
    if (parsed) snapshots.push({ file: path.join(dir, name), ...parsed });
  }
  return snapshots.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.journal - a.journal);
}

/**
 * Which snapshots to keep: the `keep` newest, and the newest of each of the last 7 days (UTC days, today
 * among them). The rest may go.
 */
export function snapshotsToKeep(snapshots: SnapshotInfo[], keep: number, now: Date): Set<string> {
  const newestFirst = [...snapshots].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const kept = new Set(newestFirst.slice(0, keep).map((snapshot) => snapshot.file));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = today - 6 * 86_400_000;
  const days = new Set<string>();
  for (const snapshot of newestFirst) {
    if (snapshot.takenAt.getTime() < firstDay) continue;
    const day = snapshot.takenAt.toISOString().slice(0, 10);
    if (days.has(day)) continue;
    days.add(day);
    kept.add(snapshot.file);
  }
  return kept;
}

/** Deletes the snapshots retention does not keep, and temporary files a crash left behind. */
export async function pruneSnapshots(dir: string, keep: number, now: Date): Promise<string[]> {
  const snapshots = await listSnapshots(dir);
  const kept = snapshotsToKeep(snapshots, keep, now);
  const removed = snapshots.map((snapshot) => snapshot.file).filter((file) => !kept.has(file));
  const leftovers = (await readdir(dir)).filter((name) => name.startsWith('.snapshot-')).map((n) => path.join(dir, n));
  for (const file of [...removed, ...leftovers]) await rm(file, { recursive: true, force: true });
  return removed;
}

/**
 * The database's own files in DATA_DIR, by their first path part: what PostgreSQL keeps there. Everything
 * else (the snapshots, the order journal, `pizzeria.lock`) stays out, and so does `postmaster.pid`.
 */
function isDatabaseFile(top: string): boolean {
  return (
    top === 'PG_VERSION' ||
    top === 'base' ||
    top === 'global' ||
    top.startsWith('pg_') ||
    top === 'postgresql.conf' ||
    top === 'postgresql.auto.conf'
  );
}

/**
 * Copies the database's files from `dataDir` into `staging` (a clone where the file system can, as on
 * btrfs and XFS; else a copy in the kernel), keeping their modes and times; the archive is written from
 * the copy later. Resolves with the top-level names copied.
 */
async function copyDatabaseFiles(dataDir: string, staging: string): Promise<string[]> {
  const walk = async (relative: string): Promise<void> => {
    const names = (await readdir(path.join(dataDir, relative))).sort();
    for (const name of names) {
      if (relative === '' && !isDatabaseFile(name)) continue;
      const inside = relative === '' ? name : `${relative}/${name}`;
      const info = await stat(path.join(dataDir, inside));
      const copy = path.join(staging, inside);
      if (info.isDirectory()) {
        await mkdir(copy, { mode: info.mode & 0o777 });
        await walk(inside);
      } else if (info.isFile()) {
        await copyFile(path.join(dataDir, inside), copy, constants.COPYFILE_FICLONE);
      } else {
        continue;
      }
      await utimes(copy, info.atime, info.mtime);
    }
  };
  await walk('');
  const top = (await readdir(staging)).sort();
  if (!top.includes('PG_VERSION')) throw new Error(`${dataDir} holds no database`);
  return top;
}

/**
 * Takes a snapshot of the database in `dataDir` into DATA_DIR/backups/. With `database` (the server's
 * PGlite), its files are read while it is held, so no query runs meanwhile; without (the server is
 * stopped), the caller holds DATA_DIR's lock. Compressing and writing happen after the database is let go.
 */
export async function takeSnapshot(options: {
  dataDir: string;
  database: ExclusiveDatabase | null;
  journal: number;
  now?: () => Date;
}): Promise<TakenSnapshot> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const dir = path.join(options.dataDir, BACKUPS_DIR);
  await mkdir(dir, { recursive: true });
  const takenAt = now();
  const name = snapshotName(takenAt, options.journal);
  const file = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
  const staging = path.join(dir, `.snapshot-staging.${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging);
  try {
    const copy = () => copyDatabaseFiles(options.dataDir, staging);
    let heldMs = 0;
    // Only the copy holds the database; the archive is written from it afterwards.
    const database = options.database;
    const names = await (database === null
      ? copy()
      : database._runExclusiveTransaction(() =>
          database._runExclusiveQuery(async () => {
            const held = performance.now();
            try {
              return await copy();
            } finally {
              heldMs = performance.now() - held;
            }
          }),
        ));
    try {
      // A gzipped tar (node-tar) of the copy, paths as they are in DATA_DIR.
      await tar.create({ file: temporary, cwd: staging, gzip: { level: GZIP_LEVEL }, portable: true }, names);
      await syncToDisk(temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncToDisk(dir);
    const { size } = await stat(file);
    return { file, takenAt, journal: options.journal, bytes: size, heldMs, tookMs: performance.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The paths in a snapshot, checked: a whole gzip, a whole tar (read to its end), a database inside. */
export async function readSnapshot(file: string): Promise<string[]> {
  const names: string[] = [];
  await tar.list({ file, strict: true, onReadEntry: (entry) => names.push(entry.path.replace(/\/$/, '')) });
  if (!names.includes('PG_VERSION')) throw new Error(`${file} holds no database`);
  return names;
}

/** Every directory and file below `dir` (itself included), directories first. */
async function pathsBelow(dir: string): Promise<{ directories: string[]; files: string[] }> {
  const found = { directories: [dir], files: [] as string[] };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) found.directories.push(full);
    else if (entry.isFile()) found.files.push(full);
  }
  return found;
}

/** Whether `dataDir` holds a database (its PG_VERSION). */
export async function holdsDatabase(dataDir: string): Promise<boolean> {
  try {
    await stat(path.join(dataDir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves the database's files in `dataDir` into DATA_DIR/backups/replaced-<time>/ (never deleted: the
 * same disk, so a rename, and beside the snapshots). Returns that folder, or null when there was nothing.
 */
export async function moveDatabaseAside(dataDir: string, now = new Date()): Promise<string | null> {
  const names = (await readdir(dataDir).catch(() => [] as string[])).filter(isDatabaseFile);
  if (names.length === 0) return null;
  const aside = path.join(dataDir, BACKUPS_DIR, `replaced-${now.toISOString().replace(/[-:]/g, '')}`);
  await mkdir(aside, { recursive: true });
  // PG_VERSION last, so that a move cut short still leaves a directory seen as holding a database.
  const ordered = [...names.filter((name) => name !== 'PG_VERSION'), ...names.filter((name) => name === 'PG_VERSION')];
  for (const name of ordered) await rename(path.join(dataDir, name), path.join(aside, name));
  await syncToDisk(aside);
  await syncToDisk(dataDir);
  return aside;
}

/**
 * Unpacks the snapshot `file` into `dataDir`, which must hold none of a database's files (move them aside
 * first), and syncs every file. PG_VERSION is written last: a restore cut short leaves no directory that
 * looks whole.
 */
export async function restoreSnapshot(file: string, dataDir: string): Promise<void> {
  // Any of a database's files, not only PG_VERSION: a restore cut short must not mix with this one.
  const left = (await readdir(dataDir).catch(() => [] as string[])).filter(isDatabaseFile);
  if (left.length > 0) throw new Error(`${dataDir} still holds a database: move it aside first`);
  const names = await readSnapshot(file);
  await mkdir(dataDir, { recursive: true });
  // Everything but PG_VERSION, each file and directory synced; then PG_VERSION, synced with its directory.
  await tar.extract({ file, cwd: dataDir, strict: true, filter: (entry) => entry !== 'PG_VERSION' });
  for (const top of names.filter((name) => !name.includes('/') && name !== 'PG_VERSION')) {
    const below = await stat(path.join(dataDir, top));
    const { directories, files } = below.isDirectory()
      ? await pathsBelow(path.join(dataDir, top))
      : { directories: [], files: [path.join(dataDir, top)] };
    for (const each of [...files, ...directories]) await syncToDisk(each);
  }
  await tar.extract({ file, cwd: dataDir, strict: true, filter: (entry) => entry === 'PG_VERSION' });
  await syncToDisk(path.join(dataDir, 'PG_VERSION'));
  await syncToDisk(dataDir);
}
