import * as z from 'zod/mini';
import { moneyInput, versionSchema } from './admin-common.ts';
import { idParamSchema, idSchema } from './ids.ts';
import { inputString, localDateInput } from './input.ts';
import { orderTypeSchema } from './orders.ts';
import { VOUCHER_CODE_MAX_LENGTH, VOUCHER_REFUSAL_CODES } from '../vouchers.ts';

// Vouchers in the API: staff's page "Gutscheine" (`/api/admin/stores/{id}/vouchers`, managers and
// owners) and the customer's check of a code (`POST /api/stores/{id}/vouchers/check`). Amounts are
// decimal euros, as everywhere in the API; staff give the validity as the store's local days.

export const voucherKindSchema = z.enum(['percentage', 'amount']);
export const voucherOrderTypesSchema = z.enum(['both', 'delivery', 'pickup']);
export const voucherRefusalSchema = z.enum(VOUCHER_REFUSAL_CODES);

export const VOUCHER_CODE_MIN_LENGTH = 3;
export const VOUCHER_MAX_USES = 1_000_000;
export const VOUCHER_MAX_USES_PER_CUSTOMER = 1_000;
/** The largest fixed amount a voucher takes off, in euros. */
export const VOUCHER_MAX_AMOUNT = 500;

/** A code as staff type it: letters, digits and hyphens (customers may type it in any case). */
export const voucherCodeInput = inputString().check(
  z.trim(),
  z.minLength(VOUCHER_CODE_MIN_LENGTH),
  z.maxLength(VOUCHER_CODE_MAX_LENGTH),
  z.regex(/^[A-Za-z0-9-]+$/, { message: 'Letters, digits and hyphens only' }),
);

const voucherFields = {
  code: voucherCodeInput,
  kind: voucherKindSchema,
  /** For `percentage`: more than 0, at most 100, two decimals at most. Null for `amount`. */
  percentage: z.nullable(z.number().check(z.positive(), z.maximum(100), z.multipleOf(0.01))),
  /** For `amount`: euros off the goods, more than 0. Null for `percentage`. */
  amount: z.nullable(moneyInput(VOUCHER_MAX_AMOUNT).check(z.positive())),
  /** The goods' value (before discounts, without deposits) an order needs; 0 for none. */
  minimum_order_amount: moneyInput(),
  /** The first and the last day it is valid, in the store's time zone; null: no bound. */
  valid_from: z.nullable(localDateInput()),
  valid_to: z.nullable(localDateInput()),
  order_types: voucherOrderTypesSchema,
  /** How often it can be redeemed in all; null: no limit. */
  max_uses: z.nullable(z.int().check(z.minimum(1), z.maximum(VOUCHER_MAX_USES))),
  /** How often one customer can redeem it (by account, else by phone and by e-mail); null: no limit. */
  max_uses_per_customer: z.nullable(z.int().check(z.minimum(1), z.maximum(VOUCHER_MAX_USES_PER_CUSTOMER))),
  first_order_only: z.boolean(),
  active: z.boolean(),
};

interface VoucherShape {
  kind: string;
  percentage: number | null;
  amount: number | null;
  valid_from: string | null;
  valid_to: string | null;
}

const voucherRules = [
  z.refine<VoucherShape>(
    (voucher) =>
      voucher.kind === 'percentage'
        ? voucher.percentage !== null && voucher.amount === null
        : voucher.amount !== null && voucher.percentage === null,
    {
      message: 'A percentage voucher needs `percentage` (and no `amount`); an amount voucher needs `amount`',
      path: ['kind'],
    },
  ),
  z.refine<VoucherShape>(
    (voucher) => voucher.valid_from === null || voucher.valid_to === null || voucher.valid_from <= voucher.valid_to,
    { message: 'The last day cannot be before the first', path: ['valid_to'] },
  ),
] as const;

/** `POST /api/admin/stores/{id}/vouchers`: 201 with the voucher; 409 `voucher_code_taken` when the code exists. */
export const voucherCreateSchema = z.object(voucherFields).check(...voucherRules);
export type VoucherCreate = z.infer<typeof voucherCreateSchema>;

/** `PUT /api/admin/stores/{id}/vouchers/{voucherId}`: the whole voucher with the version it was read at. */
export const voucherUpdateSchema = z.object({ ...voucherFields, version: versionSchema }).check(...voucherRules);
export type VoucherUpdate = z.infer<typeof voucherUpdateSchema>;

export const voucherParamsSchema = z.object({ id: idParamSchema, voucherId: idParamSchema });

/** A voucher in the back office: its terms, how often it was redeemed (uses given back not counted). */
export const adminVoucherSchema = z.object({
  id: z.int(),
  ...{
    code: z.string(),
    kind: voucherKindSchema,
    percentage: z.nullable(z.number()),
    amount: z.nullable(z.number()),
    minimum_order_amount: z.number(),
    valid_from: z.nullable(z.string()),
    valid_to: z.nullable(z.string()),
    order_types: voucherOrderTypesSchema,
    max_uses: z.nullable(z.int()),
    max_uses_per_customer: z.nullable(z.int()),
    first_order_only: z.boolean(),
    active: z.boolean(),
  },
  uses: z.int(),
  created_at: z.string(),
  version: z.int(),
});
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;

/** `GET /api/admin/stores/{id}/vouchers`: every voucher not removed, newest first, and the store's one setting. */
export const adminVouchersSchema = z.object({
  vouchers: z.array(adminVoucherSchema),
  /** Whether a voucher adds to the delivery/pickup discount (else the order gets the larger of the two). */
  combine_with_discount: z.boolean(),
  /** The store's version: the setting is saved with it. */
  store_version: z.int(),
});
export type AdminVouchers = z.infer<typeof adminVouchersSchema>;

/** `PUT /api/admin/stores/{id}/vouchers/settings`: the one setting, with the store's version. */
export const voucherSettingsSchema = z.object({ combine_with_discount: z.boolean(), version: versionSchema });
export type VoucherSettings = z.infer<typeof voucherSettingsSchema>;

/**
 * `POST /api/stores/{id}/vouchers/check`: a code the customer typed, for the order type chosen, and
 * who orders (a signed-in customer by their session; a guest by the phone and e-mail typed so far).
 * 404 `voucher_unknown` for a code that does not exist or is switched off (rate limited per address).
 */
export const voucherCheckRequestSchema = z.object({
  code: inputString().check(z.trim(), z.minLength(1), z.maxLength(VOUCHER_CODE_MAX_LENGTH)),
  order_type: orderTypeSchema,
  phone: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(40)))),
  email: z.optional(z.nullable(inputString().check(z.trim(), z.maxLength(254)))),
});
export type VoucherCheckRequest = z.infer<typeof voucherCheckRequestSchema>;

/**
 * The code's terms, for the cart to work out what it takes off as the cart changes (domain
 * `voucherProblem` and `computeTotals`), and what stands against it for this customer now (used up, the
 * customer's limit, first order only), null when nothing does.
 */
export const voucherCheckSchema = z.object({
  id: idSchema,
  code: z.string(),
  kind: voucherKindSchema,
  percentage: z.nullable(z.number()),
  amount: z.nullable(z.number()),
  minimum_order_amount: z.number(),
  /** ISO-8601 instants; null: no bound. */
  valid_from: z.nullable(z.string()),
  valid_until: z.nullable(z.string()),
  order_types: voucherOrderTypesSchema,
  combines_with_discount: z.boolean(),
  refusal: z.nullable(voucherRefusalSchema),
});
export type VoucherCheck = z.infer<typeof voucherCheckSchema>;
