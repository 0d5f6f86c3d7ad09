import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
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
 * it, for tests of routes that need a signed-in customer or admin.
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
  const token = await app.auth.issueToken({ id: user.id, role, sessionVersion: user.sessionVersion });
  return { id: user.id, email, token, headers: { authorization: `Bearer ${token}` } };
}
