import fp from 'fastify-plugin';
import { createCatalogueService, type CatalogueService } from './catalogue-cache.ts';
import { loadCatalogue } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue of every store, read from memory; writes call `catalogue.invalidate(storeId)`. */
    catalogue: CatalogueService;
  }
}

/** Decorates the app with the in-memory catalogue service over the database. */
export default fp(
  async (app) => {
    app.decorate(
      'catalogue',
      createCatalogueService((storeId) => loadCatalogue(app.database.db, storeId)),
    );
  },
  { name: 'catalogue', dependencies: ['database'] },
);
