import { buildCartItem, type CartItem, type OrderItem, type Product } from '@pizzeria/domain';

export interface Reorder {
  /** Cart lines rebuilt from today's menu: today's names and prices, never the old ones. */
  items: CartItem[];
  /** Names of the lines that cannot be ordered any more (product, size or extra gone or unavailable). */
  skipped: string[];
}

/** "Order again": the order's lines that still exist in the current menu, as cart lines. */
export function reorderItems(orderItems: readonly OrderItem[], products: readonly Product[]): Reorder {
  const byId = new Map(products.map((product) => [product.id, product]));
  const items: CartItem[] = [];
  const skipped: string[] = [];
  for (const line of orderItems) {
    const product = byId.get(line.product_id);
    if (!product || !product.available) {
      skipped.push(line.display_name);
      continue;
    }
    try {
      items.push(
        buildCartItem(product, {
          variantId: line.variant_id,
          extras: line.extras.map((extra) => ({ id: extra.id, quantity: extra.quantity })),
          quantity: line.quantity,
        }),
      );
    } catch {
      // The size or an extra is no longer offered with this dish.
      skipped.push(line.display_name);
    }
  }
  return { items, skipped };
}
