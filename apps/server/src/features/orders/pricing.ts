import {
  computeTotals,
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
  missingForMinimumOrder,
  normaliseExtras,
  type CartItem,
  type Cents,
  type DiscountCode,
  type Language,
  type LocalizedText,
  type OrderErrorCode,
  type OrderItemInput,
  type OrderType,
} from '@pizzeria/domain';
import type { OrderLineExtra, OrderLineHalf, OrderVatShare } from '../../db/schema.ts';
import type { Catalogue, CatalogueProduct, CataloguePostcode, CatalogueTopping } from '../catalogue/index.ts';

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

function priceLine(catalogue: Catalogue, input: OrderItemInput): { line: PricedLine; cartItem: CartItem } {
  const product = catalogue.products.find((candidate) => candidate.id === input.product_id);
  if (!product) throw new PricingError('unknown_product');
  if (!product.available) throw unavailableDish(product, input.variant_id ?? null);
  if (input.quantity < MIN_ITEM_QUANTITY || input.quantity > MAX_ITEM_QUANTITY) {
    throw new PricingError('invalid_quantity');
  }

  const variantId = input.variant_id ?? null;
  const variant = variantId === null ? null : product.variants.find((candidate) => candidate.id === variantId);
  if (variant === undefined) throw new PricingError('invalid_variant');
  if (product.type === 'variable' && variant === null) throw new PricingError('variant_required');

  const requested = input.extras ?? [];
  if (requested.some((extra) => (extra.quantity ?? 1) < 1 || (extra.quantity ?? 1) > MAX_ITEM_QUANTITY)) {
    throw new PricingError('invalid_quantity');
  }
  const chosen = normaliseExtras(requested.map((extra) => ({ id: extra.id, quantity: extra.quantity ?? 1 })));
  const extras: OrderLineExtra[] = chosen.map(({ id, quantity }) => {
    const topping = findTopping(product, id);
    if (!topping) throw new PricingError('invalid_topping');
    if (topping.soldOut) throw soldOutTopping(product, topping);
    return { id, name: topping.name, priceCents: topping.priceCents, quantity };
  });
  // The same rule as the options dialog (`checkToppingChoice`): quantities count against a group's picks.
  for (const group of product.toppingGroups) {
    const ids = new Set(group.toppings.map((topping) => topping.id));
    const count = chosen.reduce((sum, extra) => (ids.has(extra.id) ? sum + extra.quantity : sum), 0);
    if (count < group.minSelect) throw new PricingError('topping_group_min');
    if (count > group.maxSelect) throw new PricingError('topping_group_max');
  }

  const unitPriceCents = variant ? variant.priceCents : product.priceCents;
  const cartItem: CartItem = {
    id: product.id,
    name: product.name.de,
    price: unitPriceCents,
    quantity: input.quantity,
    uniqueKey: `${product.id}:${variant?.id ?? 'base'}`,
    extras: extras.map((extra) => ({
      id: extra.id,
      name: extra.name.de,
      price: extra.priceCents,
      quantity: extra.quantity,
    })),
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

/**
 * Prices an order from the catalogue alone (docs/product/money.md: the client's prices are never read). The discount
 * is the store's discount for the order type; a delivery pays its postcode's fee, a pickup none.
 * The postcode's minimum order is the domain's one rule (`missingForMinimumOrder`: the value of the goods
 * before discount and fee, without deposits), the same the cart and the checkout show.
 */
export function priceOrder(
  catalogue: Catalogue,
  request: { orderType: OrderType; postcode: string | null; items: OrderItemInput[] },
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
  const totals = computeTotals({
    items: priced.map((entry) => entry.cartItem),
    discountPercent: discountPercentage,
    deliveryFee: deliveryFeeCents,
  });
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
    voucher: null,
    depositCents: totals.deposit,
    deliveryFeeCents,
    totalCents: totals.total,
    vat: totals.vat.map((share) => ({ percentage: share.rate, amountCents: share.amount, grossCents: share.gross })),
    postcode,
  };
}
