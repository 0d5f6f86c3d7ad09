import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { repriceCart, type Product } from '@pizzeria/domain';
import { useCart } from '../features/cart/index.ts';
import { productsQueryOptions, useLanguage } from '../features/menu/index.ts';

/**
 * Keeps the cart at today's menu (honest with money): a cart kept from an earlier visit, or one
 * whose dishes staff repriced meanwhile (the live status makes the shop read its menu again), would show
 * a total the server no longer charges. Whenever the menu is read, the lines are built again from it;
 * when a price changed, the cart says so. A dish staff marked sold out is named in the cart as soon as
 * the menu is read again, not first refused at the order button; so is a topping sold out today.
 */
export function useCartRepricing(): void {
  const active = useCart((state) => state.items.length > 0 && !state.ordered);
  const { data: products } = useQuery({ ...productsQueryOptions(useLanguage()), enabled: active });
  useEffect(() => {
    if (!products) return;
    const soldOut = products.flatMap((product) => (product.sold_out ? [product.id] : []));
    const soldOutToppings = soldOutToppingIds(products);
    const { items, ordered, soldOut: known, soldOutToppings: knownToppings } = useCart.getState();
    if (!sameIds(soldOut, known)) useCart.setState({ soldOut });
    if (!sameIds(soldOutToppings, knownToppings)) useCart.setState({ soldOutToppings });
    if (items.length === 0 || ordered) return;
    const result = repriceCart(items, products);
    if (result.changed) useCart.setState({ items: result.items, repriced: true });
  }, [products]);
}

/** The toppings sold out today, ascending: a topping is one row, offered by many dishes' groups. */
function soldOutToppingIds(products: readonly Product[]): number[] {
  const ids = new Set<number>();
  for (const product of products)
    for (const group of product.enriched_topping_groups)
      for (const topping of group.toppings) if (topping.sold_out) ids.add(topping.id);
  return [...ids].sort((a, b) => a - b);
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
