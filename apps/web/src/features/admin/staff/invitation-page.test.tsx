import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, type FakeAnswer } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { clearStaffSession, useStaffSession } from '../auth/staff-session.ts';
import { staffMe, staffTokens } from '../test-staff.ts';

const TOKEN = 'abc_DEF-123';
const PREVIEW_PATH = `GET /api/staff/invitation?token=${TOKEN}`;
const PREVIEW = {
  name: 'Luca Bianchi',
  email: 'luca@example.com',
  role: 'kitchen',
  expires_at: '2026-11-29T10:00:00.000Z',
};
const INVALID = {
  status: 404,
  body: {
    code: 'invitation_invalid',
    message: 'Diese Einladung ist ungültig, schon benutzt oder abgelaufen. Bitte fragen Sie nach einer neuen.',
  },
};
const SIGNED_IN: Record<string, FakeAnswer> = {
  'POST /api/staff/login': { status: 200, body: { ...staffTokens('access-1', 'refresh-1'), device_token: 'dev-1' } },
  'GET /api/users/me': { status: 200, body: { ...staffMe('kitchen', 'Luca Bianchi'), email: 'luca@example.com' } },
  'GET /api/admin/stores/13/board': { status: 503, body: { code: 'unavailable', message: 'später' } },
};

function openInvitation(answers: Record<string, FakeAnswer | FakeAnswer[]>, route = `/invitation?token=${TOKEN}`) {
  const api = fakeApi(answers);
  renderWithProviders(<AdminArea />, { route });
  return { api, user: userEvent.setup() };
}

const sent = (api: ReturnType<typeof fakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path);

beforeEach(async () => {
  localStorage.clear();
  clearStaffSession();
  await i18n.changeLanguage('de');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('the invitation page', () => {
  it('says whom it is for, sets the password, signs this device in and lands on the board', async () => {
    const { api, user } = openInvitation({
      [PREVIEW_PATH]: { status: 200, body: PREVIEW },
      'POST /api/staff/invitation/accept': { status: 201, body: { message: 'Willkommen' } },
      ...SIGNED_IN,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Einladung ins Team' })).toBeInTheDocument();
    expect(
      await screen.findByText(/^Für Luca Bianchi \(luca@example\.com\) als Küche, gültig bis 29\.11\.2026/),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Einladung ins Team | Pizzeria Bella Napoli Restaurant'));

    await user.type(screen.getByLabelText('Passwort'), 'ofen-und-teig-2026');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'ofen-und-teig-2026');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen und anmelden' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(JSON.parse(String(sent(api, 'POST', '/api/staff/invitation/accept')[0]?.body))).toEqual({
      token: TOKEN,
      password: 'ofen-und-teig-2026',
    });
    expect(JSON.parse(String(sent(api, 'POST', '/api/staff/login')[0]?.body))).toMatchObject({
      username: 'luca@example.com',
      password: 'ofen-und-teig-2026',
    });
    await waitFor(() => expect(useStaffSession.getState().account?.role).toBe('kitchen'));
  });

  it('asks for the same password twice, and says a common one is too easy to guess', async () => {
    const { api, user } = openInvitation({
      [PREVIEW_PATH]: { status: 200, body: PREVIEW },
      'POST /api/staff/invitation/accept': {
        status: 400,
        body: { code: 'password_too_common', message: 'Zu bekannt.' },
      },
    });
    const password = await screen.findByLabelText('Passwort');
    await user.type(password, 'ofen-und-teig-2026');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'ofen-und-teig-2025');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen und anmelden' }));
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveAccessibleDescription(
      'Die beiden Passwörter stimmen nicht überein.',
    );
    expect(sent(api, 'POST', '/api/staff/invitation/accept')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Passwort wiederholen'));
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'ofen-und-teig-2026');
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen und anmelden' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Dieses Passwort ist zu bekannt und leicht zu erraten. Bitte wählen Sie ein anderes. Mindestens 8 Zeichen.',
      ),
    );
    expect(useStaffSession.getState().account).toBeNull();
  });

  it('says so when the link is used, expired or withdrawn, with the way to the sign-in', async () => {
    openInvitation({ [PREVIEW_PATH]: INVALID });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diese Einladung ist ungültig, schon benutzt oder abgelaufen. Bitte fragen Sie nach einer neuen.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Einladung ungültig' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument();
  });

  it('says a link without its token is incomplete, without asking the server', async () => {
    const { api } = openInvitation({}, '/invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist unvollständig.');
    expect(api.calls.filter((call) => call.path.startsWith('/api/staff'))).toHaveLength(0);
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    openInvitation({ [PREVIEW_PATH]: { status: 200, body: PREVIEW } });
    expect(
      await screen.findByText(/^For Luca Bianchi \(luca@example\.com\) as Kitchen, valid until/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat the password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set password and sign in' })).toBeInTheDocument();
  });
});
