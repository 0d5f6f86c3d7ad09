import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createFreshDatabase, databaseServer, type FreshDatabase } from '../../test/fresh-database.ts';
import { buildTestServer, type TestServer } from '../../test/helper.ts';
import { createTcpProxy, freePort, type TcpProxy } from '../../test/tcp-proxy.ts';
import { connectRetryDelays, DatabaseStartError, databaseTarget, openDatabase, waitForPostgres } from './client.ts';
import { classifyDatabaseError, unreachableReason } from './database-errors.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the PostgreSQL pool', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await buildTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('survives the database dropping its connections (a restart, a failover), and answers again', async () => {
    const slots = () => server.app.inject({ method: 'GET', url: '/api/stores/13/slots?order_type=pickup' });
    expect((await slots()).statusCode).toBe(200);
    const result = await server.app.database.db.execute(sql`select current_database() as name`);
    const name = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result).rows[0]?.name;

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The idle connections' errors arrive now; an unhandled one would end the process.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await slots()).statusCode).toBe(200);
  });
});

describe('DATABASE_URL', () => {
  it('names the server by host and port, never with the password', () => {
    expect(databaseTarget('postgres://shop:hunter2@db.internal:6432/pizzeria').address).toBe('db.internal:6432');
    expect(databaseTarget('postgresql://shop@127.0.0.1/pizzeria').address).toBe('127.0.0.1:5432');
    expect(databaseTarget('postgres:///pizzeria?host=/run/postgresql').address).toBe('/run/postgresql');
  });

  it.each([
    ['postgres:/x', 'DATABASE_URL names no host'],
    ['base', 'DATABASE_URL is not a URL'],
    ['http://db.internal/pizzeria', 'DATABASE_URL must start with postgres://'],
  ])('refuses %s before pg reads it as another host', (url, message) => {
    expect(() => databaseTarget(url)).toThrow(
      new DatabaseStartError(`${message} (expected postgres://user:password@host:5432/database)`),
    );
  });
});

describe('connectRetryDelays', () => {
  it('doubles from half a second up to 8 s and adds up to the budget', () => {
    expect(connectRetryDelays(60_000)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000, 4500]);
    expect(connectRetryDelays(1000)).toEqual([500, 500]);
    expect(connectRetryDelays(0)).toEqual([]);
  });
});

describe('the start against a PostgreSQL that is not there', () => {
  it('tries again while the budget lasts, one line per attempt, then gives up in one line', async () => {
    const url = `postgres://postgres:hunter2@127.0.0.1:${await freePort()}/pizzeria`;
    const retries: string[] = [];
    const waiting = waitForPostgres(url, { retryMs: 1000, onRetry: (message) => retries.push(message) });
    await expect(waiting).rejects.toThrow(DatabaseStartError);
    const error = await waiting.catch((thrown: unknown) => thrown);
    const address = new URL(url).host;
    expect(retries).toEqual([
      `cannot reach PostgreSQL at ${address} (connection refused); retrying in 0.5 s (attempt 1 of 3)`,
      `cannot reach PostgreSQL at ${address} (connection refused); retrying in 0.5 s (attempt 2 of 3)`,
    ]);
    expect(error).toHaveProperty(
      'message',
      `cannot reach PostgreSQL at ${address} (connection refused); gave up after 3 attempts`,
    );
    expect([...retries, String(error)].join('\n')).not.toContain('hunter2');
  });

  it('opening the database says so in one line instead of the driver error', async () => {
    const port = await freePort();
    const opening = openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/pizzeria`, dataDir: 'memory://' });
    await expect(opening).rejects.toThrow(
      new DatabaseStartError(`cannot reach PostgreSQL at 127.0.0.1:${port} (connection refused)`),
    );
  });
});

describe.skipIf(!adminUrl)('PostgreSQL behind a network that fails', () => {
  let database: FreshDatabase;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await createFreshDatabase(adminUrl ?? '');
    proxy = await createTcpProxy(databaseServer(adminUrl ?? ''));
  });

  afterAll(async () => {
    await proxy.cut();
    await database.drop();
  });

  it('lets the start wait for a server that comes up while it retries', async () => {
    const retries: string[] = [];
    await waitForPostgres(database.url(proxy.port), {
      retryMs: 30_000,
      onRetry: (message) => {
        retries.push(message);
        void proxy.forward();
      },
    });
    expect(retries).toEqual([
      `cannot reach PostgreSQL at 127.0.0.1:${proxy.port} (connection refused); retrying in 0.5 s (attempt 1 of 8)`,
    ]);
  });

  it('fails a query after the connect timeout when the server stops answering, and recovers after', async () => {
    await proxy.forward();
    const opened = await openDatabase({ url: database.url(proxy.port), dataDir: 'memory://', connectTimeoutMs: 200 });
    try {
      await proxy.blackhole();
      const failure = () =>
        opened.db.execute(sql`select 1`).then(
          () => undefined,
          (error: unknown) => error,
        );
      // The first query may still meet the pool's dropped connection; the next one has to connect anew.
      expect(classifyDatabaseError(await failure())).toBe('unavailable');
      const timedOut = await failure();
      expect(classifyDatabaseError(timedOut)).toBe('unavailable');
      expect(unreachableReason(timedOut)).toBe('no answer within the connection timeout');

      await proxy.cut();
      await proxy.forward();
      await expect(opened.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await opened.close();
    }
  });
});
