import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reorderItems, type Order } from '@pizzeria/domain';
import { currentLanguage } from '../../i18n/index.ts';
import { openCart, refillCart } from '../cart/index.ts';
import { useDelivery } from '../delivery/index.ts';
// The menu's catalogue query, so "order again" shares its cache instead of fetching the menu twice.
import { productsQueryOptions } from '../menu/index.ts';

/**
 * "Nochmal bestellen" (docs/product/orders.md): the order's lines rebuilt from today's menu go into the
 * cart, which opens and says what changed; a pickup is a pickup again. Only reading the menu can fail
 * (`failed`): then nothing changes.
 */
export function useOrderAgain(): {
  orderAgain: (order: Order) => Promise<void>;
  busy: number | null;
  failed: number | null;
} {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  const orderAgain = async (order: Order) => {
    setBusy(order.id);
    setFailed(null);
    try {
      const products = await queryClient.fetchQuery(productsQueryOptions(currentLanguage()));
      const { items, changes } = reorderItems(order.items, products);
      refillCart(items, { orderId: order.id, changes });
      // Collected last time: collected again (a delivery keeps the postcode the shop knows, or asks for one).
      if (order.order_type === 'pickup') useDelivery.getState().setOrderType('pickup');
      openCart();
    } catch {
      setFailed(order.id);
    } finally {
      setBusy(null);
    }
  };
  return { orderAgain, busy, failed };
}
