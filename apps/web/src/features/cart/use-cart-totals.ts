import { useShallow } from 'zustand/shallow';
import {
  computeTotals,
  missingForMinimumOrder,
  toCents,
  voucherProblem,
  type Totals,
  type VoucherCheck,
  type VoucherRefusal,
  type VoucherTerms,
} from '@pizzeria/domain';
import { selectDeliveryFeeCents, selectMinimumOrderCents, useDelivery, type OrderType } from '../delivery/index.ts';
import { discountPercentFor, useDiscounts } from './api/get-discounts.ts';
import { useCart } from './cart-store.ts';
import { useCartVoucher } from './voucher-store.ts';

export interface CartTotals extends Totals {
  orderType: OrderType;
  discountPercent: number;
  /** The chosen postcode's minimum order in cents (0 for pickup or without a postcode). */
  minimumOrder: number;
  /** How much is missing to the minimum order, 0 when it is met. */
  missingForMinimum: number;
  /** The voucher code entered for the cart, whether it applies or not; null without one. */
  voucherCode: string | null;
  /** Why the voucher entered does not apply to this cart now, null when it does (or there is none). */
  voucherProblem: VoucherRefusal | null;
  /** The voucher's own minimum order in cents (goods before discounts), and what is missing to it. */
  voucherMinimum: number;
  voucherMissing: number;
}

/** The check's answer as the domain's rules take it. */
export function voucherTerms(check: VoucherCheck): VoucherTerms {
  return {
    code: check.code,
    value:
      check.kind === 'percentage'
        ? { kind: 'percentage', percentage: check.percentage ?? 0 }
        : { kind: 'amount', amountCents: toCents(check.amount ?? 0) },
    minimumOrderCents: toCents(check.minimum_order_amount),
    validFrom: check.valid_from,
    validUntil: check.valid_until,
    orderTypes: check.order_types,
  };
}

/**
 * The cart's figures exactly as the domain computes them (README's Architecture): the same `computeTotals` the
 * server charges, with the order type's discount, the chosen postcode's fee and the voucher entered, once
 * its conditions are met (`voucherProblem`: dates, order type, its minimum; the server's refusals for
 * this customer as it last said them). A voucher that does not combine with a larger discount is set
 * aside, and says so.
 */
export function useCartTotals(): CartTotals {
  const items = useCart((state) => state.items);
  const { orderType, deliveryFee, minimumOrder } = useDelivery(
    useShallow((state) => ({
      orderType: state.orderType,
      deliveryFee: selectDeliveryFeeCents(state),
      minimumOrder: selectMinimumOrderCents(state),
    })),
  );
  const voucher = useCartVoucher((state) => state.voucher);
  const { data: discounts } = useDiscounts();
  const discountPercent = discountPercentFor(discounts, orderType);
  const terms = voucher ? voucherTerms(voucher.check) : null;
  const subtotal = computeTotals({ items, discountPercent: 0, deliveryFee: 0 }).subtotal;
  const problem =
    voucher && terms ? (voucher.refusal ?? voucherProblem(terms, { subtotal, orderType, now: new Date() })) : null;
  const totals = computeTotals({
    items,
    discountPercent,
    deliveryFee,
    voucher: terms && problem === null ? terms.value : null,
    voucherCombines: voucher?.check.combines_with_discount ?? false,
  });
  const voucherMinimum = terms?.minimumOrderCents ?? 0;
  return {
    ...totals,
    orderType,
    discountPercent,
    minimumOrder,
    missingForMinimum: missingForMinimumOrder(totals, minimumOrder),
    voucherCode: voucher?.check.code ?? null,
    voucherProblem: problem ?? (totals.voucherSetAside ? 'voucher_not_combinable' : null),
    voucherMinimum,
    voucherMissing: Math.max(0, voucherMinimum - totals.subtotal),
  };
}
