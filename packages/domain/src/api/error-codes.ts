import { INVALID_PHONE } from './contact-details.ts';
import { ORDER_ERROR_CODES } from './orders.ts';

// Apart from `errors.ts`: the error body's schema is part of the storefront's first load, and this list
// would bring the order schemas and the phone number parser along with it.

/**
 * Every code the API answers a refusal with, in one list: the server can raise no other (its `HttpError`
 * takes this type), and a client translating codes sees the whole set. Order refusals, which the
 * customer is told in the checkout, are their own list (`ORDER_ERROR_CODES`, texts in
 * `order-error-texts.ts`).
 */
export const API_ERROR_CODES = [
  ...ORDER_ERROR_CODES,
  // Any request: refused before or outside a route (plugins/errors.ts and the body parsers).
  'invalid_request',
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'unsupported_charset',
  'files_not_accepted',
  'not_found',
  'internal_error',
  'database_unavailable',
  'too_many_requests',
  'too_many_attempts',
  'busy',
  INVALID_PHONE,
  // Accounts, sessions and staff.
  'not_authenticated',
  'forbidden',
  'not_staff',
  'staff_use_back_office',
  'invalid_credentials',
  'invalid_refresh_token',
  'invalid_reset_token',
  'password_too_common',
  'email_taken',
  'session_expired',
  'session_revoked',
  'session_not_found',
  'wrong_password',
  'email_unchanged',
  'email_not_confirmed',
  'invalid_confirmation_token',
  // Staff accounts: invitations, roles, deactivation.
  'staff_member_not_found',
  'invitation_not_found',
  'invitation_invalid',
  'last_owner',
  'account_deactivated',
  // Addresses and delivery areas.
  'address_not_found',
  'invalid_postcode',
  'postcode_mismatch',
  'postcode_taken',
  'postcode_removed',
  'delivery_area_not_found',
  // Orders and payments, beyond the order refusals.
  'order_not_found',
  // A customer's data rights: deletion waits for their open orders.
  'orders_open',
  'invalid_order_filter',
  'payment_review_closed',
  'paypal_not_configured',
  'invalid_signature',
  'invalid_event',
  // The back office's editing of the menu and the store.
  'version_conflict',
  'category_not_found',
  'category_not_empty',
  'invalid_category',
  'invalid_order',
  'product_not_found',
  'topping_not_found',
  'topping_group_not_found',
  'unknown_topping',
  'topping_offered_twice',
  'duplicate_topping',
  'duplicate_topping_group',
  'invalid_topping_group',
  'min_select_above_max',
  'allergen_not_found',
  'unknown_allergen',
  'additive_not_found',
  'unknown_additive',
  'additive_code_taken',
  'tax_rate_not_found',
  'tax_rate_name_taken',
  'tax_rate_in_use',
  'invalid_tax_rate',
  'picture_not_found',
  'picture_exists',
  'picture_type',
  'picture_too_small',
  'picture_too_large',
  'picture_dimensions',
  'pictures_busy',
  'invalid_picture',
  'store_not_found',
  'duplicate_hours',
  'closure_not_found',
  'closure_in_past',
  'closure_has_orders',
  'pause_end_in_past',
  'invalid_date_range',
  'report_range_too_long',
  'report_range_reversed',
  // Vouchers in the back office.
  'voucher_not_found',
  'voucher_code_taken',
  'voucher_uses_above_max',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
