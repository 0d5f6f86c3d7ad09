/**
 * The per-address and per-customer limits, turned off: every request of a test, journey or benchmark
 * comes from 127.0.0.1, and most fill slots with guest orders. The limits have tests of their own.
 */
export const LIMITS_OFF = {
  ORDERS_PER_HOUR_PER_ADDRESS: '100000',
  ORDERS_PER_HOUR_PER_CUSTOMER: '100000',
  REGISTRATIONS_PER_HOUR_PER_ADDRESS: '100000',
  PASSWORD_RESETS_PER_HOUR_PER_ADDRESS: '100000',
  TRACKING_FAILURES_PER_HOUR_PER_ADDRESS: '100000',
  GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: '100',
  MAILS_PER_HOUR_PER_RECIPIENT: '100000',
} as const;
