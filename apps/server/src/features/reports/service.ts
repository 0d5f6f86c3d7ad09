import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  BEST_SELLERS_LIMIT,
  MAX_REPORT_DAYS,
  SALES_STATUSES,
  STORE_ID,
  fromCents,
  reportDays,
  zonedTime,
  type CsvDecimal,
  type Language,
  type LocalizedText,
  type TodayReport,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, stores, type OrderVatShare } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { ordersCsv, ordersCsvFilename } from './orders-csv.ts';
import { lacksGrossByRate, rateFigures, type RateFigures, type StoredLine } from './rate-figures.ts';

export const REPORT_RANGE_REVERSED = new HttpError(400, 'report_range_reversed', {
  de: 'Das Startdatum liegt nach dem Enddatum.',
  en: 'The start date is after the end date.',
});
export const REPORT_RANGE_TOO_LONG = new HttpError(400, 'report_range_too_long', {
  de: `Ein Export umfasst höchstens ${MAX_REPORT_DAYS} Tage.`,
  en: `An export covers at most ${MAX_REPORT_DAYS} days.`,
});

/**
 * Orders placed from the start of local day `from` to the end of local day `to` in `timeZone`: the
 * bounds are instants PostgreSQL computes from the zone (a DST day has 23 or 25 hours), and the filter
 * stays a plain range on `created_at` that indexes serve, unlike `(created_at at time zone …)::date`.
 */
export function placedOnLocalDays(from: string, to: string, timeZone: string): SQL {
  const start = sql`(${from}::date::timestamp at time zone ${timeZone}::text)`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone}::text)`;
  return and(gte(orders.createdAt, start), lt(orders.createdAt, end)) as SQL;
}

/**
 * What a line sold, dish by dish: a whole dish's line is one piece; a half-and-half pizza's line is two,
 * each half half a pizza of its own dish with half the line's total (decision 029), so the best
 * sellers count the Salami in "½ Salami | ½ Funghi" as half a Salami, not as a whole one or as a dish of
 * its own. `pieces` numbers a line's pieces (0 for a whole dish, 0 and 1 for the halves).
 */
const soldDish = (() => {
  const half = sql`(${orderItems.halves} -> piece.n)`;
  const whole = sql`${orderItems.halves} is null`;
  return {
    pieces: sql`generate_series(0, case when ${whole} then 0 else 1 end) as piece(n)`,
    productId: sql<number>`case when ${whole} then ${orderItems.productId} else (${half} ->> 'productId')::int end`,
    name: sql`case when ${whole} then ${orderItems.name} else ${half} -> 'name' end`,
    quantity: sql`case when ${whole} then ${orderItems.quantity}::numeric else ${orderItems.quantity} / 2.0 end`,
    grossCents: sql`case when ${whole} then ${orderItems.lineTotalCents}::numeric else ${orderItems.lineTotalCents} / 2.0 end`,
  };
})();

/** A sum that is 0, not null, over no rows; PostgreSQL's bigint arrives as text, hence `Number`. */
const sumOf = (expression: SQLWrapper) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/**
 * Each order's net and VAT per rate, one rule for the CSV and today's figures. Only orders stored before
 * decision 022 need their lines read (to split their gross by rate).
 */
async function withRateFigures<Row extends { id: number; discountPercentage: number; vat: OrderVatShare[] }>(
  db: Db,
  rows: readonly Row[],
): Promise<(Omit<Row, 'vat'> & { vat: RateFigures[] })[]> {
  const older = rows.filter((row) => lacksGrossByRate(row.vat)).map((row) => row.id);
  const lines =
    older.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            taxPercentage: orderItems.taxPercentage,
            lineTotalCents: orderItems.lineTotalCents,
            quantity: orderItems.quantity,
            depositCents: orderItems.depositCents,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, older));
  const linesOf = new Map<number, StoredLine[]>();
  for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  return rows.map((row) => ({ ...row, vat: rateFigures(row, linesOf.get(row.id) ?? []) }));
}

export interface OrdersCsvFile {
  filename: string;
  body: string;
}

/** The back office's reports: sums in SQL, in cents; euros only in what leaves. */
export function reportsService(db: Db, clock: { now(): Date }) {
  async function timeZoneOf(storeId: number): Promise<string> {
    const [store] = await db.select({ timezone: stores.timezone }).from(stores).where(eq(stores.id, storeId));
    if (!store) throw storeNotFound(storeId);
    return store.timezone;
  }

  return {
    /**
     * One local day at a glance. Sales are the orders the restaurant took (`SALES_STATUSES`); waiting,
     * rejected and cancelled orders are only counted. Revenue is what the orders were charged (discount
     * off, delivery fee in), net is that without the VAT the orders stored per rate; per rate, net and VAT
     * are the sums of the CSV's columns for the same orders.
     */
    async today(input: { storeId?: number; date?: string; language: Language }): Promise<TodayReport> {
      const storeId = input.storeId ?? STORE_ID;
      const timeZone = await timeZoneOf(storeId);
      const date = input.date ?? zonedTime(clock.now(), timeZone).date;
      const ofDay = and(eq(orders.storeId, storeId), placedOnLocalDays(date, date, timeZone));
      const sales = and(ofDay, inArray(orders.status, [...SALES_STATUSES]));

      const hour = sql`extract(hour from ${orders.createdAt} at time zone ${timeZone}::text)`;
      const [byStatus, taxed, bestSellers, perHour] = await Promise.all([
        db
          .select({
            status: orders.status,
            orderType: orders.orderType,
            orders: count(),
            grossCents: sumOf(orders.totalCents),
            depositCents: sumOf(orders.depositCents),
            discountCents: sumOf(orders.discountCents),
            voucherCents: sumOf(orders.voucherCents),
            withVoucher: count(orders.voucherCode),
          })
          .from(orders)
          .where(ofDay)
          .groupBy(orders.status, orders.orderType),
        db
          .select({ id: orders.id, discountPercentage: orders.discountPercentage, vat: orders.vat })
          .from(orders)
          .where(sales)
          .then((rows) => withRateFigures(db, rows)),
        db
          .select({
            productId: soldDish.productId,
            // The name the product had in its latest order: a renamed product keeps one row.
            name: sql<LocalizedText>`(array_agg(${soldDish.name} order by ${orderItems.id} desc))[1]`,
            quantity: sumOf(soldDish.quantity),
            grossCents: sql<number>`round(coalesce(sum(${soldDish.grossCents}), 0))`.mapWith(Number),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .innerJoin(soldDish.pieces, sql`true`)
          .where(sales)
          .groupBy(soldDish.productId)
          .orderBy(desc(sql`sum(${soldDish.quantity})`), asc(soldDish.productId))
          .limit(BEST_SELLERS_LIMIT),
        db
          .select({ hour: sql<number>`${hour}`.mapWith(Number), orders: count() })
          .from(orders)
          .where(sales)
          .groupBy(sql`1`),
      ]);

      const statusCount = (status: string) =>
        byStatus.filter((row) => row.status === status).reduce((sum, row) => sum + row.orders, 0);
      const sold = byStatus.filter((row) => (SALES_STATUSES as readonly string[]).includes(row.status));
      const splitOf = (type: 'delivery' | 'pickup') => {
        const rows = sold.filter((row) => row.orderType === type);
        return {
          orders: rows.reduce((sum, row) => sum + row.orders, 0),
          gross: fromCents(rows.reduce((sum, row) => sum + row.grossCents, 0)),
        };
      };
      const orderCount = sold.reduce((sum, row) => sum + row.orders, 0);
      const grossCents = sold.reduce((sum, row) => sum + row.grossCents, 0);
      const byRate = new Map<number, { grossCents: number; amountCents: number }>();
      for (const share of taxed.flatMap((order) => order.vat)) {
        const sum = byRate.get(share.percentage) ?? { grossCents: 0, amountCents: 0 };
        byRate.set(share.percentage, {
          grossCents: sum.grossCents + share.grossCents,
          amountCents: sum.amountCents + share.amountCents,
        });
      }
      const vat = [...byRate].sort(([a], [b]) => a - b);
      const vatCents = vat.reduce((sum, [, share]) => sum + share.amountCents, 0);
      const hourly = new Map(perHour.map((row) => [row.hour, row.orders]));

      return {
        date,
        timezone: timeZone,
        orders: orderCount,
        waiting: statusCount('waiting'),
        rejected: statusCount('rejected'),
        cancelled: statusCount('cancelled'),
        revenue: {
          gross: fromCents(grossCents),
          net: fromCents(grossCents - vatCents),
          deposit: fromCents(sold.reduce((sum, row) => sum + row.depositCents, 0)),
          discount: fromCents(sold.reduce((sum, row) => sum + row.discountCents, 0)),
          vouchers: {
            orders: sold.reduce((sum, row) => sum + row.withVoucher, 0),
            amount: fromCents(sold.reduce((sum, row) => sum + row.voucherCents, 0)),
          },
          vat: vat.map(([percentage, share]) => ({
            percentage,
            net: fromCents(share.grossCents - share.amountCents),
            amount: fromCents(share.amountCents),
          })),
        },
        average_basket: orderCount === 0 ? 0 : fromCents(Math.round(grossCents / orderCount)),
        split: { delivery: splitOf('delivery'), pickup: splitOf('pickup') },
        best_sellers: bestSellers.map((row) => ({
          product_id: row.productId,
          name: row.name[input.language],
          quantity: row.quantity,
          gross: fromCents(row.grossCents),
        })),
        per_hour: Array.from({ length: 24 }, (_, index) => ({ hour: index, orders: hourly.get(index) ?? 0 })),
      };
    },

    /** Every order placed on the local days `from`..`to` (all statuses), oldest first, as the accountant's CSV. */
    async ordersCsv(input: {
      storeId?: number;
      from: string;
      to: string;
      decimal: CsvDecimal;
      language: Language;
    }): Promise<OrdersCsvFile> {
      const { from, to, language } = input;
      const days = reportDays(from, to);
      if (days < 1) throw REPORT_RANGE_REVERSED;
      if (days > MAX_REPORT_DAYS) throw REPORT_RANGE_TOO_LONG;
      const storeId = input.storeId ?? STORE_ID;
      const timeZone = await timeZoneOf(storeId);
      const local = (format: string) =>
        sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}::text, ${format}::text)`;
      const rows = await db
        .select({
          id: orders.id,
          localDate: local('YYYY-MM-DD'),
          localTime: local('HH24:MI'),
          status: orders.status,
          orderType: orders.orderType,
          paymentMethod: orders.paymentMethod,
          customerName: sql<string>`${orders.address}->>'customerName'`,
          totalCents: orders.totalCents,
          discountCents: orders.discountCents,
          voucherCode: orders.voucherCode,
          voucherCents: orders.voucherCents,
          depositCents: orders.depositCents,
          deliveryFeeCents: orders.deliveryFeeCents,
          discountPercentage: orders.discountPercentage,
          vat: orders.vat,
        })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), placedOnLocalDays(from, to, timeZone)))
        .orderBy(asc(orders.createdAt), asc(orders.id));
      return {
        filename: ordersCsvFilename(from, to, language),
        body: ordersCsv(await withRateFigures(db, rows), { language, decimal: input.decimal }),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
