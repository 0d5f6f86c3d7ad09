export { default as privacyRoutes } from './routes.ts';
export type { PrivacyRoutesOptions } from './routes.ts';
