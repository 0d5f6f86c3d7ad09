import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { orderSchema, storeSettingsSchema, type Order, type StaffRole } from '@pizzeria/domain';
import { loadConfig } from '../src/config.ts';
import { customerSessions, staffSessions, users } from '../src/db/schema.ts';
import { buildServer, type BuildServerOptions } from '../src/server.ts';
import type { CatalogueProduct } from '../src/features/catalogue/index.ts';
import { createFreshDatabase } from './fresh-database.ts';
import { LIMITS_OFF } from './limits-off.ts';

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
  const database = adminUrl ? await createFreshDatabase(adminUrl) : undefined;
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: 'memory://',
    ...LIMITS_OFF,
    ...(database ? { DATABASE_URL: database.url() } : {}),
    ...env,
  });
  const app = await buildServer(config, { onRoute: options.onRoute });
  return {
    app,
    async close() {
      await app.close();
      await database?.drop();
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
 * it, for tests of routes that need a signed-in customer or admin. The token belongs to a session (a
 * signed-in device), a staff one for an admin, as every token must.
 */
export async function createTestUser(
  app: FastifyInstance,
  options: { role?: 'customer' | 'admin'; staffRole?: StaffRole; name?: string; email?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const role = options.role ?? 'customer';
  const [user] = await app.database.db
    .insert(users)
    .values({
      email,
      passwordHash: '!',
      customerName: options.name ?? `Test User ${userCounter}`,
      role,
      staffRole: role === 'admin' ? (options.staffRole ?? 'owner') : null,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id, sessionVersion: users.sessionVersion });
  if (!user) throw new Error('could not create the test user');
  const sessionId = role === 'admin' ? await startStaffSession(app, user.id) : await startCustomerSession(app, user.id);
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

/** A signed-in customer device, as `POST /api/login` starts one: its id. */
async function startCustomerSession(app: FastifyInstance, userId: number): Promise<number> {
  const [session] = await app.database.db
    .insert(customerSessions)
    .values({ userId, deviceName: 'Test', expiresAt: new Date(Date.now() + app.auth.tokenLifetimeSeconds * 1000) })
    .returning({ id: customerSessions.id });
  if (!session) throw new Error('could not start the test customer session');
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
export function pinClock(app: FastifyInstance, at: Date | (() => Date) = MONDAY_EVENING): void {
  const now = typeof at === 'function' ? at : () => at;
  app.orders.clock = { now };
  app.storeStatus.clock = { now };
}

/**
 * One of several instances of a deployment: on the database at `databaseUrl`, with the Redis at
 * `redisUrl`, its clock pinned (`pinClock`). Started together on an empty database, one migrates and
 * seeds while the others wait, as on start.
 */
export async function startInstance(
  databaseUrl: string,
  redisUrl: string,
  at: Date | (() => Date) = MONDAY_EVENING,
): Promise<FastifyInstance> {
  const instance = await buildServer(
    loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl }),
  );
  pinClock(instance, at);
  return instance;
}

/** The demo store's version, which a save of its settings or hours must send. */
export async function storeVersion(app: FastifyInstance, admin: TestUser): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/stores/13/settings', headers: admin.headers });
  return storeSettingsSchema.parse(response.json()).version;
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
