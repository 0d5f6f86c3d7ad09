// The voucher kept with the cart, for other features' tests (the checkout's).
export { applyVoucher, removeVoucher, useCartVoucher } from './voucher-store.ts';
