import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { repriceCart } from '@pizzeria/domain';
import { useCart } from '../features/cart/index.ts';
import { productsQueryOptions, useLanguage } from '../features/menu/index.ts';

/**
 * Keeps the cart at today's menu (honest with money): a cart kept from an earlier visit, or one
 * whose dishes staff repriced meanwhile (the live status makes the shop read its menu again), would show
 * a total the server no longer charges. Whenever the menu is read, the lines are built again from it;
 * when a price changed, the cart says so. A dish staff marked sold out is named in the cart as soon as
 * the menu is read again, not first refused at the order button.
 */
export function useCartRepricing(): void {
  const active = useCart((state) => state.items.length > 0 && !state.ordered);
  const { data: products } = useQuery({ ...productsQueryOptions(useLanguage()), enabled: active });
  useEffect(() => {
    if (!products) return;
    const soldOut = products.flatMap((product) => (product.sold_out ? [product.id] : []));
    const { items, ordered, soldOut: known } = useCart.getState();
    if (!sameIds(soldOut, known)) useCart.setState({ soldOut });
    if (items.length === 0 || ordered) return;
    const result = repriceCart(items, products);
    if (result.changed) useCart.setState({ items: result.items, repriced: true });
  }, [products]);
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
