export { default as paymentsService, type PaymentsService, type PayPalSettings } from './service.ts';
export { paymentAdminRoutes, paymentRoutes } from './routes.ts';
