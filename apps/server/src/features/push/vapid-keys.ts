import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { webPushVapidSettingSchema, type WebPushVapidSetting } from '@pizzeria/domain';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

const VAPID_SETTING = 'web_push_vapid';

/**
 * The server's VAPID key pair, made on first need and kept in `settings`: every instance signs with the same
 * key, so a device subscribed through one is reached from all. Instances starting together each offer a
 * pair; the insert keeps the first and every instance then reads that one.
 */
export async function storedVapidKeys(db: Db): Promise<WebPushVapidSetting> {
  const offered = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: VAPID_SETTING, value: { public_key: offered.publicKey, private_key: offered.privateKey } })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, VAPID_SETTING));
  const keys = webPushVapidSettingSchema.safeParse(row?.value);
  if (!keys.success) throw new Error(`The stored ${VAPID_SETTING} setting is not a VAPID key pair`);
  return keys.data;
}
