import * as z from 'zod/mini';
import { VOUCHER_CODE_MAX_LENGTH } from '../vouchers.ts';
import { normalizePhone, PHONE_INPUT_MAX_LENGTH, PHONE_MAX_DIGITS } from '../phone.ts';
import { customerNameSchema, emailSchema, passwordSchema } from './accounts.ts';
import { idSchema } from './ids.ts';
import { inputString } from './input.ts';
import { orderItemInputSchema, orderTypeSchema, paymentMethodSchema } from './orders.ts';

// The requests in which customers give their phone number: registering, saving an address, ordering
// as a guest. They live apart from the other API schemas so that the phone parser (libphonenumber-js and
// its metadata, about 30 KB gzipped) loads only with the screens that take or show a phone number
// (apps/web/build/first-load-chunk.ts), not with the live status every visit loads.

/** The code of a refused phone number: the server answers with it (and says why in the caller's language). */
export const INVALID_PHONE = 'invalid_phone';

/**
 * A phone number as people type it, in E.164 once parsed; with `optional`, an empty one stays empty.
 * A check and an overwrite rather than a transform: they keep the type a string, and zod's transform
 * code would otherwise join the first load (the checks' code is there already).
 */
function phoneInput({ optional }: { optional: boolean }) {
  const empty = (typed: string) => optional && typed.trim() === '';
  // The check and the overwrite run one after the other on the same text: it is parsed once.
  let last: { typed: string; phone: string | null } | null = null;
  const normalized = (typed: string) => {
    if (last?.typed !== typed) last = { typed, phone: normalizePhone(typed) };
    return last.phone;
  };
  return inputString().check(
    z.refine((typed) => empty(typed) || normalized(typed) !== null, {
      message: 'Not a phone number',
      params: { code: INVALID_PHONE },
      abort: true,
    }),
    z.overwrite((typed) => (empty(typed) ? '' : (normalized(typed) ?? typed))),
  );
}

/**
 * What the API's documentation says about a phone number. The server's OpenAPI plugin attaches it: zod's
 * registry code, attached here, would join the storefront's first load.
 */
export const PHONE_INPUT_DOCS = {
  description: `A phone number as typed (spaces, +, /, -, brackets; at most ${PHONE_INPUT_MAX_LENGTH} characters); without a country code it is German. Stored and answered in E.164 (at most ${PHONE_MAX_DIGITS} digits).`,
  examples: ['+49 170 1234567', '0170/123 45 67', '+43 1 234567'],
};

/** A phone number as people type it, in E.164 once parsed ("0170/123 45 67" → "+491701234567"). */
export const phoneSchema = phoneInput({ optional: false });
/** The same, for an account's phone number, which may be left empty. */
export const optionalPhoneSchema = phoneInput({ optional: true });

export const registerCustomerSchema = z.object({
  customer_name: customerNameSchema,
  email: emailSchema,
  password: passwordSchema,
  phone: z.optional(z.nullable(optionalPhoneSchema)),
  /** What the device calls itself, as at `POST /api/login`: the registering device is signed in. */
  device_name: z.optional(inputString().check(z.trim(), z.maxLength(100))),
});
export type RegisterCustomer = z.infer<typeof registerCustomerSchema>;

/** A saved delivery address of a registered customer (`/api/addresses/`). */
export const addressInputSchema = z.object({
  customer_name: customerNameSchema,
  phone: phoneSchema,
  /** Street and house number. */
  line1: inputString().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /** Apartment, floor, door bell. */
  line2: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(200)))),
  city: inputString().check(z.trim(), z.minLength(1), z.maxLength(100)),
  zip: inputString().check(z.trim(), z.regex(/^\d{5}$/)),
  country: z._default(inputString().check(z.trim(), z.regex(/^[A-Z]{2}$/)), 'DE'),
  is_default: z._default(z.boolean(), false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** The guest's shipping address (docs/product/shop.md), sent with `POST /api/orders/guest`. */
export const shippingAddressSchema = z.object({
  type: z.literal('shipping'),
  customer_name: customerNameSchema,
  phone: phoneSchema,
  email: z.optional(z.nullable(z.union([z.literal(''), emailSchema]))),
  /** Street and house number: required for a delivery (`orderRequestSchema`), empty for a pickup. */
  line1: z._default(inputString().check(z.trim(), z.maxLength(200)), ''),
  /** Apartment, floor, door bell. */
  line2: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(200)))),
  city: inputString().check(z.trim(), z.maxLength(100)),
  zip: inputString().check(z.trim(), z.maxLength(10)),
  country: z._default(inputString().check(z.regex(/^[A-Z]{2}$/)), 'DE'),
});
export type ShippingAddress = z.input<typeof shippingAddressSchema>;

/**
 * The order payload of docs/product/orders.md. Quantities and the note are checked by the server with their own
 * error codes (`invalid_quantity`, `note_too_long`), so the schema only fixes their types.
 */
export const orderRequestSchema = z
  .object({
    store_id: idSchema,
    order_type: orderTypeSchema,
    postcode: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(10)))),
    items: z.array(orderItemInputSchema).check(z.minLength(1), z.maxLength(100)),
    note: z.optional(z.nullable(inputString())),
    requested_time: z.union([z.literal('asap'), z.iso.datetime({ offset: true })]),
    payment_method: paymentMethodSchema,
    address_id: z.optional(z.nullable(idSchema)),
    address: z.optional(z.nullable(shippingAddressSchema)),
    /** A signed-in customer's delivery `address` is also saved to the account. */
    save_address: z.optional(z.boolean()),
    /** A voucher code (`vouchers.ts`), in any case; the order is refused with the reason when it does not apply. */
    voucher_code: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(VOUCHER_CODE_MAX_LENGTH)))),
  })
  .check(
    // A pickup needs only a name and a phone number; a delivery needs the street and house number.
    z.refine((order) => order.order_type !== 'delivery' || !order.address || order.address.line1 !== '', {
      message: 'A delivery needs the street and house number (address.line1)',
      path: ['address', 'line1'],
    }),
  );
export type OrderRequest = z.input<typeof orderRequestSchema>;
