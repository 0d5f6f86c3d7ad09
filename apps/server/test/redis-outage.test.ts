import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema, storeSchema, storeStatusMessageSchema, timeSlotsSchema } from '@pizzeria/domain';
import { createTestUser, startInstance, storeVersion, type TestUser } from './helper.ts';
import { createFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { eventually, redisServerBinary, startRedis, type OwnRedis } from './redis-server.ts';
import { freePort } from './tcp-proxy.ts';
import { openSocket, wsBase, type TestSocket } from './ws-client.ts';

// Two instances on one PostgreSQL and a Redis that dies: neither may go on showing what it remembers as
// if nothing could have changed. A pause made through A while Redis is away reaches B's customers by
// B reading again (it knows it is in doubt), and once Redis is back, changes are heard again at once.

const adminUrl = process.env.TEST_DATABASE_URL;
/** Bounds for "within seconds while in doubt" (B reads again every few seconds) and "at once" (heard). */
const WHILE_IN_DOUBT_MS = 15_000;
const HEARD_MS = 3_000;

describe.skipIf(!adminUrl || !redisServerBinary)('two instances while Redis is away', () => {
  let database: FreshDatabase;
  let port: number;
  let redis: OwnRedis;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  async function statusOnB(): Promise<TestSocket> {
    const socket = await openSocket(`${await wsBase(b)}/api/ws/store/13/status`);
    sockets.push(socket);
    return socket;
  }

  const pausedIs = (paused: boolean) => (message: unknown) =>
    storeStatusMessageSchema.safeParse(message).data?.pause.paused === paused;

  async function pauseThroughA(paused: boolean): Promise<void> {
    const response = await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/pause',
      headers: admin.headers,
      payload: { paused },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function connectedBoth(connected: boolean): Promise<void> {
    await eventually(
      () => a.pubsub.connected === connected && b.pubsub.connected === connected,
      `both instances ${connected ? 'connected' : 'in doubt'}`,
    );
  }

  async function asapOnB(): Promise<boolean> {
    const response = await b.inject({ method: 'GET', url: '/api/stores/13/slots?order_type=pickup' });
    expect(response.statusCode, response.body).toBe(200);
    return timeSlotsSchema.parse(response.json()).asap_available;
  }

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    database = await createFreshDatabase(adminUrl ?? '');
    [a, b] = await Promise.all([
      startInstance(database.url(), `redis://127.0.0.1:${port}`),
      startInstance(database.url(), `redis://127.0.0.1:${port}`),
    ]);
    admin = await createTestUser(a, { role: 'admin' });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.close(), b?.close()]);
    await redis?.kill();
    await database?.drop();
  });

  it('shows a pause made through A on B while Redis is away, and hears the resume once it is back', async () => {
    const socket = await statusOnB();
    expect(storeStatusMessageSchema.parse(await socket.next()).pause.paused).toBe(false);
    // B remembers the store as open.
    expect(await asapOnB()).toBe(true);

    await redis.kill();
    await connectedBoth(false);
    const health = healthSchema.parse((await b.inject({ method: 'GET', url: '/api/health' })).json());
    expect(health).toMatchObject({ status: 'degraded', pubsub: { kind: 'redis', connected: false } });

    await pauseThroughA(true);
    expect(storeStatusMessageSchema.parse(await socket.next(pausedIs(true), WHILE_IN_DOUBT_MS))).toMatchObject({
      is_open: false,
    });
    expect(await asapOnB()).toBe(false);

    redis = await startRedis(port);
    await connectedBoth(true);
    await pauseThroughA(false);
    await socket.next(pausedIs(false), HEARD_MS);
    expect(await asapOnB()).toBe(true);
  });

  it('serves hours edited through A from B while Redis is away, within seconds', async () => {
    const before = storeSchema.parse((await b.inject({ method: 'GET', url: '/api/stores/13' })).json());
    await redis.kill();
    await connectedBoth(false);

    const hours = [{ day_of_week: 1, open_time: '16:00', close_time: '23:00', label: 'Abend' }];
    const edited = await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/hours',
      headers: admin.headers,
      payload: { store_hours: hours, version: await storeVersion(a, admin) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually(async () => {
      const store = storeSchema.parse((await b.inject({ method: 'GET', url: '/api/stores/13' })).json());
      return JSON.stringify(store.store_hours) === JSON.stringify(hours);
    }, 'B serves the new hours');

    redis = await startRedis(port);
    await connectedBoth(true);
    await a.inject({
      method: 'PUT',
      url: '/api/admin/stores/13/hours',
      headers: admin.headers,
      payload: { store_hours: before.store_hours, version: await storeVersion(a, admin) },
    });
  });
});
