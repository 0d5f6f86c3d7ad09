import { useMutation } from '@tanstack/react-query';
import { staffLoginResponseSchema, type LoginRequest } from '@pizzeria/domain';
import { knownDeviceToken, rememberDevice } from '../../../auth/index.ts';
import { rememberDeviceLabel } from '../device-label.ts';
import { staffFetch, startStaffSession } from '../staff-session.ts';

/**
 * A short name for the devices list from the user agent ("Chrome auf Android" is enough to tell the
 * kitchen tablet from the office PC); the server falls back to the raw user agent without one.
 */
export function deviceLabel(userAgent: string = navigator.userAgent): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} · ${system}` : browser;
}

// Order matters: Edge's user agent names Chrome and Safari too, Chrome's names Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/**
 * `POST /api/staff/login` (docs/product/back-office.md) as JSON, with this device's known-device token for the account
 * (decision 006), its browser and system, and the name staff gave it (`label`, optional) for the devices list;
 * keeps the staff session, and the name for the next sign-in, on success.
 */
export async function staffLogin({ username: email, password }: LoginRequest, label = ''): Promise<void> {
  const deviceToken = knownDeviceToken(email);
  const given = label.trim();
  const answer = await staffFetch('/staff/login', staffLoginResponseSchema, {
    method: 'POST',
    json: {
      username: email,
      password,
      device_name: deviceLabel(),
      ...(given ? { device_label: given } : {}),
      ...(deviceToken ? { device_token: deviceToken } : {}),
    },
  });
  rememberDevice(email, answer.device_token);
  rememberDeviceLabel(given);
  startStaffSession(answer, { email: email.trim() });
}

/** The staff login, sending `label` as this device's name. */
export function useStaffLogin(label = '') {
  return useMutation({ mutationFn: (request: LoginRequest) => staffLogin(request, label) });
}
