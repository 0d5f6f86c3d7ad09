import type { Cents } from './money.ts';
import type { CartItem } from './cart.ts';
import type { VoucherValue } from './vouchers.ts';

export interface VatShare {
  rate: number; // percentage, e.g. 7 or 19
  amount: Cents; // VAT contained in the gross amount at that rate
  /** What the customer pays at that rate: its goods after discount, its deposits and its part of the fee. */
  gross: Cents;
  /** The part of the delivery fee taxed at that rate (decision 022). */
  deliveryFee: Cents;
}

export interface Totals {
  /** The value of the goods (Warenwert): the lines with their extras, without deposits. */
  subtotal: Cents;
  /** The delivery/pickup percentage's part: 0 when a voucher that does not combine with it took its place. */
  discount: Cents;
  /** What the voucher took off the goods (after the discount when the two combine). */
  voucher: Cents;
  /**
   * A voucher was given but not used: it does not combine with the discount, and the discount is larger.
   * The customer keeps the discount (and the voucher for another order).
   */
  voucherSetAside: boolean;
  /** The bottle deposits (Pfand) of all lines: charged on top, never discounted (decision 016). */
  deposit: Cents;
  deliveryFee: Cents;
  total: Cents;
  itemCount: number;
  /** Only the rates above 0 %: what receipts list. */
  vat: VatShare[];
  /**
   * The part of the total that carries no VAT: goods at 0 % with their deposits and part of the fee (and
   * the fee of a cart without goods). With the shares' `gross` it adds up to `total`.
   */
  untaxed: Cents;
}

/**
 * Percentages (discounts, VAT rates) are resolved to hundredths of a percent so that every later step is
 * integer arithmetic: in floats `1500 × 2.3 / 100` is 34.4999…, so `Math.round` would round an exact half down.
 */
function toBasisPoints(percent: number): bigint {
  return Number.isFinite(percent) ? BigInt(Math.round(percent * 100)) : 0n;
}

/** numerator / denominator rounded half up (away from zero), exactly: the one rounding step for money. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): Cents {
  if (numerator < 0n) return -divideRoundingHalfUp(-numerator, denominator);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return Number(2n * remainder >= denominator ? quotient + 1n : quotient);
}

/** (displayPrice × quantity) + (extras total × quantity) (docs/product/money.md). */
export function lineTotal(item: CartItem): Cents {
  const extrasTotal = item.extras.reduce((sum, extra) => sum + extra.price * extra.quantity, 0);
  return item.displayPrice * item.quantity + extrasTotal * item.quantity;
}

/** The line's deposit (Pfand): deposit per unit × quantity; extras carry none. */
export function lineDeposit(item: CartItem): Cents {
  return item.deposit * item.quantity;
}

export function itemCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Spreads `discount` (or a fee) over the amounts in proportion to their size, in whole cents that add up
 * to exactly `discount` (largest remainder; ties go to the earlier amount).
 */
function spreadProportionally(amounts: readonly Cents[], discount: Cents): Cents[] {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0);
  if (whole <= 0 || discount <= 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => BigInt(discount) * BigInt(amount));
  const shares = exact.map((value) => Number(value / BigInt(whole)));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(whole) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * Splits the delivery fee over the rates by the goods' values after discount (deposits do not weigh: the
 * bottle is lent, not delivered for a price). When the discount took everything, the values before it
 * give the same proportions; when every line is free, the highest rate takes the fee, so that no VAT is
 * left undeclared.
 */
function spreadDeliveryFee(goods: readonly Cents[], discounts: readonly Cents[], fee: Cents): Cents[] {
  const discounted = goods.map((amount, index) => amount - (discounts[index] ?? 0));
  if (discounted.some((amount) => amount > 0)) return spreadProportionally(discounted, fee);
  if (goods.some((amount) => amount > 0)) return spreadProportionally(goods, fee);
  return goods.map((_, index) => (index === goods.length - 1 ? fee : 0));
}

/**
 * VAT per rate, contained in the gross prices (German practice: prices include VAT). The discount lowers
 * what the customer pays for the goods, so it lowers the VAT too, each rate in proportion to its share.
 * A deposit is taxed at its drink's rate and is added after the discount, which does not apply to it.
 * The delivery fee is an ancillary supply that shares the VAT of what it delivers (decision 022): each
 * rate takes its part of it. Rates of 0 % contain no VAT: they are left out and their gross is `untaxed`.
 */
function vatShares(
  items: readonly CartItem[],
  discount: Cents,
  deliveryFee: Cents,
): { vat: VatShare[]; untaxed: Cents } {
  const goodsByRate = new Map<bigint, Cents>();
  const depositByRate = new Map<bigint, Cents>();
  for (const item of items) {
    const rate = toBasisPoints(item.tax);
    goodsByRate.set(rate, (goodsByRate.get(rate) ?? 0) + lineTotal(item));
    depositByRate.set(rate, (depositByRate.get(rate) ?? 0) + lineDeposit(item));
  }
  if (goodsByRate.size === 0) return { vat: [], untaxed: deliveryFee };
  const rates = [...goodsByRate.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const goods = rates.map((rate) => goodsByRate.get(rate) ?? 0);
  const discounts = spreadProportionally(goods, discount);
  const fees = spreadDeliveryFee(goods, discounts, deliveryFee);

  const vat: VatShare[] = [];
  let untaxed = 0;
  rates.forEach((rate, index) => {
    const fee = fees[index] ?? 0;
    const gross = (goods[index] ?? 0) - (discounts[index] ?? 0) + fee + (depositByRate.get(rate) ?? 0);
    if (rate <= 0n) {
      untaxed += gross;
      return;
    }
    // gross × rate / (100 + rate), with the rate in hundredths of a percent.
    const amount = divideRoundingHalfUp(BigInt(gross) * rate, 10_000n + rate);
    vat.push({ rate: Number(rate) / 100, amount, gross, deliveryFee: fee });
  });
  return { vat, untaxed };
}

/** A percentage of an amount (clamped to 0..100; NaN is 0), rounded half up to the cent. */
function percentOf(amount: Cents, percent: number): Cents {
  const clamped = Number.isNaN(percent) ? 0 : Math.min(100, Math.max(0, percent));
  return divideRoundingHalfUp(BigInt(amount) * toBasisPoints(clamped), 10_000n);
}

/** What a voucher takes off `goods`: its percentage of them, or its amount but never more than they are. */
function voucherOff(value: VoucherValue, goods: Cents): Cents {
  if (goods <= 0) return 0;
  if (value.kind === 'percentage') return percentOf(goods, value.percentage);
  return Math.min(goods, Math.max(0, Math.trunc(value.amountCents)));
}

/**
 * Totals exactly per docs/product/money.md; discount is a percentage of the subtotal, rounded half up to the cent.
 * A voucher comes off the goods too: after the discount when the store lets the two combine, else
 * instead of it when it takes off at least as much (the customer gets the larger, never both).
 * Deposits are added after them: the discount is on the goods, the deposit is money lent on the bottle.
 * The discount and the voucher lower the VAT of each rate in proportion to its goods.
 * The percentage is clamped to 0..100 (anything else, or NaN, would make the discount exceed the
 * subtotal or add to it). The server charges what this returns, so the client shows the same figure.
 */
export function computeTotals(input: {
  items: CartItem[];
  discountPercent: number;
  deliveryFee: Cents;
  /** The voucher entered, once its conditions are met (`voucherProblem`); absent: none. */
  voucher?: VoucherValue | null;
  /** The store's setting: the voucher adds to the discount. */
  voucherCombines?: boolean;
}): Totals {
  const { items, deliveryFee } = input;
  const subtotal = items.reduce((sum, item) => sum + lineTotal(item), 0);
  let discount = percentOf(subtotal, input.discountPercent);
  let voucher = 0;
  let voucherSetAside = false;
  if (input.voucher) {
    if (input.voucherCombines) {
      voucher = voucherOff(input.voucher, subtotal - discount);
    } else {
      const alone = voucherOff(input.voucher, subtotal);
      if (alone >= discount) {
        voucher = alone;
        discount = 0;
      } else {
        voucherSetAside = true;
      }
    }
  }
  const deposit = items.reduce((sum, item) => sum + lineDeposit(item), 0);
  return {
    subtotal,
    discount,
    voucher,
    voucherSetAside,
    deposit,
    deliveryFee,
    total: subtotal - discount - voucher + deposit + deliveryFee,
    itemCount: itemCount(items),
    ...vatShares(items, discount + voucher, deliveryFee),
  };
}
