import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, userSchema, type LoginRequest, type User } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession } from '../../session/index.ts';
import { deviceName } from '../device-name.ts';
import { knownDeviceToken, rememberDevice } from '../known-devices.ts';

export interface SignedIn {
  access_token: string;
  user: User;
}

/**
 * Logs in (docs/product/shop.md): `POST /api/login` as form-data with `username` and `password`, sent as entered
 * (docs/product/shop.md), this device's known-device token for the account if it has one and its name for the
 * customer's list of devices; then `GET /api/users/me`
 * with the new token. The session is saved only when both worked.
 */
export async function login({ username, password }: LoginRequest): Promise<SignedIn> {
  const form = new FormData();
  form.set('username', username);
  form.set('password', password);
  const device = knownDeviceToken(username);
  if (device) form.set('device_token', device);
  form.set('device_name', deviceName());
  const { access_token, device_token } = await apiRequest('/login', loginResponseSchema, {
    method: 'POST',
    body: form,
  });
  if (device_token) rememberDevice(username, device_token);
  const user = await apiRequest('/users/me', userSchema, { headers: { Authorization: `Bearer ${access_token}` } });
  saveSession({ access_token, user });
  return { access_token, user };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
