import * as z from 'zod/mini';
import { idParamSchema } from './ids.ts';
import { localDateInput } from './input.ts';

// The back office's reports: "today at a glance" and the accountant's CSV export.
// Amounts are decimal euros, as everywhere in the API; the server adds them up in cents.

/** The longest range one CSV export covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;
/** How many products "best sellers" lists. */
export const BEST_SELLERS_LIMIT = 5;

/**
 * The statuses whose orders count as sales: the restaurant took them. Waiting orders are not decided
 * yet, rejected and cancelled ones were never sold, and `pending_payment` has not been paid.
 */
export const SALES_STATUSES = ['accepted', 'ready', 'completed'] as const;

export const todayReportQuerySchema = z.object({
  /** The store's local calendar day; left out: today where the store is. */
  date: z.optional(localDateInput()),
  /** Left out: the restaurant (`STORE_ID`). */
  store_id: z.optional(idParamSchema),
});
export type TodayReportQuery = z.infer<typeof todayReportQuerySchema>;

/** One VAT rate of the day: the net at that rate and the VAT on it, the fee's part included (decision 022). */
const vatShareSchema = z.object({ percentage: z.number(), net: z.number(), amount: z.number() });

/** `GET /api/admin/reports/today`: one local day of the store, as the dashboard shows it. */
export const todayReportSchema = z.object({
  date: z.string(),
  timezone: z.string(),
  /** Orders that count as sales (`SALES_STATUSES`) placed that day. */
  orders: z.int(),
  /** Orders still waiting for an answer: not in the revenue. */
  waiting: z.int(),
  rejected: z.int(),
  cancelled: z.int(),
  /**
   * Of the orders that count: totals as charged (discount off, deposit and delivery fee in), net and VAT
   * per rate, and the bottle deposits in the gross (owed back for returned bottles; decision 016); what
   * the delivery/pickup discount and the vouchers took off the goods (already out of the gross), and how
   * many orders redeemed a voucher.
   */
  revenue: z.object({
    gross: z.number(),
    net: z.number(),
    deposit: z.number(),
    discount: z.number(),
    vouchers: z.object({ orders: z.int(), amount: z.number() }),
    vat: z.array(vatShareSchema),
  }),
  /** Gross revenue per order that counts; 0 without orders. */
  average_basket: z.number(),
  split: z.object({
    delivery: z.object({ orders: z.int(), gross: z.number() }),
    pickup: z.object({ orders: z.int(), gross: z.number() }),
  }),
  /**
   * The most ordered products by quantity (variants together); `gross` is their lines' total before discount.
   * A half-and-half pizza counts as half a pizza of each half's dish, with half its line's total, so a
   * quantity may end in .5.
   */
  best_sellers: z.array(z.object({ product_id: z.int(), name: z.string(), quantity: z.number(), gross: z.number() })),
  /** The 24 local hours, 0 to 23, with the orders that count placed in each (a DST day's repeated hour is one). */
  per_hour: z.array(z.object({ hour: z.int(), orders: z.int() })),
});
export type TodayReport = z.infer<typeof todayReportSchema>;

export const csvDecimalSchema = z.enum(['comma', 'point']);
export type CsvDecimal = z.infer<typeof csvDecimalSchema>;

/** `GET /api/admin/reports/orders.csv`: local dates, both included, at most `MAX_REPORT_DAYS` days. */
export const ordersCsvQuerySchema = z.object({
  from: localDateInput(),
  to: localDateInput(),
  /** `comma` (default) for a German Excel, `point` for everything else. */
  decimal: z._default(csvDecimalSchema, 'comma'),
  store_id: z.optional(idParamSchema),
});
export type OrdersCsvQuery = z.input<typeof ordersCsvQuerySchema>;

/** Days from `from` to `to`, both included (`2026-11-01`..`2026-11-30` is 30); 0 or less when reversed. */
export function reportDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}
