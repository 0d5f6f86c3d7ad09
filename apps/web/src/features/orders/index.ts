export { orderQueryOptions, isFinished } from './api/get-order.ts';
export { ordersQueryOptions } from './api/get-orders.ts';
