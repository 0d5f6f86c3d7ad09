import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { orders, stores } from '../apps/server/src/db/schema.ts';
import { buildServer } from '../apps/server/src/server.ts';
import type { FromOrderServer, ToOrderServer } from './order-protocol.ts';

// The server `orders.ts` loads, in a process of its own so the load generator does not share its
// thread: on DATABASE_URL (a fresh database the parent made) or an in-memory PGlite, open around
// the clock, with room for every order in one slot.

const STORE_ID = 13;
/** Monday 2026-06-15, 12:00 in Berlin: a whole afternoon and evening of slots ahead, whenever the bench runs. */
const BENCH_NOON = Date.parse('2026-06-15T10:00:00Z');
const ROOMY_SLOTS = 1_000_000;
const UNLIMITED = 1_000_000_000;

function send(message: FromOrderServer): void {
  process.send?.(message);
}

const server = await buildServer(
  loadConfig({
    LOG_LEVEL: 'error',
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    SEED_OPENING_HOURS: 'always',
    // The load names each order's client address in X-Forwarded-For, as a load balancer in front would.
    TRUST_PROXY: '1',
    // Thousands of orders an hour are the point here, not what the abuse limits are for.
    ORDERS_PER_HOUR_PER_ADDRESS: String(UNLIMITED),
    ORDERS_PER_HOUR_PER_CUSTOMER: String(UNLIMITED),
    GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '100',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }),
);
const db = server.database.db;

// The clocks run from noon on a fixed Monday, so the run does not depend on the time of day it starts.
const offset = BENCH_NOON - Date.now();
const clock = { now: () => new Date(Date.now() + offset) };
server.orders.clock = clock;
server.storeStatus.clock = clock;

await db.update(stores).set({ ordersPerSlot: ROOMY_SLOTS }).where(eq(stores.id, STORE_ID));
const catalogue = await server.catalogue.get(STORE_ID);
const product = catalogue?.products.find(
  (candidate) =>
    candidate.type === 'simple' &&
    candidate.available &&
    candidate.toppingGroups.every((group) => group.minSelect === 0),
);
if (!product) throw new Error('the demo menu has no simple product');

await server.listen({ host: '127.0.0.1', port: 0 });
const { port } = server.server.address() as AddressInfo;

/**
 * The load stops with requests in flight, and the mails of the last orders are handed to the mailer
 * after their answers: a second lets them finish before a clear or the close.
 */
const SETTLE_MS = 1_000;

async function stop(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await server.close();
  process.exit(0);
}

process.on('message', (message: ToOrderServer) => {
  if (message.type === 'clear') {
    // Each round starts with an empty day, so its slot counts do not carry the round before. DELETE,
    // unlike TRUNCATE, cannot deadlock with a straggler; the order lines go with their orders.
    void new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      .then(() => db.execute(sql`delete from orders`))
      .then(() => db.execute(sql`delete from outbox`))
      .then(() => send({ type: 'cleared' }))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  } else if (message.type === 'list') {
    void db
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders)
      .then((rows) => send({ type: 'orders', orders: rows }))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  } else if (message.type === 'usage') {
    const { user, system } = process.cpuUsage();
    send({ type: 'usage', cpuMs: (user + system) / 1000, atMicros: Number(process.hrtime.bigint() / 1000n) });
  } else if (message.type === 'close') {
    void stop();
  }
});
// The parent went away without saying so: do not outlive it.
process.on('disconnect', () => void stop());

send({ type: 'listening', port, productId: product.id, kind: server.database.kind });
