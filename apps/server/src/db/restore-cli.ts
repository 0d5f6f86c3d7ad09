import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { executeRows, openDatabase } from './client.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { moveDatabaseAside, readSnapshot, restoreSnapshot } from './snapshots.ts';

// `npm run restore -- FILE`: DATA_DIR's database replaced by a snapshot, with the server stopped. The
// database that was there is moved into DATA_DIR/backups/replaced-<time>/, never deleted. The restored one
// is opened once (migrations run) to prove it, and what it holds is printed.

async function restore(): Promise<void> {
  const given = process.argv[2];
  if (!given) throw new Error('name the snapshot: npm run restore -- FILE (a snapshot-….tar.gz from DATA_DIR/backups)');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Error('on PostgreSQL restore with its own tools (README, "Backups"): pg_restore or psql');
  }
  if (config.DATA_DIR.startsWith('memory://'))
    throw new Error('DATA_DIR is memory://: there is nothing to restore into');
  const dataDir = path.resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(`a server (process ${error.pid}) runs on DATA_DIR ${dataDir}: stop it first`, { cause: error });
    }
    throw error;
  }
  try {
    // A damaged or foreign file is refused before anything in DATA_DIR moves.
    await readSnapshot(file);
    const aside = await moveDatabaseAside(dataDir);
    if (aside) console.info(`the database that was in DATA_DIR is now in ${aside}`);
    await restoreSnapshot(file, dataDir);
  } finally {
    release();
  }
  const database = await openDatabase({ dataDir });
  try {
    const [held] = (await executeRows(
      database.db,
      sql`select count(*)::int as orders, max(created_at) as newest from orders`,
    )) as { orders: number; newest: string | Date | null }[];
    const newest = held?.newest ? new Date(held.newest).toISOString() : 'none';
    console.info(
      `restored ${path.basename(file)} into ${dataDir}: ${held?.orders ?? 0} orders, the newest placed ${newest}`,
    );
  } finally {
    await database.close();
  }
}

try {
  await restore();
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
