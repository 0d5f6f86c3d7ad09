import {
  computeTotals,
  halfAndHalfPrice,
  halvesName,
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
  missingForMinimumOrder,
  normaliseExtras,
  type CartHalf,
  type CartItem,
  type Cents,
  type DiscountCode,
  type Language,
  type LocalizedText,
  type OrderErrorCode,
  type OrderItemInput,
  type OrderType,
  type VoucherTerms,
  voucherProblem,
} from '@pizzeria/domain';
import type { OrderLineExtra, OrderLineHalf, OrderVatShare } from '../../db/schema.ts';
import type {
  Catalogue,
  CatalogueProduct,
  CataloguePostcode,
  CatalogueTopping,
  CatalogueVariant,
} from '../catalogue/index.ts';

export interface PricedLine {
  productId: number;
  variantId: number | null;
  name: LocalizedText;
  variantName: LocalizedText | null;
  unitPriceCents: Cents;
  quantity: number;
  extras: OrderLineExtra[];
  taxPercentage: number;
  lineTotalCents: Cents;
  /** The bottle deposit per unit, charged on top of the line total. */
  depositCents: Cents;
  /** A half-and-half pizza's two halves; null for a whole dish. */
  halves: OrderLineHalf[] | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalCents: Cents;
  discountCode: DiscountCode | null;
  discountPercentage: number;
  discountCents: Cents;
  /** The voucher the order redeems (its id, its code as staff wrote it, what it took off); null for none. */
  voucher: { id: number; code: string; cents: Cents } | null;
  /** The lines' deposits: in the total, not in the subtotal, never discounted. */
  depositCents: Cents;
  deliveryFeeCents: Cents;
  totalCents: Cents;
  vat: OrderVatShare[];
  /** The delivery area entry, for a delivery. */
  postcode: CataloguePostcode | null;
}

/** A voucher as pricing applies it: its row's id, its code as staff wrote it, its terms, the store's setting. */
export interface VoucherToApply {
  id: number;
  code: string;
  terms: VoucherTerms;
  /** The store lets vouchers add to the delivery/pickup discount. */
  combines: boolean;
}

/** Why an order cannot be priced: one of the stable order error codes, and the words when they name a dish. */
export class PricingError extends Error {
  readonly code: OrderErrorCode;
  readonly text: LocalizedText | undefined;
  constructor(code: OrderErrorCode, text?: LocalizedText) {
    super(code);
    this.code = code;
    this.text = text;
  }
}

/**
 * The refusal of a dish that cannot be ordered, naming it as the cart does (with its size), so that a
 * customer who met it only at the order button knows which line to remove.
 */
function unavailableDish(product: CatalogueProduct, variantId: number | null): PricingError {
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  const name = (language: Language) =>
    variant ? `${product.name[language]} (${variant.name[language]})` : product.name[language];
  const text: LocalizedText = product.soldOut
    ? {
        de: `${name('de')} ist heute ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.`,
        en: `${name('en')} is sold out today. Please remove it from your cart.`,
      }
    : {
        de: `${name('de')} ist gerade nicht verfügbar. Bitte entfernen Sie es aus dem Warenkorb.`,
        en: `${name('en')} is not available right now. Please remove it from your cart.`,
      };
  return new PricingError('product_unavailable', text);
}

/** The refusal of an extra sold out today, naming it and its dish, so the customer knows which line to edit. */
function soldOutTopping(product: CatalogueProduct, topping: CatalogueTopping): PricingError {
  return new PricingError('topping_sold_out', {
    de: `${topping.name.de} (bei ${product.name.de}) ist heute ausverkauft. Bitte bearbeiten Sie die Position.`,
    en: `${topping.name.en} (on ${product.name.en}) is sold out today. Please edit the line.`,
  });
}

function findTopping(product: CatalogueProduct, id: number): CatalogueTopping | undefined {
  for (const group of product.toppingGroups) {
    const topping = group.toppings.find((candidate) => candidate.id === id);
    if (topping) return topping;
  }
  return undefined;
}

/**
 * The toppings chosen for a dish, checked against its own groups as the options dialog does
 * (`checkToppingChoice`): each one its own, not sold out, and quantities counting against a group's picks.
 */
function chooseExtras(product: CatalogueProduct, requested: OrderItemInput['extras']): OrderLineExtra[] {
  const asked = requested ?? [];
  if (asked.some((extra) => (extra.quantity ?? 1) < 1 || (extra.quantity ?? 1) > MAX_ITEM_QUANTITY)) {
    throw new PricingError('invalid_quantity');
  }
  const chosen = normaliseExtras(asked.map((extra) => ({ id: extra.id, quantity: extra.quantity ?? 1 })));
  const extras: OrderLineExtra[] = chosen.map(({ id, quantity }) => {
    const topping = findTopping(product, id);
    if (!topping) throw new PricingError('invalid_topping');
    if (topping.soldOut) throw soldOutTopping(product, topping);
    return { id, name: topping.name, priceCents: topping.priceCents, quantity };
  });
  for (const group of product.toppingGroups) {
    const ids = new Set(group.toppings.map((topping) => topping.id));
    const count = chosen.reduce((sum, extra) => (ids.has(extra.id) ? sum + extra.quantity : sum), 0);
    if (count < group.minSelect) throw new PricingError('topping_group_min');
    if (count > group.maxSelect) throw new PricingError('topping_group_max');
  }
  return extras;
}

/** A dish of the order at its size: the product (available) and its variant, checked as the menu offers it. */
function dishOf(
  catalogue: Catalogue,
  productId: number,
  variantId: number | null,
): { product: CatalogueProduct; variant: CatalogueVariant | null } {
  const product = catalogue.products.find((candidate) => candidate.id === productId);
  if (!product) throw new PricingError('unknown_product');
  if (!product.available) throw unavailableDish(product, variantId);
  const variant = variantId === null ? null : product.variants.find((candidate) => candidate.id === variantId);
  if (variant === undefined) throw new PricingError('invalid_variant');
  if (product.type === 'variable' && variant === null) throw new PricingError('variant_required');
  return { product, variant };
}

function checkQuantity(quantity: number): void {
  if (quantity < MIN_ITEM_QUANTITY || quantity > MAX_ITEM_QUANTITY) throw new PricingError('invalid_quantity');
}

function priceLine(catalogue: Catalogue, input: OrderItemInput): { line: PricedLine; cartItem: CartItem } {
  if (input.second_half) return priceHalves(catalogue, input, input.second_half);
  const { product, variant } = dishOf(catalogue, input.product_id, input.variant_id ?? null);
  checkQuantity(input.quantity);
  const extras = chooseExtras(product, input.extras);

  const unitPriceCents = variant ? variant.priceCents : product.priceCents;
  const cartItem: CartItem = {
    id: product.id,
    name: product.name.de,
    price: unitPriceCents,
    quantity: input.quantity,
    uniqueKey: `${product.id}:${variant?.id ?? 'base'}`,
    extras: extras.map(cartExtraOf),
    selectedVariant: variant ? { id: variant.id, name: variant.name.de, price: variant.priceCents } : null,
    basePrice: product.priceCents,
    tax: product.taxPercentage,
    displayName: product.name.de,
    displayPrice: unitPriceCents,
    deposit: product.depositCents,
  };
  const extrasCents = extras.reduce((sum, extra) => sum + extra.priceCents * extra.quantity, 0);
  return {
    cartItem,
    line: {
      productId: product.id,
      variantId: variant?.id ?? null,
      name: product.name,
      variantName: variant?.name ?? null,
      unitPriceCents,
      quantity: input.quantity,
      extras,
      taxPercentage: product.taxPercentage,
      lineTotalCents: (unitPriceCents + extrasCents) * input.quantity,
      depositCents: product.depositCents,
      halves: null,
    },
  };
}

function cartExtraOf(extra: OrderLineExtra): CartItem['extras'][number] {
  return { id: extra.id, name: extra.name.de, price: extra.priceCents, quantity: extra.quantity };
}

/** Whether a dish is sold in halves at that size (a simple product's own flag, else the size's). */
function divisibleAt(product: CatalogueProduct, variant: CatalogueVariant | null): boolean {
  return variant === null ? product.type === 'simple' && product.divisible : variant.divisible;
}

/** The refusal of two halves that cannot make one pizza, naming both dishes and why. */
function invalidHalf(
  first: { product: CatalogueProduct; variant: CatalogueVariant | null },
  second: { product: CatalogueProduct; variant: CatalogueVariant | null },
  reason: LocalizedText,
): PricingError {
  const named = (dish: typeof first, language: Language) =>
    dish.variant ? `${dish.product.name[language]} (${dish.variant.name[language]})` : dish.product.name[language];
  return new PricingError('invalid_half', {
    de: `${named(first, 'de')} und ${named(second, 'de')} gehen nicht als eine Pizza halb & halb: ${reason.de}`,
    en: `${named(first, 'en')} and ${named(second, 'en')} cannot be one half-and-half pizza: ${reason.en}`,
  });
}

/**
 * A half-and-half pizza (`halves.ts`): each half a divisible dish at the size of the same name and the
 * same VAT rate, its toppings checked against its own dish; one pizza for quantity, capacity and VAT,
 * priced as `halfAndHalfPrice` (the dearer half's price plus half of each half's toppings).
 */
function priceHalves(
  catalogue: Catalogue,
  input: OrderItemInput,
  secondInput: NonNullable<OrderItemInput['second_half']>,
): { line: PricedLine; cartItem: CartItem } {
  const first = dishOf(catalogue, input.product_id, input.variant_id ?? null);
  const second = dishOf(catalogue, secondInput.product_id, secondInput.variant_id ?? null);
  checkQuantity(input.quantity);
  for (const dish of [first, second]) {
    if (!divisibleAt(dish.product, dish.variant)) {
      throw invalidHalf(first, second, {
        de: `${dish.product.name.de} gibt es in dieser Größe nicht halb.`,
        en: `${dish.product.name.en} is not sold in halves at this size.`,
      });
    }
  }
  if ((first.variant?.name.de ?? null) !== (second.variant?.name.de ?? null)) {
    throw invalidHalf(first, second, {
      de: 'Beide Hälften müssen dieselbe Größe haben.',
      en: 'Both halves must be the same size.',
    });
  }
  if (first.product.taxPercentage !== second.product.taxPercentage) {
    throw invalidHalf(first, second, {
      de: 'Sie haben verschiedene Steuersätze.',
      en: 'They have different VAT rates.',
    });
  }
  const halfOf = (dish: typeof first, extras: OrderItemInput['extras']): OrderLineHalf => ({
    productId: dish.product.id,
    variantId: dish.variant?.id ?? null,
    name: dish.product.name,
    variantName: dish.variant?.name ?? null,
    basePriceCents: dish.variant ? dish.variant.priceCents : dish.product.priceCents,
    extras: chooseExtras(dish.product, extras),
  });
  const firstHalf = halfOf(first, input.extras);
  const secondHalf = halfOf(second, secondInput.extras);
  const cartHalves: [CartHalf, CartHalf] = [cartHalfOf(firstHalf), cartHalfOf(secondHalf)];
  const unitPriceCents = halfAndHalfPrice(cartHalves);
  const nameIn = (language: Language) =>
    halvesName({ name: firstHalf.name[language] }, { name: secondHalf.name[language] });
  const name: LocalizedText = { de: nameIn('de'), en: nameIn('en') };
  const size = first.variant;
  const cartItem: CartItem = {
    id: first.product.id,
    name: name.de,
    price: unitPriceCents,
    quantity: input.quantity,
    uniqueKey: `½${first.product.id}:${size?.id ?? 'base'}|${second.product.id}:${second.variant?.id ?? 'base'}`,
    extras: [],
    selectedVariant: size ? { id: size.id, name: size.name.de, price: unitPriceCents } : null,
    basePrice: Math.max(firstHalf.basePriceCents, secondHalf.basePriceCents),
    tax: first.product.taxPercentage,
    displayName: size ? `${name.de} (${size.name.de})` : name.de,
    displayPrice: unitPriceCents,
    deposit: first.product.depositCents,
    halves: cartHalves,
  };
  return {
    cartItem,
    line: {
      productId: first.product.id,
      variantId: size?.id ?? null,
      name,
      variantName: size?.name ?? null,
      unitPriceCents,
      quantity: input.quantity,
      extras: [],
      taxPercentage: first.product.taxPercentage,
      lineTotalCents: unitPriceCents * input.quantity,
      depositCents: first.product.depositCents,
      halves: [firstHalf, secondHalf],
    },
  };
}

function cartHalfOf(half: OrderLineHalf): CartHalf {
  return {
    id: half.productId,
    name: half.name.de,
    selectedVariant:
      half.variantId === null || half.variantName === null
        ? null
        : { id: half.variantId, name: half.variantName.de, price: half.basePriceCents },
    basePrice: half.basePriceCents,
    extras: half.extras.map(cartExtraOf),
  };
}

/**
 * Prices an order from the catalogue alone (docs/product/money.md: the client's prices are never read). The discount
 * is the store's discount for the order type; a delivery pays its postcode's fee, a pickup none.
 * The postcode's minimum order is the domain's one rule (`missingForMinimumOrder`: the value of the goods
 * before discount and fee, without deposits), the same the cart and the checkout show.
 */
export function priceOrder(
  catalogue: Catalogue,
  request: {
    orderType: OrderType;
    postcode: string | null;
    items: OrderItemInput[];
    /** The voucher the customer entered, found and switched on; its own conditions are checked here. */
    voucher?: VoucherToApply | null;
    /** The order's moment, for the voucher's dates. */
    now?: Date;
  },
): PricedOrder {
  let postcode: CataloguePostcode | null = null;
  if (request.orderType === 'delivery') {
    if (!request.postcode) throw new PricingError('postcode_required');
    postcode = catalogue.postcodes.find((candidate) => candidate.postcode === request.postcode) ?? null;
    if (!postcode) throw new PricingError('postcode_not_delivered');
  }

  const priced = request.items.map((item) => priceLine(catalogue, item));
  const discountCode: DiscountCode = request.orderType === 'delivery' ? 'DELIVERY_DISCOUNT' : 'PICKUP_DISCOUNT';
  const discount = catalogue.discounts.find((candidate) => candidate.code === discountCode);
  const discountPercentage = discount?.value ?? 0;
  const deliveryFeeCents = postcode?.deliveryFeeCents ?? 0;
  const items = priced.map((entry) => entry.cartItem);
  const voucher = request.voucher ?? null;
  if (voucher) {
    const subtotal = computeTotals({ items, discountPercent: 0, deliveryFee: 0 }).subtotal;
    const problem = voucherProblem(voucher.terms, {
      subtotal,
      orderType: request.orderType,
      now: request.now ?? new Date(),
    });
    if (problem) throw new PricingError(problem);
  }
  const totals = computeTotals({
    items,
    discountPercent: discountPercentage,
    deliveryFee: deliveryFeeCents,
    voucher: voucher?.terms.value ?? null,
    voucherCombines: voucher?.combines ?? false,
  });
  // The customer asked for the voucher: when the larger discount takes its place, they are told, not charged differently unasked.
  if (totals.voucherSetAside) throw new PricingError('voucher_not_combinable');
  if (postcode && missingForMinimumOrder(totals, postcode.minimumOrderCents) > 0) {
    throw new PricingError('below_minimum_order');
  }
  // One order must not fill the kitchen's day (227,205 € was taken); larger ones go by phone.
  if (totals.total > catalogue.store.maxOrderTotalCents) throw new PricingError('order_total_too_high');
  return {
    lines: priced.map((entry) => entry.line),
    subtotalCents: totals.subtotal,
    discountCode: discountPercentage > 0 ? discountCode : null,
    discountPercentage,
    discountCents: totals.discount,
    voucher: voucher && { id: voucher.id, code: voucher.code, cents: totals.voucher },
    depositCents: totals.deposit,
    deliveryFeeCents,
    totalCents: totals.total,
    vat: totals.vat.map((share) => ({ percentage: share.rate, amountCents: share.amount, grossCents: share.gross })),
    postcode,
  };
}
