import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, PGLITE_EXTENSIONS, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createStaffSessionsService } from './service.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** The last migration before the chain of exchanged tokens. */
const BEFORE_CHAIN = '0013_take_rate_limits';

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A database at `BEFORE_CHAIN` that can then be migrated to the latest migration. */
async function databaseBeforeChain(): Promise<{ db: Db; migrateToLatest(): Promise<void>; close(): Promise<void> }> {
  const olderFolder = await mkdtemp(path.join(tmpdir(), 'staff-sessions-migration-'));
  await cp(migrationsFolder, olderFolder, { recursive: true });
  const journalPath = path.join(olderFolder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === BEFORE_CHAIN);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: olderFolder });
    return {
      db,
      migrateToLatest: () => migratePglite(db, { migrationsFolder }),
      async close() {
        await client.close();
        await rm(olderFolder, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: olderFolder });
  return {
    db,
    migrateToLatest: () => migratePg(db, { migrationsFolder }),
    async close() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(olderFolder, { recursive: true, force: true });
    },
  };
}

describe('migrating staff sessions to the chain of exchanged tokens', () => {
  let database: Awaited<ReturnType<typeof databaseBeforeChain>>;
  const previous = randomBytes(32).toString('base64url');
  const current = randomBytes(32).toString('base64url');
  let sessionId: number;

  beforeAll(async () => {
    database = await databaseBeforeChain();
    const [user] = await executeRows(
      database.db,
      sql`insert into users (email, password_hash, customer_name, role)
          values ('kueche@example.com', '!', 'Küche', 'admin') returning id`,
    );
    const [session] = await executeRows(
      database.db,
      sql`insert into staff_sessions (user_id, token_hash, previous_token_hash, device_name, last_used_at)
          values (${(user as { id: number }).id}, ${sha256(current)}, ${sha256(previous)}, 'Küchen-Tablet',
                  '2026-06-15T17:00:00Z') returning id`,
    );
    sessionId = (session as { id: number }).id;
    await database.migrateToLatest();
  });
  afterAll(() => database.close());

  it('keeps the device signed in: its current token still refreshes', async () => {
    const sessions = createStaffSessionsService(database.db, () => new Date('2026-06-15T18:00:00Z'));
    const renewed = await sessions.rotate(current);
    expect(renewed).toMatchObject({ kind: 'ok', sessionId });
    if (renewed.kind !== 'ok') return;
    expect(await sessions.rotate(renewed.refreshToken)).toMatchObject({ kind: 'ok', sessionId });
  });

  it('keeps the token before it in the chain: used again, it signs the device out', async () => {
    const sessions = createStaffSessionsService(database.db, () => new Date('2026-06-15T18:00:00Z'));
    expect(await sessions.rotate(previous)).toEqual({ kind: 'revoked' });
    const [session] = await executeRows(
      database.db,
      sql`select revoked_at from staff_sessions where id = ${sessionId}`,
    );
    expect(session).toEqual({ revoked_at: expect.anything() });
  });
});
