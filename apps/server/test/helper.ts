import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { buildServer } from '../src/server.ts';

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
  options: { database?: 'default' | 'pglite' } = {},
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
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildServer(config);
  return {
    app,
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}
