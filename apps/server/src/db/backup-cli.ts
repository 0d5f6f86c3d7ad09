import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../config.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { BACKUPS_DIR, holdsDatabase, listSnapshots, takeSnapshot, type SnapshotInfo } from './snapshots.ts';
import { syncToDisk } from './sync-to-disk.ts';

// `npm run backup [-- PATH]`: a snapshot of the embedded database now. A server running on DATA_DIR takes
// it itself (SIGUSR2, so no second process opens the directory); with none running this takes it. Then
// a copy to PATH, synced, when one is given.

/** How long a running server may take for the snapshot before this gives up. */
const WAIT_MS = 10 * 60_000;

/** The user's paths count from where they ran npm, not from the workspace npm runs the script in. */
function fromUser(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function fromRunningServer(dataDir: string, pid: number): Promise<SnapshotInfo> {
  const dir = path.join(dataDir, BACKUPS_DIR);
  const before = new Set((await listSnapshots(dir)).map((snapshot) => snapshot.file));
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  console.info(`asked the server (process ${pid}) for a snapshot`);
  while (Date.now() - asked < WAIT_MS) {
    await sleep(200);
    const fresh = (await listSnapshots(dir)).find((snapshot) => !before.has(snapshot.file));
    if (fresh) return fresh;
  }
  throw new Error(`the server took no snapshot within ${WAIT_MS / 60_000} minutes: see its log`);
}

/** Into `target` when it is a folder or ends with `/` (made when missing), else as the file `target`. */
async function copyTo(file: string, given: string): Promise<string> {
  const target = fromUser(given);
  const isDirectory =
    given.endsWith('/') ||
    (await stat(target).then(
      (info) => info.isDirectory(),
      () => false,
    ));
  const destination = isDirectory ? path.join(target, path.basename(file)) : target;
  await mkdir(path.dirname(destination), { recursive: true });
  await copyFile(file, destination);
  for (const synced of [destination, path.dirname(destination)]) await syncToDisk(synced);
  return destination;
}

async function backup(): Promise<void> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Error('on PostgreSQL the database is backed up with its own tools (README, "Backups"): pg_dump');
  }
  if (config.DATA_DIR.startsWith('memory://')) throw new Error('DATA_DIR is memory://: there is nothing to back up');
  const dataDir = path.resolve(config.DATA_DIR);
  if (!(await holdsDatabase(dataDir))) throw new Error(`DATA_DIR ${dataDir} holds no database`);
  let snapshot: SnapshotInfo;
  try {
    const release = lockDataDir(dataDir);
    try {
      // Journal position 0: a start that recovers from this replays every journal entry there is.
      snapshot = await takeSnapshot({ dataDir, database: null, journal: 0 });
    } finally {
      release();
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    snapshot = await fromRunningServer(dataDir, error.pid);
  }
  console.info(`snapshot ${snapshot.file}`);
  const target = process.argv[2];
  if (target) console.info(`copied to ${await copyTo(snapshot.file, target)}`);
}

try {
  await backup();
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
