import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceName } from '../device-name.ts';
import { KNOWN_DEVICES_KEY } from '../known-devices.ts';
import { fakeApi, TEST_USER } from '../test-api.ts';
import { login } from './login.ts';

describe('login and the known-device token', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  const answers = (deviceToken: string) => ({
    'POST /api/login': { status: 200, body: { access_token: 'jwt', token_type: 'bearer', device_token: deviceToken } },
    'GET /api/users/me': { status: 200, body: TEST_USER },
  });

  it('keeps the token the server gives and sends it with the next login to that account only', async () => {
    const first = fakeApi(answers('device-1'));
    await login({ username: ' Maria@Example.com ', password: 'secret-password' });
    expect((first.calls[0]?.body as FormData).get('device_token')).toBeNull();
    expect((first.calls[0]?.body as FormData).get('device_name')).toBe(deviceName());

    const second = fakeApi(answers('device-2'));
    await login({ username: 'maria@example.com', password: 'secret-password' });
    expect((second.calls[0]?.body as FormData).get('device_token')).toBe('device-1');

    const other = fakeApi(answers('device-3'));
    await login({ username: 'someone@example.com', password: 'secret-password' });
    expect((other.calls[0]?.body as FormData).get('device_token')).toBeNull();
    expect(JSON.parse(localStorage.getItem(KNOWN_DEVICES_KEY) ?? '{}')).toEqual({
      'maria@example.com': 'device-2',
      'someone@example.com': 'device-3',
    });
  });

  it('remembers at most five accounts, forgetting the oldest', async () => {
    for (let i = 1; i <= 6; i += 1) {
      fakeApi(answers(`device-${i}`));
      await login({ username: `user${i}@example.com`, password: 'secret-password' });
    }
    expect(Object.keys(JSON.parse(localStorage.getItem(KNOWN_DEVICES_KEY) ?? '{}'))).toEqual([
      'user2@example.com',
      'user3@example.com',
      'user4@example.com',
      'user5@example.com',
      'user6@example.com',
    ]);
  });
});
