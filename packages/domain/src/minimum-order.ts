import type { Cents } from './money.ts';
import type { Totals } from './totals.ts';

/**
 * How much is missing to a delivery area's minimum order (Mindestbestellwert), 0 when it is met. German
 * practice measures it on the value of the goods (Warenwert): before any discount and without the
 * delivery fee (decision 007) or the bottle deposits (decision 016): a deposit is lent, not bought. The cart, the checkout and the server's pricing all ask this one
 * function, so the button the customer sees enabled is an order the server takes.
 */
export function missingForMinimumOrder(totals: Pick<Totals, 'subtotal' | 'itemCount'>, minimumOrder: Cents): Cents {
  if (totals.itemCount === 0) return 0;
  return Math.max(0, minimumOrder - totals.subtotal);
}
