import { buildCartItem, type CartItem, type ExtraChoice } from './cart.ts';
import { buildHalfAndHalfItem, halfAndHalfPrice } from './halves.ts';
import { toCents, type Cents } from './money.ts';
import type { Product } from './api/catalogue.ts';
import type { OrderHalf, OrderItem } from './api/orders.ts';

type OrderExtra = OrderItem['extras'][number];

// "Order again" (docs/product/orders.md): an earlier order's lines rebuilt from today's menu, with
// today's names and prices. Nothing fails: what can still be ordered goes into the cart, and every
// difference from the order is named, so the customer is never surprised at the checkout.
//
// The public catalogue says what is orderable: a dish that is hidden, archived, or in a hidden
// category is not listed at all; a dish sold out today is listed with `sold_out` and not `available`;
// a topping sold out today is listed with `sold_out`.

/** Why a dish (or a half's dish) cannot be ordered now. */
export type DishGoneReason = 'sold_out' | 'not_offered';

/** One difference between the order and the cart "order again" made of it; `name` is the line as the customer knows it. */
export type ReorderChange =
  /** The line costs something else per unit now (toppings included, each at today's price). */
  | { kind: 'price_changed'; name: string; oldPrice: Cents; newPrice: Cents }
  /** The dish is sold out today or not on the menu any more (hidden, removed, its category not offered): line left out. */
  | { kind: 'dish_gone'; name: string; reason: DishGoneReason }
  /** The dish is no longer sold in that size: line left out. */
  | { kind: 'size_gone'; name: string; size: string }
  /** A topping is no longer offered with the dish or sold out today: the line is in the cart without it. */
  | { kind: 'topping_removed'; name: string; topping: string; reason: DishGoneReason }
  /** One half's dish of a half-and-half pizza cannot be ordered now (or the two no longer go together): line left out. */
  | { kind: 'half_gone'; name: string; half: string; reason: DishGoneReason };

export type ReorderChangeKind = ReorderChange['kind'];

export interface Reorder {
  /** The lines as the cart should hold them: today's names and prices, the order's quantities. */
  items: CartItem[];
  /** What differs from the order, in the order's line order. */
  changes: ReorderChange[];
}

type Rebuilt = { kind: 'line'; item: CartItem; changes: ReorderChange[] } | { kind: 'dropped'; change: ReorderChange };

/** Whether the product can be ordered now, and if not, why. */
function dishState(product: Product | undefined): DishGoneReason | null {
  if (!product) return 'not_offered';
  if (product.available) return null;
  return product.sold_out ? 'sold_out' : 'not_offered';
}

function findTopping(product: Product, id: number) {
  for (const group of product.enriched_topping_groups) {
    const topping = group.toppings.find((candidate) => candidate.id === id);
    if (topping) return topping;
  }
  return undefined;
}

/** The order's toppings that today's dish still offers, and the removed ones said as changes. */
function keptToppings(
  product: Product,
  extras: readonly OrderExtra[],
  lineName: string,
): { kept: OrderExtra[]; changes: ReorderChange[] } {
  const kept: OrderExtra[] = [];
  const changes: ReorderChange[] = [];
  for (const extra of extras) {
    const topping = findTopping(product, extra.id);
    if (!topping) changes.push({ kind: 'topping_removed', name: lineName, topping: extra.name, reason: 'not_offered' });
    else if (topping.sold_out)
      changes.push({ kind: 'topping_removed', name: lineName, topping: topping.name, reason: 'sold_out' });
    else kept.push(extra);
  }
  return { kept, changes };
}

const choices = (extras: readonly OrderExtra[]): ExtraChoice[] =>
  extras.map((extra) => ({ id: extra.id, quantity: extra.quantity }));

/** The size is gone: a size that is no longer listed, or a dish ordered without one that now comes only in sizes. */
function sizeGone(product: Product, variantId: number | null): boolean {
  if (variantId === null) return product.type === 'variable';
  return !product.variants.some((variant) => variant.id === variantId);
}

const extrasCents = (extras: readonly { price: number; quantity: number }[]) =>
  extras.reduce((sum, extra) => sum + toCents(extra.price) * extra.quantity, 0);

/** A unit's price as the cart shows it: the dish (or the halves' price) plus its toppings. */
function unitPrice(item: CartItem): Cents {
  return item.displayPrice + item.extras.reduce((sum, extra) => sum + extra.price * extra.quantity, 0);
}

function priceChange(name: string, oldPrice: Cents, item: CartItem): ReorderChange[] {
  const newPrice = unitPrice(item);
  return newPrice === oldPrice ? [] : [{ kind: 'price_changed', name, oldPrice, newPrice }];
}

function rebuildWhole(line: OrderItem, byId: ReadonlyMap<number, Product>): Rebuilt {
  const product = byId.get(line.product_id);
  const gone = dishState(product);
  if (!product || gone)
    return { kind: 'dropped', change: { kind: 'dish_gone', name: line.display_name, reason: gone ?? 'not_offered' } };
  if (sizeGone(product, line.variant_id)) {
    return { kind: 'dropped', change: { kind: 'size_gone', name: line.display_name, size: line.variant_name ?? '' } };
  }
  const { kept, changes } = keptToppings(product, line.extras, line.display_name);
  const item = buildCartItem(product, { variantId: line.variant_id, extras: choices(kept), quantity: line.quantity });
  // What the kept part cost then, so a removed topping is not also said as a price change.
  const oldPrice = toCents(line.price) + extrasCents(kept);
  return { kind: 'line', item, changes: [...changes, ...priceChange(item.displayName, oldPrice, item)] };
}

function rebuildHalves(line: OrderItem, halves: readonly OrderHalf[], byId: ReadonlyMap<number, Product>): Rebuilt {
  const [first, second] = halves;
  if (!first || !second)
    return { kind: 'dropped', change: { kind: 'dish_gone', name: line.display_name, reason: 'not_offered' } };
  const changes: ReorderChange[] = [];
  const rebuilt: { product: Product; variantId: number | null; kept: OrderExtra[]; half: OrderHalf }[] = [];
  for (const half of [first, second]) {
    const product = byId.get(half.product_id);
    const gone = dishState(product);
    if (!product || gone || sizeGone(product, half.variant_id)) {
      const reason = gone ?? 'not_offered';
      return { kind: 'dropped', change: { kind: 'half_gone', name: line.display_name, half: half.name, reason } };
    }
    const toppings = keptToppings(product, half.extras, line.display_name);
    changes.push(...toppings.changes);
    rebuilt.push({ product, variantId: half.variant_id, kept: toppings.kept, half });
  }
  const [a, b] = rebuilt as [(typeof rebuilt)[number], (typeof rebuilt)[number]];
  let item: CartItem;
  try {
    item = buildHalfAndHalfItem(
      { product: a.product, variantId: a.variantId, extras: choices(a.kept) },
      { product: b.product, variantId: b.variantId, extras: choices(b.kept) },
      line.quantity,
    );
  } catch {
    // Today's menu no longer sells the two in halves together (a dish not divisible any more at that size).
    return {
      kind: 'dropped',
      change: { kind: 'half_gone', name: line.display_name, half: b.half.name, reason: 'not_offered' },
    };
  }
  const asThen = (entry: (typeof rebuilt)[number]) => ({
    basePrice: toCents(entry.half.base_price),
    extras: entry.kept.map((extra) => ({ ...extra, price: toCents(extra.price) })),
  });
  const oldPrice = halfAndHalfPrice([asThen(a), asThen(b)]);
  return { kind: 'line', item, changes: [...changes, ...priceChange(item.displayName, oldPrice, item)] };
}

/**
 * "Order again": the order's lines rebuilt from today's products (the public catalogue's list), and
 * every change named. A line whose dish, size or half is gone is left out; a removed topping leaves
 * the line in without it. Never throws.
 */
export function reorderItems(orderItems: readonly OrderItem[], products: readonly Product[]): Reorder {
  const byId = new Map(products.map((product) => [product.id, product]));
  const items: CartItem[] = [];
  const changes: ReorderChange[] = [];
  for (const line of orderItems) {
    let rebuilt: Rebuilt;
    try {
      rebuilt =
        line.halves && line.halves.length > 0 ? rebuildHalves(line, line.halves, byId) : rebuildWhole(line, byId);
    } catch {
      // A catalogue that cannot build the line at all: say it is not offered rather than fail.
      rebuilt = { kind: 'dropped', change: { kind: 'dish_gone', name: line.display_name, reason: 'not_offered' } };
    }
    if (rebuilt.kind === 'dropped') changes.push(rebuilt.change);
    else {
      items.push(rebuilt.item);
      changes.push(...rebuilt.changes);
    }
  }
  return { items, changes };
}
