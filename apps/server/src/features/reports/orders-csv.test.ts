import { describe, expect, it } from 'vitest';
import { amountCell, ordersCsv, textCell, type CsvOrder } from './orders-csv.ts';

describe('textCell', () => {
  it.each([
    ['Gabi Gast', 'Gabi Gast'],
    ['=1+1', "'=1+1"],
    ['+49 30 123', "'+49 30 123"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['Müller; Schulz', '"Müller; Schulz"'],
    ['Pizza "Spezial"', '"Pizza ""Spezial"""'],
    ['zwei\nZeilen', '"zwei\nZeilen"'],
    ['=A1;"x"', '"\'=A1;""x"""'],
  ])('%j → %j', (value, cell) => {
    expect(textCell(value)).toBe(cell);
  });
});

describe('amountCell', () => {
  it.each([
    [0, 'comma', '0,00'],
    [5, 'comma', '0,05'],
    [1250, 'comma', '12,50'],
    [123456, 'point', '1234.56'],
  ] as const)('%i cents with a %s → %s', (cents, decimal, cell) => {
    expect(amountCell(cents, decimal)).toBe(cell);
  });
});

describe('ordersCsv', () => {
  const order: CsvOrder = {
    id: 7,
    localDate: '2026-11-02',
    localTime: '18:05',
    status: 'completed',
    orderType: 'delivery',
    paymentMethod: 'paypal',
    customerName: 'Anna',
    totalCents: 2750,
    discountCents: 0,
    voucherCode: null,
    voucherCents: 0,
    depositCents: 50,
    deliveryFeeCents: 250,
    vat: [
      { percentage: 19, amountCents: 46, grossCents: 290 },
      { percentage: 5.5, amountCents: 100, grossCents: 1920 },
    ],
  };

  it('has a net and a VAT column per rate, ascending, 0,00 where an order has none', () => {
    const other: CsvOrder = {
      ...order,
      id: 8,
      vat: [{ percentage: 7, amountCents: 70, grossCents: 1070 }],
      totalCents: 1070,
    };
    expect(ordersCsv([order, other], { language: 'de', decimal: 'comma' })).toBe(
      '\uFEFFBestellnr.;Datum;Uhrzeit;Status;Art;Zahlung;Kunde;Netto;Netto 0 %;Netto 5,5 %;MwSt. 5,5 %;Netto 7 %;MwSt. 7 %;Netto 19 %;MwSt. 19 %;Brutto;Rabatt;Pfand;Liefergebühr;Gutscheincode;Gutschein\r\n' +
        '7;02.11.2026;18:05;Abgeschlossen;Lieferung;PayPal;Anna;26,04;5,40;18,20;1,00;0,00;0,00;2,44;0,46;27,50;0,00;0,50;2,50;;0,00\r\n' +
        '8;02.11.2026;18:05;Abgeschlossen;Lieferung;PayPal;Anna;10,00;0,00;0,00;0,00;10,00;0,70;0,00;0,00;10,70;0,00;0,50;2,50;;0,00\r\n',
    );
  });

  it('adds an untaxed column only when some order has an untaxed part', () => {
    const taxed: CsvOrder = { ...order, vat: [{ percentage: 7, amountCents: 180, grossCents: 2750 }] };
    expect(ordersCsv([taxed], { language: 'en', decimal: 'point' })).toBe(
      '\uFEFFOrder no.;Date;Time;Status;Type;Payment;Customer;Net;Net 7%;VAT 7%;Gross;Discount;Deposit;Delivery fee;Voucher code;Voucher\r\n' +
        '7;2026-11-02;18:05;Completed;Delivery;PayPal;Anna;25.70;25.70;1.80;27.50;0.00;0.50;2.50;;0.00\r\n',
    );
  });

  it('names the voucher and what it took off in the last two columns', () => {
    const withVoucher: CsvOrder = {
      ...order,
      voucherCode: 'WILLKOMMEN',
      voucherCents: 275,
      vat: [{ percentage: 7, amountCents: 180, grossCents: 2750 }],
    };
    const lines = ordersCsv([withVoucher], { language: 'de', decimal: 'comma' }).split('\r\n');
    expect(lines[0]).toMatch(/;Rabatt;Pfand;Liefergebühr;Gutscheincode;Gutschein$/);
    expect(lines[1]).toMatch(/;27,50;0,00;0,50;2,50;WILLKOMMEN;2,75$/);
  });

  it('is only the header without orders', () => {
    expect(ordersCsv([], { language: 'en', decimal: 'point' })).toBe(
      '\uFEFFOrder no.;Date;Time;Status;Type;Payment;Customer;Net;Gross;Discount;Deposit;Delivery fee;Voucher code;Voucher\r\n',
    );
  });
});
