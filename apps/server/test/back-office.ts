import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { productSchema, type Product } from '@pizzeria/domain';
import { auditLog, stores, toppings } from '../src/db/schema.ts';
import { DEMO_STORE } from '../src/db/seed/store.ts';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from './helper.ts';

/** The value a test set up; fails the test when it is missing (instead of asserting with `!`). */
export function present<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

export interface BackOfficeTestServer {
  readonly app: FastifyInstance;
  /** The signed-in admin every `request` is sent as. */
  readonly admin: TestUser;
  /** A request as the admin, to `prefix` + `url`, in German unless `language` says otherwise. */
  request(
    method: NonNullable<InjectOptions['method']>,
    url: string,
    payload?: object,
    language?: string,
  ): Promise<LightMyRequestResponse>;
  /** The store's products as the shop shows them to customers. */
  shopProducts(storeId?: number): Promise<Product[]>;
  /** The audit entries of one row, oldest first. */
  auditOf(entity: string, entityId: number | string): Promise<(typeof auditLog.$inferSelect)[]>;
}

/**
 * One server with a signed-in admin for a back-office test file: built in a `beforeAll` and closed in
 * an `afterAll` of its own. Call it at the top of the file, before the file's own hooks, so that their
 * set-up runs on the built server.
 */
export function backOfficeTestServer(options: { prefix?: string } = {}): BackOfficeTestServer {
  const prefix = options.prefix ?? '';
  let server: TestServer | undefined;
  let admin: TestUser | undefined;
  beforeAll(async () => {
    server = await buildTestServer();
    admin = await createTestUser(server.app, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const backOffice: BackOfficeTestServer = {
    get app() {
      return present(server).app;
    },
    get admin() {
      return present(admin);
    },
    request(method, url, payload, language = 'de') {
      return backOffice.app.inject({
        method,
        url: `${prefix}${url}`,
        headers: { ...backOffice.admin.headers, 'accept-language': language },
        ...(payload ? { payload } : {}),
      });
    },
    async shopProducts(storeId = 13) {
      const response = await backOffice.app.inject({ method: 'GET', url: `/api/products/?store_id=${storeId}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as unknown[]).map((product) => productSchema.parse(product));
    },
    auditOf(entity, entityId) {
      return backOffice.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
        .orderBy(auditLog.id);
    },
  };
  return backOffice;
}

/** A second store (14) with a topping of its own: its id, for the checks that one store cannot edit another's rows. */
export async function otherStoreTopping(app: FastifyInstance): Promise<number> {
  const db = app.database.db;
  await db.insert(stores).values({ ...DEMO_STORE, id: 14, name: 'Pizzeria Zwei' });
  const [other] = await db
    .insert(toppings)
    .values({ storeId: 14, name: { de: 'Fremde Zutat', en: '' }, priceCents: 100 })
    .returning();
  return present(other).id;
}
