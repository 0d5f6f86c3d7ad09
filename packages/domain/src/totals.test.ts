import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCartItem, type CartItem } from './cart.ts';
import { missingForMinimumOrder } from './minimum-order.ts';
import { computeTotals, itemCount, lineDeposit, lineTotal } from './totals.ts';
import { cola, margherita } from './test-fixtures.ts';

/** A line with just what the totals read; the other fields are filler. */
function line(
  displayPrice: number,
  quantity: number,
  tax: number,
  extras: [price: number, quantity: number][] = [],
  deposit = 0,
) {
  return {
    id: 1,
    name: 'Line',
    price: displayPrice,
    quantity,
    uniqueKey: `${displayPrice}:${quantity}:${tax}:${extras.join(',')}`,
    extras: extras.map(([price, extraQuantity], index) => ({ id: index, name: 'x', price, quantity: extraQuantity })),
    selectedVariant: null,
    basePrice: displayPrice,
    tax,
    displayName: 'Line',
    displayPrice,
    deposit,
  } satisfies CartItem;
}

const totalsOf = (items: CartItem[], discountPercent = 0, deliveryFee = 0) =>
  computeTotals({ items, discountPercent, deliveryFee });

describe('lineTotal', () => {
  it('is displayPrice × quantity + extras total × quantity', () => {
    const pizza = buildCartItem(margherita, {
      variantId: 4,
      extras: [
        { id: 5, quantity: 1 },
        { id: 9, quantity: 2 },
      ],
      quantity: 2,
    });
    // 10,90 € × 2 + (1,50 € + 2 × 1,20 €) × 2
    expect(lineTotal(pizza)).toBe(2 * 1090 + (150 + 2 * 120) * 2);
  });

  it('is the unit price times quantity without extras', () => {
    expect(lineTotal(line(250, 3, 19))).toBe(750);
  });

  it('is 0 for a free line', () => {
    expect(lineTotal(line(0, 5, 7, [[0, 2]]))).toBe(0);
  });
});

describe('itemCount', () => {
  it('sums the quantities, not the lines', () => {
    expect(itemCount([line(100, 2, 7), line(100, 5, 19)])).toBe(7);
    expect(itemCount([])).toBe(0);
  });
});

describe('computeTotals', () => {
  it('gives an empty cart only its delivery fee', () => {
    expect(totalsOf([], 10, 250)).toEqual({
      subtotal: 0,
      discount: 0,
      deposit: 0,
      deliveryFee: 250,
      total: 250,
      itemCount: 0,
      vat: [],
    });
  });

  it('adds the lines, takes the discount off the subtotal and adds the delivery fee', () => {
    const items = [line(1000, 2, 7, [[150, 1]]), line(250, 1, 19)];
    const totals = totalsOf(items, 10, 300);
    expect(totals.subtotal).toBe(2300 + 250);
    expect(totals.discount).toBe(255);
    expect(totals.total).toBe(2550 - 255 + 300);
    expect(totals.itemCount).toBe(3);
  });

  it('rounds the discount half up to the cent', () => {
    expect(totalsOf([line(1005, 1, 7)], 10).discount).toBe(101); // 100.5
    expect(totalsOf([line(1004, 1, 7)], 10).discount).toBe(100); // 100.4
    expect(totalsOf([line(1006, 1, 7)], 10).discount).toBe(101); // 100.6
    expect(totalsOf([line(1, 1, 7)], 50).discount).toBe(1); // 0.5
  });

  it('rounds a fractional percentage exactly, not by binary float noise', () => {
    // 1500 × 2.3 / 100 is exactly 34.5; in floats it is 34.49999…, which would round down.
    expect(totalsOf([line(1500, 1, 7)], 2.3).discount).toBe(35);
    expect(totalsOf([line(2500, 1, 7)], 1.14).discount).toBe(29);
    expect(totalsOf([line(1000, 1, 7)], 12.5).discount).toBe(125);
  });

  it.each([
    [150, 1000],
    [100, 1000],
    [-5, 0],
    [0, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 1000],
  ])('clamps a discount of %s %% to 0..100 (discount %s)', (percent, discount) => {
    const totals = totalsOf([line(1000, 1, 7)], percent, 200);
    expect(totals.discount).toBe(discount);
    expect(totals.total).toBe(1000 - discount + 200);
  });

  it('prices a cart built from the catalogue', () => {
    const pizza = buildCartItem(margherita, { variantId: 3, extras: [{ id: 9, quantity: 1 }], quantity: 2 });
    const drink = buildCartItem(cola, { variantId: null, extras: [], quantity: 3 });
    const totals = totalsOf([pizza, drink], 5, 250);
    expect(totals.subtotal).toBe((790 + 120) * 2 + 250 * 3); // 2570
    expect(totals.discount).toBe(129); // 128.5 rounded half up
    expect(totals.deposit).toBe(25 * 3);
    expect(totals.total).toBe(2570 - 129 + 75 + 250);
    expect(totals.itemCount).toBe(5);
  });

  describe('VAT', () => {
    it('is the VAT contained in the gross amount at each rate', () => {
      expect(totalsOf([line(1070, 1, 7)]).vat).toEqual([{ rate: 7, amount: 70, gross: 1070 }]);
      expect(totalsOf([line(1000, 1, 19)]).vat).toEqual([{ rate: 19, amount: 160, gross: 1000 }]); // 159.66
    });

    it('sums the lines of one rate and orders the rates', () => {
      const vat = totalsOf([line(1190, 1, 19), line(535, 2, 7), line(500, 1, 19, [[100, 1]])]).vat;
      expect(vat).toEqual([
        { rate: 7, amount: 70, gross: 1070 },
        { rate: 19, amount: 286, gross: 1790 }, // 285.8
      ]);
    });

    it('spreads the discount over the rates in proportion to their gross amounts', () => {
      const vat = totalsOf([line(1070, 1, 7), line(1190, 1, 19)], 10).vat;
      expect(vat).toEqual([
        { rate: 7, amount: 63, gross: 963 },
        { rate: 19, amount: 171, gross: 1071 },
      ]);
    });

    it('spreads the discount in whole cents that add up to it exactly', () => {
      const totals = totalsOf([line(100, 1, 7), line(100, 1, 19), line(100, 1, 7.7)], 50); // 150 over 3
      expect(totals.discount).toBe(150);
      expect(totals.vat.map((share) => share.gross)).toEqual([50, 50, 50]);
      const uneven = totalsOf([line(100, 1, 7), line(100, 1, 19), line(101, 1, 7.7)], 50); // 151 over 3
      expect(uneven.vat.reduce((sum, share) => sum + (share.gross ?? 0), 0)).toBe(301 - uneven.discount);
    });

    it('leaves out the delivery fee', () => {
      expect(totalsOf([line(1070, 1, 7)], 0, 500).vat).toEqual(totalsOf([line(1070, 1, 7)], 0, 0).vat);
    });

    it('omits untaxed lines, which still take their share of the discount', () => {
      const vat = totalsOf([line(1000, 1, 0), line(1070, 1, 7)], 10).vat;
      // 207 discount: 100 on the untaxed line, 107 on the 7 % line.
      expect(vat).toEqual([{ rate: 7, amount: 63, gross: 963 }]);
    });

    it('handles a fractional rate (Swiss 7.7 %)', () => {
      expect(totalsOf([line(1077, 1, 7.7)]).vat).toEqual([{ rate: 7.7, amount: 77, gross: 1077 }]);
    });

    it('is zero at a 100 % discount', () => {
      expect(totalsOf([line(1070, 1, 7), line(1190, 1, 19)], 100).vat.map((share) => share.amount)).toEqual([0, 0]);
    });
  });
});

describe('deposits (Pfand)', () => {
  const bottle = (quantity: number, deposit = 25) => line(250, quantity, 19, [], deposit);

  it('takes the deposit per unit from the catalogue, in cents', () => {
    expect(buildCartItem(cola, { variantId: null, extras: [], quantity: 2 }).deposit).toBe(25);
    expect(buildCartItem(margherita, { variantId: 3, extras: [], quantity: 1 }).deposit).toBe(0);
  });

  it('is the deposit per unit times the quantity, outside the line total', () => {
    expect(lineDeposit(bottle(4))).toBe(100);
    expect(lineTotal(bottle(4))).toBe(1000);
  });

  it('is its own total, added to what the customer pays but not to the goods', () => {
    const totals = totalsOf([bottle(2), bottle(1, 8), line(1000, 1, 7)], 0, 300);
    expect(totals.subtotal).toBe(500 + 250 + 1000);
    expect(totals.deposit).toBe(50 + 8);
    expect(totals.total).toBe(1750 + 58 + 300);
  });

  it('is not discounted: the percentage applies to the goods only', () => {
    const totals = totalsOf([bottle(2), line(1000, 1, 7)], 10);
    expect(totals.discount).toBe(150); // 10 % of 1500, not of 1550
    expect(totals.total).toBe(1500 - 150 + 50);
    expect(totalsOf([bottle(2)], 100).total).toBe(50);
  });

  it('carries VAT at its drink’s rate, in that rate’s share', () => {
    // 19 %: 500 goods + 50 deposit = 550 gross, 87.82 VAT; 7 %: 1070 gross, 70 VAT.
    expect(totalsOf([bottle(2), line(1070, 1, 7)]).vat).toEqual([
      { rate: 7, amount: 70, gross: 1070 },
      { rate: 19, amount: 88, gross: 550 },
    ]);
  });

  it('keeps its VAT whole when the goods are discounted', () => {
    // 10 % off 500 goods → 450, plus the 50 deposit: 500 gross at 19 %.
    expect(totalsOf([bottle(2)], 10).vat).toEqual([{ rate: 19, amount: 80, gross: 500 }]);
  });

  it('does not count toward the minimum order (decision 016)', () => {
    const totals = totalsOf([bottle(4)]); // 1000 goods + 100 deposit
    expect(missingForMinimumOrder(totals, 1100)).toBe(100);
    expect(missingForMinimumOrder(totals, 1000)).toBe(0);
  });
});

// ---- properties ---------------------------------------------------------------------------------

const arbitraryLine = fc
  .record({
    displayPrice: fc.integer({ min: 0, max: 5000 }),
    quantity: fc.integer({ min: 1, max: 99 }),
    tax: fc.constantFrom(0, 7, 19, 7.7, 2.6),
    extras: fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 3 })), { maxLength: 4 }),
    deposit: fc.constantFrom(0, 0, 8, 15, 25),
  })
  .map(({ displayPrice, quantity, tax, extras, deposit }) => line(displayPrice, quantity, tax, extras, deposit));
const arbitraryItems = fc.array(arbitraryLine, { maxLength: 10 });
const arbitraryPercent = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: -20, max: 120, noNaN: true }));
const arbitraryFee = fc.integer({ min: 0, max: 1000 });

describe('computeTotals properties', () => {
  it('any cart total equals the sum of its parts', () => {
    fc.assert(
      fc.property(arbitraryItems, arbitraryPercent, arbitraryFee, (items, percent, fee) => {
        const totals = totalsOf(items, percent, fee);
        const lines = items.reduce((sum, item) => sum + lineTotal(item), 0);
        const deposits = items.reduce((sum, item) => sum + lineDeposit(item), 0);
        return (
          totals.subtotal === lines &&
          totals.deposit === deposits &&
          totals.total === totals.subtotal - totals.discount + deposits + fee &&
          totals.itemCount === items.reduce((sum, item) => sum + item.quantity, 0) &&
          Number.isInteger(totals.total)
        );
      }),
    );
  });

  it('keeps the discount within 0..subtotal', () => {
    fc.assert(
      fc.property(arbitraryItems, arbitraryPercent, (items, percent) => {
        const { discount, subtotal } = totalsOf(items, percent);
        return Number.isInteger(discount) && discount >= 0 && discount <= subtotal;
      }),
    );
  });

  it('agrees with round(subtotal × percent / 100) for whole percentages', () => {
    fc.assert(
      fc.property(arbitraryItems, fc.integer({ min: 0, max: 100 }), (items, percent) => {
        const { discount, subtotal } = totalsOf(items, percent);
        return discount === Math.round((subtotal * percent) / 100);
      }),
    );
  });

  it('never lets the VAT shares exceed the total, and spreads exactly the discounted amount', () => {
    fc.assert(
      fc.property(arbitraryItems, arbitraryPercent, arbitraryFee, (items, percent, fee) => {
        const totals = totalsOf(items, percent, fee);
        const vat = totals.vat.reduce((sum, share) => sum + share.amount, 0);
        const taxedGross = items
          .filter((item) => item.tax > 0)
          .reduce((sum, item) => sum + lineTotal(item) + lineDeposit(item), 0);
        const spreadGross = totals.vat.reduce((sum, share) => sum + (share.gross ?? 0), 0);
        const rates = totals.vat.map((share) => share.rate);
        return (
          vat <= totals.total &&
          totals.vat.every((share) => share.amount >= 0 && share.amount <= (share.gross ?? 0)) &&
          spreadGross <= taxedGross &&
          rates.every((rate, index) => index === 0 || (rates[index - 1] ?? 0) < rate) &&
          (items.some((item) => item.tax <= 0) || spreadGross === totals.subtotal - totals.discount + totals.deposit)
        );
      }),
    );
  });
});
