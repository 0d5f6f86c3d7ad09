import { useShallow } from 'zustand/shallow';
import { computeTotals, missingForMinimumOrder, type Totals } from '@pizzeria/domain';
import { selectDeliveryFeeCents, selectMinimumOrderCents, useDelivery, type OrderType } from '../delivery/index.ts';
import { discountPercentFor, useDiscounts } from './api/get-discounts.ts';
import { useCart } from './cart-store.ts';

export interface CartTotals extends Totals {
  orderType: OrderType;
  discountPercent: number;
  /** The chosen postcode's minimum order in cents (0 for pickup or without a postcode). */
  minimumOrder: number;
  /** How much is missing to the minimum order, 0 when it is met. */
  missingForMinimum: number;
}

/**
 * The cart's figures exactly as the domain computes them (README's Architecture): the same `computeTotals` the
 * server charges, with the order type's discount and the chosen postcode's fee.
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
  const { data: discounts } = useDiscounts();
  const discountPercent = discountPercentFor(discounts, orderType);
  const totals = computeTotals({ items, discountPercent, deliveryFee });
  return {
    ...totals,
    orderType,
    discountPercent,
    minimumOrder,
    missingForMinimum: missingForMinimumOrder(totals, minimumOrder),
  };
}
