import { asc, eq } from 'drizzle-orm';
import { soldOutUntil, type StoreHour } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { storeHours, stores } from '../../db/schema.ts';

/** A store's weekly hours as the API shapes them, by day and opening time. */
export async function storeHoursOf(db: Db, storeId: number): Promise<StoreHour[]> {
  return db
    .select({
      day_of_week: storeHours.dayOfWeek,
      open_time: storeHours.openTime,
      close_time: storeHours.closeTime,
      label: storeHours.label,
    })
    .from(storeHours)
    .where(eq(storeHours.storeId, storeId))
    .orderBy(asc(storeHours.dayOfWeek), asc(storeHours.openTime));
}

/** The moment "sold out today" (a product's or a topping's) ends for this store, by its weekly hours in its time zone. */
export async function endOfBusinessDay(tx: Db, storeId: number, now: Date): Promise<Date> {
  const [store] = await tx.select({ timezone: stores.timezone }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw new Error(`store ${storeId} vanished during a write`);
  const hours = await storeHoursOf(tx, storeId);
  return soldOutUntil(hours, now, store.timezone);
}
