import * as z from 'zod/mini';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/** Local storage: the known-device token of each account that signed in on this device (decision 006). */
export const KNOWN_DEVICES_KEY = 'known_devices';
/** Several people may share a family tablet; older entries beyond these are forgotten. */
const MAX_ACCOUNTS = 5;

const knownDevicesSchema = z.record(z.string(), z.string());

/** The e-mail as the server compares it. */
function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The token this device got when it last signed in to the account, if any. */
export function knownDeviceToken(email: string): string | undefined {
  return readStorage(KNOWN_DEVICES_KEY, knownDevicesSchema)?.[accountKey(email)];
}

/**
 * Keeps the token the server gave at a successful login: with it, this device's next logins are counted
 * on their own, so somebody guessing the password elsewhere cannot lock it out. It is no access token,
 * so it survives logging out.
 */
export function rememberDevice(email: string, token: string): void {
  const key = accountKey(email);
  const others = Object.entries(readStorage(KNOWN_DEVICES_KEY, knownDevicesSchema) ?? {}).filter(
    ([account]) => account !== key,
  );
  writeStorage(KNOWN_DEVICES_KEY, Object.fromEntries([...others.slice(-(MAX_ACCOUNTS - 1)), [key, token]]));
}
