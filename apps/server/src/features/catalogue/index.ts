export { default as catalogueService } from './service.ts';
export { default as catalogueRoutes } from './routes.ts';
export type { CatalogueService, Representation } from './catalogue-cache.ts';
export type { CatalogueResource, CatalogueView } from './representations.ts';
export type * from './model.ts';
export { CATALOGUE_CHANGED, catalogueChangedSchema } from './service.ts';
export { storeNotFound } from './errors.ts';
