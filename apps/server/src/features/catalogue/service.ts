import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { createCatalogueService, type CatalogueService } from './catalogue-cache.ts';
import { loadCatalogue } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue of every store, read from memory; writes call `catalogue.invalidate(storeId)`. */
    catalogue: CatalogueService;
  }
}

/** Pub/sub channel on which every instance hears that a store's catalogue (null: every store's) changed. */
export const CATALOGUE_CHANGED = 'catalogue:changed';
export const catalogueChangedSchema = z.object({ storeId: z.nullable(z.int()) });

/**
 * Decorates the app with the in-memory catalogue service over the database. An invalidation is
 * published, so every instance forgets the store and reads it again (scale-out, README's Architecture).
 */
export default fp(
  async (app) => {
    // "Sold out today" ends by the store's clock, which tests replace (`app.storeStatus.clock`); the
    // catalogue is only ever read once every plugin is registered.
    const now = () => (app.hasDecorator('storeStatus') ? app.storeStatus.clock.now() : new Date());
    const local = createCatalogueService((storeId) => loadCatalogue(app.database.db, storeId, now()), {
      inDoubt: () => !app.pubsub.connected,
      storeNow: () => now().getTime(),
    });
    const publish = (storeId: number | null) =>
      app.pubsub.publish(CATALOGUE_CHANGED, { storeId }).catch((error: unknown) => {
        app.log.error({ err: error, storeId }, 'could not tell the other instances that the catalogue changed');
      });

    await app.pubsub.subscribe(CATALOGUE_CHANGED, (message) => {
      const parsed = catalogueChangedSchema.safeParse(message);
      if (!parsed.success) return;
      if (parsed.data.storeId === null) local.invalidateAll();
      else local.invalidate(parsed.data.storeId);
    });
    // Changes may have been missed while the pub/sub connection was down.
    app.pubsub.onResync(() => local.invalidateAll());

    app.decorate('catalogue', {
      get: local.get,
      version: local.version,
      representation: local.representation,
      invalidate(storeId) {
        local.invalidate(storeId);
        return publish(storeId);
      },
      invalidateAll() {
        local.invalidateAll();
        return publish(null);
      },
    });
  },
  { name: 'catalogue', dependencies: ['database', 'pubsub'] },
);
