import { describe, expect, it } from 'vitest';
import { welcomeConfirmMail } from './account-templates.ts';
import type { Order } from '@pizzeria/domain';
import { orderAnswer } from '@pizzeria/domain/testing';
import { escapeHtml, orderMail, passwordResetMail, type RenderedMail, type TemplateContext } from './templates.ts';

const context: TemplateContext = {
  shopName: 'Pizzeria Bella Napoli',
  publicUrl: 'https://pizza.example',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
};

function order(overrides: Partial<Order> = {}): Order {
  return orderAnswer({
    id: 42,
    customer_name: 'Maria <b>Rossi</b>',
    phone: '03012345678',
    email: 'maria@example.com',
    address: { line1: 'Invalidenstraße 1', line2: '3. OG', city: 'Berlin', zip: '10115', country: 'DE' },
    items: [
      {
        product_id: 1,
        variant_id: 2,
        name: 'Pizza Margherita',
        variant_name: '32 cm',
        display_name: 'Pizza Margherita (32 cm)',
        price: 9.5,
        quantity: 2,
        extras: [{ id: 7, name: 'Büffelmozzarella', price: 2, quantity: 1 }],
        tax_percentage: 7,
        line_total: 23,
        deposit: 0,
        deposit_total: 0,
      },
    ],
    subtotal: 23,
    discount_percentage: 10,
    discount: 2.3,
    total: 23.2,
    vat: [{ percentage: 7, amount: 1.52 }],
    tracking_token: 'tok_abc-123',
    ...overrides,
  });
}

/** Intl separates amount and currency with a no-break space; the assertions read easier with plain ones. */
function plainSpaces(mail: RenderedMail): RenderedMail {
  const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');
  return { subject: plain(mail.subject), text: plain(mail.text), html: plain(mail.html) };
}

describe('mail templates', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('writes the reset mail in German and English with the link in text and HTML', () => {
    const link = 'https://pizza.example/order-online/reset-password?token=abc&x=1';
    const de = passwordResetMail('de', { name: 'Luca', link }, context);
    expect(de.subject).toBe('Ihr Passwort bei Pizzeria Bella Napoli zurücksetzen');
    expect(de.text).toContain('Hallo Luca,');
    expect(de.text).toContain(link);
    expect(de.html).toContain('href="https://pizza.example/order-online/reset-password?token=abc&amp;x=1"');
    const en = passwordResetMail('en', { name: 'Luca', link }, context);
    expect(en.subject).toBe('Reset your Pizzeria Bella Napoli password');
    expect(en.text).toContain('it works once and for one hour');
  });

  it('escapes a customer name in the welcome mail', () => {
    const link = 'https://pizza.example/order-online/confirm-email?token=abc';
    const mail = welcomeConfirmMail('en', { name: '<img src=x onerror=alert(1)>', link }, context);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('lists lines, totals, delivery and the tracking link in an order received mail', () => {
    const de = plainSpaces(orderMail('received', 'de', order(), context));
    expect(de.subject).toBe('Ihre Bestellung Nr. 42 ist eingegangen');
    expect(de.text).toContain('2 × Pizza Margherita (32 cm)  23,00 €');
    expect(de.text).toContain('+ Büffelmozzarella');
    expect(de.text).toContain('Lieferrabatt (10 %)  −2,30 €');
    expect(de.text).toContain('Liefergebühr  2,50 €');
    expect(de.text).toContain('Gesamt  23,20 €');
    expect(de.text).toContain('enthaltene MwSt. 7 %  1,52 €');
    expect(de.text).toContain('Lieferung  so schnell wie möglich');
    expect(de.text).toContain('Invalidenstraße 1, 3. OG, 10115 Berlin');
    expect(de.text).toContain('Zahlung  Barzahlung');
    expect(de.text).toContain('https://pizza.example/order-online/order/42?token=tok_abc-123');
    expect(de.html).toContain('Maria &lt;b&gt;Rossi&lt;/b&gt;');
    expect(de.html).not.toContain('<b>Rossi</b>');

    const en = plainSpaces(orderMail('received', 'en', order({ order_type: 'pickup', delivery_fee: 0 }), context));
    expect(en.text).toContain('2 × Pizza Margherita (32 cm)  €23.00');
    expect(en.text).toContain('Pickup  as soon as possible');
    expect(en.text).not.toContain('Delivery fee');
  });

  it('names the discount as the checkout did, its percentage and VAT rates in the language’s number format', () => {
    const pickup = order({
      order_type: 'pickup',
      delivery_fee: 0,
      discount_code: 'PICKUP_DISCOUNT',
      discount_percentage: 12.5,
      discount: 2.88,
      total: 20.12,
      vat: [{ percentage: 5.5, amount: 1.05 }],
    });
    const de = plainSpaces(orderMail('received', 'de', pickup, context));
    expect(de.text).toContain('Abholrabatt (12,5 %)  −2,88 €');
    expect(de.text).toContain('enthaltene MwSt. 5,5 %  1,05 €');
    expect(de.text).not.toContain('12.5');
    const en = plainSpaces(orderMail('received', 'en', pickup, context));
    expect(en.text).toContain('Pickup discount (12.5 %)  −€2.88');
    expect(en.text).toContain('incl. VAT 5.5 %  €1.05');
  });

  it('names the voucher and what it took off under the discount, in both languages', () => {
    const withVoucher = order({ voucher_code: 'WILLKOMMEN', voucher_discount: 2.07, total: 18.63 });
    const de = plainSpaces(orderMail('received', 'de', withVoucher, context));
    expect(de.text).toMatch(/Lieferrabatt \(10 %\) {2}−2,30 €\s+Gutschein WILLKOMMEN {2}−2,07 €/);
    expect(de.html).toContain('Gutschein WILLKOMMEN');
    const en = plainSpaces(orderMail('received', 'en', withVoucher, context));
    expect(en.text).toContain('Voucher WILLKOMMEN  −€2.07');
    expect(plainSpaces(orderMail('received', 'de', order(), context)).text).not.toContain('Gutschein');
  });

  it('leaves out the tracking link when the order has no tracking token', () => {
    const mail = orderMail('received', 'en', order({ tracking_token: undefined }), context);
    expect(mail.text).not.toContain('/order-online/order/');
  });

  it('names a line’s deposit under it and adds the deposits up in their own row (decision 016)', () => {
    const cola = {
      product_id: 3,
      variant_id: null,
      name: 'Cola 0,33 l',
      variant_name: null,
      display_name: 'Cola 0,33 l',
      price: 2.9,
      quantity: 2,
      extras: [],
      tax_percentage: 19,
      line_total: 5.8,
      deposit: 0.25,
      deposit_total: 0.5,
    };
    const withDeposit = order({ items: [...order().items, cola], subtotal: 28.8, deposit: 0.5, total: 29.28 });
    const de = plainSpaces(orderMail('received', 'de', withDeposit, context));
    expect(de.text).toContain('2 × Cola 0,33 l  5,80 €');
    expect(de.text).toContain('zzgl. 0,50 € Pfand');
    expect(de.text).toContain('Pfand  0,50 €');
    const en = plainSpaces(orderMail('received', 'en', withDeposit, context));
    expect(en.text).toContain('plus €0.50 deposit');
    expect(en.text).toContain('Deposit  €0.50');
    expect(plainSpaces(orderMail('received', 'de', order(), context)).text).not.toContain('Pfand');
  });

  it('names a half-and-half pizza by both halves and lists each half’s toppings under it', () => {
    const halved = {
      product_id: 4,
      variant_id: 11,
      name: '½ Pizza Salami | ½ Pizza <i>Funghi</i>',
      variant_name: 'Groß Ø 36 cm',
      display_name: '½ Pizza Salami | ½ Pizza <i>Funghi</i> (Groß Ø 36 cm)',
      price: 15.25,
      quantity: 1,
      extras: [],
      tax_percentage: 7,
      line_total: 15.25,
      deposit: 0,
      deposit_total: 0,
      halves: [
        {
          product_id: 4,
          variant_id: 11,
          name: 'Pizza Salami',
          variant_name: 'Groß Ø 36 cm',
          base_price: 14.5,
          extras: [{ id: 7, name: 'Mozzarella', price: 1.5, quantity: 1 }],
        },
        {
          product_id: 5,
          variant_id: 14,
          name: 'Pizza <i>Funghi</i>',
          variant_name: 'Groß Ø 36 cm',
          base_price: 14,
          extras: [],
        },
      ],
    };
    const mail = plainSpaces(orderMail('received', 'de', order({ items: [halved], subtotal: 15.25 }), context));
    expect(mail.text).toContain('1 × ½ Pizza Salami | ½ Pizza <i>Funghi</i> (Groß Ø 36 cm)  15,25 €');
    expect(mail.text).toContain('½ Pizza Salami: + Mozzarella');
    expect(mail.text).not.toContain('½ Pizza <i>Funghi</i>:');
    expect(mail.html).toContain('½ Pizza Salami | ½ Pizza &lt;i&gt;Funghi&lt;/i&gt; (Groß Ø 36 cm)');
  });

  it('gives the ETA in an accepted mail and the escaped reason in a rejected one', () => {
    const accepted = orderMail(
      'accepted',
      'en',
      order({ status: 'accepted', eta_minutes: 35, eta_at: '2026-11-22T18:35:00.000Z' }),
      context,
    );
    expect(accepted.subject).toBe('Your order no. 42 is accepted');
    expect(accepted.text).toContain('At your door in about 35 minutes');
    expect(accepted.text).toContain('19:35');

    const rejected = orderMail(
      'rejected',
      'de',
      order({ status: 'rejected', rejection_reason: 'Ofen <defekt> & kalt' }),
      context,
    );
    expect(rejected.subject).toBe('Ihre Bestellung Nr. 42 konnte nicht angenommen werden');
    expect(rejected.text).toContain('Grund: Ofen <defekt> & kalt');
    expect(rejected.html).toContain('Grund: Ofen &lt;defekt&gt; &amp; kalt');
  });

  it('says a delivery is on its way and a pickup is ready to collect, in both languages', () => {
    const onItsWay = orderMail('ready', 'de', order({ status: 'ready' }), context);
    expect(onItsWay.subject).toBe('Ihre Bestellung Nr. 42 ist unterwegs');
    expect(onItsWay.text).toContain('ist auf dem Weg zu Ihnen');
    const onItsWayEn = orderMail('ready', 'en', order({ status: 'ready' }), context);
    expect(onItsWayEn.subject).toBe('Your order no. 42 is on its way');
    expect(onItsWayEn.text).toContain('is on its way to you');

    const collect = orderMail('ready', 'en', order({ status: 'ready', order_type: 'pickup' }), context);
    expect(collect.subject).toBe('Your order no. 42 is ready to collect');
    expect(collect.text).toContain('ready and waiting for you at the restaurant');
    const collectDe = orderMail('ready', 'de', order({ status: 'ready', order_type: 'pickup' }), context);
    expect(collectDe.subject).toBe('Ihre Bestellung Nr. 42 ist abholbereit');
  });

  it('apologises for a cancelled order and gives the escaped reason', () => {
    const de = orderMail(
      'cancelled',
      'de',
      order({ status: 'cancelled', cancellation_reason: 'Fahrer <krank> & Ofen aus' }),
      context,
    );
    expect(de.subject).toBe('Ihre Bestellung Nr. 42 wurde storniert');
    expect(de.text).toContain('Bitte entschuldigen Sie die Unannehmlichkeiten.');
    expect(de.text).toContain('Grund: Fahrer <krank> & Ofen aus');
    expect(de.html).toContain('Grund: Fahrer &lt;krank&gt; &amp; Ofen aus');
    const en = orderMail('cancelled', 'en', order({ status: 'cancelled', cancellation_reason: 'No driver' }), context);
    expect(en.subject).toBe('Your order no. 42 has been cancelled');
    expect(en.text).toContain('We apologise for the inconvenience.');
    expect(en.text).toContain('Reason: No driver');
  });

  it('says a cash order is paid in cash and a PayPal order is paid, in both languages', () => {
    const paypal = { payment_method: 'paypal', payment_status: 'paid' } as const;
    const cashDe = orderMail('received', 'de', order(), context);
    expect(cashDe.text).toContain('Zahlung  Barzahlung');
    expect(cashDe.text).not.toContain('PayPal');
    const cashEn = orderMail('received', 'en', order(), context);
    expect(cashEn.text).toContain('Payment  Cash');
    expect(cashEn.text).not.toContain('PayPal');

    const de = orderMail('received', 'de', order(paypal), context);
    expect(de.text).toContain('Zahlung  Bezahlt mit PayPal');
    expect(de.html).toContain('Bezahlt mit PayPal');
    expect(de.text).not.toContain('Barzahlung');
    const en = orderMail('received', 'en', order(paypal), context);
    expect(en.text).toContain('Payment  Paid with PayPal');
    expect(en.text).not.toContain('Cash');
  });

  it.each(['paid', 'refund_pending', 'refund_failed'] as const)(
    'tells the customer of a rejected or cancelled PayPal order (%s) that the full amount is refunded',
    (paymentStatus) => {
      const paid = { payment_method: 'paypal', payment_status: paymentStatus } as const;
      const rejectedDe = plainSpaces(orderMail('rejected', 'de', order({ ...paid, status: 'rejected' }), context));
      expect(rejectedDe.text).toContain(
        'Den vollen Betrag von 23,20 € erstatten wir Ihnen automatisch auf Ihr PayPal-Konto. Die Gutschrift ist dort meist innerhalb weniger Tage zu sehen.',
      );
      expect(rejectedDe.html).toContain('Den vollen Betrag von 23,20 € erstatten wir Ihnen automatisch');
      const cancelledEn = plainSpaces(orderMail('cancelled', 'en', order({ ...paid, status: 'cancelled' }), context));
      expect(cancelledEn.text).toContain(
        'The full amount of €23.20 is refunded to your PayPal account automatically. It usually shows there within a few days.',
      );
      const rejectedEn = plainSpaces(orderMail('rejected', 'en', order({ ...paid, status: 'rejected' }), context));
      expect(rejectedEn.text).toContain('The full amount of €23.20 is refunded to your PayPal account automatically.');
      const cancelledDe = plainSpaces(orderMail('cancelled', 'de', order({ ...paid, status: 'cancelled' }), context));
      expect(cancelledDe.text).toContain('Den vollen Betrag von 23,20 € erstatten wir Ihnen automatisch');
    },
  );

  it('says a refund that is done in the past tense, and the payment row says refunded', () => {
    const refunded = { payment_method: 'paypal', payment_status: 'refunded', status: 'cancelled' } as const;
    const de = plainSpaces(orderMail('cancelled', 'de', order(refunded), context));
    expect(de.text).toContain('Den vollen Betrag von 23,20 € haben wir Ihnen auf Ihr PayPal-Konto erstattet.');
    expect(de.text).toContain('Zahlung  PayPal – erstattet');
    const en = plainSpaces(orderMail('cancelled', 'en', order(refunded), context));
    expect(en.text).toContain('We have refunded the full amount of €23.20 to your PayPal account.');
    expect(en.text).toContain('Payment  PayPal – refunded');
  });

  it('says nothing of a refund for a cash order, nor for a PayPal payment that never went through', () => {
    for (const language of ['de', 'en'] as const) {
      for (const kind of ['rejected', 'cancelled'] as const) {
        const cash = orderMail(
          kind,
          language,
          order({ status: kind === 'rejected' ? 'rejected' : 'cancelled' }),
          context,
        );
        expect(cash.text).not.toMatch(/erstatt|refund/i);
        const unpaid = orderMail(
          kind,
          language,
          order({ payment_method: 'paypal', payment_status: 'unpaid' }),
          context,
        );
        expect(unpaid.text).not.toMatch(/erstatt|refund/i);
      }
    }
  });

  it('never promises PayPal as coming soon', () => {
    for (const language of ['de', 'en'] as const) {
      for (const kind of ['received', 'accepted', 'rejected', 'ready', 'cancelled'] as const) {
        const mail = orderMail(kind, language, order({ payment_method: 'paypal', payment_status: 'paid' }), context);
        expect(mail.text).not.toMatch(/demnächst|bald verfügbar|coming soon/i);
      }
    }
  });
});
