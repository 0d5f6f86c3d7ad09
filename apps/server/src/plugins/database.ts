import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.ts';
import { unreachableReason } from '../db/database-errors.ts';
import { seedDemoRestaurant, type SeedOptions } from '../db/seed/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  url?: string;
  dataDir: string;
  /** PostgreSQL connections this instance keeps at most (`DATABASE_POOL_SIZE`). */
  poolSize?: number;
  seed?: SeedOptions;
}

/** Opens and migrates the database, and closes it with the server. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const database = await openDatabase({
      ...options,
      onIdleError: (error) => {
        // During an outage every idle connection reports its loss: one line each, not a stack.
        const reason = unreachableReason(error);
        if (reason) app.log.warn(`an idle database connection was lost (${reason}); the pool replaces it`);
        else app.log.error({ err: error }, 'an idle database connection failed; the pool replaces it');
      },
    });
    if (await seedDemoRestaurant(database.db, options.seed)) app.log.info('seeded the demo restaurant (store 13)');
    app.decorate('database', database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
