export { default as storeStatusService, STORE_STATUS_CHANGED } from './service.ts';
export { default as storeStatusRoutes } from './routes.ts';
export { default as storeAvailabilityRoutes } from './admin-routes.ts';
export type { StoreStatusService } from './service.ts';
export { closuresSince, pauseOf } from './availability.ts';
