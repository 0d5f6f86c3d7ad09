export { default as reportRoutes } from './routes.ts';
export { placedOnLocalDays, REPORT_RANGE_REVERSED } from './service.ts';
