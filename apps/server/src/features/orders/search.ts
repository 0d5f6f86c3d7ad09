import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_ID,
  fromCents,
  phoneSearchDigits,
  reportDays,
  type OrderSearchFilters,
  type OrderSearchPage,
} from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { orders, stores } from '../../db/schema.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { cancelledBy } from './render.ts';
import { placedOnLocalDays, REPORT_RANGE_REVERSED } from '../reports/index.ts';

// Staff's search over all orders ("Bestellungen"). Each part of a search is written exactly as the index
// it needs (`db/schema.ts`, migration 0017), so the planner can use it: the name and e-mail lower-cased,
// the phone as its digits, all three searched with trigram indexes for "contains"; the list newest first
// over (store, created_at, id), a page after the order it ended with.

const customerName = sql`lower((${orders.address} ->> 'customerName'))`;
const email = sql`lower((${orders.address} ->> 'email'))`;
const phoneDigits = sql`regexp_replace((${orders.address} ->> 'phone'), '[^0-9]', '', 'g')`;

/** An order number as staff say or copy it: "1234", "#1234", "Nr. 1234". */
const ORDER_NUMBER = /^(?:#|nr\.?\s*)?(\d{1,10})$/i;
/** Only digits and what stands between a phone number's digits: no name or e-mail to look for. */
const NUMBER_LIKE = /^[\d\s+/().#-]*$/;

/** `text` as a `like` pattern that finds it anywhere: its own `%`, `_` and `\` are taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * What one search box text matches: the order of that number, phone numbers containing its digits
 * (however the prefix was typed), names and e-mail addresses containing it, case-insensitively.
 */
export function searchCondition(text: string): SQL {
  const matches: SQL[] = [];
  const number = ORDER_NUMBER.exec(text)?.[1];
  if (number !== undefined && Number(number) <= MAX_ID) matches.push(eq(orders.id, Number(number)));
  const digits = phoneSearchDigits(text);
  if (digits !== null) matches.push(sql`${phoneDigits} like ${containing(digits)}`);
  if (!NUMBER_LIKE.test(text)) {
    const pattern = containing(text.toLowerCase());
    matches.push(sql`${customerName} like ${pattern}`, sql`${email} like ${pattern}`);
  }
  return or(...matches) ?? sql`false`;
}

export interface OrderSearch extends OrderSearchFilters {
  storeId: number;
  /** The last order of the page before. */
  cursor?: number;
  limit: number;
}

/**
 * The statement of one page of the store's orders matching `search` (one more row than the page, to
 * tell whether another follows), newest first. Keyset paging: the next page starts after the order the
 * last one ended with, so orders placed meanwhile (on top) neither shift nor repeat rows, and a late page
 * costs what the first does.
 */
export function orderSearchQuery(db: Db, search: OrderSearch, timeZone: string) {
  const { from, to } = search;
  const conditions: (SQL | undefined)[] = [
    eq(orders.storeId, search.storeId),
    search.q ? searchCondition(search.q) : undefined,
    // One side left open reaches to the first or last day a date input takes.
    from !== undefined || to !== undefined
      ? placedOnLocalDays(from ?? '2000-01-01', to ?? '2999-12-31', timeZone)
      : undefined,
    search.status ? eq(orders.status, search.status) : undefined,
    search.payment_method ? eq(orders.paymentMethod, search.payment_method) : undefined,
    search.payment_status ? eq(orders.paymentStatus, search.payment_status) : undefined,
    search.cursor === undefined
      ? undefined
      : sql`(${orders.createdAt}, ${orders.id}) < (select "after"."created_at", "after"."id" from "orders" as "after" where "after"."id" = ${search.cursor})`,
  ];
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      address: orders.address,
      orderType: orders.orderType,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      decidedAt: orders.decidedAt,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(search.limit + 1);
}

/** One page of the store's orders matching `search`, newest first; the days are the store's. */
export async function searchOrders(db: Db, search: OrderSearch): Promise<OrderSearchPage> {
  const [store] = await db.select({ timezone: stores.timezone }).from(stores).where(eq(stores.id, search.storeId));
  if (!store) throw storeNotFound(search.storeId);
  if (search.from !== undefined && search.to !== undefined && reportDays(search.from, search.to) < 1) {
    throw REPORT_RANGE_REVERSED;
  }
  const rows = await orderSearchQuery(db, search, store.timezone);
  const page = rows.slice(0, search.limit);
  return {
    orders: page.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      customer_name: row.address.customerName,
      phone: row.address.phone,
      email: row.address.email,
      order_type: row.orderType,
      status: row.status,
      payment_method: row.paymentMethod,
      payment_status: row.paymentStatus,
      total: fromCents(row.totalCents),
      cancelled_by: cancelledBy(row),
    })),
    next_cursor: rows.length > search.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
