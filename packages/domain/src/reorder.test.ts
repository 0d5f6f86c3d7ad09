import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Product } from './api/catalogue.ts';
import type { OrderItem } from './api/orders.ts';
import { buildCartItem, type CartItem } from './cart.ts';
import { buildHalfAndHalfItem } from './halves.ts';
import { fromCents } from './money.ts';
import { reorderItems } from './reorder.ts';
import { catalogue, cola, group, margherita, product, salad, topping } from './test-fixtures.ts';
import { lineTotal } from './totals.ts';

/** An order's line as the server records it, from a cart line (prices as API decimals). */
function orderLine(item: CartItem): OrderItem {
  return {
    product_id: item.id,
    variant_id: item.selectedVariant?.id ?? null,
    name: item.name,
    variant_name: item.selectedVariant?.name ?? null,
    display_name: item.displayName,
    price: fromCents(item.price),
    quantity: item.quantity,
    extras: item.extras.map((extra) => ({ ...extra, price: fromCents(extra.price) })),
    tax_percentage: item.tax,
    line_total: fromCents(lineTotal(item)),
    deposit: fromCents(item.deposit),
    deposit_total: fromCents(item.deposit * item.quantity),
    halves: item.halves
      ? item.halves.map((half) => ({
          product_id: half.id,
          variant_id: half.selectedVariant?.id ?? null,
          name: half.name,
          variant_name: half.selectedVariant?.name ?? null,
          base_price: fromCents(half.basePrice),
          extras: half.extras.map((extra) => ({ ...extra, price: fromCents(extra.price) })),
        }))
      : null,
  };
}

const replace = (products: readonly Product[], changed: Product) =>
  products.map((entry) => (entry.id === changed.id ? changed : entry));

/** A large Margherita with Salami and tomato sauce, twice. */
const margheritaLine = () =>
  orderLine(
    buildCartItem(margherita, {
      variantId: 4,
      extras: [
        { id: 5, quantity: 1 },
        { id: 20, quantity: 1 },
      ],
      quantity: 2,
    }),
  );

const divisible = (entry: Product): Product => ({
  ...entry,
  type: 'variable',
  variants: entry.variants.map((variant) => ({ ...variant, divisible: true })),
});
const salami = divisible(
  product({
    id: 13,
    name: 'Salami',
    type: 'variable',
    variants: [{ id: 6, name: 'Groß Ø 32 cm', price: 11.9 }],
    enriched_topping_groups: [group(3, [topping(9, 'Extra Käse', 1.2)])],
  }),
);
const margheritaHalves = divisible(margherita);
const halvesCatalogue = [margheritaHalves, salami, cola];
const halvesLine = () =>
  orderLine(
    buildHalfAndHalfItem(
      { product: margheritaHalves, variantId: 4, extras: [{ id: 20, quantity: 1 }] },
      { product: salami, variantId: 6, extras: [{ id: 9, quantity: 1 }] },
      1,
    ),
  );

describe('order again (reorderItems)', () => {
  it("rebuilds an unchanged order as it was, from today's menu, saying nothing changed", () => {
    const cola3 = orderLine(buildCartItem(cola, { variantId: null, extras: [], quantity: 3 }));
    const { items, changes } = reorderItems([margheritaLine(), cola3], catalogue);
    expect(changes).toEqual([]);
    expect(items.map((item) => [item.displayName, item.quantity])).toEqual([
      ['Margherita (Groß Ø 32 cm)', 2],
      ['Cola 0,33 l', 3],
    ]);
    expect(items[0]?.extras.map((extra) => extra.name)).toEqual(['Salami', 'Tomatensauce']);
  });

  it('says a changed price, old and new per unit with the toppings, and puts the line in at the new price', () => {
    const dearer = {
      ...margherita,
      variants: margherita.variants.map((v) => (v.id === 4 ? { ...v, price: 11.9 } : v)),
    };
    const { items, changes } = reorderItems([margheritaLine()], replace(catalogue, dearer));
    expect(changes).toEqual([
      { kind: 'price_changed', name: 'Margherita (Groß Ø 32 cm)', oldPrice: 1090 + 150, newPrice: 1190 + 150 },
    ]);
    expect(items[0]?.price).toBe(1190);
  });

  it('leaves out a dish sold out today and one no longer offered (hidden, removed, its category hidden: not listed)', () => {
    const soldOut = { ...cola, available: false, sold_out: true };
    const cola1 = orderLine(buildCartItem(cola, { variantId: null, extras: [], quantity: 1 }));
    const salad1 = orderLine(buildCartItem(salad, { variantId: null, extras: [], quantity: 1 }));
    const { items, changes } = reorderItems([cola1, salad1, margheritaLine()], [margherita, soldOut]);
    expect(changes).toEqual([
      { kind: 'dish_gone', name: 'Cola 0,33 l', reason: 'sold_out' },
      { kind: 'dish_gone', name: 'Insalata', reason: 'not_offered' },
    ]);
    expect(items.map((item) => item.id)).toEqual([margherita.id]);
  });

  it('treats a listed dish that is not available and not sold out as not offered', () => {
    const cola1 = orderLine(buildCartItem(cola, { variantId: null, extras: [], quantity: 1 }));
    expect(reorderItems([cola1], [{ ...cola, available: false }]).changes).toEqual([
      { kind: 'dish_gone', name: 'Cola 0,33 l', reason: 'not_offered' },
    ]);
  });

  it('leaves out a line whose size is gone, naming the size', () => {
    const smallOnly = { ...margherita, variants: margherita.variants.filter((variant) => variant.id !== 4) };
    const { items, changes } = reorderItems([margheritaLine()], [smallOnly]);
    expect(items).toEqual([]);
    expect(changes).toEqual([{ kind: 'size_gone', name: 'Margherita (Groß Ø 32 cm)', size: 'Groß Ø 32 cm' }]);
  });

  it('keeps the line without a topping sold out today or no longer offered, says so, and says no price change for it', () => {
    const toppings = margherita.enriched_topping_groups.map((entry) => ({
      ...entry,
      toppings: entry.toppings.flatMap((t) => (t.id === 20 ? [] : t.id === 5 ? [{ ...t, sold_out: true }] : [t])),
    }));
    const changed = { ...margherita, enriched_topping_groups: toppings };
    const { items, changes } = reorderItems([margheritaLine()], [changed]);
    expect(changes).toEqual([
      { kind: 'topping_removed', name: 'Margherita (Groß Ø 32 cm)', topping: 'Salami', reason: 'sold_out' },
      { kind: 'topping_removed', name: 'Margherita (Groß Ø 32 cm)', topping: 'Tomatensauce', reason: 'not_offered' },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]?.extras).toEqual([]);
    expect(items[0]?.quantity).toBe(2);
  });

  it('rebuilds a half-and-half pizza with its halves and toppings', () => {
    const { items, changes } = reorderItems([halvesLine()], halvesCatalogue);
    expect(changes).toEqual([]);
    expect(items[0]?.displayName).toBe('½ Margherita | ½ Salami (Groß Ø 32 cm)');
    expect(items[0]?.halves?.map((half) => half.extras.map((extra) => extra.name))).toEqual([
      ['Tomatensauce'],
      ['Extra Käse'],
    ]);
  });

  it("says a half-and-half pizza's new price, and a half's removed topping", () => {
    const dearer = { ...salami, variants: [{ id: 6, name: 'Groß Ø 32 cm', price: 12.9, divisible: true }] };
    const noCheese = { ...dearer, enriched_topping_groups: [group(3, [])] };
    const { items, changes } = reorderItems([halvesLine()], replace(halvesCatalogue, noCheese));
    const name = '½ Margherita | ½ Salami (Groß Ø 32 cm)';
    expect(changes).toEqual([
      { kind: 'topping_removed', name, topping: 'Extra Käse', reason: 'not_offered' },
      { kind: 'price_changed', name, oldPrice: 1190, newPrice: 1290 },
    ]);
    expect(items[0]?.price).toBe(1290);
  });

  it("leaves out a half-and-half pizza when a half's dish is gone or sold out, naming the half", () => {
    const soldOut = { ...salami, available: false, sold_out: true };
    expect(reorderItems([halvesLine()], replace(halvesCatalogue, soldOut))).toEqual({
      items: [],
      changes: [
        { kind: 'half_gone', name: '½ Margherita | ½ Salami (Groß Ø 32 cm)', half: 'Salami', reason: 'sold_out' },
      ],
    });
    expect(reorderItems([halvesLine()], [margheritaHalves]).changes).toEqual([
      { kind: 'half_gone', name: '½ Margherita | ½ Salami (Groß Ø 32 cm)', half: 'Salami', reason: 'not_offered' },
    ]);
  });

  it('leaves out a half-and-half pizza whose dishes are no longer sold in halves', () => {
    const whole = { ...salami, variants: [{ id: 6, name: 'Groß Ø 32 cm', price: 11.9 }] };
    const { items, changes } = reorderItems([halvesLine()], replace(halvesCatalogue, whole));
    expect(items).toEqual([]);
    expect(changes[0]).toMatchObject({ kind: 'half_gone', reason: 'not_offered' });
  });

  // Any order of today's menu, ordered again on the same menu: the same lines, the same money, nothing said.
  it('gives back any order made from the same menu unchanged (property)', () => {
    const choice = fc.oneof(
      fc.record({
        dish: fc.constant(margherita),
        variantId: fc.constantFrom(3, 4),
        extras: fc.subarray([5, 9, 10]).map((ids) => [...ids, 20].map((id) => ({ id, quantity: 1 }))),
        quantity: fc.integer({ min: 1, max: 99 }),
      }),
      fc.record({
        dish: fc.constantFrom(cola, salad),
        variantId: fc.constant(null),
        extras: fc.constant<{ id: number; quantity: number }[]>([]),
        quantity: fc.integer({ min: 1, max: 99 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(choice, { maxLength: 6 }), (choices) => {
        const cart = choices.map((c) =>
          buildCartItem(c.dish, { variantId: c.variantId, extras: c.extras, quantity: c.quantity }),
        );
        const { items, changes } = reorderItems(cart.map(orderLine), catalogue);
        expect(changes).toEqual([]);
        expect(items).toEqual(cart);
      }),
    );
  });

  // Whatever the menu became: every line of the order is either in the cart or named as left out, and nothing throws.
  it('accounts for every line, whatever the menu became (property)', () => {
    const menu = fc.record({
      price: fc.integer({ min: 100, max: 3000 }).map(fromCents),
      available: fc.boolean(),
      soldOut: fc.boolean(),
      keepLarge: fc.boolean(),
      keepSalami: fc.boolean(),
      listed: fc.boolean(),
    });
    fc.assert(
      fc.property(menu, (m) => {
        const today: Product = {
          ...margherita,
          available: m.available,
          sold_out: !m.available && m.soldOut,
          variants: margherita.variants
            .filter((variant) => m.keepLarge || variant.id !== 4)
            .map((variant) => ({ ...variant, price: m.price })),
          enriched_topping_groups: margherita.enriched_topping_groups.map((entry) => ({
            ...entry,
            toppings: entry.toppings.filter((t) => m.keepSalami || t.id !== 5),
          })),
        };
        const { items, changes } = reorderItems([margheritaLine()], m.listed ? [today] : []);
        const leftOut = changes.filter((c) => c.kind === 'dish_gone' || c.kind === 'size_gone');
        expect(items.length + leftOut.length).toBe(1);
        if (items[0]) expect(items[0].quantity).toBe(2);
      }),
    );
  });
});
