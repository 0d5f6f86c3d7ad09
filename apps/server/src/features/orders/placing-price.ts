import { MAX_ORDER_NOTE_LENGTH, type OrderStatus } from '@pizzeria/domain';
import type { Catalogue } from '../catalogue/index.ts';
import type { OrderContact } from './contact.ts';
import { orderError } from './order-errors.ts';
import { PricingError, priceOrder, type PricedOrder, type VoucherToApply } from './pricing.ts';
import type { ParsedOrderRequest } from './types.ts';

// The steps of placing an order that need no database: its terms (how it is paid, its note) and its
// price from the catalogue.

/** How an order is paid and what it says, as checked before anything else of it is read. */
export interface OrderTerms {
  paidOnline: boolean;
  /** `pending_payment` when paid online, else `waiting`. */
  status: OrderStatus;
  note: string | null;
}

/** The payment method offered and the note's length; `paypalAvailable` says whether PayPal is set up. */
export function termsOf(body: ParsedOrderRequest, paypalAvailable: boolean): OrderTerms {
  const paidOnline = body.payment_method === 'paypal';
  if (paidOnline && !paypalAvailable) throw orderError('payment_method_unavailable');
  const note = body.note?.trim() || null;
  if (note && note.length > MAX_ORDER_NOTE_LENGTH) throw orderError('note_too_long');
  // Paid online: placed, but the kitchen sees it only once PayPal has the money.
  return { paidOnline, status: paidOnline ? 'pending_payment' : 'waiting', note };
}

/**
 * The order priced from the catalogue (a pricing refusal as the order's error), and its contact with the
 * town filled in: a driver needs it, and the delivery area knows it when the form did not ask.
 */
export function priceStep(
  catalogue: Catalogue,
  body: ParsedOrderRequest,
  contact: OrderContact,
  voucher: { apply: VoucherToApply | null; now: Date } | null = null,
): { priced: PricedOrder; contact: OrderContact } {
  let priced: PricedOrder;
  try {
    priced = priceOrder(catalogue, {
      orderType: body.order_type,
      postcode: contact.postcode,
      items: body.items,
      voucher: voucher?.apply ?? null,
      now: voucher?.now,
    });
  } catch (error) {
    if (error instanceof PricingError) throw orderError(error.code, error.text);
    throw error;
  }
  if (priced.postcode && !contact.address.city.trim()) {
    return { priced, contact: { ...contact, address: { ...contact.address, city: priced.postcode.city } } };
  }
  return { priced, contact };
}
