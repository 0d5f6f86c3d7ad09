import { eq } from 'drizzle-orm';
import { fromCents, type StoreSettings } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { storeHoursOf } from '../catalogue/index.ts';

// The store's settings as staff read and write them. The store's row carries one `version` for
// its settings and its weekly hours together: a save of either raises it.

const settingsColumns = {
  name: stores.name,
  address: stores.address,
  phone: stores.phone,
  email: stores.email,
  legalName: stores.legalName,
  legalRepresentative: stores.legalRepresentative,
  tradeRegister: stores.tradeRegister,
  vatId: stores.vatId,
  timezone: stores.timezone,
  region: stores.region,
  preparationMinutes: stores.preparationMinutes,
  ordersPerSlot: stores.ordersPerSlot,
  preorderDays: stores.preorderDays,
  maxOrderTotalCents: stores.maxOrderTotalCents,
  version: stores.version,
};

/**
 * The store's settings with its weekly hours, or undefined when there is no such store. `lock` holds the
 * store's row (`FOR NO KEY UPDATE`) to the end of the transaction: the write that follows checks the
 * version it read, and orders in flight (which hold the row `FOR SHARE`) finish first.
 */
export async function readStoreSettings(
  db: Db,
  storeId: number,
  options: { lock?: boolean } = {},
): Promise<StoreSettings | undefined> {
  const query = db.select(settingsColumns).from(stores).where(eq(stores.id, storeId));
  const [row] = await (options.lock ? query.for('no key update') : query);
  if (!row) return undefined;
  return {
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    legal_name: row.legalName,
    legal_representative: row.legalRepresentative,
    trade_register: row.tradeRegister,
    vat_id: row.vatId,
    timezone: row.timezone,
    region: row.region,
    preparation_minutes: row.preparationMinutes,
    orders_per_slot: row.ordersPerSlot,
    preorder_days: row.preorderDays,
    max_order_total: fromCents(row.maxOrderTotalCents),
    store_hours: await storeHoursOf(db, storeId),
    version: row.version,
  };
}

/** The settings without the weekly hours: what a settings save's audit entry keeps. */
export function withoutHours(settings: StoreSettings): Omit<StoreSettings, 'store_hours'> {
  const { store_hours: _hours, ...rest } = settings;
  return rest;
}
