import {
  formatPhone,
  normalizePhone,
  type Address,
  type CartItem,
  type OrderRequest,
  type Postcode,
  type ShippingAddress,
} from '@pizzeria/domain';
import { streetLine } from '../addresses/index.ts';
import type { GuestDetails } from './guest-details-store.ts';

export interface Contact {
  name: string;
  phone: string;
  email: string | null;
  address: { line1: string; line2: string | null; zip: string } | null;
}

/**
 * The guest's contact; the postcode is the delivery area chosen last (the header's chip may change it).
 * A pickup has no address: the guest gave only a name and a phone number.
 */
export function guestContact(details: GuestDetails, delivery: boolean, postcode: string | null): Contact {
  return {
    name: details.customer_name,
    phone: formatPhone(normalizePhone(details.phone) ?? details.phone),
    email: details.email || null,
    address: delivery
      ? {
          line1: streetLine(details.street, details.house_number),
          line2: details.line2.trim() || null,
          zip: postcode ?? details.postcode,
        }
      : null,
  };
}

export function addressContact(address: Address): Contact {
  return {
    name: address.customer_name,
    phone: formatPhone(address.phone),
    email: null,
    address: { line1: address.line1, line2: address.line2, zip: address.zip },
  };
}

/**
 * The guest's address as `POST /api/orders/guest` takes it, the country being the schema's default. The
 * postcode names the delivery area and the town is that area's (`area.city`). A choice stored before
 * areas had a town reads '', and the server then takes the town from the postcode (placing-price.ts);
 * a pickup has no address at all.
 */
export function guestShippingAddress(
  details: GuestDetails,
  address: Contact['address'],
  area: Pick<Postcode, 'postcode' | 'city'> | null,
): ShippingAddress {
  return {
    type: 'shipping',
    customer_name: details.customer_name.trim(),
    phone: details.phone,
    email: details.email.trim() || null,
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? null,
    city: address && area?.postcode === address.zip ? area.city : '',
    zip: address?.zip ?? '',
  };
}

const extrasOf = (extras: CartItem['extras']) => extras.map((extra) => ({ id: extra.id, quantity: extra.quantity }));

/** The cart's lines as the order takes them; a half-and-half pizza is its first half plus `second_half`. */
export function orderItems(items: CartItem[]): OrderRequest['items'] {
  return items.map((item) => {
    if (!item.halves) {
      return {
        product_id: item.id,
        variant_id: item.selectedVariant?.id ?? null,
        quantity: item.quantity,
        extras: extrasOf(item.extras),
      };
    }
    const [first, second] = item.halves;
    return {
      product_id: first.id,
      variant_id: first.selectedVariant?.id ?? null,
      quantity: item.quantity,
      extras: extrasOf(first.extras),
      second_half: {
        product_id: second.id,
        variant_id: second.selectedVariant?.id ?? null,
        extras: extrasOf(second.extras),
      },
    };
  });
}
