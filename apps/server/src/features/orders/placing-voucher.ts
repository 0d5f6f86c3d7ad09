import type { Db } from '../../db/client.ts';
import {
  recordRedemption,
  takeVoucherUse,
  termsOf,
  voucherByCode,
  voucherCustomer,
  type VoucherCustomer,
} from '../vouchers/index.ts';
import type { OrderContact } from './contact.ts';
import type { OrdersContext } from './context.ts';
import type { OrderDraft } from './order-draft.ts';
import { orderError } from './order-errors.ts';
import type { VoucherToApply } from './pricing.ts';
import type { ParsedOrderRequest } from './types.ts';

// The voucher of an order (docs/decisions/028-vouchers.md): found by its code before pricing, which
// checks its own conditions; its use taken in the order's transaction, where the customer's history is
// checked under the voucher's row lock.

/** The voucher the order names, switched on and not removed (else `voucher_unknown`); null without a code. */
export async function voucherOf(ctx: OrdersContext, body: ParsedOrderRequest): Promise<VoucherToApply | null> {
  const code = body.voucher_code?.trim();
  if (!code) return null;
  const row = await voucherByCode(ctx.db, body.store_id, code);
  if (!row || !row.active) throw orderError('voucher_unknown');
  return { id: row.id, code: row.code, terms: termsOf(row), combines: row.combinesWithDiscount };
}

/** Who redeems the order's voucher: the account when signed in, the phone and e-mail the order gives. */
export function redeemerOf(customerId: number | null, contact: OrderContact): VoucherCustomer {
  return voucherCustomer(customerId, contact.address.phone, contact.address.email);
}

/**
 * Takes the order's use of its voucher, in its transaction and before the order is written: refused
 * with the voucher's code when none is left or this customer may not (the transaction rolls back).
 */
export async function takeUse(tx: Db, draft: OrderDraft): Promise<void> {
  if (!draft.priced.voucher) return;
  const refusal = await takeVoucherUse(tx, draft.priced.voucher.id, redeemerOf(draft.customerId, draft.contact));
  if (refusal) throw orderError(refusal);
}

/** The redemption of the use `takeUse` took, once the order is written. */
export async function redeem(tx: Db, draft: OrderDraft): Promise<void> {
  if (!draft.priced.voucher) return;
  await recordRedemption(tx, {
    voucherId: draft.priced.voucher.id,
    orderId: draft.orderId,
    customer: redeemerOf(draft.customerId, draft.contact),
    at: draft.now,
  });
}
