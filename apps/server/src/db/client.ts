import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { unreachableReason } from './database-errors.ts';
import { Journal } from './journal.ts';
import { orderJournal, type OrderJournal } from './order-journal.ts';
import { openRecovering, RecoveryRefused, type Recovery } from './recovery.ts';
import * as schema from './schema.ts';
import type { SnapshotSource } from './snapshot-schedule.ts';
import type { Statement } from './statement.ts';

export type Schema = typeof schema;
/** The database as every repository sees it: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs one statement, outside any transaction of the caller's, as a prepared statement on PostgreSQL:
   * each connection parses and plans a statement of the same text once (Drizzle's `execute` has it do
   * so every time). For statements run on every order, whose planning would cost more than running
   * them. Its rows as PostgreSQL answers them (column names, no mapping).
   */
  prepared(statement: Statement): Promise<Record<string, unknown>[]>;
  /** PGlite in a directory: what its snapshots need (`snapshots.ts`). Null in memory and on PostgreSQL. */
  snapshotSource: SnapshotSource | null;
  /**
   * PGlite in a directory: the order journal, which an order's change is recorded in after its commit and
   * before its answer (`order-journal.ts`). Null in memory and on PostgreSQL, which sync their own.
   */
  orderJournal: OrderJournal | null;
  /** What this start recovered the data directory from, when it did not open cleanly; else null. */
  recovery: Recovery | null;
  close(): Promise<void>;
}

/** The rows of a statement run on `db`: node-postgres and PGlite both answer `{ rows }`, which `Db` does not say. */
export async function executeRows(db: Db, query: SQL): Promise<unknown[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as unknown[];
  }
  throw new Error('a statement answered without rows');
}

/**
 * Each text's statement name, hashed once: hashing it on every call was about 2 % of the server's profile
 * under the orders bench.
 */
const statementNames = new Map<string, string>();

/**
 * A statement prepared under a name of its text's hash, so that one name never stands for two texts.
 * A connection keeps every statement it prepared: the callers make a bounded number of texts, and so
 * the names remembered here are bounded too.
 */
function namedQuery(statement: Statement): pg.QueryConfig {
  let name = statementNames.get(statement.text);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(statement.text).digest('base64url').slice(0, 24)}`;
    statementNames.set(statement.text, name);
  }
  return { name, text: statement.text, values: statement.values };
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number: the key of the lock all instances take around migrating. */
const MIGRATION_LOCK = 1312;

/**
 * PostgreSQL connections per instance unless `DATABASE_POOL_SIZE` says otherwise. A server's one thread
 * keeps few of them busy at once; ten per instance leave room for several instances under PostgreSQL's
 * default `max_connections` of 100.
 */
export const DEFAULT_POOL_SIZE = 10;

/** How long opening a connection may take before the pool gives up: a request fails, it does not hang. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PGlite's own start parameters (fsync off among them: nothing on its Node filesystem could sync anyway),
 * with the one setting a kept order rests on pinned (decision 014): a commit writes its WAL to the data
 * directory before the query resolves, so a 201 survives the process being killed. The command line
 * outranks postgresql.conf and ALTER SYSTEM in DATA_DIR.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'synchronous_commit=on'];

/** The extensions the migrations create, which PGlite must have loaded: pg_trgm for the order search. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The order journal's folder in DATA_DIR (`journal.ts`). */
export const JOURNAL_DIR = 'journal';

/**
 * The start cannot go on: a wrong DATABASE_URL, or PostgreSQL out of reach. The message is one line
 * for people and never contains the URL's password.
 */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

interface DatabaseTarget {
  /** `host:port` (or the socket directory) and never the password, for messages. */
  address: string;
  host: string;
}

const EXPECTED_URL = 'expected postgres://user:password@host:5432/database';

/** Checks DATABASE_URL before pg sees it: pg reads `postgres:/x` or `base` as other hosts than meant. */
export function databaseTarget(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseStartError(`DATABASE_URL is not a URL (${EXPECTED_URL})`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DatabaseStartError(`DATABASE_URL must start with postgres:// (${EXPECTED_URL})`);
  }
  // `?host=/run/postgresql` names a socket directory instead of a network host.
  const host = parsed.hostname || parsed.searchParams.get('host');
  if (!host) throw new DatabaseStartError(`DATABASE_URL names no host (${EXPECTED_URL})`);
  return { address: host.startsWith('/') ? host : `${host}:${parsed.port || '5432'}`, host };
}

interface ConnectFailure {
  kind: 'unreachable' | 'unknown_host' | 'refused';
  message: string;
  /** What to do about it, said once the start gives up. */
  hint?: string;
}

/** What a failed first connection means for the start: wait and try again, or stop. */
function connectFailure(error: unknown, target: DatabaseTarget): ConnectFailure {
  if (error instanceof Error && 'code' in error && error.code === 'ENOTFOUND') {
    return {
      kind: 'unknown_host',
      message: `the host "${target.host}" in DATABASE_URL does not resolve`,
      hint: 'check DATABASE_URL',
    };
  }
  const reason = unreachableReason(error);
  if (reason !== undefined) {
    return { kind: 'unreachable', message: `cannot reach PostgreSQL at ${target.address} (${reason})` };
  }
  // The server answered and said no (wrong password, no such database): waiting will not change that.
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'refused', message: `PostgreSQL at ${target.address} refused the connection: ${detail}` };
}

/**
 * The waits between connection attempts: doubling from half a second up to 8 s, adding up to
 * `budgetMs` (the last one shortened to fit).
 */
export function connectRetryDelays(budgetMs: number): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = 500; total < budgetMs; delay = Math.min(delay * 2, 8_000)) {
    const next = Math.min(delay, budgetMs - total);
    delays.push(next);
    total += next;
  }
  return delays;
}

/**
 * A name that does not resolve is most likely a typo, so it stops the start soon; it still gets a few
 * tries because a database container's name only resolves once the container runs.
 */
const UNKNOWN_HOST_ATTEMPTS = 3;

/**
 * Waits until PostgreSQL at `url` takes a connection, trying again with growing pauses while it is out
 * of reach for up to `retryMs`, and reporting each failed attempt in one line to `onRetry`. Throws a
 * DatabaseStartError with a one-line message when the URL is wrong, the server refuses the login or
 * the time is up.
 */
export async function waitForPostgres(
  url: string,
  options: { retryMs: number; onRetry?: (message: string) => void },
): Promise<void> {
  const target = databaseTarget(url);
  const delays = connectRetryDelays(options.retryMs);
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      const failure = connectFailure(error, target);
      const attempts =
        failure.kind === 'refused'
          ? 1
          : failure.kind === 'unknown_host'
            ? Math.min(UNKNOWN_HOST_ATTEMPTS, delays.length + 1)
            : delays.length + 1;
      const delay = delays[attempt - 1];
      if (attempt >= attempts || delay === undefined) {
        const tries = attempt > 1 ? `; gave up after ${attempt} attempts` : '';
        const hint = failure.hint ? `: ${failure.hint}` : '';
        throw new DatabaseStartError(`${failure.message}${tries}${hint}`, { cause: error });
      }
      options.onRetry?.(`${failure.message}; retrying in ${delay / 1000} s (attempt ${attempt} of ${attempts})`);
      await sleep(delay);
    }
  }
}

/**
 * Migrates while holding a session advisory lock, so instances started together on one database take
 * turns: the first migrates, the others find it done (drizzle's migrator itself does not lock).
 */
async function migrateExclusively(pool: pg.Pool, target: DatabaseTarget): Promise<void> {
  const client = await pool.connect().catch((error: unknown) => {
    throw new DatabaseStartError(connectFailure(error, target).message, { cause: error });
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (`memory://` keeps it in
 * memory), and brings the schema up to date with the versioned migrations. It tries PostgreSQL once:
 * a wrong URL or an unreachable server is a DatabaseStartError (`main.ts` waits with
 * `waitForPostgres` first).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  /** An idle connection failed (the server restarted, the network dropped): the pool replaces it. */
  onIdleError?: (error: Error) => void;
  /** How long a query waits for a connection when all are gone (the database is down); 5 s by default. */
  connectTimeoutMs?: number;
  /** PostgreSQL connections this instance keeps at most (`DATABASE_POOL_SIZE`); 10 by default. */
  poolSize?: number;
  /** PGlite in a directory that does not open cleanly: recover it (the default), or refuse to start (`RECOVER=off`). */
  recover?: boolean;
  /** The lines recovery and the journal say (one each), for the log. */
  say?: (message: string) => void;
}): Promise<Database> {
  if (options.url) {
    const target = databaseTarget(options.url);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
    // Without a listener an idle connection's error would crash the process; the pool opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
      // A connection lost while a request holds it fails that request's query (a 503), and then emits
      // 'error', which the pool listens to only while the connection is idle: unheard, it would crash
      // the process (a backend terminated in the middle of an order did).
      client.on('error', () => {});
    });
    try {
      await migrateExclusively(pool, target);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: drizzlePg(pool, { schema }),
      kind: 'postgres',
      snapshotSource: null,
      orderJournal: null,
      recovery: null,
      async prepared(statement) {
        return (await pool.query<Record<string, unknown>>(namedQuery(statement))).rows;
      },
      async close() {
        // pool.end() resolves once it has asked every connection to end; wait until they have.
        const ended = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
        await pool.end();
        await Promise.all(ended);
      },
    };
  }
  const dataDir = options.dataDir;
  let release = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(path.resolve(dataDir), { recursive: true });
    try {
      release = lockDataDir(path.resolve(dataDir));
    } catch (error) {
      if (error instanceof DataDirInUseError) throw new DatabaseStartError(error.message);
      throw error;
    }
  }
  const say = options.say ?? (() => {});
  let journal: Journal | null = null;
  try {
    const pglite = { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS };
    const { client, recovery } = dataDir.startsWith('memory://')
      ? { client: await PGlite.create(dataDir, pglite), recovery: null }
      : await openRecovering(path.resolve(dataDir), pglite, { recover: options.recover ?? true, say }).catch(
          (error: unknown) => {
            throw error instanceof RecoveryRefused ? new DatabaseStartError(error.message) : error;
          },
        );
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder }).catch(async (error: unknown) => {
      await client.close();
      throw error;
    });
    journal = dataDir.startsWith('memory://')
      ? null
      : await Journal.open(path.join(path.resolve(dataDir), JOURNAL_DIR), { warn: say });
    const read = async (statement: Statement) =>
      (await client.query<Record<string, unknown>>(statement.text, statement.values)).rows;
    const opened = journal;
    return {
      db,
      kind: 'pglite',
      orderJournal: opened && orderJournal(opened, read),
      recovery,
      snapshotSource: dataDir.startsWith('memory://')
        ? null
        : {
            _runExclusiveTransaction: (fn) => client._runExclusiveTransaction(fn),
            _runExclusiveQuery: (fn) => client._runExclusiveQuery(fn),
            async changeMark() {
              const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
              return rows[0]?.lsn ?? '';
            },
          },
      async prepared(statement) {
        return (await client.query<Record<string, unknown>>(statement.text, statement.values)).rows;
      },
      async close() {
        await opened?.close();
        await client.close();
        release();
      },
    };
  } catch (error) {
    await journal?.close();
    release();
    throw error;
  }
}
