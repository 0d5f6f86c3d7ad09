import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@pizzeria/domain';
import { loadConfig } from '../src/config.ts';
import { buildServer } from '../src/server.ts';
import { createFreshDatabase, databaseServer, type FreshDatabase } from './fresh-database.ts';
import { pickupOrder, pinClock, simpleProduct } from './helper.ts';
import { eventually } from './redis-server.ts';
import { createTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a database outage while the server runs', () => {
  let database: FreshDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    proxy = await createTcpProxy(databaseServer(adminUrl ?? ''));
    await proxy.forward();
    app = await buildServer(
      loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DATABASE_URL: database.url(proxy.port) }),
    );
  });

  afterAll(async () => {
    await proxy.forward();
    await app.close();
    await proxy.cut();
    await database.drop();
  });

  // Both query the database on every request (the catalogue routes answer from memory).
  const routes = ['/api/health', '/api/stores/13/slots?order_type=pickup'];

  it('answers 503 with Retry-After while the database is gone, and 200 once it is back', async () => {
    for (const url of routes) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    await proxy.cut();
    for (const url of routes) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe('5');
      expect(response.json(), url).toEqual({
        message: 'Our system is unavailable right now. Please try again in a moment.',
        code: 'database_unavailable',
      });
    }

    await proxy.forward();
    for (const url of routes) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('answers 503 when its connection is killed in the middle of an order, keeps no part of it, and takes the retry', async () => {
    pinClock(app);
    const product = await simpleProduct(app);
    const admin = new pg.Client({ connectionString: database.url() });
    await admin.connect();
    try {
      // The order's transaction writes the order and its history, then waits here for its items.
      await admin.query('begin');
      await admin.query('lock table order_items in exclusive mode');
      const key = randomUUID();
      const placing = app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'idempotency-key': key, 'accept-language': 'de' },
        payload: pickupOrder(product.id),
      });
      const waiting = async () =>
        (
          await admin.query<{ pid: number }>(
            `select pid from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          )
        ).rows;
      await eventually(async () => (await waiting()).length === 1, 'the order waiting for its items');
      const [backend] = await waiting();
      await admin.query('select pg_terminate_backend($1)', [backend?.pid]);
      await admin.query('rollback');

      const refused = await placing;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ code: 'database_unavailable' });
      const counts = await admin.query<{ orders: string; items: string; events: string }>(
        `select (select count(*) from orders) as orders, (select count(*) from order_items) as items,
                (select count(*) from order_events) as events`,
      );
      expect(counts.rows[0]).toEqual({ orders: '0', items: '0', events: '0' });

      // The pool let the dead connection go: the customer's retry, with the same key, places the order once.
      const retried = await app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'idempotency-key': key },
        payload: pickupOrder(product.id),
      });
      expect(retried.statusCode, retried.body).toBe(201);
      const order = orderSchema.parse(retried.json());
      const stored = await admin.query<{ id: number; items: string }>(
        'select o.id, (select count(*) from order_items i where i.order_id = o.id) as items from orders o',
      );
      expect(stored.rows).toEqual([{ id: order.id, items: '1' }]);
    } finally {
      await admin.end();
    }
  });
});
