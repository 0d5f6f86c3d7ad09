export { default as pushService, type PushService, type PushPluginOptions } from './service.ts';
export { pushRoutes } from './routes.ts';
