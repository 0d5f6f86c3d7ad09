import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildTestServer, type TestServer } from '../../test/helper.ts';

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
