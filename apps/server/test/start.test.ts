import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killRunningMains, removeWebDist, startMain } from './child-server.ts';
import { createFreshDatabase, databaseServer } from './fresh-database.ts';
import { createTcpProxy, freePort } from './tcp-proxy.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The lines a process wrote, without empty ones. */
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

afterEach(killRunningMains);
afterAll(removeWebDist);

describe('starting the server without its database', () => {
  it('retries an unreachable PostgreSQL, then exits 1 with one line and no stack trace', async () => {
    const port = await freePort();
    const started = startMain({
      DATABASE_URL: `postgres://postgres:hunter2@127.0.0.1:${port}/pizzeria`,
      DATABASE_CONNECT_RETRY_SECONDS: '1',
    });
    expect(await started.exited).toBe(1);
    const { stdout, stderr } = started.output;
    expect(lines(stderr)).toEqual([
      `cannot reach PostgreSQL at 127.0.0.1:${port} (connection refused); retrying in 0.5 s (attempt 1 of 3)`,
      `cannot reach PostgreSQL at 127.0.0.1:${port} (connection refused); retrying in 0.5 s (attempt 2 of 3)`,
      `cannot reach PostgreSQL at 127.0.0.1:${port} (connection refused); gave up after 3 attempts`,
    ]);
    expect(stdout).toBe('');
    expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
    expect(`${stdout}${stderr}`).not.toContain('hunter2');
  });

  it.each([
    ['postgres:/x', 'DATABASE_URL names no host (expected postgres://user:password@host:5432/database)'],
    ['base', 'DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)'],
  ])('calls DATABASE_URL=%s a configuration error in one line', async (url, message) => {
    const started = startMain({ DATABASE_URL: url, DATABASE_CONNECT_RETRY_SECONDS: '1' });
    expect(await started.exited).toBe(1);
    expect(lines(started.output.stderr)).toEqual([message]);
    expect(started.output.stdout).toBe('');
  });

  it('says a host that does not resolve is a configuration error', async () => {
    // `.invalid` never resolves (RFC 2606), so no resolver or network can make this pass by chance.
    const started = startMain({
      DATABASE_URL: 'postgres://postgres@db.invalid/pizzeria',
      DATABASE_CONNECT_RETRY_SECONDS: '0',
    });
    expect(await started.exited).toBe(1);
    expect(lines(started.output.stderr)).toEqual([
      'the host "db.invalid" in DATABASE_URL does not resolve: check DATABASE_URL',
    ]);
  });

  it.skipIf(!adminUrl)(
    'starts once PostgreSQL comes up while it retries',
    async () => {
      const database = await createFreshDatabase(adminUrl ?? '');
      const proxy = await createTcpProxy(databaseServer(adminUrl ?? ''));
      try {
        const started = startMain({ DATABASE_URL: database.url(proxy.port), DATABASE_CONNECT_RETRY_SECONDS: '60' });
        await started.waitFor(/cannot reach PostgreSQL at .*; retrying in/);
        await proxy.forward();
        const [, address] = await started.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        const health = await fetch(`${address}/api/health`);
        expect(health.status).toBe(200);
        started.child.kill('SIGTERM');
        expect(await started.exited).toBe(0);
      } finally {
        await proxy.cut();
        await database.drop();
      }
      // Migrating and seeding a fresh database takes a while on a busy machine.
    },
    90_000,
  );
});

describe('starting the server on a DATA_DIR another server holds', () => {
  it('refuses in one line, naming the other server, and starts once that one has stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pizzeria-held-'));
    try {
      const first = startMain({ DATA_DIR: dataDir });
      await first.waitFor(/Server listening at/);
      const second = startMain({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(lines(second.output.stderr)).toEqual([
        `DATA_DIR ${dataDir} is in use by another server (process ${first.child.pid}): stop it first, or start this one with another DATA_DIR`,
      ]);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const third = startMain({ DATA_DIR: dataDir });
      await third.waitFor(/Server listening at/);
    } finally {
      killRunningMains();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Three starts on PGlite, the first one migrating and seeding.
  }, 120_000);
});
