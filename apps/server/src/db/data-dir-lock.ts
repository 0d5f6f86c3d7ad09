import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';

// PGlite does not keep a second process out of its directory (decision 014, pglite#1106): two servers
// on one DATA_DIR would both write to it and break it. This file in DATA_DIR names the process that has
// it open; a server refuses to start on a directory a live server holds, and takes over one whose
// holder died without closing (SIGKILL, a crash, a power cut).

export const LOCK_FILE = 'pizzeria.lock';

const holderSchema = z.object({
  pid: z.int(),
  /** When the process started (Linux: clock ticks since boot), so a pid reused later is not taken for it. */
  started: z.nullable(z.string()),
});
type Holder = z.infer<typeof holderSchema>;

/** Another server holds the directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another server (process ${pid}): stop it first, or start this one with another DATA_DIR`,
    );
    this.pid = pid;
  }
}

/**
 * A process's start time as `/proc/<pid>/stat` gives it (field 22), `null` when there is no such process,
 * or `''` when it lives but its start time cannot be read (no /proc: not Linux).
 */
export function startTimeOf(pid: number): string | null {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it lives, as another user's process.
    if (error instanceof Error && 'code' in error && error.code === 'ESRCH') return null;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command, is in parentheses and may hold spaces: count from after it (field 3 on).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // Gone meanwhile, or cut short by a crash while it was written: nobody holds it.
    return null;
  }
}

function holds(holder: Holder): boolean {
  // Our own pid in a file we did not write: a process before us in another container had it.
  if (holder.pid === process.pid) return false;
  const started = startTimeOf(holder.pid);
  if (started === null) return false;
  return started === '' || holder.started === null || holder.started === started;
}

/**
 * Takes DATA_DIR for this process, or throws DataDirInUseError when a live server holds it. Returns the
 * release, which deletes the file (call it once the database is closed).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, started: startTimeOf(process.pid) || null };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      return () => {
        // Only our own: never a file another process wrote after taking the directory over.
        if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const holder = readHolder(file);
    if (holder && holds(holder)) throw new DataDirInUseError(dataDir, holder.pid);
    // Left behind by a server that did not close: take the directory over.
    rmSync(file, { force: true });
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}: another server keeps taking it`);
}
