import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, type FakeAnswer } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { signedInDevice, STAFF_EMAIL, staffTokens } from '../test-staff.ts';
import { clearStaffSession, useStaffSession } from './staff-session.ts';

const CUSTOMER = JSON.stringify({ access_token: 'customer-jwt', user: { customer_name: 'Maria' } });
const DASHBOARD: Record<string, FakeAnswer> = {
  'GET /api/admin/orders?status=waiting&limit=200': { status: 200, body: [] },
  'GET /api/admin/orders?limit=20': { status: 200, body: [] },
};
const LOGIN_OK: Record<string, FakeAnswer> = {
  'POST /api/staff/login': {
    status: 200,
    body: { ...staffTokens('access-1', 'refresh-1'), device_token: 'device-2' },
  },
  ...DASHBOARD,
};

async function signIn(email = STAFF_EMAIL, password = 'kitchen-secret') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), email);
  await user.type(screen.getByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem('userData', CUSTOMER);
  clearStaffSession();
  await i18n.changeLanguage('de');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin login', () => {
  it('is titled Admin Login and asks for e-mail and password', async () => {
    fakeApi({});
    renderWithProviders(<AdminArea />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin Login | Pizzeria Bella Napoli Restaurant'));
  });

  it('sends the name given to this device, trimmed, and offers it again at the next sign-in', async () => {
    const { calls } = fakeApi(LOGIN_OK);
    const first = renderWithProviders(<AdminArea />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Name dieses Geräts (optional)');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Küche Tablet'));
    await user.type(field, ' Küche Tablet ');
    await signIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const login = calls.find((call) => call.path === '/api/staff/login');
    expect(JSON.parse(String(login?.body))).toMatchObject({
      device_label: 'Küche Tablet',
      device_name: expect.any(String),
    });
    first.unmount();

    clearStaffSession();
    renderWithProviders(<AdminArea />);
    expect(screen.getByLabelText('Name dieses Geräts (optional)')).toHaveValue('Küche Tablet');
  });

  it('signs the device in as JSON with a device name and the known-device token, then opens the dashboard', async () => {
    localStorage.setItem('known_devices', JSON.stringify({ [STAFF_EMAIL]: 'device-1' }));
    const { calls } = fakeApi(LOGIN_OK);
    renderWithProviders(<AdminArea />);
    await signIn('Chef@Example.com');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const login = calls.find((call) => call.path === '/api/staff/login');
    expect(login?.headers.get('Content-Type')).toBe('application/json');
    expect(login?.headers.get('Authorization')).toBeNull();
    expect(JSON.parse(String(login?.body))).toEqual({
      username: 'Chef@Example.com',
      password: 'kitchen-secret',
      device_name: expect.any(String),
      device_token: 'device-1',
    });
    expect(JSON.parse(localStorage.getItem('staff_session') ?? '{}')).toEqual({
      refresh_token: 'refresh-1',
      email: 'Chef@Example.com',
    });
    expect(JSON.parse(localStorage.getItem('known_devices') ?? '{}')).toEqual({ [STAFF_EMAIL]: 'device-2' });
    expect(sessionStorage.getItem('userData')).toBe(CUSTOMER);
    // The access token stays in memory: the board's calls carry it without another refresh.
    await waitFor(() =>
      expect(
        calls.find((call) => call.path.startsWith('/api/admin/stores/13/board'))?.headers.get('Authorization'),
      ).toBe('Bearer access-1'),
    );
    expect(calls.some((call) => call.path === '/api/staff/refresh')).toBe(false);
  });

  it.each([
    [403, 'not_staff', 'Dieses Konto gehört keinem Mitarbeiter. Bitte melden Sie sich im Shop an.'],
    [429, 'too_many_attempts', 'Zu viele Versuche. Bitte warten Sie 5 Minuten.'],
    [401, 'invalid_credentials', 'Ungültige Anmeldedaten'],
    [503, 'login_busy', 'Gerade melden sich sehr viele an. Bitte versuchen Sie es gleich noch einmal.'],
  ])('shows the server’s message when it refuses with %i %s', async (status, code, message) => {
    fakeApi({ 'POST /api/staff/login': { status, body: { code, message } } });
    renderWithProviders(<AdminArea />);
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue(STAFF_EMAIL);
    expect(localStorage.getItem('staff_session')).toBeNull();
    expect(useStaffSession.getState().account).toBeNull();
  });

  it('speaks English after the language switch', async () => {
    fakeApi({});
    renderWithProviders(<AdminArea />);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'en');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('goes straight to the dashboard on a device that is signed in', async () => {
    signedInDevice();
    fakeApi({ 'POST /api/staff/refresh': { status: 200, body: staffTokens('a', 'r') }, ...DASHBOARD });
    renderWithProviders(<AdminArea />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});

describe('admin guard', () => {
  it.each(['/home', '/devices', '/products', '/disscount'])('sends %s to the login without a staff session', (path) => {
    fakeApi({});
    renderWithProviders(<AdminArea />, { route: path });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('does not count a customer’s session as staff', () => {
    fakeApi({});
    renderWithProviders(<AdminArea />, { route: '/home' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('shows a signed-in device the page in the admin frame', async () => {
    signedInDevice();
    fakeApi({ 'POST /api/staff/refresh': { status: 200, body: staffTokens('a', 'r') } });
    renderWithProviders(<AdminArea />, { route: '/products-list' });
    expect(screen.getByRole('heading', { level: 1, name: 'Produktliste' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Verwaltung' });
    expect(nav).toHaveTextContent('Admin Dashboard');
    expect(nav).toHaveTextContent('Geräte');
    expect(within(nav).getByRole('list', { name: 'Speisekarte' })).toHaveTextContent('Produktliste');
    expect(screen.getByRole('link', { name: 'Produktliste' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Produktliste | Pizzeria Bella Napoli Restaurant'));
  });

  it('signs out from the frame and returns to the login', async () => {
    signedInDevice('refresh-9');
    const { calls } = fakeApi({ 'POST /api/staff/logout': { status: 204 } });
    renderWithProviders(<AdminArea />, { route: '/tax' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((call) => call.path === '/api/staff/logout')?.body))).toEqual({
      refresh_token: 'refresh-9',
    });
    expect(sessionStorage.getItem('userData')).toBe(CUSTOMER);
  });
});
