import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_LINE_QUANTITY,
  addToCart,
  buildCartItem,
  cartIdentity,
  cartItemSchema,
  checkToppingChoice,
  needsOptionsDialog,
  removeLine,
  replaceLine,
  setLineQuantity,
  type CartItem,
  type ExtraChoice,
  type ItemChoice,
} from './cart.ts';
import { buildHalfAndHalfItem } from './halves.ts';
import { repriceCart } from './reprice-cart.ts';
import { catalogue, cola, group, margherita, product, salad, topping } from './test-fixtures.ts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

const plainCola = () => buildCartItem(cola, { variantId: null, extras: [], quantity: 1 });
const bigSalami = (quantity = 1) =>
  buildCartItem(margherita, { variantId: 4, extras: [{ id: 5, quantity: 1 }], quantity });
const smallPlain = (quantity = 1) => buildCartItem(margherita, { variantId: 3, extras: [], quantity });

describe('cartIdentity', () => {
  it('is product id, variant id and extras sorted by id with quantities', () => {
    expect(
      cartIdentity(12, 3, [
        { id: 9, quantity: 2 },
        { id: 5, quantity: 1 },
      ]),
    ).toBe('12:3:5x1,9x2');
  });

  it("uses 'base' without a variant and an empty extras part without extras", () => {
    expect(cartIdentity(7, null, [])).toBe('7:base:');
  });

  it('drops extras at quantity 0 (or below), so un-ticking an extra gives back the plain line', () => {
    expect(
      cartIdentity(12, 3, [
        { id: 5, quantity: 0 },
        { id: 9, quantity: 1 },
        { id: 2, quantity: -1 },
      ]),
    ).toBe('12:3:9x1');
    expect(cartIdentity(12, 3, [{ id: 5, quantity: 0 }])).toBe(cartIdentity(12, 3, []));
  });

  it('sums an extra that is listed twice', () => {
    expect(
      cartIdentity(12, 3, [
        { id: 5, quantity: 1 },
        { id: 5, quantity: 1 },
      ]),
    ).toBe('12:3:5x2');
  });

  it('sorts ids numerically, not as text', () => {
    expect(
      cartIdentity(1, null, [
        { id: 10, quantity: 1 },
        { id: 9, quantity: 1 },
      ]),
    ).toBe('1:base:9x1,10x1');
  });

  it('distinguishes variant, product and extra quantity', () => {
    const keys = new Set([
      cartIdentity(12, 3, [{ id: 5, quantity: 1 }]),
      cartIdentity(12, 4, [{ id: 5, quantity: 1 }]),
      cartIdentity(12, null, [{ id: 5, quantity: 1 }]),
      cartIdentity(13, 3, [{ id: 5, quantity: 1 }]),
      cartIdentity(12, 3, [{ id: 5, quantity: 2 }]),
    ]);
    expect(keys.size).toBe(5);
  });

  it('never depends on the order in which extras were picked (property)', () => {
    const extras = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 1000 }), quantity: fc.integer({ min: 0, max: 5 }) }),
      { selector: (extra) => extra.id, maxLength: 8 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.integer({ min: 1, max: 100 })),
        extras.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        (productId, variantId, [list, shuffled]) =>
          cartIdentity(productId, variantId, list) === cartIdentity(productId, variantId, shuffled),
      ),
    );
  });
});

describe('buildCartItem', () => {
  it('prices a variant in cents, names it and keeps the base price', () => {
    const item = buildCartItem(margherita, {
      variantId: 4,
      extras: [
        { id: 9, quantity: 2 },
        { id: 5, quantity: 1 },
      ],
      quantity: 2,
    });
    expect(item).toEqual({
      id: 12,
      name: 'Margherita',
      price: 1090,
      quantity: 2,
      uniqueKey: '12:4:5x1,9x2',
      extras: [
        { id: 5, name: 'Salami', price: 150, quantity: 1 },
        { id: 9, name: 'Extra Käse', price: 120, quantity: 2 },
      ],
      selectedVariant: { id: 4, name: 'Groß Ø 32 cm', price: 1090 },
      basePrice: 850,
      tax: 7,
      displayName: 'Margherita (Groß Ø 32 cm)',
      displayPrice: 1090,
      deposit: 0,
    });
    expect(cartItemSchema.safeParse(item).success).toBe(true);
  });

  it('reads a line stored before deposits existed as one without a deposit', () => {
    const { deposit: _deposit, ...stored } = plainCola();
    expect(cartItemSchema.parse(stored).deposit).toBe(0);
    expect(cartItemSchema.safeParse({ ...stored, deposit: -1 }).success).toBe(false);
  });

  it('uses the product price and plain name without a variant', () => {
    const item = plainCola();
    expect(item).toMatchObject({
      price: 250,
      displayPrice: 250,
      basePrice: 250,
      displayName: 'Cola 0,33 l',
      selectedVariant: null,
      uniqueKey: '30:base:',
      tax: 19,
      extras: [],
    });
  });

  it('converts decimal prices without float drift', () => {
    const item = buildCartItem(product({ price: 0.1 + 0.2 }), { variantId: null, extras: [], quantity: 1 });
    expect(item.price).toBe(30);
  });

  it('takes the tax as 0 when the product has none', () => {
    const untaxed = { ...cola, tax: undefined } as unknown as typeof cola;
    expect(buildCartItem(untaxed, { variantId: null, extras: [], quantity: 1 }).tax).toBe(0);
  });

  it('drops extras at quantity 0 from the line', () => {
    const item = buildCartItem(margherita, {
      variantId: 3,
      extras: [
        { id: 5, quantity: 0 },
        { id: 9, quantity: 1 },
      ],
      quantity: 1,
    });
    expect(item.extras.map((extra) => extra.id)).toEqual([9]);
    expect(item.uniqueKey).toBe('12:3:9x1');
  });

  it.each([
    [0, 1],
    [-4, 1],
    [Number.NaN, 1],
    [2.7, 2],
    [100, MAX_LINE_QUANTITY],
    [99, 99],
  ])('clamps quantity %s to %s', (requested, expected) => {
    expect(buildCartItem(cola, { variantId: null, extras: [], quantity: requested }).quantity).toBe(expected);
  });

  it('throws a clear error for an extra the product does not have', () => {
    expect(() => buildCartItem(cola, { variantId: null, extras: [{ id: 5, quantity: 1 }], quantity: 1 })).toThrow(
      /Product 30 .* has no extra 5/,
    );
  });

  it('throws a clear error for a variant the product does not have', () => {
    expect(() => buildCartItem(margherita, { variantId: 99, extras: [], quantity: 1 })).toThrow(/has no variant 99/);
  });

  it('does not mutate the product or the choice', () => {
    const choice: ItemChoice = deepFreeze({ variantId: 4, extras: [{ id: 9, quantity: 1 }], quantity: 1 });
    expect(() => buildCartItem(deepFreeze(structuredClone(margherita)), choice)).not.toThrow();
  });
});

describe('addToCart', () => {
  it('appends a new line', () => {
    const cart = addToCart([plainCola()], bigSalami());
    expect(cart.map((line) => line.uniqueKey)).toEqual(['30:base:', '12:4:5x1']);
  });

  it('raises the quantity of an identical line instead of adding one', () => {
    const cart = addToCart([plainCola(), bigSalami(2)], bigSalami(3));
    expect(cart).toHaveLength(2);
    expect(cart[1]?.quantity).toBe(5);
  });

  it('merges the same extras picked in another order', () => {
    const a = buildCartItem(margherita, {
      variantId: 3,
      extras: [
        { id: 5, quantity: 1 },
        { id: 9, quantity: 2 },
      ],
      quantity: 1,
    });
    const b = buildCartItem(margherita, {
      variantId: 3,
      extras: [
        { id: 9, quantity: 2 },
        { id: 5, quantity: 1 },
      ],
      quantity: 1,
    });
    expect(addToCart([a], b)).toEqual([{ ...a, quantity: 2 }]);
  });

  it('caps the merged quantity at 99', () => {
    expect(addToCart([bigSalami(98)], bigSalami(5))[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('does not mutate the cart', () => {
    const cart = deepFreeze([bigSalami(1)]);
    expect(addToCart(cart, bigSalami(1))[0]?.quantity).toBe(2);
    expect(cart[0]?.quantity).toBe(1);
  });

  it('adding the same item twice equals one line with the quantity doubled, capped (property)', () => {
    fc.assert(
      fc.property(arbitraryChoice(), (choice) => {
        const item = buildCartItem(choice.product, choice);
        const cart = addToCart(addToCart([], item), item);
        return (
          cart.length === 1 &&
          cart[0]?.uniqueKey === item.uniqueKey &&
          cart[0].quantity === Math.min(2 * item.quantity, MAX_LINE_QUANTITY)
        );
      }),
    );
  });

  it('reordering extras never makes a new line (property)', () => {
    fc.assert(
      fc.property(
        arbitraryChoice().chain((choice) =>
          fc.tuple(fc.constant(choice), fc.shuffledSubarray(choice.extras, { minLength: choice.extras.length })),
        ),
        ([choice, reordered]) => {
          const first = buildCartItem(choice.product, choice);
          const second = buildCartItem(choice.product, { ...choice, extras: reordered });
          return second.uniqueKey === first.uniqueKey && addToCart([first], second).length === 1;
        },
      ),
    );
  });
});

describe('setLineQuantity', () => {
  const cart = deepFreeze([plainCola(), bigSalami(2)]);

  it('sets the quantity of the matching line only', () => {
    const next = setLineQuantity(cart, '12:4:5x1', 7);
    expect(next.map((line) => line.quantity)).toEqual([1, 7]);
  });

  it.each([0, -1, Number.NaN])('removes the line at %s', (quantity) => {
    expect(setLineQuantity(cart, '12:4:5x1', quantity).map((line) => line.uniqueKey)).toEqual(['30:base:']);
  });

  it('caps above 99', () => {
    expect(setLineQuantity(cart, '12:4:5x1', 250)[1]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('leaves the cart as it is for an unknown key', () => {
    expect(setLineQuantity(cart, 'nope', 3)).toEqual(cart);
  });
});

describe('removeLine', () => {
  it('removes only the matching line and keeps the order', () => {
    const cart = deepFreeze([plainCola(), bigSalami(), smallPlain()]);
    expect(removeLine(cart, '12:4:5x1').map((line) => line.uniqueKey)).toEqual(['30:base:', '12:3:']);
    expect(cart).toHaveLength(3);
  });

  it('returns an equal cart for an unknown key', () => {
    const cart = [plainCola()];
    expect(removeLine(cart, 'nope')).toEqual(cart);
  });
});

describe('replaceLine', () => {
  it('replaces the edited line at its position with its new variant, price and name', () => {
    const cart = deepFreeze([plainCola(), smallPlain(2), bigSalami()]);
    const edited = buildCartItem(margherita, { variantId: 4, extras: [{ id: 9, quantity: 1 }], quantity: 2 });
    const next = replaceLine(cart, '12:3:', edited);
    expect(next.map((line) => line.uniqueKey)).toEqual(['30:base:', '12:4:9x1', '12:4:5x1']);
    expect(next[1]).toMatchObject({ displayName: 'Margherita (Groß Ø 32 cm)', displayPrice: 1090, quantity: 2 });
  });

  it('merges into an identical later line, keeping one line at the earlier position', () => {
    const cart = deepFreeze([smallPlain(2), plainCola(), bigSalami(3)]);
    const edited = bigSalami(2);
    const next = replaceLine(cart, '12:3:', edited);
    expect(next.map((line) => [line.uniqueKey, line.quantity])).toEqual([
      ['12:4:5x1', 5],
      ['30:base:', 1],
    ]);
  });

  it('merges into an identical earlier line at that earlier position', () => {
    const cart = deepFreeze([bigSalami(3), plainCola(), smallPlain(2)]);
    const next = replaceLine(cart, '12:3:', bigSalami(2));
    expect(next.map((line) => [line.uniqueKey, line.quantity])).toEqual([
      ['12:4:5x1', 5],
      ['30:base:', 1],
    ]);
  });

  it('caps a merge at 99', () => {
    const next = replaceLine([smallPlain(60), bigSalami(60)], '12:3:', bigSalami(60));
    expect(next).toHaveLength(1);
    expect(next[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('keeps an unchanged edit in place', () => {
    const cart = [plainCola(), bigSalami(2)];
    expect(replaceLine(cart, '12:4:5x1', bigSalami(2))).toEqual(cart);
  });

  it('changes nothing when the edited line is no longer in the cart', () => {
    const cart = [plainCola()];
    expect(replaceLine(cart, '12:3:', bigSalami())).toEqual(cart);
  });

  it('never loses or invents quantity beyond the cap (property)', () => {
    fc.assert(
      fc.property(arbitraryCart(), fc.nat(), arbitraryChoice(), (cart, pick, choice) => {
        fc.pre(cart.length > 0);
        const old = cart[pick % cart.length] as CartItem;
        const edited = { ...buildCartItem(choice.product, choice), quantity: old.quantity };
        const twin = cart.find((line) => line !== old && line.uniqueKey === edited.uniqueKey);
        const overflow = twin ? Math.max(0, twin.quantity + old.quantity - MAX_LINE_QUANTITY) : 0;
        const next = replaceLine(cart, old.uniqueKey, edited);
        const keys = next.map((line) => line.uniqueKey);
        return (
          total(next) === total(cart) - overflow &&
          new Set(keys).size === keys.length &&
          next.length === cart.length - (twin ? 1 : 0)
        );
      }),
    );
  });
});

describe('needsOptionsDialog', () => {
  it('opens for a variable product', () => {
    expect(needsOptionsDialog(margherita)).toBe(true);
    expect(needsOptionsDialog(product({ type: 'variable', variants: [] }))).toBe(true);
  });

  it('opens when the first topping group has toppings', () => {
    expect(needsOptionsDialog(salad)).toBe(true);
  });

  it('adds directly a simple product without toppings', () => {
    expect(needsOptionsDialog(cola)).toBe(false);
    expect(needsOptionsDialog(product({ enriched_topping_groups: [group(1, [])] }))).toBe(false);
  });

  it('opens for a simple product sold in halves, where the customer may choose "Halb & halb"', () => {
    expect(needsOptionsDialog(product({ divisible: true }))).toBe(true);
    expect(needsOptionsDialog(product({ divisible: false }))).toBe(false);
  });

  it('adds directly when only a later, optional group has toppings (the first group decides)', () => {
    const later = product({ enriched_topping_groups: [group(1, []), group(2, [topping(1, 'Ei', 1)], 0, 2)] });
    expect(needsOptionsDialog(later)).toBe(false);
  });

  it('opens when a group demands a choice, so a quick-add never makes a line the server refuses', () => {
    const required = product({ enriched_topping_groups: [group(1, []), group(2, [topping(1, 'Dip', 0)], 1, 1)] });
    expect(needsOptionsDialog(required)).toBe(true);
  });
});

describe('checkToppingChoice', () => {
  const sauce: ExtraChoice = { id: 20, quantity: 1 };

  it('accepts a choice within every group', () => {
    expect(checkToppingChoice(margherita, [sauce, { id: 5, quantity: 1 }, { id: 9, quantity: 2 }])).toEqual([]);
  });

  it('reports a group below its minimum', () => {
    expect(checkToppingChoice(margherita, [{ id: 5, quantity: 1 }])).toEqual([{ code: 'too_few', groupId: 2, min: 1 }]);
  });

  it('counts quantities, not distinct toppings, against the maximum', () => {
    expect(checkToppingChoice(margherita, [sauce, { id: 9, quantity: 4 }])).toEqual([
      { code: 'too_many', groupId: 1, max: 3 },
    ]);
    expect(checkToppingChoice(margherita, [sauce, { id: 9, quantity: 3 }])).toEqual([]);
  });

  it('accepts the boundaries min and max exactly', () => {
    expect(checkToppingChoice(margherita, [sauce])).toEqual([]);
    expect(
      checkToppingChoice(margherita, [
        { id: 21, quantity: 1 },
        { id: 5, quantity: 3 },
      ]),
    ).toEqual([]);
    expect(checkToppingChoice(margherita, [sauce, { id: 21, quantity: 1 }])).toEqual([
      { code: 'too_many', groupId: 2, max: 1 },
    ]);
  });

  it('ignores extras at quantity 0', () => {
    expect(checkToppingChoice(margherita, [sauce, { id: 5, quantity: 0 }, { id: 77, quantity: 0 }])).toEqual([]);
  });

  it('reports a topping that is not in any of the product groups', () => {
    expect(checkToppingChoice(margherita, [sauce, { id: 70, quantity: 1 }])).toEqual([
      { code: 'unknown_topping', toppingId: 70 },
    ]);
    expect(checkToppingChoice(cola, [{ id: 5, quantity: 1 }])).toEqual([{ code: 'unknown_topping', toppingId: 5 }]);
  });

  it('refuses a topping sold out today in whichever group offers it, and accepts the rest', () => {
    const soldOutSalami = {
      ...margherita,
      enriched_topping_groups: margherita.enriched_topping_groups.map((offered) => ({
        ...offered,
        toppings: offered.toppings.map((entry) => (entry.id === 5 ? { ...entry, sold_out: true } : entry)),
      })),
    };
    expect(checkToppingChoice(soldOutSalami, [sauce, { id: 5, quantity: 2 }])).toEqual([
      { code: 'sold_out_topping', toppingId: 5 },
    ]);
    expect(checkToppingChoice(soldOutSalami, [sauce, { id: 9, quantity: 1 }])).toEqual([]);
    // A sold-out topping left at quantity 0 is no choice at all.
    expect(checkToppingChoice(soldOutSalami, [sauce, { id: 5, quantity: 0 }])).toEqual([]);
  });

  it('reports every violation at once', () => {
    expect(
      checkToppingChoice(margherita, [
        { id: 5, quantity: 4 },
        { id: 99, quantity: 1 },
      ]),
    ).toEqual([
      { code: 'too_many', groupId: 1, max: 3 },
      { code: 'too_few', groupId: 2, min: 1 },
      { code: 'unknown_topping', toppingId: 99 },
    ]);
  });

  it('accepts no extras for a product without groups', () => {
    expect(checkToppingChoice(cola, [])).toEqual([]);
  });
});

// ---- arbitraries shared by the property tests -----------------------------------------------------

function total(cart: readonly CartItem[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

type ArbitraryChoice = ItemChoice & { product: (typeof catalogue)[number] };

/** A valid choice for one of the fixture products (any variant, any subset of its extras, any order). */
function arbitraryChoice(): fc.Arbitrary<ArbitraryChoice> {
  return fc.constantFrom(...catalogue).chain((chosen) => {
    const toppingIds = chosen.enriched_topping_groups.flatMap((g) => g.toppings.map((t) => t.id));
    return fc.record({
      product: fc.constant(chosen),
      variantId: chosen.variants.length > 0 ? fc.constantFrom(...chosen.variants.map((v) => v.id)) : fc.constant(null),
      extras: fc
        .shuffledSubarray(toppingIds)
        .chain((ids) =>
          fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), quantity: fc.integer({ min: 0, max: 3 }) }))),
        ),
      quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
    });
  });
}

/** A cart built the way the storefront builds one: by adding items. */
function arbitraryCart(): fc.Arbitrary<CartItem[]> {
  return fc
    .array(arbitraryChoice(), { maxLength: 12 })
    .map((choices) => choices.reduce<CartItem[]>((cart, c) => addToCart(cart, buildCartItem(c.product, c)), []));
}

describe("repriceCart: a kept cart at today's menu", () => {
  const line = () => buildCartItem(margherita, { variantId: 4, extras: [{ id: 5, quantity: 1 }], quantity: 2 });

  it("leaves a cart at today's prices as it is", () => {
    const items = [line(), plainCola()];
    expect(repriceCart(items, catalogue)).toEqual({ items, changed: false });
  });

  it("takes the size's, the extra's and the deposit's new prices, keeping each line's choice and quantity", () => {
    const dearer = {
      ...margherita,
      variants: margherita.variants.map((variant) => (variant.id === 4 ? { ...variant, price: 11.9 } : variant)),
    };
    const newDeposit = { ...cola, deposit: 0.15 };
    const kept = [line(), plainCola()];
    const { items, changed } = repriceCart(kept, [dearer, newDeposit, salad]);
    expect(changed).toBe(true);
    expect(items[0]).toMatchObject({ price: 1190, displayPrice: 1190, quantity: 2, uniqueKey: kept[0]?.uniqueKey });
    expect(items[0]?.extras).toEqual(kept[0]?.extras);
    expect(items[1]).toMatchObject({ deposit: 15, quantity: 1 });
  });

  it('keeps a line whose dish or size is gone, for the server to refuse by name', () => {
    const withoutSize = { ...margherita, variants: margherita.variants.filter((variant) => variant.id !== 4) };
    const kept = [line(), plainCola()];
    expect(repriceCart(kept, [withoutSize])).toEqual({ items: kept, changed: false });
  });

  describe('a half-and-half pizza', () => {
    const sauce = { id: 20, quantity: 1 };
    const divisibleMargherita = {
      ...margherita,
      variants: margherita.variants.map((variant) => ({ ...variant, divisible: true })),
    };
    const funghi = {
      ...divisibleMargherita,
      id: 13,
      name: 'Funghi',
      variants: [
        { id: 6, name: 'Klein Ø 26 cm', price: 8.4, divisible: true },
        { id: 7, name: 'Groß Ø 32 cm', price: 11.4, divisible: true },
      ],
    };
    const halved = (first = divisibleMargherita, second = funghi) =>
      buildHalfAndHalfItem(
        { product: first, variantId: 4, extras: [sauce, { id: 5, quantity: 1 }] },
        { product: second, variantId: 7, extras: [sauce, { id: 10, quantity: 1 }] },
        2,
      );

    it("leaves a halved line at today's prices as it is", () => {
      const items = [halved(), plainCola()];
      expect(repriceCart(items, [divisibleMargherita, funghi, cola])).toEqual({ items, changed: false });
    });

    it("rebuilds both halves from today's menu: the dearer base plus half of each half's toppings", () => {
      const kept = [halved()];
      const dearerFunghi = {
        ...funghi,
        variants: funghi.variants.map((variant) => (variant.id === 7 ? { ...variant, price: 12.9 } : variant)),
      };
      const dearerSardines = {
        ...dearerFunghi,
        enriched_topping_groups: dearerFunghi.enriched_topping_groups.map((entry) => ({
          ...entry,
          toppings: entry.toppings.map((item) => (item.id === 10 ? { ...item, price: 2.1 } : item)),
        })),
      };
      const { items, changed } = repriceCart(kept, [divisibleMargherita, dearerSardines]);
      expect(changed).toBe(true);
      // 12,90 (Funghi's new base) + ceil(150/2)=75 + ceil(210/2)=105
      expect(items[0]).toMatchObject({ price: 1470, quantity: 2, uniqueKey: kept[0]?.uniqueKey });
      expect(items[0]?.halves?.[1]).toMatchObject({
        id: 13,
        basePrice: 1290,
        extras: [{ id: 10, price: 210 }, { id: 20 }],
      });
      expect(items[0]?.halves?.[0]).toEqual(kept[0]?.halves?.[0]);
    });

    it('keeps a halved line whose other half is gone or no longer divisible, for the server to refuse', () => {
      const kept = [halved()];
      expect(repriceCart(kept, [divisibleMargherita])).toEqual({ items: kept, changed: false });
      const whole = { ...funghi, variants: funghi.variants.map((variant) => ({ ...variant, divisible: false })) };
      expect(repriceCart(kept, [divisibleMargherita, whole])).toEqual({ items: kept, changed: false });
    });
  });
});
