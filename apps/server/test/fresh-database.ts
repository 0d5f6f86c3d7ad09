import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  name: string;
  /** `adminUrl` with this database, reached at `port` when given (a proxy in front of the server). */
  url(port?: number): string;
  drop(): Promise<void>;
}

/** An empty database of its own on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL), as helper.ts makes. */
export async function createFreshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    name,
    url(port) {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      if (port !== undefined) {
        url.hostname = '127.0.0.1';
        url.port = String(port);
      }
      return url.toString();
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Where the PostgreSQL server of `adminUrl` listens, for a proxy to forward to. */
export function databaseServer(adminUrl: string): { host: string; port: number } {
  const url = new URL(adminUrl);
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
}
