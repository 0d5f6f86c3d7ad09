import { create } from 'zustand';
import * as z from 'zod/mini';
import { VOUCHER_REFUSAL_CODES, type VoucherCheck, type VoucherRefusal } from '@pizzeria/domain';
import { localStore, readStorage, removeStorage, writeStorage } from '../../lib/storage.ts';

/** Local storage key of the voucher entered for the cart. */
export const CART_VOUCHER_KEY = 'cartVoucher';

/**
 * The refusals that need the customer's history (or the code's own switch), which only the server can
 * tell: the cart keeps the last one it heard. Every other condition (dates, order type, minimum, the
 * discount) is worked out again from the cart as it changes (`use-cart-totals.ts`).
 */
export const SERVER_REFUSALS: readonly VoucherRefusal[] = [
  'voucher_unknown',
  'voucher_used_up',
  'voucher_limit_reached',
  'voucher_first_order_only',
];

export interface CartVoucher {
  /** The code's terms as `POST /api/stores/{id}/vouchers/check` answered them. */
  check: VoucherCheck;
  /** What the server said stands against it for this customer (`SERVER_REFUSALS`), null when nothing does. */
  refusal: VoucherRefusal | null;
}

/** What is stored: the check's answer as the schema of the API describes it, kept loose to stay small. */
const storedVoucherSchema = z.object({
  check: z.object({
    id: z.int(),
    code: z.string(),
    kind: z.enum(['percentage', 'amount']),
    percentage: z.nullable(z.number()),
    amount: z.nullable(z.number()),
    minimum_order_amount: z.number(),
    valid_from: z.nullable(z.string()),
    valid_until: z.nullable(z.string()),
    order_types: z.enum(['both', 'delivery', 'pickup']),
    combines_with_discount: z.boolean(),
    refusal: z.nullable(z.enum(VOUCHER_REFUSAL_CODES)),
  }),
  refusal: z.nullable(z.enum(VOUCHER_REFUSAL_CODES)),
});

/** The server's refusal in a check's answer that the cart cannot work out itself. */
export function serverRefusal(check: VoucherCheck): VoucherRefusal | null {
  return check.refusal !== null && SERVER_REFUSALS.includes(check.refusal) ? check.refusal : null;
}

/**
 * The voucher entered for the cart ("Gutscheincode"), kept with it in local storage: the cart and the
 * checkout show what it takes off, and the order sends its code. It goes with the cart (`clearCart`).
 */
export const useCartVoucher = create<{ voucher: CartVoucher | null }>()(() => ({ voucher: null }));

let restoring = false;

useCartVoucher.subscribe((state, previous) => {
  if (restoring || state.voucher === previous.voucher) return;
  if (state.voucher) writeStorage(CART_VOUCHER_KEY, state.voucher);
  else removeStorage(CART_VOUCHER_KEY);
});

/** The code checked: its terms and what the server said against it. */
export function applyVoucher(check: VoucherCheck): void {
  useCartVoucher.setState({ voucher: { check, refusal: serverRefusal(check) } });
}

/** The server refused the code (a check again, or the order): the cart says why in words. */
export function refuseVoucher(refusal: VoucherRefusal): void {
  const voucher = useCartVoucher.getState().voucher;
  if (voucher) useCartVoucher.setState({ voucher: { ...voucher, refusal } });
}

/** "Entfernen", or the cart emptied. */
export function removeVoucher(): void {
  useCartVoucher.setState({ voucher: null });
}

/** Reads the stored voucher again with the cart (start, another tab, tests); the field checks it anew. */
export function restoreVoucher(storage: Storage | undefined = localStore()): void {
  restoring = true;
  try {
    useCartVoucher.setState({ voucher: readStorage(CART_VOUCHER_KEY, storedVoucherSchema, storage) ?? null });
  } finally {
    restoring = false;
  }
}
