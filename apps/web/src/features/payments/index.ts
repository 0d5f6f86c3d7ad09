export { usePaymentMethods, paymentMethodsQueryOptions } from './api/get-payment-methods.ts';
export { payCash } from './api/pay-cash.ts';
export type { PayableOrder } from './api/payable-order.ts';
export { PayPalPayment } from './components/paypal-payment.tsx';
export { PaymentAlert, PayCashButton } from './components/payment-alert.tsx';
export { describePaymentFailure, type PaymentProblem } from './payment-failure.ts';
export { PAYMENT_MESSAGE_CODES, type PaymentMessageCode } from './locales.ts';
