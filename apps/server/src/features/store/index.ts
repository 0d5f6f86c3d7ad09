export { default as storeStatusService, STORE_STATUS_CHANGED } from './status-service.ts';
export { default as storeStatusRoutes } from './status-routes.ts';
export { default as storeAvailabilityRoutes } from './availability-routes.ts';
export { default as settingsRoutes } from './settings-routes.ts';
export type { StoreStatusService } from './status-service.ts';
export { closuresSince, pauseOf } from './availability.ts';
export { default as boardWatchService } from './board-watch.ts';
export type { BoardWatchService } from './board-watch.ts';
