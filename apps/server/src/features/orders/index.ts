export { default as ordersService } from './service.ts';
export { default as orderRoutes } from './routes.ts';
export type { Clock, OrdersService } from './service.ts';
export { orderError, ORDER_NOT_FOUND } from './order-errors.ts';
export { default as orderChannelRoutes } from './channels.ts';
export { default as orderSearchRoutes } from './search-routes.ts';
