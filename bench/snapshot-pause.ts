import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { orderSchema, productSchema } from '@pizzeria/domain';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { seedBulkOrders } from '../apps/server/test/bulk-orders.ts';
import { pickupOrder } from '../apps/server/test/helper.ts';
import { recordFigures, type Figure } from './results.ts';

// How long the shop waits while the embedded database's snapshot is taken (decision 014, "Update"): a
// server on PGlite in a directory with a year of a restaurant's orders (BENCH_ORDERS, 50,000, each with
// two lines and three status events), three requests measured one after another while idle and while
// a snapshot runs: the menu (from memory: it shows the event loop), an order read by its tracking token
// and an order placed (both wait for the database). Printed as ratios to idle; nothing passes or fails.

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS ?? 3);
const IDLE_RUNS = 30;
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 600);

const timeout = setTimeout(() => {
  console.error(`snapshot-pause: gave up after ${TIMEOUT_S} s`);
  process.exit(1);
}, TIMEOUT_S * 1000);
timeout.unref();

type Probe = 'menu' | 'order read' | 'order placed';
const PROBES: Probe[] = ['menu', 'order read', 'order placed'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A time zone where it is afternoon now, so that ASAP pickups find slots whatever the hour. */
function afternoonZone(): string {
  const offset = Math.min(14, 15 - new Date().getUTCHours());
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

async function databaseBytes(dataDir: string): Promise<number> {
  let total = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (dir === dataDir && (entry.name === 'backups' || entry.name.startsWith('journal'))) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) total += (await stat(full)).size;
    }
  };
  await walk(dataDir);
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function seed(server: FastifyInstance): Promise<void> {
  const { db } = server.database;
  await seedBulkOrders(db, ORDERS);
  await db.execute(sql`
    insert into order_items (order_id, position, product_id, name, unit_price_cents, quantity, extras,
      tax_percentage, line_total_cents)
    select o.id, p.position, 1, '{"de": "Pizza Margherita", "en": "Pizza Margherita"}'::jsonb, 950, 1 + o.id % 2,
      '[]'::jsonb, 7, 950 * (1 + o.id % 2)
    from orders o cross join generate_series(0, 1) as p(position)`);
  await db.execute(sql`
    insert into order_events (order_id, status, actor_kind, created_at)
    select o.id, e.status, case when e.status = 'waiting' then 'guest' else 'staff' end,
      o.created_at + e.n * interval '4 minutes'
    from orders o cross join (values (0, 'waiting'), (1, 'accepted'), (2, 'completed')) as e(n, status)`);
  await db.execute(
    sql`update stores set orders_per_slot = 100000, preparation_minutes = 5, auto_pause_enabled = false, timezone = ${afternoonZone()} where id = 13`,
  );
  await db.execute(sql`checkpoint`);
  server.catalogue.invalidateAll();
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pizzeria-snapshot-bench-'));
  const webDist = mkdtempSync(path.join(tmpdir(), 'pizzeria-snapshot-web-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    SEED_OPENING_HOURS: 'always',
    ORDERS_PER_HOUR_PER_ADDRESS: '1000000',
    ORDERS_PER_HOUR_PER_CUSTOMER: '1000000',
    GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '100',
    // Only the snapshots taken here: none by the clock during the run.
    SNAPSHOT_INTERVAL_MINUTES: '10080',
  });
  const server = await buildServer(config);
  try {
    const origin = await server.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
    const seeding = performance.now();
    await seed(server);
    console.info(`snapshot-pause: ${ORDERS} orders written in ${ms(performance.now() - seeding)}`);
    const snapshots = server.snapshots;
    if (!snapshots) throw new Error('the server takes no snapshots');

    const products = z.array(productSchema).parse(await (await fetch(`${origin}/api/products/?store_id=13`)).json());
    const product = products.find(
      (candidate) =>
        candidate.type === 'simple' &&
        candidate.available &&
        candidate.enriched_topping_groups.every((group) => group.min_select === 0),
    );
    if (!product) throw new Error('no simple product on the menu');
    const placed = await fetch(`${origin}/api/orders/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(pickupOrder(product.id)),
    });
    if (placed.status !== 201) throw new Error(`an order answered ${placed.status}: ${await placed.text()}`);
    const order = orderSchema.parse(await placed.json());

    const probe = async (kind: Probe): Promise<number> => {
      const start = performance.now();
      let response: Response;
      if (kind === 'menu') response = await fetch(`${origin}/api/products/?store_id=13`);
      else if (kind === 'order read') {
        response = await fetch(`${origin}/api/orders/${order.id}?token=${order.tracking_token ?? ''}`);
      } else {
        response = await fetch(`${origin}/api/orders/guest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify(pickupOrder(product.id)),
        });
      }
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${kind} answered ${response.status}`);
      return performance.now() - start;
    };

    const idle = new Map<Probe, number>();
    for (const kind of PROBES) {
      await probe(kind);
      const times: number[] = [];
      for (let run = 0; run < IDLE_RUNS; run += 1) times.push(await probe(kind));
      idle.set(kind, median(times));
    }

    /** Each probe in turn, one at a time, until `work` ends: the longest wait of each kind. */
    const during = async (work: Promise<unknown>) => {
      let done = false;
      void work.finally(() => (done = true));
      const longest = new Map<Probe, number>(PROBES.map((kind) => [kind, 0]));
      for (let index = 0; !done; index += 1) {
        const kind = PROBES[index % PROBES.length] ?? 'menu';
        longest.set(kind, Math.max(longest.get(kind) ?? 0, await probe(kind)));
      }
      await work;
      return longest;
    };

    const figures: Figure[] = [];
    const bytes = await databaseBytes(dataDir);
    console.info(`snapshot-pause: database files ${mb(bytes)}`);
    console.info(`idle medians: ${PROBES.map((kind) => `${kind} ${(idle.get(kind) ?? 0).toFixed(1)} ms`).join(', ')}`);

    // PGlite's own dump for comparison (it reads every file synchronously, the event loop included), before
    // any snapshot exists: it would put DATA_DIR/backups into the archive too.
    const client = server.database.snapshotSource;
    if (!client) throw new Error('no PGlite in a directory');
    const pglite = (server.database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dumpStart = performance.now();
    let dumpBytes = 0;
    const dumpWaits = await during(pglite.dumpDataDir('gzip').then((blob) => (dumpBytes = blob.size)));
    console.info(
      `PGlite dumpDataDir('gzip'): ${ms(performance.now() - dumpStart)}, ${mb(dumpBytes)}; longest waits ` +
        PROBES.map((kind) => `${kind} ${ms(dumpWaits.get(kind) ?? 0)}`).join(', '),
    );

    for (let round = 1; round <= SNAPSHOTS; round += 1) {
      let taken: Awaited<ReturnType<typeof snapshots.takeNow>> = null;
      const waits = await during(snapshots.takeNow().then((result) => (taken = result)));
      if (!taken) throw new Error('the snapshot failed (see the log)');
      const { bytes: size, heldMs, tookMs } = taken;
      const ratios = PROBES.map((kind) => {
        const ratio = (waits.get(kind) ?? 0) / (idle.get(kind) ?? 1);
        return `${kind} ${ms(waits.get(kind) ?? 0)} (${ratio.toFixed(1)}× idle)`;
      });
      console.info(
        `snapshot ${round}: ${ms(tookMs)} in all, database held ${ms(heldMs)}, ${mb(size)}; longest waits ${ratios.join(', ')}`,
      );
      if (round === SNAPSHOTS) {
        figures.push(
          { figure: `snapshot of ${ORDERS} orders: time / held`, value: `${ms(tookMs)} / ${ms(heldMs)}` },
          { figure: 'snapshot size / database files', value: `${mb(size)} / ${mb(bytes)}` },
          ...PROBES.map((kind) => ({
            figure: `${kind}: longest wait during a snapshot / idle median`,
            value: ((waits.get(kind) ?? 0) / (idle.get(kind) ?? 1)).toFixed(1),
          })),
        );
      }
    }
    recordFigures('snapshot-pause', figures);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}

await main();
