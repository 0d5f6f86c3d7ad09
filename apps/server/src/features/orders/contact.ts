import { and, eq } from 'drizzle-orm';
import { addresses, users, type OrderAddress } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { OrdersContext } from './context.ts';
import { ORDER_NOT_FOUND, orderError } from './order-errors.ts';
import type { ParsedOrderRequest, PlaceOrderInput } from './types.ts';

// Who receives an order and where, as the order is placed.

/** Who receives an order and where: the address it goes to (or the pickup's contact) and its postcode. */
export interface OrderContact {
  address: OrderAddress;
  postcode: string | null;
}

const POSTCODE_MISMATCH = new HttpError(422, 'postcode_mismatch', {
  de: 'Die Postleitzahl passt nicht zur Lieferadresse.',
  en: 'The postcode does not match the delivery address.',
});

export async function saveTypedAddress(ctx: OrdersContext, userId: number, address: OrderAddress): Promise<void> {
  const { customerName, phone, line1, line2, city, zip, country } = address;
  await ctx.db
    .insert(addresses)
    .values({ userId, customerName, phone, line1, line2, city, zip, country })
    .catch((error: unknown) => ctx.log.error({ err: error, userId }, 'could not save the address typed at checkout'));
}

/** The address typed at checkout (a guest's, or a customer's, saved to the account only when asked). */
function typedContact(
  body: ParsedOrderRequest,
  typed: NonNullable<ParsedOrderRequest['address']>,
  accountEmail: string | null,
): OrderContact {
  let postcode: string | null = null;
  if (body.order_type === 'delivery') {
    postcode = typed.zip || body.postcode || null;
    if (!postcode) throw orderError('postcode_required');
    if (body.postcode && typed.zip && body.postcode !== typed.zip) throw POSTCODE_MISMATCH;
  }
  return {
    postcode,
    address: {
      customerName: typed.customer_name,
      phone: typed.phone,
      email: typed.email || accountEmail,
      line1: typed.line1,
      line2: typed.line2 || null,
      city: typed.city,
      zip: postcode ?? typed.zip,
      country: typed.country,
    },
  };
}

/**
 * Who receives the order and where: a saved address of the customer's, or an address typed at
 * checkout (docs/product/orders.md allows either for a customer; a guest always types one), or for a customer's
 * pickup their account.
 */
export async function contactOf(ctx: OrdersContext, input: PlaceOrderInput): Promise<OrderContact> {
  const { body, customerId } = input;
  const delivery = body.order_type === 'delivery';
  if (customerId === null) {
    if (!body.address) throw orderError('address_required');
    return typedContact(body, body.address, null);
  }
  const [user] = await ctx.db
    .select({ email: users.email, customerName: users.customerName, phone: users.phone })
    .from(users)
    .where(eq(users.id, customerId));
  if (!user) throw ORDER_NOT_FOUND;
  if (body.address_id != null) {
    const [saved] = await ctx.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, body.address_id), eq(addresses.userId, customerId)));
    if (!saved) throw orderError('unknown_address');
    if (delivery && body.postcode && body.postcode !== saved.zip) throw POSTCODE_MISMATCH;
    return {
      postcode: delivery ? saved.zip : null,
      address: {
        customerName: saved.customerName,
        phone: saved.phone,
        email: user.email,
        line1: saved.line1,
        line2: saved.line2,
        city: saved.city,
        zip: saved.zip,
        country: saved.country,
      },
    };
  }
  if (body.address) return typedContact(body, body.address, user.email);
  if (delivery) throw orderError('address_required');
  return {
    postcode: null,
    address: {
      customerName: user.customerName,
      phone: user.phone ?? '',
      email: user.email,
      line1: '',
      line2: null,
      city: '',
      zip: '',
      country: 'DE',
    },
  };
}
