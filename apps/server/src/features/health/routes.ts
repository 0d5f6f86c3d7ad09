import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema } from '@pizzeria/domain';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and pub/sub check',
        description:
          '200 while the database answers. `status` is `degraded` while the pub/sub between instances (Redis) ' +
          'is not connected: the instance serves, reading what other instances change from the database.',
        response: { 200: healthSchema },
      },
    },
    async () => {
      await app.database.db.execute(sql`select 1`);
      const pubsub = { kind: app.pubsub.kind, connected: app.pubsub.connected };
      return {
        status: pubsub.connected ? ('ok' as const) : ('degraded' as const),
        database: app.database.kind,
        pubsub,
      };
    },
  );
};

export default healthRoutes;
