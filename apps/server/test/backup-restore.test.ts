import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { executeRows, openDatabase } from '../src/db/client.ts';
import { seedDemoRestaurant } from '../src/db/seed/index.ts';
import { BACKUPS_DIR, listSnapshots } from '../src/db/snapshots.ts';
import { seedBulkOrders } from './bulk-orders.ts';
import { killRunningMains, removeWebDist, startMain } from './child-server.ts';

// `npm run backup` and `npm run restore` as an operator runs them: against a server running on DATA_DIR
// (the backup asks it, the restore refuses), and with it stopped.

const scratch = mkdtempSync(path.join(tmpdir(), 'pizzeria-backup-'));
const dataDir = path.join(scratch, 'data');
const usbStick = path.join(scratch, 'usb');
mkdirSync(usbStick);

afterEach(killRunningMains);
afterAll(() => {
  removeWebDist();
  rmSync(scratch, { recursive: true, force: true });
});

function cli(name: 'backup' | 'restore', args: string[]): Promise<{ code: number | null; output: string }> {
  const script = fileURLToPath(new URL(`../src/db/${name}-cli.ts`, import.meta.url));
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return once(child, 'exit').then(([code]) => ({ code: code as number | null, output }));
}

async function ordersIn(): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = (await executeRows(database.db, sql`select count(*)::int as orders from orders`)) as {
      orders: number;
    }[];
    return row?.orders ?? -1;
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('backs up a running server, refuses to restore under it, and restores once it stopped', async () => {
    const database = await openDatabase({ dataDir });
    await seedDemoRestaurant(database.db, {});
    // 20 orders and the bulk's needle, placed at 21:00 UTC.
    await seedBulkOrders(database.db, 20);
    await database.close();

    const server = startMain({ DATA_DIR: dataDir, SNAPSHOT_INTERVAL_MINUTES: '10080' });
    await server.waitFor(/Server listening at/);

    const backup = await cli('backup', [usbStick]);
    expect(backup.output).toMatch(new RegExp(`asked the server \\(process ${server.child.pid}\\) for a snapshot`));
    expect(backup.code).toBe(0);
    const copies = readdirSync(usbStick);
    expect(copies).toHaveLength(1);
    // The server logs the snapshot after renaming it into place, so the copy may be there before the line.
    await server.waitFor(/database snapshot taken/);
    const copy = path.join(usbStick, copies[0] ?? '');

    const refused = await cli('restore', [copy]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/restore failed: a server \(process \d+\) runs on DATA_DIR .*: stop it first/);
    expect(readdirSync(path.join(dataDir, BACKUPS_DIR)).filter((name) => name.startsWith('replaced-'))).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Orders gone after the backup: the restore brings them back.
    const later = await openDatabase({ dataDir });
    await later.db.execute(sql`delete from orders where id in (select id from orders order by id limit 3)`);
    await later.close();
    expect(await ordersIn()).toBe(18);

    const restored = await cli('restore', [copy]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/the database that was in DATA_DIR is now in .*replaced-/);
    expect(restored.output).toMatch(/: 21 orders, the newest placed 2026-11-28T21:00:00.000Z/);
    expect(await ordersIn()).toBe(21);
    const replaced = readdirSync(path.join(dataDir, BACKUPS_DIR)).filter((name) => name.startsWith('replaced-'));
    expect(replaced).toHaveLength(1);
    expect(existsSync(path.join(dataDir, BACKUPS_DIR, replaced[0] ?? '', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('backs up a stopped server itself', async () => {
    const before = (await listSnapshots(path.join(dataDir, BACKUPS_DIR))).length;
    const backup = await cli('backup', []);
    expect(backup.code, backup.output).toBe(0);
    const snapshots = await listSnapshots(path.join(dataDir, BACKUPS_DIR));
    expect(snapshots).toHaveLength(before + 1);
    expect(backup.output).toContain(`snapshot ${snapshots[0]?.file ?? ''}`);

    const restored = await cli('restore', [snapshots[0]?.file ?? '']);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/: 21 orders/);
  }, 60_000);
});
