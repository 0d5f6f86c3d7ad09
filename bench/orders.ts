import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { timeSlotsSchema } from '@pizzeria/domain';
import type { FromOrderServer, ToOrderServer } from './order-protocol.ts';

// Guest orders (`POST /api/orders/guest`) under a bounded load, against catalogue reads on the same
// server: ASAP orders (all into the earliest slot with room) and orders for a requested time spread
// over the day's slots. The server runs in a child process (order-server.ts) on a fresh PostgreSQL
// database named by DATABASE_URL's server, else on an in-memory PGlite. Prints rates, latencies and
// ratios; timings depend on the machine, so nothing here passes or fails on speed.

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not ${raw}`);
  }
  return value;
}

const DURATION_SECONDS = positiveInteger('BENCH_DURATION', 10);
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 50);
/** Seconds after which the run stops, says where, and exits non-zero. */
const TIMEOUT_SECONDS = positiveInteger('BENCH_TIMEOUT', 180);
const MENU_PATH = '/api/products/?store_id=13';
const ORDER_PATH = '/api/orders/guest';

let stage = 'starting';
const watchdog = setTimeout(() => {
  console.error(`BENCH_TIMEOUT: stopped after ${TIMEOUT_SECONDS} s while ${stage}`);
  process.exit(1);
}, TIMEOUT_SECONDS * 1000);
watchdog.unref();

/** A database of its own on the server DATABASE_URL names, dropped when the run ends. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_orders_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
const profileDir = process.env.BENCH_PROFILE ? mkdtempSync(path.join(tmpdir(), 'orders-profile-')) : null;

const child = fork(fileURLToPath(new URL('./order-server.ts', import.meta.url)), {
  env: { ...process.env, ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }) },
  execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});

function next<T extends FromOrderServer['type']>(type: T): Promise<Extract<FromOrderServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before "${type}"`));
    child.once('exit', onExit);
    const onMessage = (message: FromOrderServer) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FromOrderServer, { type: T }>);
    };
    child.on('message', onMessage);
  });
}

function tell(message: ToOrderServer): void {
  child.send(message);
}

const line = (label: string, result: Result) =>
  `${label.padEnd(34)} ${result.requests.average.toFixed(1).padStart(9)}/s` +
  `   p50 ${result.latency.p50.toFixed(0).padStart(5)} ms   p99 ${result.latency.p99.toFixed(0).padStart(5)} ms` +
  `   ${result.requests.total} in ${result.duration.toFixed(1)} s`;

let failed = false;
try {
  const ready = await next('listening');
  const base = `http://127.0.0.1:${ready.port}`;
  const run = (options: Omit<Options, 'url' | 'connections' | 'duration'>) =>
    autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  const clear = async () => {
    tell({ type: 'clear' });
    await next('cleared');
  };

  // Each order from another guest at another address, as in a shop: the abuse limits count per customer
  // and per address, and one guest's thousands of orders would only measure their counters' row locks.
  let guests = 0;
  const order = (requestedTime: string, guest: number) =>
    JSON.stringify({
      store_id: 13,
      order_type: 'pickup',
      items: [{ product_id: ready.productId, quantity: 2, extras: [] }],
      requested_time: requestedTime,
      payment_method: 'cash',
      address: {
        type: 'shipping',
        customer_name: 'Bench Gast',
        phone: `0151${String(guest).padStart(8, '0')}`,
        email: `bench-${guest}@example.com`,
        line1: 'Gneisenaustraße 1',
        city: 'Berlin',
        zip: '10969',
        country: 'DE',
      },
    });
  /** Each order its own Idempotency-Key, guest and address, for the time `timeOf` gives (called once per request). */
  const orders = (timeOf: () => string) =>
    run({
      requests: [
        {
          method: 'POST',
          path: ORDER_PATH,
          setupRequest: (request) => {
            guests += 1;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
                // The child trusts one proxy hop (TRUST_PROXY=1): this is the client's address.
                'x-forwarded-for': `10.${(guests >> 16) & 255}.${(guests >> 8) & 255}.${guests & 255}`,
              },
              body: order(timeOf(), guests),
            };
          },
        },
      ],
    });

  stage = 'reading the menu';
  const menu = await run({
    requests: [{ method: 'GET', path: MENU_PATH }],
    warmup: { connections: CONNECTIONS, duration: 1 },
  });

  stage = 'placing ASAP orders';
  await clear();
  const asap = await orders(() => 'asap');

  stage = 'placing orders for requested times';
  await clear();
  const offered = timeSlotsSchema.parse(await (await fetch(`${base}/api/stores/13/slots?order_type=pickup`)).json());
  const times = offered.slots.map((slot) => slot.time);
  if (times.length === 0) throw new Error('the store offers no slot to order for');
  let turn = 0;
  const scheduled = await orders(() => times[turn++ % times.length] ?? 'asap');

  console.log(
    `${CONNECTIONS} connections, ${DURATION_SECONDS} s each, server in a child process on ` +
      `${ready.kind === 'postgres' ? 'PostgreSQL (a fresh database)' : 'an in-memory PGlite'}, loopback`,
  );
  console.log(line(`GET ${MENU_PATH}`, menu));
  console.log(line(`POST ${ORDER_PATH} asap`, asap));
  console.log(line(`POST ${ORDER_PATH} over ${times.length} slots`, scheduled));
  const ratio = (result: Result) => (menu.requests.average / result.requests.average).toFixed(1);
  console.log(`menu reads per order: asap ${ratio(asap)}×, over the slots ${ratio(scheduled)}×`);

  // Not a timing: a run that measured the wrong thing (errors, refused orders) is no measurement.
  // autocannon counts a timeout (no answer within 10 s) among the errors too.
  const wrong = (result: Result, expected: string) =>
    result.errors + result.requests.total - (result.statusCodeStats[expected]?.count ?? 0);
  const counts = [wrong(menu, '200'), wrong(asap, '201'), wrong(scheduled, '201')];
  if (counts.some((count) => count > 0)) {
    console.error(`unexpected responses or errors: menu ${counts[0]}, asap ${counts[1]}, over the slots ${counts[2]}`);
    const detail = (result: Result) => ({
      ...result.statusCodeStats,
      errors: result.errors,
      timeouts: result.timeouts,
    });
    console.error(JSON.stringify({ asap: detail(asap), scheduled: detail(scheduled) }));
    failed = true;
  }
} catch (error) {
  console.error(`failed while ${stage}:`, error);
  failed = true;
} finally {
  stage = 'stopping the server';
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) tell({ type: 'close' });
    await exited;
  }
  await database?.drop();
  if (profileDir) console.log(`CPU profile of the server: ${profileDir}`);
}
process.exitCode = failed ? 1 : 0;
