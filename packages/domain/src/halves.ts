import {
  buildCartItem,
  cartIdentity,
  clampLineQuantity,
  type CartHalf,
  type CartItem,
  type ExtraChoice,
} from './cart.ts';
import { toCents, type Cents } from './money.ts';
import type { Product } from './api/catalogue.ts';

// Half-and-half pizza: one pizza of two halves, each a divisible dish at the same size with its own
// toppings. It costs the dearer half's price at that size plus each half's toppings at half price,
// rounded up to the cent per half. The options dialog, the cart and the server all price it here.

/** What prices a half: its dish's price at the size and its toppings (cents per unit, with quantities). */
export interface PricedHalf {
  basePrice: Cents;
  extras: readonly { price: Cents; quantity: number }[];
}

/** The price of one half-and-half pizza: the dearer half's base price plus half of each half's toppings (rounded up). */
export function halfAndHalfPrice(halves: readonly [PricedHalf, PricedHalf]): Cents {
  const [first, second] = halves;
  const halfOfToppings = (half: PricedHalf) =>
    Math.ceil(half.extras.reduce((sum, extra) => sum + extra.price * extra.quantity, 0) / 2);
  return Math.max(first.basePrice, second.basePrice) + halfOfToppings(first) + halfOfToppings(second);
}

/** The size a product is sold at, by name (sizes are named alike across the menu): null for a simple product. */
function sizeName(product: Product, variantId: number | null): string | null | undefined {
  if (variantId === null) return product.type === 'simple' ? null : undefined;
  return product.variants.find((variant) => variant.id === variantId)?.name;
}

/** Whether the product is sold in halves at that size (a variable product's size, or a simple product). */
export function isDivisible(product: Product, variantId: number | null): boolean {
  if (variantId === null) return product.type === 'simple' && product.divisible === true;
  return product.variants.some((variant) => variant.id === variantId && variant.divisible === true);
}

/**
 * The dishes a half of `product` at `variantId` can be paired with: available, divisible at the size of
 * the same name, at the same VAT rate (one pizza has one rate), the product itself included (half with
 * other toppings). Each comes with its variant id at that size. Empty when the product is not divisible there.
 */
export function halfPartners(
  product: Product,
  variantId: number | null,
  products: readonly Product[],
): { product: Product; variantId: number | null }[] {
  if (!isDivisible(product, variantId)) return [];
  const size = sizeName(product, variantId);
  const partners: { product: Product; variantId: number | null }[] = [];
  for (const candidate of products) {
    if (!candidate.available || candidate.tax.percentage !== product.tax.percentage) continue;
    if (size === null) {
      if (isDivisible(candidate, null)) partners.push({ product: candidate, variantId: null });
      continue;
    }
    const variant = candidate.variants.find((entry) => entry.name === size && entry.divisible === true);
    if (variant) partners.push({ product: candidate, variantId: variant.id });
  }
  return partners;
}

/** One half as the customer chose it. */
export interface HalfChoice {
  product: Product;
  variantId: number | null;
  extras: ExtraChoice[];
}

function halfOf(choice: HalfChoice): CartHalf {
  const whole = buildCartItem(choice.product, { variantId: choice.variantId, extras: choice.extras, quantity: 1 });
  return {
    id: whole.id,
    name: whole.name,
    selectedVariant: whole.selectedVariant,
    basePrice: whole.price,
    extras: whole.extras,
  };
}

/** "½ Salami | ½ Funghi": how the cart, the order and the kitchen ticket name the pizza. */
export function halvesName(first: { name: string }, second: { name: string }): string {
  return `½ ${first.name} | ½ ${second.name}`;
}

/**
 * Builds a half-and-half line from the two halves' dishes and choices (names and prices from the menu,
 * as `buildCartItem`). Throws when the halves cannot go together: the dialog offers only `halfPartners`.
 */
export function buildHalfAndHalfItem(first: HalfChoice, second: HalfChoice, quantity: number): CartItem {
  const partners = halfPartners(first.product, first.variantId, [second.product]);
  if (partners[0]?.variantId !== second.variantId) {
    throw new Error(`Product ${second.product.id} cannot be the other half of product ${first.product.id}`);
  }
  const halves: [CartHalf, CartHalf] = [halfOf(first), halfOf(second)];
  const price = halfAndHalfPrice(halves);
  const size = halves[0].selectedVariant;
  const name = halvesName(halves[0], halves[1]);
  const identity = (half: CartHalf) => cartIdentity(half.id, half.selectedVariant?.id ?? null, half.extras);
  return {
    id: halves[0].id,
    name,
    price,
    quantity: clampLineQuantity(quantity),
    uniqueKey: `½${identity(halves[0])}|${identity(halves[1])}`,
    extras: [],
    selectedVariant: size ? { ...size, price } : null,
    basePrice: Math.max(halves[0].basePrice, halves[1].basePrice),
    tax: first.product.tax.percentage,
    displayName: size ? `${name} (${size.name})` : name,
    displayPrice: price,
    deposit: toCents(first.product.deposit),
    halves,
  };
}
