import type { Language, LocalizedText } from '@pizzeria/domain';
import type { OrderItemValues, OrderRow } from '../orders/index.ts';
import type { PayPalItem, PayPalPurchase } from './paypal-client.ts';

// What the buyer's PayPal receipt lists for an order: its lines and deposits as items, the delivery fee
// as shipping and the discount as discount, adding up to the order's total to the cent, as PayPal checks
// (Orders v2: amount = item_total + tax_total + shipping + handling + insurance − shipping_discount −
// discount; item_total = Σ unit_amount × quantity).
//
// No tax: the shop's prices are gross, VAT included. PayPal's item `tax` and `tax_total` are added on top of
// the items (the formula above), so stating VAT there would mean net unit amounts, each rounded to the
// cent, whose VAT could not add up to what the shop charges: its VAT is computed per rate on the goods
// after the discount, with the deposits and the fee's share (decision 022). PayPal requires `tax_total`
// only when items carry tax; the items carry their gross prices, and the order mail states the VAT.

/** PayPal's limit for an item's name and description. */
const TEXT_MAX = 127;

const DEPOSIT: Record<Language, string> = { de: 'Pfand', en: 'Deposit' };

export type PurchaseOrder = Pick<
  OrderRow,
  'language' | 'subtotalCents' | 'discountCents' | 'depositCents' | 'deliveryFeeCents' | 'totalCents'
> &
  Partial<Pick<OrderRow, 'voucherCents'>>;
export type PurchaseLine = Pick<
  OrderItemValues,
  'position' | 'name' | 'variantName' | 'unitPriceCents' | 'quantity' | 'extras' | 'lineTotalCents' | 'depositCents'
>;

/** At most `TEXT_MAX` characters (not UTF-16 units: an emoji is not cut in half), an ellipsis where cut. */
function clip(text: string): string {
  const characters = [...text.trim()];
  return characters.length <= TEXT_MAX ? characters.join('') : `${characters.slice(0, TEXT_MAX - 1).join('')}…`;
}

function itemsOf(line: PurchaseLine, language: Language): PayPalItem[] {
  // The catalogue fills an empty English text with the German one; orders stored otherwise read the same.
  const text = (value: LocalizedText) => value[language].trim() || value.de.trim();
  const product = text(line.name);
  const variant = line.variantName ? text(line.variantName) : '';
  const name = product && variant ? `${product} (${variant})` : product;
  const extras = line.extras
    .map((extra) => `+ ${extra.quantity > 1 ? `${extra.quantity} × ` : ''}${text(extra.name)}`)
    .join(', ');
  const unitCents =
    line.unitPriceCents + line.extras.reduce((sum, extra) => sum + extra.priceCents * extra.quantity, 0);
  // A line's unit amount includes its extras; a line stored otherwise (its total not units × quantity)
  // is one item of its total, so that the items still add up.
  const whole = unitCents * line.quantity === line.lineTotalCents;
  const items: PayPalItem[] = [
    {
      name: clip(whole ? name : `${line.quantity} × ${name}`),
      ...(extras ? { description: clip(extras) } : {}),
      quantity: whole ? line.quantity : 1,
      unitAmountCents: whole ? unitCents : line.lineTotalCents,
      category: 'PHYSICAL_GOODS',
    },
  ];
  // The deposit is its own amount beside the price (decision 016), so it is its own item too.
  if (line.depositCents > 0) {
    items.push({
      name: clip(`${DEPOSIT[language]}: ${name}`),
      quantity: line.quantity,
      unitAmountCents: line.depositCents,
      category: 'PHYSICAL_GOODS',
    });
  }
  return items;
}

/**
 * The items and breakdown of an order's PayPal order, in the order's language; null when its stored
 * lines do not add up to its total or a line has no name (PayPal would refuse them, so it gets the
 * amount alone).
 */
export function paypalPurchase(order: PurchaseOrder, lines: readonly PurchaseLine[]): PayPalPurchase | null {
  const items = [...lines].sort((a, b) => a.position - b.position).flatMap((line) => itemsOf(line, order.language));
  const itemTotalCents = items.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
  if (items.length === 0 || items.some((item) => item.name === '')) return null;
  if (itemTotalCents !== order.subtotalCents + order.depositCents) return null;
  // A voucher is money off the goods like the discount: PayPal's breakdown has one discount for both.
  const discountCents = order.discountCents + (order.voucherCents ?? 0);
  if (itemTotalCents + order.deliveryFeeCents - discountCents !== order.totalCents) return null;
  return {
    items,
    itemTotalCents,
    shippingCents: order.deliveryFeeCents,
    discountCents,
  };
}
