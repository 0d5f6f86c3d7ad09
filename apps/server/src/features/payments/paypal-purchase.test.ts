import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  computeTotals,
  lineTotal,
  orderSchema,
  type CartItem,
  type Language,
  type OrderItemInput,
} from '@pizzeria/domain';
import { checkPurchaseUnit } from '../../../test/fake-paypal.ts';
import { usePayPalShop } from '../../../test/paypal-shop.ts';
import type { Catalogue, CatalogueProduct } from '../catalogue/index.ts';
import { priceOrder } from '../orders/index.ts';
import { purchaseUnit } from './paypal-client.ts';
import { paypalPurchase, type PurchaseLine, type PurchaseOrder } from './paypal-purchase.ts';

// The buyer's PayPal receipt lists what they bought: the PayPal order carries the order's lines, deposits,
// delivery fee and discount, and PayPal refuses them unless they add up to the amount to the cent.

/** A pizza line (large, 2 × extra cheese and olives) and three colas with their deposit. */
function pizzaAndCola(language: Language): { order: PurchaseOrder; lines: PurchaseLine[] } {
  const lines: PurchaseLine[] = [
    {
      position: 1,
      name: { de: 'Cola', en: 'Cola' },
      variantName: { de: '0,33 l', en: '0.33 l' },
      unitPriceCents: 290,
      quantity: 3,
      extras: [],
      lineTotalCents: 870,
      depositCents: 8,
    },
    {
      position: 0,
      name: { de: 'Pizza Margherita', en: 'Pizza Margherita' },
      variantName: { de: 'Groß', en: 'Large' },
      unitPriceCents: 1050,
      quantity: 2,
      extras: [
        { id: 1, name: { de: 'Extra Käse', en: 'Extra cheese' }, priceCents: 100, quantity: 2 },
        { id: 2, name: { de: 'Oliven', en: 'Olives' }, priceCents: 80, quantity: 1 },
      ],
      lineTotalCents: 2660,
      depositCents: 0,
    },
  ];
  // Goods 35,30 €, 5 % discount 1,77 € (1,765 rounded half up), deposit 0,24 €, delivery 3,50 €.
  return {
    order: {
      language,
      subtotalCents: 3530,
      discountCents: 177,
      depositCents: 24,
      deliveryFeeCents: 350,
      totalCents: 3727,
    },
    lines,
  };
}

describe('the items and breakdown of an order', () => {
  it('lists each line with its extras in the unit amount, deposits as their own items, the fee and the discount', () => {
    const { order, lines } = pizzaAndCola('de');
    expect(paypalPurchase(order, lines)).toEqual({
      items: [
        {
          name: 'Pizza Margherita (Groß)',
          description: '+ 2 × Extra Käse, + Oliven',
          quantity: 2,
          unitAmountCents: 1330,
          category: 'PHYSICAL_GOODS',
        },
        { name: 'Cola (0,33 l)', quantity: 3, unitAmountCents: 290, category: 'PHYSICAL_GOODS' },
        { name: 'Pfand: Cola (0,33 l)', quantity: 3, unitAmountCents: 8, category: 'PHYSICAL_GOODS' },
      ],
      itemTotalCents: 3554,
      shippingCents: 350,
      discountCents: 177,
    });
  });

  it('gives a voucher as part of the one discount PayPal has, so the breakdown still adds up to the total', () => {
    const { order, lines } = pizzaAndCola('de');
    const withVoucher = { ...order, voucherCents: 500, totalCents: order.totalCents - 500 };
    expect(paypalPurchase(withVoucher, lines)).toMatchObject({ itemTotalCents: 3554, discountCents: 677 });
    // Without the voucher's cents the total would not add up: the amount alone.
    expect(paypalPurchase({ ...withVoucher, voucherCents: 0 }, lines)).toBeNull();
  });

  it('names the items in the order’s language, in German where the English is empty', () => {
    const { order, lines } = pizzaAndCola('en');
    expect(paypalPurchase(order, lines)?.items.map((item) => [item.name, item.description])).toEqual([
      ['Pizza Margherita (Large)', '+ 2 × Extra cheese, + Olives'],
      ['Cola (0.33 l)', undefined],
      ['Deposit: Cola (0.33 l)', undefined],
    ]);
    const untranslated = lines.map((line) => ({ ...line, name: { ...line.name, en: '' } }));
    expect(paypalPurchase(order, untranslated)?.items[2]?.name).toBe('Deposit: Cola (0.33 l)');
    expect(paypalPurchase(order, untranslated)?.items.every((item) => item.name !== '')).toBe(true);
  });

  it('is sent as PayPal decimals that PayPal accepts, without tax: the prices include VAT', () => {
    const { order, lines } = pizzaAndCola('de');
    const purchase = paypalPurchase(order, lines) ?? undefined;
    const unit = purchaseUnit({ amountCents: order.totalCents, currency: 'EUR', referenceId: 'order-7', purchase });
    expect(unit.amount).toEqual({
      currency_code: 'EUR',
      value: '37.27',
      breakdown: {
        item_total: { currency_code: 'EUR', value: '35.54' },
        shipping: { currency_code: 'EUR', value: '3.50' },
        discount: { currency_code: 'EUR', value: '1.77' },
      },
    });
    expect(unit.items?.[0]).toEqual({
      name: 'Pizza Margherita (Groß)',
      description: '+ 2 × Extra Käse, + Oliven',
      quantity: '2',
      unit_amount: { currency_code: 'EUR', value: '13.30' },
      category: 'PHYSICAL_GOODS',
    });
    expect(JSON.stringify(unit)).not.toContain('tax');
    expect(checkPurchaseUnit(unit)).toBeNull();
  });

  it('cuts names and descriptions to PayPal’s 127 characters, never in the middle of a character', () => {
    const { order, lines } = pizzaAndCola('de');
    const long = `${'Pizza mit allem '.repeat(8)}🍕🍕`;
    const [pizza] = lines.filter((line) => line.position === 0);
    if (!pizza) throw new Error('no pizza line');
    pizza.name = { de: long, en: long };
    pizza.extras = Array.from({ length: 20 }, (_, index) => ({
      id: index,
      name: { de: `Belag Nummer ${index}`, en: `Topping ${index}` },
      priceCents: 0,
      quantity: 1,
    }));
    const item = paypalPurchase(order, lines)?.items[0];
    expect([...(item?.name ?? '')]).toHaveLength(127);
    expect(item?.name.endsWith('…')).toBe(true);
    expect([...(item?.description ?? '')]).toHaveLength(127);
    expect(
      checkPurchaseUnit(
        purchaseUnit({
          amountCents: 3727,
          currency: 'EUR',
          referenceId: 'o',
          purchase: paypalPurchase(order, lines) ?? undefined,
        }),
      ),
    ).toBeNull();
  });

  it('makes a line stored with a total other than its units one item of that total', () => {
    const { order, lines } = pizzaAndCola('de');
    const [pizza] = lines.filter((line) => line.position === 0);
    if (!pizza) throw new Error('no pizza line');
    pizza.lineTotalCents -= 1;
    const purchase = paypalPurchase({ ...order, subtotalCents: 3529, totalCents: 3726 }, lines);
    expect(purchase?.items[0]).toMatchObject({
      name: '2 × Pizza Margherita (Groß)',
      quantity: 1,
      unitAmountCents: 2659,
    });
    expect(purchase?.itemTotalCents).toBe(3553);
  });

  it('gives PayPal the amount alone when the stored lines do not add up to the total', () => {
    const { order, lines } = pizzaAndCola('de');
    expect(paypalPurchase({ ...order, totalCents: 3728 }, lines)).toBeNull();
    expect(paypalPurchase({ ...order, depositCents: 0, totalCents: 3703 }, lines)).toBeNull();
    expect(paypalPurchase(order, [])).toBeNull();
    const nameless = lines.map((line) => ({ ...line, name: { de: ' ', en: '' } }));
    expect(paypalPurchase(order, nameless)).toBeNull();
    expect(purchaseUnit({ amountCents: 3728, currency: 'EUR', referenceId: 'o' })).toEqual({
      reference_id: 'o',
      amount: { currency_code: 'EUR', value: '37.28' },
    });
  });
});

describe('PayPal’s rules for a purchase unit, as the fake PayPal checks them', () => {
  const valid = () => {
    const { order, lines } = pizzaAndCola('de');
    return purchaseUnit({
      amountCents: order.totalCents,
      currency: 'EUR',
      referenceId: 'order-7',
      purchase: paypalPurchase(order, lines) ?? undefined,
    });
  };
  type Unit = ReturnType<typeof valid> & { amount: { breakdown: Record<string, unknown> }; items: unknown[] };

  it.each<[string, (unit: Unit) => void, { status: number; issue: string }]>([
    [
      'an amount that is not the breakdown',
      (unit) => (unit.amount.value = '37.28'),
      { status: 422, issue: 'AMOUNT_MISMATCH' },
    ],
    [
      'an item total that is not the items',
      (unit) => (unit.amount.breakdown.item_total = { currency_code: 'EUR', value: '35.55' }),
      { status: 422, issue: 'ITEM_TOTAL_MISMATCH' },
    ],
    [
      'items without an item total',
      (unit) => Reflect.deleteProperty(unit.amount.breakdown, 'item_total'),
      { status: 422, issue: 'ITEM_TOTAL_REQUIRED' },
    ],
    [
      'items with tax but no tax total',
      (unit) => Object.assign(unit.items[0] as object, { tax: { currency_code: 'EUR', value: '0.87' } }),
      { status: 422, issue: 'TAX_TOTAL_REQUIRED' },
    ],
    ['three decimals', (unit) => (unit.amount.value = '37.270'), { status: 422, issue: 'DECIMAL_PRECISION' }],
    [
      'a name of 128 characters',
      (unit) => Object.assign(unit.items[0] as object, { name: 'x'.repeat(128) }),
      { status: 400, issue: 'INVALID_STRING_LENGTH' },
    ],
    [
      'a quantity that is not a whole number',
      (unit) => Object.assign(unit.items[0] as object, { quantity: '1.5' }),
      { status: 400, issue: 'INVALID_PARAMETER_SYNTAX' },
    ],
  ])('refuses %s', (_, change, refusal) => {
    const unit = valid() as Unit;
    expect(checkPurchaseUnit(unit)).toBeNull();
    change(unit);
    expect(checkPurchaseUnit(unit)).toEqual(refusal);
  });

  it('takes items with tax when the tax total is theirs, and the amount adds it', () => {
    const unit = valid() as Unit;
    Object.assign(unit.items[1] as object, { tax: { currency_code: 'EUR', value: '0.10' } });
    unit.amount.breakdown.tax_total = { currency_code: 'EUR', value: '0.30' };
    unit.amount.value = '37.57';
    expect(checkPurchaseUnit(unit)).toBeNull();
  });
});

/** Any line a shop could store: a price, extras with quantities, a deposit, at a VAT rate. */
const cartItemArbitrary = fc
  .record({
    id: fc.nat(),
    price: fc.integer({ min: 1, max: 4_000 }),
    quantity: fc.integer({ min: 1, max: 99 }),
    extras: fc.array(fc.record({ price: fc.integer({ min: 0, max: 500 }), quantity: fc.integer({ min: 1, max: 3 }) }), {
      maxLength: 5,
    }),
    deposit: fc.oneof(fc.constantFrom(0, 8, 15, 25), fc.integer({ min: 0, max: 100 })),
    tax: fc.constantFrom(0, 7, 19),
    name: fc.string({ minLength: 1, maxLength: 160 }).filter((name) => name.trim().length > 0),
  })
  .map((line): CartItem => ({
    id: line.id,
    name: line.name,
    price: line.price,
    quantity: line.quantity,
    uniqueKey: `${line.id}`,
    extras: line.extras.map((extra, position) => ({ id: position, name: `Extra ${position}`, ...extra })),
    selectedVariant: null,
    basePrice: line.price,
    tax: line.tax,
    displayName: line.name,
    displayPrice: line.price,
    deposit: line.deposit,
  }));

/** The order and lines the shop stores for a cart (as `priceOrder` does), from the domain's totals. */
function storedOrder(items: CartItem[], discountPercent: number, deliveryFee: number, language: Language) {
  const totals = computeTotals({ items, discountPercent, deliveryFee });
  const order: PurchaseOrder = {
    language,
    subtotalCents: totals.subtotal,
    discountCents: totals.discount,
    depositCents: totals.deposit,
    deliveryFeeCents: totals.deliveryFee,
    totalCents: totals.total,
  };
  const lines: PurchaseLine[] = items.map((item, position) => ({
    position,
    name: { de: item.name, en: item.name },
    variantName: null,
    unitPriceCents: item.price,
    quantity: item.quantity,
    extras: item.extras.map((extra) => ({
      id: extra.id,
      name: { de: extra.name, en: extra.name },
      priceCents: extra.price,
      quantity: extra.quantity,
    })),
    lineTotalCents: lineTotal(item),
    depositCents: item.deposit,
  }));
  return { order, lines };
}

/** What PayPal checks, and that the amount is the shop's total and the items its goods and deposits. */
function expectAccepted(order: PurchaseOrder, lines: PurchaseLine[]): void {
  const purchase = paypalPurchase(order, lines);
  expect(purchase).not.toBeNull();
  const unit = purchaseUnit({
    amountCents: order.totalCents,
    currency: 'EUR',
    referenceId: 'order-1',
    purchase: purchase ?? undefined,
  });
  expect(checkPurchaseUnit(unit)).toBeNull();
  expect(purchase?.itemTotalCents).toBe(order.subtotalCents + order.depositCents);
  expect(purchase?.shippingCents).toBe(order.deliveryFeeCents);
  expect(purchase?.discountCents).toBe(order.discountCents);
}

describe('any order’s breakdown', () => {
  it('adds up to its total to the cent: several lines, extras, quantities, deposits, any discount and fee', () => {
    fc.assert(
      fc.property(
        fc.array(cartItemArbitrary, { minLength: 1, maxLength: 8 }),
        fc.oneof(fc.constantFrom(0, 5, 10, 12.5, 100), fc.double({ min: 0, max: 100, noNaN: true })),
        fc.oneof(fc.constantFrom(0, 100, 350), fc.integer({ min: 0, max: 2_000 })),
        fc.constantFrom<Language>('de', 'en'),
        (items, discount, fee, language) => {
          const { order, lines } = storedOrder(items, discount, fee, language);
          // PayPal takes no order of 0,00 €: the shop asks no one to pay that with PayPal.
          fc.pre(order.totalCents > 0);
          expectAccepted(order, lines);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the PayPal order the shop creates', () => {
  const WEBHOOK_ID = 'WH-PURCHASE';
  // PayPal's answers here are never late: the shop waits as long as by default.
  const shop = usePayPalShop({ webhookId: WEBHOOK_ID, timeoutSeconds: 15 });
  const { startPayPal } = shop;
  let catalogue: Catalogue;

  beforeAll(async () => {
    const loaded = await shop.app().catalogue.get(13);
    if (!loaded) throw new Error('no demo catalogue');
    catalogue = loaded;
  });

  const orderable = (product: CatalogueProduct) =>
    product.available && product.toppingGroups.every((group) => group.minSelect === 0);

  async function placeDelivery(items: OrderItemInput[], postcode: string, language: Language) {
    return shop.app().inject({
      method: 'POST',
      url: '/api/orders/guest',
      headers: { 'idempotency-key': randomUUID(), 'accept-language': language },
      payload: {
        store_id: 13,
        order_type: 'delivery',
        postcode,
        items,
        requested_time: 'asap',
        payment_method: 'paypal',
        address: {
          type: 'shipping',
          customer_name: 'Paula Paypal',
          phone: '015112345678',
          email: 'paula@example.com',
          line1: 'Torstraße 12',
          city: 'Berlin',
          zip: postcode,
          country: 'DE',
        },
      },
    });
  }

  it('lists the order’s lines, deposits, delivery fee and discount, adding up to its total', async () => {
    const pizza = catalogue.products.find(
      (product) =>
        orderable(product) &&
        product.variants.length > 0 &&
        product.toppingGroups.some((group) => group.maxSelect >= 3),
    );
    const drink = catalogue.products.find((product) => orderable(product) && product.depositCents > 0);
    if (!pizza || !drink) throw new Error('the demo menu has no pizza with sizes and toppings, or no bottled drink');
    const variant = pizza.variants.at(-1);
    const toppings = pizza.toppingGroups.find((group) => group.maxSelect >= 3)?.toppings.slice(0, 2) ?? [];
    const placed = await placeDelivery(
      [
        {
          product_id: pizza.id,
          variant_id: variant?.id ?? null,
          quantity: 2,
          extras: toppings.map((topping, index) => ({ id: topping.id, quantity: index === 0 ? 2 : 1 })),
        },
        { product_id: drink.id, quantity: 3, extras: [] },
      ],
      '10117',
      'de',
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.discount).toBeGreaterThan(0);
    expect(order.delivery_fee).toBe(3.5);
    expect(order.deposit).toBeGreaterThan(0);

    const atPayPal = shop.paypal.orders.get(await startPayPal(order));
    const cents = (euros: number) => (Math.round(euros * 100) / 100).toFixed(2);
    expect(atPayPal?.amount).toEqual({ currency_code: 'EUR', value: cents(order.total) });
    expect(atPayPal?.breakdown).toEqual({
      item_total: { currency_code: 'EUR', value: cents(order.subtotal + order.deposit) },
      shipping: { currency_code: 'EUR', value: '3.50' },
      discount: { currency_code: 'EUR', value: cents(order.discount) },
    });
    const [pizzaLine, drinkLine] = order.items;
    const unit = (pizzaLine?.price ?? 0) + (pizzaLine?.extras ?? []).reduce((sum, e) => sum + e.price * e.quantity, 0);
    expect(atPayPal?.items).toEqual([
      {
        name: pizzaLine?.display_name,
        description: pizzaLine?.extras.map((e) => `+ ${e.quantity > 1 ? `${e.quantity} × ` : ''}${e.name}`).join(', '),
        quantity: '2',
        unit_amount: { currency_code: 'EUR', value: cents(unit) },
        category: 'PHYSICAL_GOODS',
      },
      {
        name: drinkLine?.display_name,
        quantity: '3',
        unit_amount: { currency_code: 'EUR', value: cents(drinkLine?.price ?? 0) },
        category: 'PHYSICAL_GOODS',
      },
      {
        name: `Pfand: ${drinkLine?.display_name}`,
        quantity: '3',
        unit_amount: { currency_code: 'EUR', value: cents(drinkLine?.deposit ?? 0) },
        category: 'PHYSICAL_GOODS',
      },
    ]);
  });

  it('is accepted by PayPal for any cart, area and language, its amounts the order’s to the cent', async () => {
    const products = catalogue.products.filter(orderable);
    const line = fc.integer({ min: 0, max: 10_000 }).chain((pick) => {
      const product = products[pick % products.length];
      if (!product) throw new Error('nothing orderable');
      const optional = product.toppingGroups
        .filter((group) => group.maxSelect > 0)
        .flatMap((group) => group.toppings.slice(0, group.maxSelect > 1 ? 2 : 1));
      return fc.record({
        product_id: fc.constant(product.id),
        variant_id:
          product.variants.length > 0 ? fc.constantFrom(...product.variants.map((v) => v.id)) : fc.constant(null),
        quantity: fc.integer({ min: 1, max: 6 }),
        extras: fc.subarray(optional.map((topping) => ({ id: topping.id, quantity: 1 }))),
      });
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...catalogue.postcodes.map((area) => area.postcode)),
        fc.constantFrom<Language>('de', 'en'),
        async (items, postcode, language) => {
          // Carts below the area's minimum order are refused before anyone pays.
          const priced = (() => {
            try {
              return priceOrder(catalogue, { orderType: 'delivery', postcode, items });
            } catch {
              return null;
            }
          })();
          fc.pre(priced !== null);
          const placed = await placeDelivery(items, postcode, language);
          expect(placed.statusCode, placed.body).toBe(201);
          const order = orderSchema.parse(placed.json());
          const atPayPal = shop.paypal.orders.get(await startPayPal(order));
          expect(atPayPal?.amount.value).toBe(order.total.toFixed(2));
          expect(atPayPal?.items?.length).toBeGreaterThanOrEqual(order.items.length);
          expect(
            checkPurchaseUnit({
              amount: { ...atPayPal?.amount, breakdown: atPayPal?.breakdown },
              items: atPayPal?.items,
            }),
          ).toBeNull();
        },
      ),
      { numRuns: 12 },
    );
  });
});
