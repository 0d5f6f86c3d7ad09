import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCartItem, type CartItem } from './cart.ts';
import { missingForMinimumOrder } from './minimum-order.ts';
import { computeTotals, itemCount, lineDeposit, lineTotal } from './totals.ts';
import { cola, margherita } from './test-fixtures.ts';
import type { VoucherValue } from './vouchers.ts';

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
      voucher: 0,
      voucherSetAside: false,
      deposit: 0,
      deliveryFee: 250,
      total: 250,
      itemCount: 0,
      vat: [],
      untaxed: 250,
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
      expect(totalsOf([line(1070, 1, 7)]).vat).toEqual([{ rate: 7, amount: 70, gross: 1070, deliveryFee: 0 }]);
      expect(totalsOf([line(1000, 1, 19)]).vat).toEqual([{ rate: 19, amount: 160, gross: 1000, deliveryFee: 0 }]); // 159.66
    });

    it('sums the lines of one rate and orders the rates', () => {
      const vat = totalsOf([line(1190, 1, 19), line(535, 2, 7), line(500, 1, 19, [[100, 1]])]).vat;
      expect(vat).toEqual([
        { rate: 7, amount: 70, gross: 1070, deliveryFee: 0 },
        { rate: 19, amount: 286, gross: 1790, deliveryFee: 0 }, // 285.8
      ]);
    });

    it('spreads the discount over the rates in proportion to their gross amounts', () => {
      const vat = totalsOf([line(1070, 1, 7), line(1190, 1, 19)], 10).vat;
      expect(vat).toEqual([
        { rate: 7, amount: 63, gross: 963, deliveryFee: 0 },
        { rate: 19, amount: 171, gross: 1071, deliveryFee: 0 },
      ]);
    });

    it('spreads the discount in whole cents that add up to it exactly', () => {
      const totals = totalsOf([line(100, 1, 7), line(100, 1, 19), line(100, 1, 7.7)], 50); // 150 over 3
      expect(totals.discount).toBe(150);
      expect(totals.vat.map((share) => share.gross)).toEqual([50, 50, 50]);
      const uneven = totalsOf([line(100, 1, 7), line(100, 1, 19), line(101, 1, 7.7)], 50); // 151 over 3
      expect(uneven.vat.reduce((sum, share) => sum + (share.gross ?? 0), 0)).toBe(301 - uneven.discount);
    });

    it('taxes the delivery fee at the rate of the goods it delivers', () => {
      // 10,70 € food + 5,35 € fee: 16,05 € gross at 7 %, 1,05 € VAT.
      expect(totalsOf([line(1070, 1, 7)], 0, 535).vat).toEqual([
        { rate: 7, amount: 105, gross: 1605, deliveryFee: 535 },
      ]);
    });

    it('splits the delivery fee over the rates by the goods after discount, deposits left out', () => {
      // 10 % off 1000 at 7 % and 1000 at 19 %: 900 each; the 19 % drink's deposit does not weigh.
      const totals = totalsOf([line(1000, 1, 7), line(500, 2, 19, [], 25)], 10, 301);
      expect(totals.vat).toEqual([
        { rate: 7, amount: 69, gross: 1051, deliveryFee: 151 }, // 150.5 each: the tie goes to the lower rate
        { rate: 19, amount: 176, gross: 1100, deliveryFee: 150 }, // 900 + 150 + 50 deposit; 175.63
      ]);
      expect(totals.untaxed).toBe(0);
    });

    it('reproduces the accountant’s delivery order to the cent', () => {
      // Margherita and Salami with extras (26,20 € food at 7 %), a Cola (2,90 € at 19 %, 0,08 € deposit),
      // 5 % delivery discount (145.5 → 1,46 €), 3,50 € fee. Before, the fee sat untaxed in the net:
      // Netto 29,14; MwSt. 7 % 1,63; MwSt. 19 % 0,45; Brutto 31,22.
      const totals = totalsOf([line(1350, 1, 7), line(1270, 1, 7), line(290, 1, 19, [], 8)], 5, 350);
      expect(totals.discount).toBe(146);
      expect(totals.total).toBe(3122);
      // Discount: 131 on the food, 15 on the drink; goods after it 2489 and 275. Fee: 350 × 2489 / 2764 =
      // 315.18 and 350 × 275 / 2764 = 34.82, so 315 and 35 (largest remainder).
      expect(totals.vat).toEqual([
        { rate: 7, amount: 183, gross: 2804, deliveryFee: 315 }, // 2804 × 7 / 107 = 183.44
        { rate: 19, amount: 51, gross: 318, deliveryFee: 35 }, // (275 + 35 + 8) × 19 / 119 = 50.77
      ]);
      expect(totals.untaxed).toBe(0);
      const vat = totals.vat.reduce((sum, share) => sum + share.amount, 0);
      expect(totals.total - vat).toBe(2888); // Netto 28,88 = 26,21 at 7 % + 2,67 at 19 %
    });

    it('gives untaxed goods their share of the fee, outside every rate', () => {
      const totals = totalsOf([line(1000, 1, 0), line(1000, 1, 7)], 0, 300);
      expect(totals.vat).toEqual([{ rate: 7, amount: 75, gross: 1150, deliveryFee: 150 }]);
      expect(totals.untaxed).toBe(1150);
    });

    it('splits the fee by the goods before discount when the discount takes them all', () => {
      const totals = totalsOf([line(3000, 1, 7), line(1000, 1, 19)], 100, 400);
      expect(totals.vat.map((share) => share.deliveryFee)).toEqual([300, 100]);
      expect(totals.vat.map((share) => share.gross)).toEqual([300, 100]);
    });

    it('taxes the fee at the highest rate when the goods are all free', () => {
      const totals = totalsOf([line(0, 1, 7), line(0, 1, 19)], 0, 250);
      expect(totals.vat).toEqual([
        { rate: 7, amount: 0, gross: 0, deliveryFee: 0 },
        { rate: 19, amount: 40, gross: 250, deliveryFee: 250 },
      ]);
    });

    it('omits untaxed lines, which still take their share of the discount', () => {
      const vat = totalsOf([line(1000, 1, 0), line(1070, 1, 7)], 10).vat;
      // 207 discount: 100 on the untaxed line, 107 on the 7 % line.
      expect(vat).toEqual([{ rate: 7, amount: 63, gross: 963, deliveryFee: 0 }]);
    });

    it('handles a fractional rate (Swiss 7.7 %)', () => {
      expect(totalsOf([line(1077, 1, 7.7)]).vat).toEqual([{ rate: 7.7, amount: 77, gross: 1077, deliveryFee: 0 }]);
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
      { rate: 7, amount: 70, gross: 1070, deliveryFee: 0 },
      { rate: 19, amount: 88, gross: 550, deliveryFee: 0 },
    ]);
  });

  it('keeps its VAT whole when the goods are discounted', () => {
    // 10 % off 500 goods → 450, plus the 50 deposit: 500 gross at 19 %.
    expect(totalsOf([bottle(2)], 10).vat).toEqual([{ rate: 19, amount: 80, gross: 500, deliveryFee: 0 }]);
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

  it('splits the total exactly into the rates’ gross amounts and the untaxed rest, each rate’s VAT rounded half up', () => {
    /** gross × rate / (100 + rate), rounded half up, with the rate in hundredths of a percent. */
    const containedVat = (gross: number, rate: number) => {
      const basisPoints = BigInt(Math.round(rate * 100));
      const numerator = BigInt(gross) * basisPoints;
      const denominator = 10_000n + basisPoints;
      return Number((2n * numerator + denominator) / (2n * denominator));
    };
    fc.assert(
      fc.property(arbitraryItems, arbitraryPercent, arbitraryFee, (items, percent, fee) => {
        const totals = totalsOf(items, percent, fee);
        const taxedGross = totals.vat.reduce((sum, share) => sum + share.gross, 0);
        const feeInRates = totals.vat.reduce((sum, share) => sum + share.deliveryFee, 0);
        const untaxedDeposits = items.filter((item) => item.tax <= 0).reduce((sum, item) => sum + lineDeposit(item), 0);
        const allTaxed = items.length > 0 && items.every((item) => item.tax > 0);
        return (
          taxedGross + totals.untaxed === totals.total &&
          totals.untaxed >= untaxedDeposits &&
          feeInRates <= fee &&
          (!allTaxed || (totals.untaxed === 0 && feeInRates === fee)) &&
          totals.vat.every(
            (share) =>
              share.deliveryFee >= 0 && share.rate > 0 && share.amount === containedVat(share.gross, share.rate),
          )
        );
      }),
    );
  });

  it('never lets the VAT shares exceed the total, and spreads exactly the discounted goods', () => {
    fc.assert(
      fc.property(arbitraryItems, arbitraryPercent, arbitraryFee, (items, percent, fee) => {
        const totals = totalsOf(items, percent, fee);
        const vat = totals.vat.reduce((sum, share) => sum + share.amount, 0);
        const taxedGross = items
          .filter((item) => item.tax > 0)
          .reduce((sum, item) => sum + lineTotal(item) + lineDeposit(item), 0);
        const spreadGross = totals.vat.reduce((sum, share) => sum + share.gross - share.deliveryFee, 0);
        const rates = totals.vat.map((share) => share.rate);
        return (
          vat <= totals.total &&
          totals.vat.every((share) => share.amount >= 0 && share.amount <= share.gross) &&
          spreadGross <= taxedGross &&
          rates.every((rate, index) => index === 0 || (rates[index - 1] ?? 0) < rate) &&
          (items.some((item) => item.tax <= 0) || spreadGross === totals.subtotal - totals.discount + totals.deposit)
        );
      }),
    );
  });
});

// ---- vouchers -----------------------------------------------------------------------------------

const arbitraryVoucher: fc.Arbitrary<VoucherValue> = fc.oneof(
  fc
    .oneof(
      fc.integer({ min: 1, max: 100 }),
      fc.integer({ min: 1, max: 10_000 }).map((hundredths) => hundredths / 100),
    )
    .map((percentage) => ({ kind: 'percentage' as const, percentage })),
  fc.integer({ min: 1, max: 50_000 }).map((amountCents) => ({ kind: 'amount' as const, amountCents })),
);
/** Lines taxed above 0 %: every cent of their goods is in a rate's share, so the spread can be read back. */
const arbitraryTaxedItems = fc.array(
  arbitraryLine.filter((item) => item.tax > 0),
  { minLength: 1, maxLength: 8 },
);

/** What a voucher alone takes off `goods`, worked out the plain way. */
function voucherAlone(value: VoucherValue, goods: number): number {
  if (value.kind === 'amount') return Math.min(goods, value.amountCents);
  return Number((BigInt(goods) * BigInt(Math.round(value.percentage * 100)) * 2n + 10_000n) / 20_000n);
}

describe('computeTotals with a voucher', () => {
  it('takes a percentage or an amount off the goods, an amount never beyond them', () => {
    const items = [line(1000, 2, 7), line(500, 1, 19, [], 25)];
    const percent = computeTotals({
      items,
      discountPercent: 0,
      deliveryFee: 0,
      voucher: { kind: 'percentage', percentage: 10 },
    });
    expect(percent).toMatchObject({ subtotal: 2500, voucher: 250, discount: 0, deposit: 25, total: 2275 });
    const amount = computeTotals({
      items,
      discountPercent: 0,
      deliveryFee: 300,
      voucher: { kind: 'amount', amountCents: 9000 },
    });
    expect(amount).toMatchObject({ voucher: 2500, total: 25 + 300 });
  });

  it('without combining, gives the larger of voucher and discount (the voucher on a tie) and sets a smaller voucher aside', () => {
    const items = [line(2000, 1, 7)];
    const larger = computeTotals({
      items,
      discountPercent: 10,
      deliveryFee: 0,
      voucher: { kind: 'amount', amountCents: 300 },
    });
    expect(larger).toMatchObject({ discount: 0, voucher: 300, voucherSetAside: false, total: 1700 });
    const tie = computeTotals({
      items,
      discountPercent: 10,
      deliveryFee: 0,
      voucher: { kind: 'percentage', percentage: 10 },
    });
    expect(tie).toMatchObject({ discount: 0, voucher: 200, voucherSetAside: false });
    const smaller = computeTotals({
      items,
      discountPercent: 10,
      deliveryFee: 0,
      voucher: { kind: 'amount', amountCents: 150 },
    });
    expect(smaller).toMatchObject({ discount: 200, voucher: 0, voucherSetAside: true, total: 1800 });
  });

  it('when combining, takes the voucher off the goods after the discount', () => {
    const items = [line(2000, 1, 7)];
    const both = computeTotals({
      items,
      discountPercent: 10,
      deliveryFee: 0,
      voucher: { kind: 'percentage', percentage: 10 },
      voucherCombines: true,
    });
    expect(both).toMatchObject({ discount: 200, voucher: 180, voucherSetAside: false, total: 1620 });
  });

  it('lowers the VAT of each rate in proportion to its goods', () => {
    // 10 € at 7 %, 30 € at 19 %: 4 € off are 1 € and 3 €.
    const totals = computeTotals({
      items: [line(1000, 1, 7), line(3000, 1, 19)],
      discountPercent: 0,
      deliveryFee: 0,
      voucher: { kind: 'amount', amountCents: 400 },
    });
    expect(totals.vat).toEqual([
      { rate: 7, amount: 59, gross: 900, deliveryFee: 0 },
      { rate: 19, amount: 431, gross: 2700, deliveryFee: 0 },
    ]);
  });
});

describe('computeTotals properties with a voucher', () => {
  const arbitraryInput = fc.record({
    items: arbitraryItems,
    percent: fc.integer({ min: 0, max: 100 }),
    fee: arbitraryFee,
    voucher: arbitraryVoucher,
    combines: fc.boolean(),
  });

  it('total = subtotal − discount − voucher + deposit + fee, and the shares’ gross and the untaxed rest add up to it', () => {
    fc.assert(
      fc.property(arbitraryInput, ({ items, percent, fee, voucher, combines }) => {
        const totals = computeTotals({
          items,
          discountPercent: percent,
          deliveryFee: fee,
          voucher,
          voucherCombines: combines,
        });
        const taxedGross = totals.vat.reduce((sum, share) => sum + share.gross, 0);
        return (
          totals.total === totals.subtotal - totals.discount - totals.voucher + totals.deposit + fee &&
          taxedGross + totals.untaxed === totals.total &&
          Number.isInteger(totals.voucher) &&
          totals.voucher >= 0 &&
          totals.discount + totals.voucher <= totals.subtotal
        );
      }),
    );
  });

  it('never gives both when not combining: the larger of the two, the voucher set aside only when the discount is larger', () => {
    fc.assert(
      fc.property(arbitraryInput, ({ items, percent, fee, voucher }) => {
        const plain = computeTotals({ items, discountPercent: percent, deliveryFee: fee });
        const totals = computeTotals({
          items,
          discountPercent: percent,
          deliveryFee: fee,
          voucher,
          voucherCombines: false,
        });
        const alone = voucherAlone(voucher, totals.subtotal);
        const off = totals.discount + totals.voucher;
        return (
          (totals.discount === 0 || totals.voucher === 0) &&
          off === Math.max(plain.discount, alone) &&
          totals.voucherSetAside === alone < plain.discount &&
          (totals.voucherSetAside
            ? totals.voucher === 0 && totals.discount === plain.discount
            : totals.voucher === alone)
        );
      }),
    );
  });

  it('when combining, keeps the discount and takes the voucher off the goods after it', () => {
    fc.assert(
      fc.property(arbitraryInput, ({ items, percent, fee, voucher }) => {
        const plain = computeTotals({ items, discountPercent: percent, deliveryFee: fee });
        const totals = computeTotals({
          items,
          discountPercent: percent,
          deliveryFee: fee,
          voucher,
          voucherCombines: true,
        });
        return (
          totals.discount === plain.discount &&
          !totals.voucherSetAside &&
          totals.voucher === voucherAlone(voucher, totals.subtotal - totals.discount)
        );
      }),
    );
  });

  it('spreads the discount and the voucher over the rates in proportion to their goods, to the cent', () => {
    fc.assert(
      fc.property(
        arbitraryTaxedItems,
        fc.integer({ min: 0, max: 100 }),
        arbitraryVoucher,
        fc.boolean(),
        (items, percent, voucher, combines) => {
          const totals = computeTotals({
            items,
            discountPercent: percent,
            deliveryFee: 0,
            voucher,
            voucherCombines: combines,
          });
          const off = totals.discount + totals.voucher;
          const byRate = new Map<number, { goods: number; deposit: number }>();
          for (const item of items) {
            const entry = byRate.get(item.tax) ?? { goods: 0, deposit: 0 };
            byRate.set(item.tax, { goods: entry.goods + lineTotal(item), deposit: entry.deposit + lineDeposit(item) });
          }
          const offByRate = totals.vat.map((share) => {
            const entry = byRate.get(share.rate) ?? { goods: 0, deposit: 0 };
            return { goods: entry.goods, off: entry.goods + entry.deposit - share.gross };
          });
          return (
            offByRate.reduce((sum, entry) => sum + entry.off, 0) === off &&
            offByRate.every(
              (entry) =>
                entry.off >= 0 &&
                entry.off <= entry.goods &&
                (totals.subtotal === 0 || Math.abs(entry.off - (off * entry.goods) / totals.subtotal) < 1),
            )
          );
        },
      ),
    );
  });
});
