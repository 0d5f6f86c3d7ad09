import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { SLOT_MINUTES, type GuestRush } from '@pizzeria/domain';
import { executeRows, type Db } from '../../db/client.ts';
import { storeNotFound } from '../catalogue/index.ts';
import { guestPlaces } from './guest-share.ts';

/**
 * One slot with its guest places held is an ordinary busy moment; from two on, guests are being turned
 * away or pushed later until someone answers.
 */
const RUSH_FROM_SLOTS = 2;

const SLOT_MS = SLOT_MINUTES * 60_000;

const rowSchema = z.object({
  orders_per_slot: z.int(),
  guests: z.array(z.tuple([z.number(), z.int()])),
});

/**
 * Whether unanswered guest orders hold the guests' places of the slots ahead (`guest-share.ts`), from the
 * slot counts the orders keep anyway: one cheap read for the board.
 */
export async function readGuestRush(
  db: Db,
  query: { storeId: number; now: Date; sharePercent: number },
): Promise<GuestRush> {
  const currentSlot = new Date(Math.floor(query.now.getTime() / SLOT_MS) * SLOT_MS);
  const rows = await executeRows(
    db,
    sql`select s.orders_per_slot,
  (select coalesce(json_agg(json_build_array(extract(epoch from g.slot_start) * 1000, g.guests)), '[]'::json)
   from (select slot_start, sum(guests_waiting)::int as guests from slot_counts
         where store_id = s.id and slot_start >= ${new Date(currentSlot.getTime() - 2 * 60 * 60_000).toISOString()}::timestamptz
         group by slot_start having sum(guests_waiting) > 0) g) as guests
from stores s where s.id = ${query.storeId}::int4`,
  );
  if (rows.length === 0) throw storeNotFound(query.storeId);
  const row = rowSchema.parse(rows[0]);
  const places = guestPlaces(row.orders_per_slot, query.sharePercent);
  const ahead = row.guests.filter(([slot]) => slot >= currentSlot.getTime());
  const full = ahead.filter(([, guests]) => guests >= places).length;
  return {
    active: full >= RUSH_FROM_SLOTS,
    waiting_guest_orders: row.guests.reduce((sum, [, guests]) => sum + guests, 0),
    slots_full_for_guests: full,
    guest_places: places,
  };
}
