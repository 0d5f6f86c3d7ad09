export { default as adminRoutes } from './routes.ts';
