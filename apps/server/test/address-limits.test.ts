import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_CLOSE, type Order } from '@pizzeria/domain';
import { loadConfig } from '../src/config.ts';
import { buildServer } from '../src/server.ts';
import { buildTestServer, pinClock, placePickupOrder, simpleProduct, type TestServer } from './helper.ts';
import { createFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { openSocket, wsBase } from './ws-client.ts';

// Registration, password resets and the tracking-token look-up are limited per client
// address, with Retry-After and a message in the caller's language; the counts live in the database,
// so every instance shares them.

const LIMITS = {
  REGISTRATIONS_PER_HOUR_PER_ADDRESS: '3',
  PASSWORD_RESETS_PER_HOUR_PER_ADDRESS: '2',
  TRACKING_FAILURES_PER_HOUR_PER_ADDRESS: '3',
};

let addresses = 0;
/** A fresh client address per test (the server trusts 127.0.0.1 to forward it), so counts do not mix. */
function freshAddress(): string {
  addresses += 1;
  return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function register(app: FastifyInstance, ip: string, email = `${randomUUID()}@example.com`, language = 'en') {
  return app.inject({
    method: 'POST',
    url: '/api/register/customer',
    headers: { 'x-forwarded-for': ip, 'accept-language': language },
    payload: { customer_name: 'Rita Rate', email, password: 'a long enough passphrase 7' },
  });
}

async function placeGuestOrder(app: FastifyInstance): Promise<Order> {
  return placePickupOrder(app, (await simpleProduct(app)).id);
}

function lookUp(app: FastifyInstance, ip: string, id: number, token: string, language = 'en') {
  return app.inject({
    method: 'GET',
    url: `/api/orders/${id}?token=${encodeURIComponent(token)}`,
    headers: { 'x-forwarded-for': ip, 'accept-language': language },
  });
}

describe('limits per client address', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let order: Order;

  beforeAll(async () => {
    server = await buildTestServer({ ...LIMITS, SEED_OPENING_HOURS: 'always', TRUST_PROXY: '127.0.0.1' });
    app = server.app;
    pinClock(app);
    order = await placeGuestOrder(app);
  });
  afterAll(() => server.close());

  it('counts registrations from an IPv6 network as from one client, whichever of its addresses', async () => {
    const hosts = ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:aaaa:bbbb:cccc:dddd', '2001:db8:5:6::ffff'];
    const statuses = [];
    for (const ip of hosts) statuses.push((await register(app, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await register(app, '2001:db8:5:7::1')).statusCode).toBe(201);
  });

  it('refuses a fourth registration from one address within the hour, in the caller’s language', async () => {
    const ip = freshAddress();
    const taken = `${randomUUID()}@example.com`;
    expect((await register(app, ip, taken)).statusCode).toBe(201);
    // An address already taken counts too: that is how addresses are probed.
    expect((await register(app, ip, taken)).statusCode).toBe(409);
    expect((await register(app, ip)).statusCode).toBe(201);

    const refused = await register(app, ip, undefined, 'de');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringMatching(/^Von Ihrem Anschluss wurden gerade zu viele Konten angelegt\. .* in \d+ Minuten/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not held up.
    expect((await register(app, freshAddress())).statusCode).toBe(201);
  });

  it('holds a parallel burst of registrations to the limit exactly', async () => {
    const ip = freshAddress();
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => register(app, ip)))).map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('refuses a third password reset with a link from one address', async () => {
    const ip = freshAddress();
    const reset = () =>
      app.inject({
        method: 'POST',
        url: '/api/reset-password',
        headers: { 'x-forwarded-for': ip, 'accept-language': 'en' },
        payload: { token: randomBytes(32).toString('base64url'), password: 'a long enough passphrase 7' },
      });
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(400);
    const refused = await reset();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests', message: expect.stringContaining('Too many') });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('lets a guest open their order as often as they like, and stops guessing after three wrong tokens', async () => {
    const ip = freshAddress();
    for (let look = 0; look < 10; look++)
      expect((await lookUp(app, ip, order.id, order.tracking_token ?? '')).statusCode).toBe(200);

    for (let guess = 0; guess < 3; guess++) {
      expect((await lookUp(app, ip, order.id, `wrong-${guess}`)).statusCode).toBe(404);
    }
    const refused = await lookUp(app, ip, order.id, 'wrong-again', 'de');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringContaining('falschem Link'),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Held: while the address waits, not even a right guess gets through.
    expect((await lookUp(app, ip, order.id, order.tracking_token ?? '')).statusCode).toBe(429);
    // The guest at another address is not held up.
    expect((await lookUp(app, freshAddress(), order.id, order.tracking_token ?? '')).statusCode).toBe(200);
  });

  it('counts an order number that does not exist as a wrong guess', async () => {
    const ip = freshAddress();
    for (let guess = 0; guess < 3; guess++) {
      expect((await lookUp(app, ip, 900_000 + guess, order.tracking_token ?? '')).statusCode).toBe(404);
    }
    expect((await lookUp(app, ip, order.id, order.tracking_token ?? '')).statusCode).toBe(429);
  });
});

describe('the tracking-token limit on the live order channel', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let order: Order;
  let base: string;

  beforeAll(async () => {
    // No proxy: the sockets' address, 127.0.0.1, is the client's.
    server = await buildTestServer({ ...LIMITS, SEED_OPENING_HOURS: 'always' });
    app = server.app;
    pinClock(app);
    order = await placeGuestOrder(app);
    base = await wsBase(app);
  });
  afterAll(() => server.close());

  async function follow(token: string) {
    const socket = await openSocket(`${base}/api/ws/orders/${order.id}`);
    socket.send({ type: 'auth', tracking_token: token });
    const first = await socket.next();
    socket.close();
    return { first, closed: await socket.closed };
  }

  it('counts wrong tokens on sockets and over HTTP alike, and then closes with "try again later"', async () => {
    expect((await follow(order.tracking_token ?? '')).first).toMatchObject({ type: 'order' });
    expect((await follow('wrong-1')).closed.code).toBe(CHANNEL_CLOSE.notFound);
    expect((await lookUp(app, '127.0.0.1', order.id, 'wrong-2')).statusCode).toBe(404);
    expect((await follow('wrong-3')).closed.code).toBe(CHANNEL_CLOSE.notFound);

    const refused = await follow(order.tracking_token ?? '');
    expect(refused.first).toMatchObject({ type: 'error', code: 'unavailable' });
    expect(refused.closed.code).toBe(CHANNEL_CLOSE.tryAgainLater);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two instances on one PostgreSQL', () => {
  let database: FreshDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url(),
      TRUST_PROXY: '127.0.0.1',
      ...LIMITS,
    });
    [a, b] = await Promise.all([buildServer(config), buildServer(config)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('share the counts: registrations spread over both are held to one limit', async () => {
    const ip = freshAddress();
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await register(app, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});
