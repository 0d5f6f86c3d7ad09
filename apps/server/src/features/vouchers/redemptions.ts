import { and, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { VoucherRefusal } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders, voucherRedemptions, vouchers } from '../../db/schema.ts';
import type { VoucherRow } from './repository.ts';

// A voucher's uses (docs/decisions/028-vouchers.md). The count of uses is one column, taken by one
// conditional UPDATE in the order's transaction: of two orders for the last use, one gets the row and the
// other finds no use left. That UPDATE also locks the voucher's row until the order commits, so the
// per-customer conditions read after it see every earlier order with this voucher. A use is given back
// (the redemption released, the count lowered) in the transaction that rejects, cancels or expires its order.

/** Who redeems a voucher: a signed-in customer by their account, a guest by the phone and e-mail they gave. */
export interface VoucherCustomer {
  userId: number | null;
  /** E.164, as the order stores it; null when not known yet (the cart's check before the checkout). */
  phone: string | null;
  /** Lower case; null when none was given. */
  email: string | null;
}

/** The orders that called nothing off: a rejected, cancelled or expired order is no earlier order. */
const CALLED_OFF = ['rejected', 'cancelled', 'expired'] as const;

function redemptionsOf(customer: VoucherCustomer): SQL | undefined {
  if (customer.userId !== null) return eq(voucherRedemptions.userId, customer.userId);
  const by = [
    customer.phone ? eq(voucherRedemptions.phone, customer.phone) : undefined,
    customer.email ? eq(voucherRedemptions.email, customer.email) : undefined,
  ].filter((condition) => condition !== undefined);
  return by.length > 0 ? or(...by) : undefined;
}

function ordersOf(customer: VoucherCustomer): SQL | undefined {
  const by = [
    customer.userId !== null ? eq(orders.userId, customer.userId) : undefined,
    customer.phone ? sql`${orders.address} ->> 'phone' = ${customer.phone}` : undefined,
    customer.email ? sql`lower(${orders.address} ->> 'email') = ${customer.email}` : undefined,
  ].filter((condition) => condition !== undefined);
  return by.length > 0 ? or(...by) : undefined;
}

/**
 * What this customer's history says against the voucher: its uses all taken (as read now), their own
 * limit reached, or an earlier order when it is for a first order only. Null when nothing does. A
 * customer nobody knows yet (no account, no phone, no e-mail) has no history.
 */
export async function historyRefusal(
  db: Db,
  voucher: Pick<VoucherRow, 'id' | 'storeId' | 'uses' | 'maxUses' | 'maxUsesPerCustomer' | 'firstOrderOnly'>,
  customer: VoucherCustomer,
): Promise<VoucherRefusal | null> {
  if (voucher.maxUses !== null && voucher.uses >= voucher.maxUses) return 'voucher_used_up';
  const redeemedBy = redemptionsOf(customer);
  if (voucher.maxUsesPerCustomer !== null && redeemedBy) {
    const [counted] = await db
      .select({ uses: sql<number>`count(*)::int` })
      .from(voucherRedemptions)
      .where(and(eq(voucherRedemptions.voucherId, voucher.id), isNull(voucherRedemptions.releasedAt), redeemedBy));
    if ((counted?.uses ?? 0) >= voucher.maxUsesPerCustomer) return 'voucher_limit_reached';
  }
  const orderedBy = ordersOf(customer);
  if (voucher.firstOrderOnly && orderedBy) {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, voucher.storeId), notInArray(orders.status, [...CALLED_OFF]), orderedBy))
      .limit(1);
    if (earlier) return 'voucher_first_order_only';
  }
  return null;
}

/**
 * Takes one use of the voucher for an order, in the order's transaction `tx`: the count raised only
 * while uses are left and the voucher is active and not removed (else `voucher_used_up`), then, under
 * the row lock that raise holds, the customer's own conditions. Null when the use is the order's; a
 * refusal rolls back with the transaction.
 */
export async function takeVoucherUse(
  tx: Db,
  voucherId: number,
  customer: VoucherCustomer,
): Promise<VoucherRefusal | null> {
  const [taken] = await tx
    .update(vouchers)
    .set({ uses: sql`${vouchers.uses} + 1` })
    .where(
      and(
        eq(vouchers.id, voucherId),
        eq(vouchers.active, true),
        isNull(vouchers.archivedAt),
        sql`(${vouchers.maxUses} is null or ${vouchers.uses} < ${vouchers.maxUses})`,
      ),
    )
    .returning({
      id: vouchers.id,
      storeId: vouchers.storeId,
      maxUsesPerCustomer: vouchers.maxUsesPerCustomer,
      firstOrderOnly: vouchers.firstOrderOnly,
    });
  if (!taken) return 'voucher_used_up';
  // The use just taken is counted in `uses`, not yet among the redemptions: check the others only.
  return historyRefusal(tx, { ...taken, uses: 0, maxUses: null }, customer);
}

/** The redemption of a use `takeVoucherUse` took, once the order is written (same transaction). */
export async function recordRedemption(
  tx: Db,
  redemption: { voucherId: number; orderId: number; customer: VoucherCustomer; at: Date },
): Promise<void> {
  const { customer } = redemption;
  await tx.insert(voucherRedemptions).values({
    voucherId: redemption.voucherId,
    orderId: redemption.orderId,
    userId: customer.userId,
    phone: customer.phone ?? '',
    email: customer.email,
    createdAt: redemption.at,
  });
}

/**
 * Gives back the uses of these orders (rejected, cancelled or expired), in the transaction of their
 * status change: each redemption not released yet is released, and its voucher's count lowered.
 */
export async function releaseVoucherUses(tx: Db, orderIds: readonly number[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx
    .update(voucherRedemptions)
    .set({ releasedAt: at })
    .where(and(inArray(voucherRedemptions.orderId, [...orderIds]), isNull(voucherRedemptions.releasedAt)))
    .returning({ voucherId: voucherRedemptions.voucherId });
  const perVoucher = new Map<number, number>();
  for (const { voucherId } of released) perVoucher.set(voucherId, (perVoucher.get(voucherId) ?? 0) + 1);
  for (const [voucherId, count] of [...perVoucher].sort(([a], [b]) => a - b)) {
    await tx
      .update(vouchers)
      .set({ uses: sql`greatest(${vouchers.uses} - ${count}, 0)` })
      .where(eq(vouchers.id, voucherId));
  }
}

/** A customer as the vouchers know them: the phone as stored (E.164), the e-mail in lower case. */
export function voucherCustomer(userId: number | null, phone: string | null, email: string | null): VoucherCustomer {
  const typedEmail = email?.trim().toLowerCase() || null;
  return { userId, phone: phone?.trim() || null, email: typedEmail };
}
