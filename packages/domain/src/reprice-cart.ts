import { buildCartItem, type CartHalf, type CartItem } from './cart.ts';
import { buildHalfAndHalfItem } from './halves.ts';
import type { Product } from './api/catalogue.ts';

/** What a line costs: its prices, extras' prices, deposit and VAT rate, not its names. */
function samePrices(a: CartItem, b: CartItem): boolean {
  return (
    a.price === b.price &&
    a.basePrice === b.basePrice &&
    a.displayPrice === b.displayPrice &&
    a.tax === b.tax &&
    a.deposit === b.deposit &&
    a.extras.length === b.extras.length &&
    a.extras.every((extra, index) => extra.price === b.extras[index]?.price)
  );
}

const choiceOf = (extras: CartItem['extras']) => extras.map((extra) => ({ id: extra.id, quantity: extra.quantity }));

/** A line built again from today's menu; throws when its dish, size, extra or pairing is gone. */
function rebuild(item: CartItem, byId: ReadonlyMap<number, Product>): CartItem | undefined {
  if (item.halves) {
    const [first, second] = item.halves.map((half: CartHalf) => ({
      product: byId.get(half.id),
      variantId: half.selectedVariant?.id ?? null,
      extras: choiceOf(half.extras),
    }));
    if (!first?.product || !second?.product) return undefined;
    return buildHalfAndHalfItem(
      { ...first, product: first.product },
      { ...second, product: second.product },
      item.quantity,
    );
  }
  const product = byId.get(item.id);
  if (!product) return undefined;
  return buildCartItem(product, {
    variantId: item.selectedVariant?.id ?? null,
    extras: choiceOf(item.extras),
    quantity: item.quantity,
  });
}

/**
 * The cart's lines at today's menu: a cart kept from an earlier visit, or a menu staff changed meanwhile,
 * would show a total the server no longer charges. Each line is built again from its dish as the menu
 * has it now (prices, deposit, VAT rate, names), a half-and-half pizza from both halves' dishes
 * (`buildHalfAndHalfItem`); a line whose dish, size, extra or pairing is gone stays as it is, for the
 * server to refuse by name. `changed`: some line's money changed.
 * (Its own module: it needs both `cart.ts` and `halves.ts`, which imports `cart.ts`.)
 */
export function repriceCart(items: CartItem[], products: readonly Product[]): { items: CartItem[]; changed: boolean } {
  const byId = new Map(products.map((product) => [product.id, product]));
  let changed = false;
  const repriced = items.map((item) => {
    let current: CartItem | undefined;
    try {
      current = rebuild(item, byId);
    } catch {
      return item;
    }
    if (!current) return item;
    if (!samePrices(item, current)) changed = true;
    return { ...current, uniqueKey: item.uniqueKey };
  });
  return { items: repriced, changed };
}
