import { computeTotals, type CartItem, type Cents } from '@pizzeria/domain';
import type { OrderVatShare } from '../../db/schema.ts';

/** One VAT rate of an order as the accountant books it: the gross at that rate and the VAT it contains. */
export interface RateFigures {
  percentage: number;
  grossCents: Cents;
  amountCents: Cents;
}

/** A stored order line, as much as the split by rate reads of it. */
export interface StoredLine {
  taxPercentage: number;
  lineTotalCents: Cents;
  quantity: number;
  /** Per unit. */
  depositCents: Cents;
}

/** Whether the order was stored before each rate's gross was (decision 022). */
export function lacksGrossByRate(vat: readonly OrderVatShare[]): boolean {
  return vat.some((share) => share.grossCents === undefined);
}

/**
 * Each rate's gross and VAT. The VAT is always the stored one, as charged. Orders stored before decision
 * 022 kept only the VAT, computed with the delivery fee untaxed; their gross per rate is recomputed from
 * their lines by that same rule (the domain's totals without the fee), so the fee stays untaxed here too.
 */
export function rateFigures(
  order: { discountPercentage: number; vat: readonly OrderVatShare[] },
  lines: readonly StoredLine[],
): RateFigures[] {
  const recomputed = lacksGrossByRate(order.vat)
    ? computeTotals({ items: lines.map(asCartItem), discountPercent: order.discountPercentage, deliveryFee: 0 }).vat
    : [];
  // A rate the lines no longer show (never expected) books its VAT alone rather than an invented net.
  return order.vat.map((share) => ({
    percentage: share.percentage,
    amountCents: share.amountCents,
    grossCents:
      share.grossCents ??
      recomputed.find((candidate) => candidate.rate === share.percentage)?.gross ??
      share.amountCents,
  }));
}

/** A stored line as the one line of its value that the totals read; names and ids do not matter to them. */
function asCartItem(line: StoredLine, index: number): CartItem {
  return {
    id: index,
    name: '',
    price: line.lineTotalCents,
    quantity: 1,
    uniqueKey: String(index),
    extras: [],
    selectedVariant: null,
    basePrice: line.lineTotalCents,
    tax: line.taxPercentage,
    displayName: '',
    displayPrice: line.lineTotalCents,
    deposit: line.depositCents * line.quantity,
  };
}
