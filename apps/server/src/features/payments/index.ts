export { default as paymentsService } from './service.ts';
export type { PaymentsService, PayPalSettings } from './types.ts';
export { paymentAdminRoutes, paymentRoutes } from './routes.ts';
