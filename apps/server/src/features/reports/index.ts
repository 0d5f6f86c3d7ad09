export { default as reportRoutes } from './routes.ts';
