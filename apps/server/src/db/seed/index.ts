import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { storeHours, stores } from '../schema.ts';

/** Seeds the demo restaurant (store 13) into an empty database; does nothing when a store exists. */
export async function seedDemoRestaurant(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: stores.id }).from(stores).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(stores).values({
      id: 13,
      name: 'Pizzeria Bella Napoli',
      timezone: 'Europe/Berlin',
      region: 'de-DE',
      address: 'Oranienstraße 42, 10999 Berlin',
      phone: '+49 30 1234567',
      email: 'hallo@bella-napoli.example',
    });
    await tx.execute(sql`select setval(pg_get_serial_sequence('stores', 'id'), 13)`);
    await tx
      .insert(storeHours)
      .values([{ storeId: 13, dayOfWeek: 1, openTime: '11:30', closeTime: '22:00', label: null }]);
    return true;
  });
}
