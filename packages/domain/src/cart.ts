// CONTRACT STUB — helper "domain" implements the bodies; signatures are fixed (web codes against them).
import * as z from 'zod/mini';
import type { Cents } from './money.ts';
import type { Product } from './api/catalogue.ts';

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

/** A cart line as SPEC §3 names its fields; every amount is integer cents. Stored under `cartItems`. */
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

/** Cart identity (SPEC §4): product id + variant id or `base` + extras sorted by id with quantities. */
export declare function cartIdentity(productId: number, variantId: number | null, extras: ExtraChoice[]): string;

/** Builds a line from a catalogue product (API decimals) and a choice; names come from the product. */
export declare function buildCartItem(product: Product, choice: ItemChoice): CartItem;

/** Adds a line; an identical line (same uniqueKey) gets its quantity raised instead (capped at 99). */
export declare function addToCart(items: CartItem[], item: CartItem): CartItem[];

/** Sets a line's quantity; 0 or less removes it; more than 99 is capped. */
export declare function setLineQuantity(items: CartItem[], uniqueKey: string, quantity: number): CartItem[];

export declare function removeLine(items: CartItem[], uniqueKey: string): CartItem[];

/** Replaces a line by its edited version, merging into an identical other line (SPEC §4). Keeps the position. */
export declare function replaceLine(items: CartItem[], uniqueKey: string, edited: CartItem): CartItem[];

/** Quick-add rule (SPEC §4): variable products, or ones whose first topping group has toppings, need the dialog. */
export declare function needsOptionsDialog(product: Product): boolean;

export type ToppingRuleViolation =
  | { code: 'too_few'; groupId: number; min: number }
  | { code: 'too_many'; groupId: number; max: number }
  | { code: 'unknown_topping'; toppingId: number };

/** Checks a topping choice against the product's groups' min/max rules (counting quantities). */
export declare function checkToppingChoice(product: Product, extras: ExtraChoice[]): ToppingRuleViolation[];
