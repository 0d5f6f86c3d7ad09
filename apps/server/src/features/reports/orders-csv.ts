import type { CsvDecimal, Language, OrderStatus, OrderType, PaymentMethod } from '@pizzeria/domain';
import type { RateFigures } from './rate-figures.ts';

/** One order as the accountant's file lists it; times already in the store's zone. */
export interface CsvOrder {
  id: number;
  /** `YYYY-MM-DD`, local. */
  localDate: string;
  /** `HH:mm`, local. */
  localTime: string;
  status: OrderStatus;
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  customerName: string;
  totalCents: number;
  discountCents: number;
  /** The voucher's code as staff wrote it (null: none) and what it took off the goods. */
  voucherCode: string | null;
  voucherCents: number;
  /** Bottle deposits charged (decision 016): part of the gross, never discounted. */
  depositCents: number;
  deliveryFeeCents: number;
  /** Per rate above 0 %; what the rates' gross leaves of the total carries no VAT. */
  vat: readonly RateFigures[];
}

interface CsvTexts {
  header: {
    number: string;
    date: string;
    time: string;
    status: string;
    type: string;
    payment: string;
    customer: string;
    net: string;
    netAt: (rate: string) => string;
    vat: (rate: string) => string;
    gross: string;
    discount: string;
    deposit: string;
    deliveryFee: string;
    voucherCode: string;
    voucher: string;
  };
  date: (isoDate: string) => string;
  status: Record<OrderStatus, string>;
  type: Record<OrderType, string>;
  payment: Record<PaymentMethod, string>;
}

const TEXTS: Record<Language, CsvTexts> = {
  de: {
    header: {
      number: 'Bestellnr.',
      date: 'Datum',
      time: 'Uhrzeit',
      status: 'Status',
      type: 'Art',
      payment: 'Zahlung',
      customer: 'Kunde',
      net: 'Netto',
      netAt: (rate) => `Netto ${rate} %`,
      vat: (rate) => `MwSt. ${rate} %`,
      gross: 'Brutto',
      discount: 'Rabatt',
      deposit: 'Pfand',
      deliveryFee: 'Liefergebühr',
      voucherCode: 'Gutscheincode',
      voucher: 'Gutschein',
    },
    // `23.11.2026`: what a German Excel reads as a date.
    date: (isoDate) => isoDate.split('-').reverse().join('.'),
    status: {
      pending_payment: 'Zahlung offen',
      waiting: 'Wartet',
      accepted: 'Angenommen',
      rejected: 'Abgelehnt',
      ready: 'Fertig',
      completed: 'Abgeschlossen',
      cancelled: 'Storniert',
      expired: 'Verfallen (nicht bezahlt)',
    },
    type: { delivery: 'Lieferung', pickup: 'Abholung' },
    payment: { cash: 'Bar', paypal: 'PayPal' },
  },
  en: {
    header: {
      number: 'Order no.',
      date: 'Date',
      time: 'Time',
      status: 'Status',
      type: 'Type',
      payment: 'Payment',
      customer: 'Customer',
      net: 'Net',
      netAt: (rate) => `Net ${rate}%`,
      vat: (rate) => `VAT ${rate}%`,
      gross: 'Gross',
      discount: 'Discount',
      deposit: 'Deposit',
      deliveryFee: 'Delivery fee',
      voucherCode: 'Voucher code',
      voucher: 'Voucher',
    },
    date: (isoDate) => isoDate,
    status: {
      pending_payment: 'Payment pending',
      waiting: 'Waiting',
      accepted: 'Accepted',
      rejected: 'Rejected',
      ready: 'Ready',
      completed: 'Completed',
      cancelled: 'Cancelled',
      expired: 'Expired (not paid)',
    },
    type: { delivery: 'Delivery', pickup: 'Pickup' },
    payment: { cash: 'Cash', paypal: 'PayPal' },
  },
};

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/**
 * A text cell: a leading `=`, `+`, `-`, `@`, tab or carriage return gets a `'` so a spreadsheet shows it
 * instead of running it as a formula (customer names are typed by anyone, OWASP "CSV injection"); then
 * quoted per RFC 4180 when it holds the separator, a quote or a line break.
 */
export function textCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** Cents as `12,50` (comma) or `12.50` (point): no thousands separator, always two decimals. */
export function amountCell(cents: number, decimal: CsvDecimal): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}${whole}${decimal === 'comma' ? ',' : '.'}${fraction}`;
}

function rateLabel(percentage: number, decimal: CsvDecimal): string {
  const text = String(percentage);
  return decimal === 'comma' ? text.replace('.', ',') : text;
}

/**
 * The accountant's file, made for a German Excel: UTF-8 with a byte order mark, `;` between
 * cells, CRLF line ends, one header row in `language`, one row per order with its status, so rejected
 * and cancelled orders are visible but easy to filter out. Each rate any order has gets a net and a VAT
 * column, and an untaxed ("0 %") net column comes only when some order has an untaxed part, so that a
 * row's net and VAT columns add up to its gross (decision 022). Columns are only ever added: tools read
 * them by name.
 */
export function ordersCsv(orders: readonly CsvOrder[], options: { language: Language; decimal: CsvDecimal }): string {
  const { decimal } = options;
  const texts = TEXTS[options.language];
  const rates = [...new Set(orders.flatMap((order) => order.vat.map((share) => share.percentage)))].sort(
    (a, b) => a - b,
  );
  const untaxedOf = (order: CsvOrder) => order.totalCents - order.vat.reduce((sum, share) => sum + share.grossCents, 0);
  const hasUntaxed = orders.some((order) => untaxedOf(order) !== 0);
  const header = [
    texts.header.number,
    texts.header.date,
    texts.header.time,
    texts.header.status,
    texts.header.type,
    texts.header.payment,
    texts.header.customer,
    texts.header.net,
    ...(hasUntaxed ? [texts.header.netAt(rateLabel(0, decimal))] : []),
    ...rates.flatMap((rate) => [
      texts.header.netAt(rateLabel(rate, decimal)),
      texts.header.vat(rateLabel(rate, decimal)),
    ]),
    texts.header.gross,
    texts.header.discount,
    texts.header.deposit,
    texts.header.deliveryFee,
    // Added after the others: columns are only ever added at the end, tools read them by name.
    texts.header.voucherCode,
    texts.header.voucher,
  ].map(textCell);
  const rows = orders.map((order) => {
    const vatCents = order.vat.reduce((sum, share) => sum + share.amountCents, 0);
    const atRate = (rate: number) => order.vat.filter((share) => share.percentage === rate);
    const vatOf = (rate: number) => atRate(rate).reduce((sum, share) => sum + share.amountCents, 0);
    const netOf = (rate: number) => atRate(rate).reduce((sum, share) => sum + share.grossCents - share.amountCents, 0);
    return [
      String(order.id),
      textCell(texts.date(order.localDate)),
      order.localTime,
      textCell(texts.status[order.status]),
      textCell(texts.type[order.orderType]),
      textCell(texts.payment[order.paymentMethod]),
      textCell(order.customerName),
      amountCell(order.totalCents - vatCents, decimal),
      ...(hasUntaxed ? [amountCell(untaxedOf(order), decimal)] : []),
      ...rates.flatMap((rate) => [amountCell(netOf(rate), decimal), amountCell(vatOf(rate), decimal)]),
      amountCell(order.totalCents, decimal),
      amountCell(order.discountCents, decimal),
      amountCell(order.depositCents, decimal),
      amountCell(order.deliveryFeeCents, decimal),
      textCell(order.voucherCode ?? ''),
      amountCell(order.voucherCents, decimal),
    ];
  });
  return BOM + [header, ...rows].map((cells) => cells.join(SEPARATOR) + LINE_END).join('');
}

/** The file's name: `bestellungen-2026-11-01-2026-11-30.csv` (German) or `orders-…` (English). */
export function ordersCsvFilename(from: string, to: string, language: Language): string {
  return `${language === 'de' ? 'bestellungen' : 'orders'}-${from}-${to}.csv`;
}
