import { asc, eq } from 'drizzle-orm';
import type { StoreHour } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { storeHours } from '../../db/schema.ts';

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
