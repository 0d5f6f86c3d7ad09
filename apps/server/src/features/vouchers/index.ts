export { default as voucherAdminRoutes } from './admin-routes.ts';
export { default as voucherCheckRoutes, DEFAULT_UNKNOWN_CODES, type VoucherCheckOptions } from './check-routes.ts';
export { termsOf, valueOf, voucherByCode, type VoucherRow } from './repository.ts';
export {
  recordRedemption,
  releaseVoucherUses,
  takeVoucherUse,
  voucherCustomer,
  type VoucherCustomer,
} from './redemptions.ts';
