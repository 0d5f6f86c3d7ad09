import { useMutation } from '@tanstack/react-query';
import { registerResponseSchema, type RegisterCustomer } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession } from '../../session/index.ts';
import { deviceName } from '../device-name.ts';
import { rememberDevice } from '../known-devices.ts';
import type { SignedIn } from './login.ts';

/**
 * `POST /api/register/customer`: the answer is the new account with a sign-in for this device, so the
 * customer orders straight away; the address is confirmed later by the link the welcome mail brings.
 */
export async function registerCustomer(input: RegisterCustomer): Promise<SignedIn> {
  const {
    access_token,
    token_type: _type,
    device_token,
    ...user
  } = await apiRequest('/register/customer', registerResponseSchema, {
    method: 'POST',
    json: { ...input, device_name: deviceName() },
  });
  rememberDevice(input.email, device_token);
  saveSession({ access_token, user });
  return { access_token, user };
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
