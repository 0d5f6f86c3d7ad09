import { pushKeySchema } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';

/** `GET /api/admin/push/key`: the server's public VAPID key (base64url), to subscribe with. */
export async function getPushKey(): Promise<string> {
  return (await staffRequest('/admin/push/key', pushKeySchema)).public_key;
}
