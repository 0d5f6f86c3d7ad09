import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { orderSchema, type Order } from '@pizzeria/domain';
import { loadConfig } from '../src/config.ts';
import { staffSessions, users } from '../src/db/schema.ts';
import { buildServer, type BuildServerOptions } from '../src/server.ts';
import type { CatalogueProduct } from '../src/features/catalogue/index.ts';

export interface TestServer {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Builds the server on a database of its own: a fresh PostgreSQL database on `TEST_DATABASE_URL`
 * when it is set (dropped afterwards), else an in-memory PGlite; `database: 'pglite'` forces PGlite.
 * Migrations and seed run as on start.
 */
export async function buildTestServer(
  env: Record<string, string> = {},
  options: { database?: 'default' | 'pglite'; onRoute?: BuildServerOptions['onRoute'] } = {},
): Promise<TestServer> {
  const adminUrl = options.database === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: 'memory://',
    // Every test request comes from 127.0.0.1: the limits per address get their own tests.
    ORDERS_PER_HOUR_PER_ADDRESS: '100000',
    ORDERS_PER_HOUR_PER_CUSTOMER: '100000',
    REGISTRATIONS_PER_HOUR_PER_ADDRESS: '100000',
    PASSWORD_RESETS_PER_HOUR_PER_ADDRESS: '100000',
    TRACKING_FAILURES_PER_HOUR_PER_ADDRESS: '100000',
    // Most tests fill slots with guest orders: the guests' share and mail limits get their own tests.
    GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '100',
    MAILS_PER_HOUR_PER_RECIPIENT: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildServer(config, { onRoute: options.onRoute });
  return {
    app,
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject`. */
  headers: { authorization: string };
}

let userCounter = 0;

/**
 * Creates an account straight in the database (no password: it cannot log in) and a bearer token for
 * it, for tests of routes that need a signed-in customer or admin. An admin's token belongs to a staff
 * session (a signed-in device), as every admin token must.
 */
export async function createTestUser(
  app: FastifyInstance,
  options: { role?: 'customer' | 'admin'; name?: string; email?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const role = options.role ?? 'customer';
  const [user] = await app.database.db
    .insert(users)
    .values({ email, passwordHash: '!', customerName: options.name ?? `Test User ${userCounter}`, role })
    .returning({ id: users.id, sessionVersion: users.sessionVersion });
  if (!user) throw new Error('could not create the test user');
  const sessionId = role === 'admin' ? await startStaffSession(app, user.id) : undefined;
  const token = await app.auth.issueToken({ id: user.id, role, sessionVersion: user.sessionVersion }, { sessionId });
  return { id: user.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** A signed-in staff device for the user, as `POST /api/staff/login` starts one: its id. */
async function startStaffSession(app: FastifyInstance, userId: number): Promise<number> {
  const [session] = await app.database.db
    .insert(staffSessions)
    .values({ userId, tokenHash: `test-${randomBytes(16).toString('hex')}`, deviceName: 'Test' })
    .returning({ id: staffSessions.id });
  if (!session) throw new Error('could not start the test staff session');
  return session.id;
}

/** A product of the demo menu that needs no choice (no size, no required topping): what order tests buy. */
export async function simpleProduct(app: FastifyInstance): Promise<CatalogueProduct> {
  const catalogue = await app.catalogue.get(13);
  const product = catalogue?.products.find(
    (candidate) =>
      candidate.type === 'simple' &&
      candidate.available &&
      candidate.toppingGroups.every((group) => group.minSelect === 0),
  );
  if (!product) throw new Error('the demo menu has no simple product');
  return product;
}

/** Monday 2026-06-15, 18:07 in Berlin: the demo store is open, whatever its hours are seeded with. */
export const MONDAY_EVENING = new Date('2026-06-15T16:07:00Z');

/**
 * Stops the server's clock for orders and the store's status at `at`: a test that orders "as soon as
 * possible" must not depend on the hour it runs at (the kitchen's last slot is before midnight).
 */
export function pinClock(app: FastifyInstance, at: Date = MONDAY_EVENING): void {
  app.orders.clock = { now: () => at };
  app.storeStatus.clock = { now: () => at };
}

/** Places a cash pickup of one product: by the owner when `headers` carry their token, else as a guest. */
export async function placePickupOrder(
  app: FastifyInstance,
  productId: number,
  headers?: Record<string, string>,
): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: headers ? '/api/orders/' : '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID(), ...headers },
    payload: pickupOrder(productId, { guest: !headers }),
  });
  if (response.statusCode !== 201)
    throw new Error(`placing an order answered ${response.statusCode}: ${response.body}`);
  return orderSchema.parse(response.json());
}

/** A guest's cash pickup of one product, as `POST /api/orders/guest` takes it (or `/api/orders/` without the address). */
export function pickupOrder(
  productId: number,
  options: { requestedTime?: string; quantity?: number; guest?: boolean } = {},
): Record<string, unknown> {
  return {
    store_id: 13,
    order_type: 'pickup',
    items: [{ product_id: productId, quantity: options.quantity ?? 1, extras: [] }],
    requested_time: options.requestedTime ?? 'asap',
    payment_method: 'cash',
    ...(options.guest === false
      ? {}
      : {
          address: {
            type: 'shipping',
            customer_name: 'Gabi Gast',
            phone: '015112345678',
            line1: 'Gneisenaustraße 1',
            city: 'Berlin',
            zip: '10969',
            country: 'DE',
          },
        }),
  };
}
