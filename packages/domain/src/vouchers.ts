import type { Cents } from './money.ts';
import type { OrderType } from './api/orders.ts';

// Vouchers ("Gutscheincode"): what a code takes off and the conditions anyone can check from the cart
// alone. The money is `computeTotals`' (with the store's discount, in proportion per VAT rate); the
// conditions that need the customer's history (uses per customer, first order only, uses left) are the
// server's, which answers them with the same refusal codes.

export const VOUCHER_CODE_MAX_LENGTH = 32;

export type VoucherKind = 'percentage' | 'amount';
/** The order types a voucher is for. */
export type VoucherOrderTypes = 'both' | 'delivery' | 'pickup';

/** What a voucher takes off the goods: a percentage of them, or an amount (never more than they are worth). */
export type VoucherValue = { kind: 'percentage'; percentage: number } | { kind: 'amount'; amountCents: Cents };

/** A voucher as the cart checks it: its value and the conditions that need no customer's history. */
export interface VoucherTerms {
  code: string;
  value: VoucherValue;
  /** The goods' value (Warenwert: before discounts, without deposits) the order needs. */
  minimumOrderCents: Cents;
  /** ISO-8601 instants; null: no bound. */
  validFrom: string | null;
  validUntil: string | null;
  orderTypes: VoucherOrderTypes;
}

/**
 * Why a voucher does not apply, as stable codes (the client says them in words):
 * - `voucher_unknown`: no such code, or staff switched it off;
 * - `voucher_not_yet_valid`, `voucher_expired`: outside its dates;
 * - `voucher_minimum_not_reached`: the goods are worth less than its minimum;
 * - `voucher_wrong_order_type`: it is for delivery only, or pickup only;
 * - `voucher_used_up`: its uses are all taken;
 * - `voucher_limit_reached`: this customer used it as often as it allows;
 * - `voucher_first_order_only`: only for a first order, and this customer ordered before;
 * - `voucher_not_combinable`: it does not add to the delivery/pickup discount, and that is larger.
 */
export const VOUCHER_REFUSAL_CODES = [
  'voucher_unknown',
  'voucher_not_yet_valid',
  'voucher_expired',
  'voucher_minimum_not_reached',
  'voucher_wrong_order_type',
  'voucher_used_up',
  'voucher_limit_reached',
  'voucher_first_order_only',
  'voucher_not_combinable',
] as const;
export type VoucherRefusal = (typeof VOUCHER_REFUSAL_CODES)[number];

/** The form customers and staff type a code in does not matter: codes compare in capitals, without spaces. */
export function normaliseVoucherCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * The first condition of the voucher's own that this order breaks, or null when it meets them all: its
 * dates (at `now`), its order type, its minimum (on the goods' value, like the delivery area's minimum).
 * Whether the discount outranks it is `computeTotals`' `voucherSetAside`.
 */
export function voucherProblem(
  terms: VoucherTerms,
  order: { subtotal: Cents; orderType: OrderType; now: Date },
): VoucherRefusal | null {
  const now = order.now.getTime();
  if (terms.validFrom !== null && now < Date.parse(terms.validFrom)) return 'voucher_not_yet_valid';
  if (terms.validUntil !== null && now >= Date.parse(terms.validUntil)) return 'voucher_expired';
  if (terms.orderTypes !== 'both' && terms.orderTypes !== order.orderType) return 'voucher_wrong_order_type';
  if (order.subtotal < terms.minimumOrderCents) return 'voucher_minimum_not_reached';
  return null;
}
