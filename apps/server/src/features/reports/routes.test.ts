import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, orderSchema, toCents, todayReportSchema, type Order } from '@pizzeria/domain';
import { orders } from '../../db/schema.ts';
import { buildTestServer, createTestUser, type TestServer, type TestUser } from '../../../test/helper.ts';

// "Today at a glance" and the accountant's CSV, over real orders placed through the app.
// The day is Sunday 2026-10-25 in Berlin, when summer time ends: 25 hours, 02:00-03:00 twice.

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let pizzaId: number;
let colaId: number;

interface Placed {
  at: string;
  order: Order;
}

async function place(
  at: string,
  options: {
    orderType?: 'pickup' | 'delivery';
    pizzas?: number;
    colas?: number;
    name?: string;
    /** The order's lines as sent, instead of `pizzas` and `colas`. */
    items?: Record<string, unknown>[];
    voucherCode?: string;
  } = {},
): Promise<Placed> {
  // The checkout refuses an ASAP order the kitchen cannot finish before midnight, so each order is
  // placed half a day earlier and then given its time: only `created_at` decides the report's day.
  server.app.orders.clock = { now: () => new Date(Date.parse(at) - 12 * 60 * 60_000) };
  const delivery = options.orderType === 'delivery';
  const items = options.items ?? [
    ...(options.pizzas ? [{ product_id: pizzaId, quantity: options.pizzas }] : []),
    ...(options.colas ? [{ product_id: colaId, quantity: options.colas }] : []),
  ];
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    headers: { 'idempotency-key': randomUUID(), 'accept-language': 'de' },
    payload: {
      store_id: 13,
      order_type: options.orderType ?? 'pickup',
      ...(delivery ? { postcode: '10969' } : {}),
      items,
      requested_time: 'asap',
      payment_method: 'cash',
      ...(options.voucherCode ? { voucher_code: options.voucherCode } : {}),
      address: {
        type: 'shipping',
        customer_name: options.name ?? 'Gabi Gast',
        phone: '015112345678',
        line1: 'Gneisenaustraße 1',
        city: 'Berlin',
        zip: '10969',
        country: 'DE',
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = orderSchema.parse(response.json());
  await server.app.database.db
    .update(orders)
    .set({ createdAt: new Date(at) })
    .where(eq(orders.id, order.id));
  return { at, order: { ...order, created_at: at } };
}

async function decide(placed: Placed, ...steps: string[]): Promise<Placed> {
  let order = placed.order;
  for (const step of steps) {
    const payload =
      step === 'accept' ? { eta_minutes: 30 } : step === 'reject' || step === 'cancel' ? { reason: 'Ofen aus' } : {};
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/${step}`,
      headers: admin.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    order = orderSchema.parse(response.json());
  }
  return { ...placed, order };
}

function get(url: string, headers: Record<string, string> = admin.headers, language: 'de' | 'en' = 'de') {
  return server.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });
}

/** What the report should say about `orders`, added up from the orders' own totals and VAT. */
function expectedSums(orders: readonly Order[]) {
  const gross = orders.reduce((sum, order) => sum + toCents(order.total), 0);
  const vat = new Map<number, number>();
  for (const share of orders.flatMap((order) => order.vat)) {
    vat.set(share.percentage, (vat.get(share.percentage) ?? 0) + toCents(share.amount));
  }
  const vatCents = [...vat.values()].reduce((sum, amount) => sum + amount, 0);
  return {
    gross: gross / 100,
    net: (gross - vatCents) / 100,
    vat: [...vat.entries()]
      .sort(([a], [b]) => a - b)
      .map(([percentage, amount]) => ({ percentage, amount: amount / 100 })),
    average: Math.round(gross / orders.length) / 100,
  };
}

let before: Placed; // 23:59 on the 24th
let firstHour: Placed; // 00:30 on the 25th
let summerTime: Placed; // 02:30 CEST
let winterTime: Placed; // 02:30 CET, an hour later
let rejected: Placed;
let cancelled: Placed;
let waiting: Placed;
let lastMinute: Placed; // 23:59 CET on the 25th
let after: Placed; // 00:00 on the 26th
let mischief: Placed;

beforeAll(async () => {
  // Open around the clock, so orders can be placed at the day's edges.
  server = await buildTestServer({ SEED_OPENING_HOURS: 'always' });
  const catalogue = await server.app.catalogue.get(13);
  const simple = catalogue?.products.filter(
    (p) => p.type === 'simple' && p.available && p.toppingGroups.every((g) => g.minSelect === 0),
  );
  const pizza = simple?.find((p) => p.taxPercentage === 7);
  const cola = simple?.find((p) => p.taxPercentage === 19);
  if (!pizza || !cola) throw new Error('the demo menu has no simple product at 7 % and at 19 %');
  pizzaId = pizza.id;
  colaId = cola.id;
  admin = await createTestUser(server.app, { role: 'admin' });
  customer = await createTestUser(server.app);

  before = await decide(await place('2026-10-24T21:59:00Z', { pizzas: 1 }), 'accept');
  firstHour = await decide(await place('2026-10-24T22:30:00Z', { pizzas: 2, colas: 1 }), 'accept');
  summerTime = await decide(await place('2026-10-25T00:30:00Z', { pizzas: 1 }), 'accept', 'ready', 'complete');
  winterTime = await decide(await place('2026-10-25T01:30:00Z', { orderType: 'delivery', pizzas: 4 }), 'accept');
  rejected = await decide(await place('2026-10-25T10:00:00Z', { pizzas: 5 }), 'reject');
  cancelled = await decide(await place('2026-10-25T11:00:00Z', { pizzas: 6 }), 'accept', 'cancel');
  mischief = await decide(
    await place('2026-10-25T12:00:00Z', { colas: 1, name: '=HYPERLINK("http://x.example";"Rabatt")' }),
    'reject',
  );
  waiting = await place('2026-10-25T22:58:00Z', { pizzas: 1 });
  lastMinute = await decide(await place('2026-10-25T22:59:00Z', { colas: 3 }), 'accept');
  after = await decide(await place('2026-10-25T23:00:00Z', { pizzas: 1 }), 'accept');
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/admin/reports/today', () => {
  it('adds up the local day of 25 hours: sales only, VAT per rate, split, best sellers, hours', async () => {
    const response = await get('/api/admin/reports/today?date=2026-10-25');
    expect(response.statusCode, response.body).toBe(200);
    const report = todayReportSchema.parse(response.json());
    const sales = [firstHour, summerTime, winterTime, lastMinute].map((placed) => placed.order);
    const sums = expectedSums(sales);

    expect(report).toMatchObject({ date: '2026-10-25', timezone: 'Europe/Berlin', orders: 4, waiting: 1 });
    expect({ rejected: report.rejected, cancelled: report.cancelled }).toEqual({ rejected: 2, cancelled: 1 });
    // Deposits are charged with the drinks (the demo's bottled drinks carry one): in the gross, and named.
    const deposit = sales.reduce((sum, order) => sum + Math.round(order.deposit * 100), 0) / 100;
    expect(deposit).toBeGreaterThan(0);
    expect(report.revenue).toMatchObject({ gross: sums.gross, net: sums.net, deposit });
    expect(report.revenue.vat.map(({ percentage, amount }) => ({ percentage, amount }))).toEqual(sums.vat);
    expect(report.revenue.vat.map((share) => share.percentage)).toEqual([7, 19]);
    expect(report.average_basket).toBe(sums.average);
    expect(report.split).toEqual({
      delivery: { orders: 1, gross: winterTime.order.total },
      pickup: {
        orders: 3,
        gross: expectedSums([firstHour.order, summerTime.order, lastMinute.order]).gross,
      },
    });
    const lineTotal = (productId: number) =>
      sales
        .flatMap((order) => order.items)
        .filter((item) => item.product_id === productId)
        .reduce((sum, item) => sum + toCents(item.line_total), 0) / 100;
    expect(report.best_sellers).toEqual([
      { product_id: pizzaId, name: expect.any(String), quantity: 7, gross: lineTotal(pizzaId) },
      { product_id: colaId, name: expect.any(String), quantity: 4, gross: lineTotal(colaId) },
    ]);
    expect(report.best_sellers[0]?.name).toBe(firstHour.order.items[0]?.name);
    expect(report.per_hour).toHaveLength(24);
    expect(report.per_hour.filter((hour) => hour.orders > 0)).toEqual([
      { hour: 0, orders: 1 },
      // 02:30 summer time and 02:30 winter time.
      { hour: 2, orders: 2 },
      { hour: 23, orders: 1 },
    ]);
  });

  it('keeps 23:59 with its day and midnight with the next', async () => {
    const previous = todayReportSchema.parse((await get('/api/admin/reports/today?date=2026-10-24')).json());
    expect(previous).toMatchObject({ orders: 1, revenue: { gross: before.order.total } });
    expect(previous.per_hour[23]).toEqual({ hour: 23, orders: 1 });
  });

  it('reports the store’s today by default, with names in the caller’s language', async () => {
    // Midnight in Berlin: the 26th has begun.
    server.app.orders.clock = { now: () => new Date('2026-10-25T23:00:00Z') };
    const response = await get('/api/admin/reports/today', admin.headers, 'en');
    const report = todayReportSchema.parse(response.json());
    expect(report).toMatchObject({ date: '2026-10-26', orders: 1, revenue: { gross: after.order.total } });
    expect(report.per_hour[0]).toEqual({ hour: 0, orders: 1 });
  });

  it('answers a day without orders with zeros', async () => {
    const report = todayReportSchema.parse((await get('/api/admin/reports/today?date=2026-03-29')).json());
    expect(report).toMatchObject({
      orders: 0,
      revenue: { gross: 0, net: 0, deposit: 0, discount: 0, vouchers: { orders: 0, amount: 0 }, vat: [] },
      average_basket: 0,
      best_sellers: [],
    });
  });

  it('names what the discount and the vouchers took off the day’s sales, already out of the gross', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/admin/stores/13/vouchers',
      headers: admin.headers,
      payload: {
        code: 'REPORT-5',
        kind: 'amount',
        percentage: null,
        amount: 5,
        minimum_order_amount: 0,
        valid_from: null,
        valid_to: null,
        order_types: 'both',
        max_uses: null,
        max_uses_per_customer: null,
        first_order_only: false,
        active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plain = await decide(await place('2026-10-28T10:00:00Z', { pizzas: 2 }), 'accept');
    const withVoucher = await decide(
      await place('2026-10-28T11:00:00Z', { pizzas: 3, voucherCode: 'report-5' }),
      'accept',
    );
    // Given back with its rejection: not a sale, not counted.
    await decide(await place('2026-10-28T12:00:00Z', { pizzas: 1, voucherCode: 'REPORT-5' }), 'reject');
    expect(plain.order.discount).toBeGreaterThan(0);
    expect(withVoucher.order.voucher_discount).toBe(5);

    const report = todayReportSchema.parse((await get('/api/admin/reports/today?date=2026-10-28')).json());
    expect(report.revenue).toMatchObject({
      gross: (toCents(plain.order.total) + toCents(withVoucher.order.total)) / 100,
      discount: (toCents(plain.order.discount) + toCents(withVoucher.order.discount)) / 100,
      vouchers: { orders: 1, amount: 5 },
    });
  });
});

describe('best sellers with half-and-half pizzas (decision 029)', () => {
  it('count each half as half a pizza of its dish, with half the line’s total, named as the dish', async () => {
    const catalogue = await server.app.catalogue.get(13);
    const dish = (name: string) => catalogue?.products.find((product) => product.name.de === `Pizza ${name}`);
    const salami = dish('Salami');
    const funghi = dish('Funghi');
    const large = (product: typeof salami) => product?.variants.find((variant) => variant.name.de.startsWith('Groß'));
    if (!salami || !funghi) throw new Error('the demo menu has no Salami or Funghi');
    const halved = await decide(
      await place('2026-10-27T17:00:00Z', {
        items: [
          {
            product_id: salami.id,
            variant_id: large(salami)?.id,
            quantity: 2,
            second_half: { product_id: funghi.id, variant_id: large(funghi)?.id },
          },
        ],
      }),
      'accept',
    );
    const whole = await decide(
      await place('2026-10-27T18:00:00Z', {
        items: [{ product_id: salami.id, variant_id: large(salami)?.id, quantity: 1 }],
      }),
      'accept',
    );
    const halvedCents = toCents(halved.order.items[0]?.line_total ?? 0);
    const wholeCents = toCents(whole.order.items[0]?.line_total ?? 0);

    const report = todayReportSchema.parse((await get('/api/admin/reports/today?date=2026-10-27')).json());
    expect(report.best_sellers).toEqual([
      {
        product_id: salami.id,
        name: 'Pizza Salami',
        quantity: 2,
        gross: Math.round(wholeCents + halvedCents / 2) / 100,
      },
      { product_id: funghi.id, name: 'Pizza Funghi', quantity: 1, gross: Math.round(halvedCents / 2) / 100 },
    ]);
    const english = todayReportSchema.parse(
      (await get('/api/admin/reports/today?date=2026-10-27', admin.headers, 'en')).json(),
    );
    expect(english.best_sellers.map((seller) => seller.name)).toEqual(['Pizza Salami', 'Pizza Funghi']);
  });
});

function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1)
    .map((line) => line.split(';'));
}

function comma(amount: number): string {
  return amount.toFixed(2).replace('.', ',');
}

/** The CSV's cells by header, in cents, for the rows whose status counts as a sale. */
async function csvSales(from: string, to: string) {
  const [header = [], ...rows] = csvRows((await get(`/api/admin/reports/orders.csv?from=${from}&to=${to}`)).body);
  const cents = (cell: string | undefined) => Math.round(Number((cell ?? '').replace(',', '.')) * 100);
  return rows
    .filter((row) => ['Angenommen', 'Fertig', 'Abgeschlossen'].includes(row[3] ?? ''))
    .map((row) => ({
      id: Number(row[0]),
      cell: (name: string) => (header.includes(name) ? cents(row[header.indexOf(name)]) : 0),
    }));
}

describe('today’s figures beside the CSV', () => {
  it('show per rate the net and VAT that the day’s CSV rows add up to', async () => {
    const report = todayReportSchema.parse((await get('/api/admin/reports/today?date=2026-10-25')).json());
    const rows = await csvSales('2026-10-25', '2026-10-25');
    expect(rows).toHaveLength(report.orders);
    const sum = (name: string) => rows.reduce((total, row) => total + row.cell(name), 0) / 100;
    expect(report.revenue.vat).toEqual(
      [7, 19].map((rate) => ({ percentage: rate, net: sum(`Netto ${rate} %`), amount: sum(`MwSt. ${rate} %`) })),
    );
    expect(report.revenue.net).toBe(sum('Netto'));
    // The demo's goods are all taxed: the rates' net and VAT are the whole gross, delivery fees included.
    const perRate = report.revenue.vat.reduce((total, share) => total + toCents(share.net) + toCents(share.amount), 0);
    expect(perRate).toBe(toCents(report.revenue.gross));
  });
});

describe('GET /api/admin/reports/orders.csv', () => {
  it('is a German Excel file: BOM, semicolons, CRLF, German header, decimal comma, every status', async () => {
    const response = await get('/api/admin/reports/orders.csv?from=2026-10-25&to=2026-10-25');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="bestellungen-2026-10-25-2026-10-25.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).not.toMatch(/[^\r]\n/);

    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Bestellnr.',
      'Datum',
      'Uhrzeit',
      'Status',
      'Art',
      'Zahlung',
      'Kunde',
      'Netto',
      'Netto 7 %',
      'MwSt. 7 %',
      'Netto 19 %',
      'MwSt. 19 %',
      'Brutto',
      'Rabatt',
      'Pfand',
      'Liefergebühr',
      'Gutscheincode',
      'Gutschein',
    ]);
    const inDay = [firstHour, summerTime, winterTime, rejected, cancelled, mischief, waiting, lastMinute];
    expect(rows.map((row) => Number(row[0]))).toEqual(inDay.map((placed) => placed.order.id));
    expect(rows.map((row) => row[3])).toEqual([
      'Angenommen',
      'Abgeschlossen',
      'Angenommen',
      'Abgelehnt',
      'Storniert',
      'Abgelehnt',
      'Wartet',
      'Angenommen',
    ]);

    const order = firstHour.order;
    const vatAt = (percentage: number) =>
      order.vat.filter((share) => share.percentage === percentage).reduce((sum, share) => sum + share.amount, 0);
    const vatCents = order.vat.reduce((sum, share) => sum + toCents(share.amount), 0);
    expect(rows[0]).toEqual([
      String(order.id),
      '25.10.2026',
      '00:30',
      'Angenommen',
      'Abholung',
      'Bar',
      'Gabi Gast',
      comma((toCents(order.total) - vatCents) / 100),
      expect.any(String),
      comma(vatAt(7)),
      expect.any(String),
      comma(vatAt(19)),
      comma(order.total),
      comma(order.discount),
      comma(order.deposit),
      comma(order.delivery_fee),
      '',
      '0,00',
    ]);
    // Both 02:30s, and the last minute of the long day.
    expect(rows.map((row) => row[2])).toEqual(['00:30', '02:30', '02:30', '11:00', '12:00', '13:00', '23:58', '23:59']);
    expect(rows[2]?.[4]).toBe('Lieferung');
    expect(rows[2]?.[15]).toBe(comma(winterTime.order.delivery_fee));
    // The last minute's three colas carry their bottles' deposit.
    expect(rows.at(-1)?.[14]).toBe(comma(lastMinute.order.deposit));
    expect(lastMinute.order.deposit).toBeGreaterThan(0);
  });

  it('splits every row’s gross into net and VAT per rate to the cent, delivery fees included', async () => {
    const [header = [], ...rows] = csvRows(
      (await get('/api/admin/reports/orders.csv?from=2026-10-25&to=2026-10-25')).body,
    );
    const cents = (row: string[], name: string) => toCents(Number((row[header.indexOf(name)] ?? '').replace(',', '.')));
    // The mischief's quoted name holds semicolons: the naive split would shift its cells.
    for (const row of rows.filter((cells) => cells[0] !== String(mischief.order.id))) {
      const parts = ['Netto 7 %', 'MwSt. 7 %', 'Netto 19 %', 'MwSt. 19 %'].map((name) => cents(row, name));
      expect(
        parts.reduce((sum, part) => sum + part, 0),
        row.join(';'),
      ).toBe(cents(row, 'Brutto'));
      expect(cents(row, 'Netto 7 %') + cents(row, 'Netto 19 %')).toBe(cents(row, 'Netto'));
    }
    // The delivery: four pizzas at 7 % and a 1,00 € fee, all of it taxed at 7 %.
    const delivery = winterTime.order;
    expect(delivery.delivery_fee).toBeGreaterThan(0);
    const gross = toCents(delivery.total);
    const vat = Math.round((gross * 7) / 107);
    expect(delivery.vat).toEqual([{ percentage: 7, amount: vat / 100 }]);
    const row = rows.find((cells) => cells[0] === String(delivery.id)) ?? [];
    expect([cents(row, 'Netto 7 %'), cents(row, 'MwSt. 7 %'), cents(row, 'Netto 19 %')]).toEqual([gross - vat, vat, 0]);
  });

  it('keeps an order stored before the fee was taxed as it was charged, the fee in an untaxed column', async () => {
    const placed = await decide(await place('2026-11-02T17:00:00Z', { orderType: 'delivery', pizzas: 4 }), 'accept');
    const fee = toCents(placed.order.delivery_fee);
    const goods = toCents(placed.order.total) - fee;
    // As orders were stored before: VAT on the goods alone, no gross per rate.
    const storedVat = Math.round((goods * 7) / 107);
    await server.app.database.db
      .update(orders)
      .set({ vat: [{ percentage: 7, amountCents: storedVat }] })
      .where(eq(orders.id, placed.order.id));

    const [header = [], row = []] = csvRows(
      (await get('/api/admin/reports/orders.csv?from=2026-11-02&to=2026-11-02')).body,
    );
    expect(header.slice(7, 11)).toEqual(['Netto', 'Netto 0 %', 'Netto 7 %', 'MwSt. 7 %']);
    expect(row.slice(7, 12)).toEqual([
      comma((goods + fee - storedVat) / 100),
      comma(fee / 100),
      comma((goods - storedVat) / 100),
      comma(storedVat / 100),
      comma((goods + fee) / 100),
    ]);
    const report = todayReportSchema.parse((await get('/api/admin/reports/today?date=2026-11-02')).json());
    expect(report.revenue.vat).toEqual([{ percentage: 7, net: (goods - storedVat) / 100, amount: storedVat / 100 }]);
    expect(report.revenue.net).toBe((goods + fee - storedVat) / 100);
  });

  it('disarms a formula in a customer name and quotes its semicolons and quotes', async () => {
    const response = await get('/api/admin/reports/orders.csv?from=2026-10-25&to=2026-10-25');
    const line = response.body.split('\r\n').find((row) => row.startsWith(`${mischief.order.id};`));
    expect(line).toContain(';"\'=HYPERLINK(""http://x.example"";""Rabatt"")";');
  });

  it('speaks English with a decimal point when asked', async () => {
    const response = await get(
      '/api/admin/reports/orders.csv?from=2026-10-24&to=2026-10-24&decimal=point',
      admin.headers,
      'en',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2026-10-24-2026-10-24.csv"');
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Order no.',
      'Date',
      'Time',
      'Status',
      'Type',
      'Payment',
      'Customer',
      'Net',
      'Net 7%',
      'VAT 7%',
      'Gross',
      'Discount',
      'Deposit',
      'Delivery fee',
      'Voucher code',
      'Voucher',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 6)).toEqual([
      String(before.order.id),
      '2026-10-24',
      '23:59',
      'Accepted',
      'Pickup',
      'Cash',
    ]);
    expect(rows[0]?.[10]).toBe(before.order.total.toFixed(2));
  });

  it('takes a whole year, leap day included, and not a day more', async () => {
    expect((await get('/api/admin/reports/orders.csv?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    const response = await get('/api/admin/reports/orders.csv?from=2026-01-01&to=2027-01-02');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toEqual({
      code: 'report_range_too_long',
      message: 'Ein Export umfasst höchstens 366 Tage.',
    });
  });

  it('refuses an end before the start, in the caller’s language', async () => {
    const response = await get('/api/admin/reports/orders.csv?from=2026-11-30&to=2026-11-01', admin.headers, 'en');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toEqual({
      code: 'report_range_reversed',
      message: 'The start date is after the end date.',
    });
  });

  it.each([
    '/api/admin/reports/orders.csv?from=2026-02-30&to=2026-03-01',
    '/api/admin/reports/orders.csv?from=2026-11-01',
    '/api/admin/reports/orders.csv?from=2026-11-01&to=2026-11-30&decimal=dot',
    '/api/admin/reports/today?date=yesterday',
  ])('refuses %s with 400', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      code: 'invalid_request',
      message: 'Die Anfrage ist ungültig.',
    });
  });
});

describe('who may see the reports', () => {
  it.each(['/api/admin/reports/today', '/api/admin/reports/orders.csv?from=2026-10-25&to=2026-10-25'])(
    '%s: 401 for nobody, 403 for a customer',
    async (url) => {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, customer.headers)).statusCode).toBe(403);
    },
  );
});
