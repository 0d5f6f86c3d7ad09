import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import { asSignedInStaff, REFRESH } from '../test-staff.ts';
import { PushSwitch } from './index.ts';

/** 65 bytes, as a P-256 public key is: what the server's key decodes to. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index * 7) % 256);
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk1-abc_def', auth: 'c2VjcmV0' },
};

/** The browser's push parts: a service worker container, its registration's PushManager, and Notification. */
function fakeBrowser(options: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  const subscription = { toJSON: () => SUBSCRIPTION_JSON, unsubscribe: vi.fn(async () => true) };
  let current = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (options.subscribed ? registration : undefined)),
  };
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  return { serviceWorker, pushManager, subscription, notification };
}

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PushSwitch', () => {
  it('turns notifications on: asks permission, registers the worker, subscribes with the server’s key, sends it', async () => {
    const browser = fakeBrowser({});
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/push/key': { status: 200, body: { public_key: KEY } },
      'PUT /api/admin/push/subscription': { status: 204 },
    });
    renderWithProviders(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Benachrichtigungen: aus' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await userEvent.setup().click(toggle);

    expect(await screen.findByRole('switch', { name: 'Benachrichtigungen: an' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/order-online/admin/sw.js', {
      scope: '/order-online/admin/',
    });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: KEY_BYTES,
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/admin/push/subscription');
    expect(put?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(put?.body))).toEqual(SUBSCRIPTION_JSON);
    expect(screen.getByText(/klingelt bei jeder neuen Bestellung/)).toBeInTheDocument();
  });

  it('explains, and stays off, when the person refuses notifications in the browser', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const { calls } = fakeApi({ ...REFRESH });
    renderWithProviders(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Benachrichtigungen: aus' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.setup().click(toggle);

    expect(await screen.findByText(/im Browser blockiert/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Website-Einstellungen'));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path.startsWith('/api/admin/push'))).toBe(false);
  });

  it('says when the browser cannot push at all', async () => {
    fakeApi({ ...REFRESH });
    renderWithProviders(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Benachrichtigungen: aus' });
    expect(await screen.findByText(/Dieser Browser kann keine Benachrichtigungen empfangen/)).toBeInTheDocument();
    expect(toggle).toBeDisabled();
  });

  it('shows a device already subscribed as on (telling the server again), and turns it off', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const { calls } = fakeApi({
      ...REFRESH,
      'PUT /api/admin/push/subscription': { status: 204 },
      'DELETE /api/admin/push/subscription': { status: 204 },
    });
    renderWithProviders(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Benachrichtigungen: an' });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);

    await userEvent.setup().click(toggle);

    expect(await screen.findByRole('switch', { name: 'Benachrichtigungen: aus' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/admin/push/subscription');
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says so when turning on fails, and stays off', async () => {
    fakeBrowser({});
    fakeApi({ ...REFRESH, 'GET /api/admin/push/key': { status: 500, body: { code: 'x', message: 'kaputt' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Benachrichtigungen: aus' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Das hat nicht geklappt. Bitte versuchen Sie es erneut.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
