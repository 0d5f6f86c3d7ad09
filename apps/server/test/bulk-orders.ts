import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../src/db/client.ts';
import { orderSearchQuery, type OrderSearch } from '../src/features/orders/index.ts';

// Many orders at once, for what only shows at volume: the order search's query plans (its test) and
// timings (`bench/order-search.ts`). Written in one statement by the database itself: placing 100,000
// orders through the API would take an hour and measure the checkout instead.

const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Elif', 'Felix', 'Greta', 'Hannah', 'Ivan', 'Jana'];
const SURNAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Yilmaz',
  'Hoffmann',
];

/**
 * The needle among the bulk orders: a customer who ordered once, as staff would look them up. Placed
 * an hour after the newest bulk order.
 */
export const NEEDLE = {
  name: 'Zora Zwetschgenbaum',
  email: 'zora.zwetschgenbaum@example.com',
  phone: '+4917099988877',
};

/**
 * Writes `count` orders of store 13, one every five minutes back from `newest`: 100 names, phone numbers
 * and e-mail addresses, ten in a hundred rejected or cancelled, a third paid with PayPal and one in five
 * thousand of those with a refund PayPal refused, as many with a capture PayPal declined; then the needle, and fresh statistics for the planner.
 */
export async function seedBulkOrders(db: Db, count: number, newest = '2026-11-28T20:00:00Z'): Promise<void> {
  const firstNames = `{${FIRST_NAMES.join(',')}}`;
  const surnames = `{${SURNAMES.join(',')}}`;
  const address = (name: SQLText, phone: SQLText, email: SQLText) =>
    sql`jsonb_build_object('customerName', ${name}, 'phone', ${phone}, 'email', ${email}, 'line1', 'Gneisenaustraße 1', 'line2', null, 'city', 'Berlin', 'zip', '10969', 'country', 'DE')`;
  const first = sql`(${firstNames}::text[])[1 + g % 10]`;
  const last = sql`(${surnames}::text[])[1 + (g / 10) % 10]`;
  await db.execute(sql`
    insert into orders (store_id, tracking_token, status, order_type, payment_method, payment_status,
      promised_at, slot_start, language, address, subtotal_cents, discount_percentage, discount_cents,
      delivery_fee_cents, total_cents, vat, idempotency_scope, idempotency_key, request_hash, created_at)
    select 13, 'bulk-' || g,
      case when g % 20 = 0 then 'rejected' when g % 20 = 1 then 'cancelled' else 'completed' end,
      case when g % 2 = 0 then 'delivery' else 'pickup' end,
      case when g % 3 = 0 then 'paypal' else 'cash' end,
      case when g % 3 <> 0 then null when g % 15000 = 0 then 'refund_failed' when g % 15000 = 3 then 'declined'
        when g % 20 in (0, 1) then 'refunded' else 'paid' end,
      ${newest}::timestamptz - g * interval '5 minutes', ${newest}::timestamptz - g * interval '5 minutes', 'de',
      ${address(
        sql`${first} || ' ' || ${last}`,
        sql`'+49' || (151 + g % 30) || lpad(((g * 7919) % 100000000)::text, 8, '0')`,
        sql`lower(${first} || '.' || ${last} || (g % 1000)) || '@example.com'`,
      )},
      2000 + g % 3000, 0, 0, 0, 2000 + g % 3000, '[]'::jsonb, 'bulk', 'bulk-' || g, 'bulk',
      ${newest}::timestamptz - g * interval '5 minutes'
    from generate_series(1, ${count}::int) as g
  `);
  await db.execute(sql`
    insert into orders (store_id, tracking_token, status, order_type, payment_method, payment_status,
      promised_at, slot_start, language, address, subtotal_cents, discount_percentage, discount_cents,
      delivery_fee_cents, total_cents, vat, idempotency_scope, idempotency_key, request_hash, created_at)
    values (13, 'bulk-needle', 'completed', 'pickup', 'cash', null, ${newest}::timestamptz + interval '1 hour',
      ${newest}::timestamptz + interval '1 hour', 'de', ${address(sql`${NEEDLE.name}::text`, sql`${NEEDLE.phone}::text`, sql`${NEEDLE.email}::text`)},
      2500, 0, 0, 0, 2500, '[]'::jsonb, 'bulk', 'bulk-needle', 'bulk', ${newest}::timestamptz + interval '1 hour')
  `);
  await db.execute(sql`analyze orders`);
}

type SQLText = ReturnType<typeof sql>;

/**
 * The plan PostgreSQL chooses for a page of the order search, and the indexes it reads. With
 * `seqscan: false` the planner avoids a sequential scan wherever it can (`enable_seqscan = off`, for this
 * statement only): what is left shows whether an index can serve the search at all.
 */
export async function explainOrderSearch(
  db: Db,
  search: OrderSearch,
  options: { timeZone?: string; seqscan?: boolean } = {},
): Promise<{ plan: string; indexes: string[] }> {
  const statement = sql`explain ${orderSearchQuery(db, search, options.timeZone ?? 'Europe/Berlin')}`;
  const rows =
    options.seqscan === false
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return executeRows(tx, statement);
        })
      : await executeRows(db, statement);
  const plan = rows.map((row) => String(Object.values(row as Record<string, unknown>)[0])).join('\n');
  const indexes = [...plan.matchAll(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)]
    .map((match) => match[1] ?? '')
    .filter((name, index, all) => all.indexOf(name) === index);
  return { plan, indexes };
}
