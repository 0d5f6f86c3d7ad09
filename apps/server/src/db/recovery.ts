import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import {
  BACKUPS_DIR,
  holdsDatabase,
  listSnapshots,
  moveDatabaseAside,
  restoreSnapshot,
  type SnapshotInfo,
} from './snapshots.ts';

// Recovery at start (decision 014, "Update"): a power cut can leave PGlite's files cut short, pages torn
// or the WAL short. A data directory that does not open cleanly is moved aside (never deleted), the newest
// snapshot that opens is restored, and the order journal replays what came after it (`order-journal.ts`).

/** The damage found, in words from PostgreSQL (or PGlite's abort). */
export class DamagedDatabase extends Error {
  override name = 'DamagedDatabase';
}

/**
 * Reads every table whole (each page's checksum is checked on the way) and follows every primary key's
 * entries to their heap pages. PostgreSQL reads a relation file cut short as a shorter table without a word,
 * and after a crash its redo can fill the gap with zeroed pages, which it reads as empty; the index still
 * names the rows that were in them. `pageinspect` reads the index's leaf pages; it is created in a
 * transaction that is rolled back, so the database is left as it was.
 */
async function verify(client: PGlite): Promise<void> {
  const { rows: tables } = await client.query<{ name: string; pkey: string | null }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
       (select i.indexrelid::regclass::text from pg_index i join pg_class ic on ic.oid = i.indexrelid
          join pg_am am on am.oid = ic.relam where i.indrelid = c.oid and i.indisprimary and am.amname = 'btree') as pkey
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  await client.exec('set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off');
  for (const { name } of tables) await client.query(`select count(*) from ${name}`);
  await client.exec('reset enable_indexscan; reset enable_indexonlyscan; reset enable_bitmapscan');
  await client.exec('begin; create extension if not exists pageinspect');
  try {
    for (const { name, pkey } of tables) {
      if (!pkey) continue;
      const { rows } = await client.query<{ missing: number }>(
        `with leaf as (
           select blk from generate_series(1, (pg_relation_size($2::regclass) / 8192)::int - 1) blk
           where (bt_page_stats($2::text, blk)).type = 'l'),
         blocks as (
           select distinct ((i.htid::text::point)[0])::int as b from leaf, lateral bt_page_items($2::text, leaf.blk) i
           where i.htid is not null)
         select count(*)::int as missing from blocks
         where b >= pg_relation_size($1::regclass) / 8192 or (select pagesize from page_header(get_raw_page($1::text, b))) = 0`,
        [name, pkey],
      );
      const missing = rows[0]?.missing ?? 0;
      if (missing > 0) throw new DamagedDatabase(`table ${name} lost ${missing} pages its index ${pkey} still names`);
    }
  } finally {
    await client.exec('rollback');
  }
}

export type PgliteOptions = NonNullable<Parameters<typeof PGlite.create>[1]>;

/** Opens PGlite in `dataDir` and reads it whole; a failure there is damage (with what PostgreSQL said). */
export async function openVerified(dataDir: string, options: PgliteOptions): Promise<PGlite> {
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { ...options, extensions: { ...options.extensions, pageinspect } });
  } catch (error) {
    throw new DamagedDatabase(reasonOf(error), { cause: error });
  }
  try {
    await verify(client);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error instanceof DamagedDatabase ? error : new DamagedDatabase(reasonOf(error), { cause: error });
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // PGlite's abort: PostgreSQL stopped in the middle of starting (a WAL or control file it cannot read).
  const said = message.startsWith('Aborted()') ? 'PostgreSQL aborted while starting' : message;
  return said.split('\n')[0] ?? said;
}

/** What a start recovered from, for its log line. */
export interface Recovery {
  /** Why the directory did not open. */
  damage: string;
  /** Where the damaged database went. */
  movedTo: string;
  /** The snapshot restored; null when none opened and the database starts empty. */
  snapshot: SnapshotInfo | null;
}

export interface RecoveryOptions {
  /** False (`--no-recover`, `RECOVER=off`): a damaged directory stops the start instead. */
  recover: boolean;
  /** One line for each step, said as it happens. */
  say: (message: string) => void;
}

/** Recovery is off: the start stops with this one line. */
export class RecoveryRefused extends Error {
  override name = 'RecoveryRefused';
}

/** `DATA_DIR/damaged-<time>`: the damaged database's files, moved aside beside the snapshots' folder. */
async function moveDamagedAside(dataDir: string, now: Date): Promise<string> {
  const moved = await moveDatabaseAside(dataDir, now);
  const target = path.join(dataDir, `damaged-${now.toISOString().replace(/[-:]/g, '')}`);
  if (moved === null) return target;
  await rename(moved, target);
  return target;
}

/**
 * Opens the database in `dataDir`, recovering it when it does not open cleanly: moved aside, the newest
 * snapshot that opens restored (each one that does not is moved aside too), or none and an empty
 * database. The caller migrates it and replays the journal after `recovery.snapshot.journal`.
 */
export async function openRecovering(
  dataDir: string,
  pglite: PgliteOptions,
  options: RecoveryOptions,
): Promise<{ client: PGlite; recovery: Recovery | null }> {
  let damage: string;
  if (!(await holdsDatabase(dataDir))) {
    // No PG_VERSION: a first start, unless the rest of a database is there.
    if (!existsSync(path.join(dataDir, 'global')))
      return { client: await PGlite.create(dataDir, pglite), recovery: null };
    damage = 'PG_VERSION is missing';
  } else {
    try {
      return { client: await openVerified(dataDir, pglite), recovery: null };
    } catch (error) {
      if (!(error instanceof DamagedDatabase)) throw error;
      damage = error.message;
    }
  }
  if (!options.recover) {
    throw new RecoveryRefused(
      `DATA_DIR ${dataDir} does not open cleanly (${damage}); recovery is off (RECOVER=off or --no-recover): restore a snapshot with npm run restore, or start with recovery on`,
    );
  }
  const movedTo = await moveDamagedAside(dataDir, new Date());
  options.say(
    `DATA_DIR ${dataDir} does not open cleanly (${damage}): moved it to ${movedTo}; restoring the newest snapshot that opens and replaying the order journal`,
  );
  for (const snapshot of await listSnapshots(path.join(dataDir, BACKUPS_DIR))) {
    try {
      await restoreSnapshot(snapshot.file, dataDir);
      const client = await openVerified(dataDir, pglite);
      return { client, recovery: { damage, movedTo, snapshot } };
    } catch (error) {
      const reason = error instanceof DamagedDatabase ? error.message : reasonOf(error);
      const aside = await moveDatabaseAside(dataDir);
      options.say(
        `snapshot ${path.basename(snapshot.file)} does not open (${reason})${aside ? `; its copy moved to ${aside}` : ''}; trying an older one`,
      );
    }
  }
  options.say('no snapshot opens: starting with an empty database, seeded as on a first start');
  return { client: await PGlite.create(dataDir, pglite), recovery: { damage, movedTo, snapshot: null } };
}
