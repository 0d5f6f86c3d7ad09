import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecovering, RecoveryRefused } from './recovery.ts';
import { takeSnapshot } from './snapshots.ts';

// A data directory that does not open cleanly: refused with recovery off, else moved aside and restored
// from the newest snapshot (or started empty without one). The server's whole path is pglite-damage.test.ts.

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pizzeria-recovery-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A database with `rows` wide rows in `t`; resolves with t's file, relative to the directory. */
async function database(rows: number): Promise<string> {
  const client = await PGlite.create(dataDir);
  await client.exec('create table t (id serial primary key, body text)');
  await client.query(`insert into t (body) select repeat(md5(g::text), 30) from generate_series(1, $1::int) g`, [rows]);
  const { rows: file } = await client.query<{ path: string }>(`select pg_relation_filepath('t') as path`);
  await client.close();
  return file[0]?.path ?? '';
}

async function count(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from t');
  return rows[0]?.n ?? -1;
}

describe('recovery at start', () => {
  it('opens a whole directory as it is', async () => {
    await database(40);
    const said: string[] = [];
    const { client, recovery } = await openRecovering(dataDir, {}, { recover: true, say: (line) => said.push(line) });
    expect(recovery).toBeNull();
    expect(await count(client)).toBe(40);
    await client.close();
    expect(said).toEqual([]);
  });

  it('refuses a table cut short with recovery off, and restores the newest snapshot with it on', async () => {
    const file = await database(40);
    await takeSnapshot({ dataDir, database: null, journal: 7 });
    // A file cut short reads as a shorter table without an error: only its primary key gives it away.
    truncateSync(path.join(dataDir, file), 8192);
    const before = readdirSync(dataDir).sort();

    const refused = openRecovering(dataDir, {}, { recover: false, say: () => {} });
    await expect(refused).rejects.toThrow(RecoveryRefused);
    await expect(refused).rejects.toThrow(/^DATA_DIR .* does not open cleanly \(table public\.t .*\); recovery is off/);
    expect(readdirSync(dataDir).sort()).toEqual(before);

    const said: string[] = [];
    const { client, recovery } = await openRecovering(dataDir, {}, { recover: true, say: (line) => said.push(line) });
    expect(await count(client)).toBe(40);
    await client.close();
    expect(recovery?.snapshot?.journal).toBe(7);
    expect(said).toEqual([expect.stringMatching(/does not open cleanly .*: moved it to .*damaged-/) as unknown]);
    // Moved aside, never deleted.
    expect(existsSync(path.join(recovery?.movedTo ?? '', file))).toBe(true);
  });

  it('starts empty when no snapshot opens', async () => {
    await database(10);
    rmSync(path.join(dataDir, 'global', 'pg_control'));
    const said: string[] = [];
    const { client, recovery } = await openRecovering(dataDir, {}, { recover: true, say: (line) => said.push(line) });
    expect(recovery?.snapshot).toBeNull();
    expect(recovery?.damage).toBe('PostgreSQL aborted while starting');
    await expect(count(client)).rejects.toThrow('relation "t" does not exist');
    await client.close();
    expect(said.at(-1)).toContain('no snapshot opens');
    expect(existsSync(path.join(recovery?.movedTo ?? '', 'PG_VERSION'))).toBe(true);
  });
});
