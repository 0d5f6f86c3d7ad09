import * as z from 'zod/mini';
import { toCents } from './money.ts';
import type { Product, Topping } from './api/catalogue.ts';

export const MAX_LINE_QUANTITY = 99;

export const cartExtraSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: z.int(), // cents per unit of the extra
  quantity: z.int().check(z.minimum(1)),
});
export type CartExtra = z.infer<typeof cartExtraSchema>;

export const cartVariantSchema = z.object({ id: z.int(), name: z.string(), price: z.int() });
export type CartVariant = z.infer<typeof cartVariantSchema>;

/**
 * One half of a half-and-half pizza: its dish at the line's size, its own size's price and its toppings
 * (at their full price per unit; the half pays half of them, `halfAndHalfPrice`).
 */
export const cartHalfSchema = z.object({
  id: z.int(), // product id
  name: z.string(),
  selectedVariant: z.nullable(cartVariantSchema),
  /** The dish's price at that size, without toppings. */
  basePrice: z.int(),
  extras: z.array(cartExtraSchema),
});
export type CartHalf = z.infer<typeof cartHalfSchema>;

/** A cart line as docs/product/shop.md names its fields; every amount is integer cents. Stored under `cartItems`. */
export const cartItemSchema = z.object({
  id: z.int(), // product id
  name: z.string(),
  price: z.int(), // unit price of base or chosen variant, without extras (= displayPrice)
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY)),
  uniqueKey: z.string(),
  extras: z.array(cartExtraSchema),
  selectedVariant: z.nullable(cartVariantSchema),
  basePrice: z.int(),
  tax: z.number(), // VAT percentage of the product, else 0
  displayName: z.string(), // "Margherita (Groß Ø 32 cm)"
  displayPrice: z.int(),
  /**
   * The bottle deposit (Pfand) per unit in cents, 0 for none. Not part of the price: shown and charged as
   * its own line, never discounted (decision 016). Carts stored before it existed read as 0.
   */
  deposit: z._default(z.int().check(z.minimum(0)), 0),
  /**
   * A half-and-half pizza's two halves (`halves.ts`): then `id` and `selectedVariant` are the first
   * half's, `extras` is empty and `price`/`displayPrice` are the halves' price. Absent or null: a whole dish.
   */
  halves: z.optional(z.nullable(z.tuple([cartHalfSchema, cartHalfSchema]))),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartItemsSchema = z.array(cartItemSchema);

export interface ExtraChoice {
  id: number;
  quantity: number;
}

export interface ItemChoice {
  variantId: number | null;
  extras: ExtraChoice[];
  quantity: number;
}

/**
 * The canonical form of a topping choice: whole quantities, nothing at zero or below, one entry per id
 * (repeated ids are summed), ordered by id. Everything that compares or prices extras goes through it,
 * so that two ways of saying the same choice can never disagree.
 */
export function normaliseExtras(extras: readonly ExtraChoice[]): ExtraChoice[] {
  const byId = new Map<number, number>();
  for (const extra of extras) {
    const quantity = Number.isFinite(extra.quantity) ? Math.trunc(extra.quantity) : 0;
    if (quantity > 0) byId.set(extra.id, (byId.get(extra.id) ?? 0) + quantity);
  }
  return [...byId].map(([id, quantity]) => ({ id, quantity })).sort((a, b) => a.id - b.id);
}

/** Clamps a requested line quantity to 1..MAX_LINE_QUANTITY; anything that is not a number counts as 1. */
export function clampLineQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

/**
 * Cart identity (docs/product/shop.md): product id + variant id or `base` + extras sorted by id with quantities,
 * e.g. `12:3:5x1,9x2` or `7:base:`. The order in which extras were picked never matters.
 */
export function cartIdentity(productId: number, variantId: number | null, extras: ExtraChoice[]): string {
  const extrasPart = normaliseExtras(extras)
    .map((extra) => `${extra.id}x${extra.quantity}`)
    .join(',');
  return `${productId}:${variantId ?? 'base'}:${extrasPart}`;
}

function findTopping(product: Product, toppingId: number): Topping | undefined {
  for (const group of product.enriched_topping_groups) {
    const topping = group.toppings.find((candidate) => candidate.id === toppingId);
    if (topping) return topping;
  }
  return undefined;
}

/**
 * Builds a line from a catalogue product (API decimals) and a choice; names and prices come from the
 * product, never from the choice, so a stale dialog cannot price a line.
 * Throws when the variant or an extra does not belong to the product: that is a programming error or a
 * catalogue that changed under the customer, and a silently wrong line would be charged.
 */
export function buildCartItem(product: Product, choice: ItemChoice): CartItem {
  const variantId = choice.variantId ?? null;
  let selectedVariant: CartVariant | null = null;
  if (variantId !== null) {
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    if (!variant) throw new Error(`Product ${product.id} (${product.name}) has no variant ${variantId}`);
    selectedVariant = { id: variant.id, name: variant.name, price: toCents(variant.price) };
  }

  const extras: CartExtra[] = normaliseExtras(choice.extras).map(({ id, quantity }) => {
    const topping = findTopping(product, id);
    if (!topping) throw new Error(`Product ${product.id} (${product.name}) has no extra ${id}`);
    return { id, name: topping.name, price: toCents(topping.price), quantity };
  });

  const basePrice = toCents(product.price);
  const unitPrice = selectedVariant ? selectedVariant.price : basePrice;
  return {
    id: product.id,
    name: product.name,
    price: unitPrice,
    quantity: clampLineQuantity(choice.quantity),
    uniqueKey: cartIdentity(product.id, variantId, extras),
    extras,
    selectedVariant,
    basePrice,
    // docs/product/shop.md: "tax percentage, else 0" — catalogue rows without a tax must still build a line.
    tax: product.tax?.percentage ?? 0,
    displayName: selectedVariant ? `${product.name} (${selectedVariant.name})` : product.name,
    displayPrice: unitPrice,
    deposit: toCents(product.deposit),
  };
}

/** Adds a line; an identical line (same uniqueKey) gets its quantity raised instead (capped at 99). */
export function addToCart(items: CartItem[], item: CartItem): CartItem[] {
  const index = items.findIndex((line) => line.uniqueKey === item.uniqueKey);
  if (index === -1) return [...items, { ...item, quantity: clampLineQuantity(item.quantity) }];
  return items.map((line, i) =>
    i === index ? { ...line, quantity: clampLineQuantity(line.quantity + item.quantity) } : line,
  );
}

/** Sets a line's quantity; below 1 (0, negative, NaN) removes it; more than 99 is capped. */
export function setLineQuantity(items: CartItem[], uniqueKey: string, quantity: number): CartItem[] {
  if (!(quantity >= 1)) return removeLine(items, uniqueKey);
  return items.map((line) =>
    line.uniqueKey === uniqueKey ? { ...line, quantity: clampLineQuantity(quantity) } : line,
  );
}

export function removeLine(items: CartItem[], uniqueKey: string): CartItem[] {
  return items.filter((line) => line.uniqueKey !== uniqueKey);
}

/**
 * Replaces a line by its edited version, keeping its position (docs/product/shop.md). When the edit makes it identical
 * to another line, the two become one at the earlier position with the quantities summed (capped).
 * Editing a line that is no longer in the cart (removed in another tab) changes nothing: a stale dialog
 * must not bring it back.
 */
export function replaceLine(items: CartItem[], uniqueKey: string, edited: CartItem): CartItem[] {
  const at = items.findIndex((line) => line.uniqueKey === uniqueKey);
  if (at === -1) return [...items];
  const replacement = { ...edited, quantity: clampLineQuantity(edited.quantity) };
  const twin = items.findIndex((line, i) => i !== at && line.uniqueKey === edited.uniqueKey);
  if (twin === -1) return items.map((line, i) => (i === at ? replacement : line));

  const twinLine = items[twin];
  const merged = { ...replacement, quantity: clampLineQuantity((twinLine?.quantity ?? 0) + replacement.quantity) };
  const keep = Math.min(at, twin);
  const drop = Math.max(at, twin);
  return items.flatMap((line, i) => (i === keep ? [merged] : i === drop ? [] : [line]));
}

/**
 * Quick-add rule (docs/product/shop.md): variable products, or ones whose first topping group has toppings, need the
 * dialog. We also open it when any group demands a choice (min_select > 0): adding such a product
 * directly would make a line the server must refuse.
 */
export function needsOptionsDialog(product: Product): boolean {
  // A simple dish sold in halves too: the dialog offers "Halb & halb".
  if (product.type === 'variable' || product.divisible === true) return true;
  const groups = product.enriched_topping_groups;
  if ((groups[0]?.toppings.length ?? 0) > 0) return true;
  return groups.some((group) => group.min_select > 0);
}

export type ToppingRuleViolation =
  | { code: 'too_few'; groupId: number; min: number }
  | { code: 'too_many'; groupId: number; max: number }
  | { code: 'unknown_topping'; toppingId: number }
  | { code: 'sold_out_topping'; toppingId: number };

/**
 * Checks a topping choice against the product's groups' min/max rules, counting quantities (two portions of
 * cheese use two of the group's picks). Returns every violation, in group order, then unknown toppings and
 * those sold out today;
 * an empty list means the choice is valid. The server runs the same check on every order line.
 */
export function checkToppingChoice(product: Product, extras: ExtraChoice[]): ToppingRuleViolation[] {
  const chosen = normaliseExtras(extras);
  const violations: ToppingRuleViolation[] = [];
  for (const group of product.enriched_topping_groups) {
    const ids = new Set(group.toppings.map((topping) => topping.id));
    const count = chosen.reduce((sum, extra) => (ids.has(extra.id) ? sum + extra.quantity : sum), 0);
    if (count < group.min_select) violations.push({ code: 'too_few', groupId: group.id, min: group.min_select });
    if (count > group.max_select) violations.push({ code: 'too_many', groupId: group.id, max: group.max_select });
  }
  for (const extra of chosen) {
    const topping = findTopping(product, extra.id);
    if (!topping) violations.push({ code: 'unknown_topping', toppingId: extra.id });
    else if (topping.sold_out) violations.push({ code: 'sold_out_topping', toppingId: extra.id });
  }
  return violations;
}
