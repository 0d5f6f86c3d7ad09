// CONTRACT STUB — helper "domain" implements the bodies; signatures are fixed.
import type { Cents } from './money.ts';
import type { CartItem } from './cart.ts';

export interface VatShare {
  rate: number; // percentage, e.g. 7 or 19
  amount: Cents; // VAT contained in the gross amount at that rate (after discount)
}

export interface Totals {
  subtotal: Cents;
  discount: Cents;
  deliveryFee: Cents;
  total: Cents;
  itemCount: number;
  vat: VatShare[];
}

/** (displayPrice × quantity) + (extras total × quantity) — SPEC §9. */
export declare function lineTotal(item: CartItem): Cents;

export declare function itemCount(items: CartItem[]): number;

/** Totals exactly per SPEC §9; discount is a percentage of the subtotal, rounded to the cent. */
export declare function computeTotals(input: {
  items: CartItem[];
  discountPercent: number;
  deliveryFee: Cents;
}): Totals;
