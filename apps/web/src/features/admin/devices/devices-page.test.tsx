import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { useStaffSession } from '../auth/staff-session.ts';
import { asSignedInStaff, REFRESH } from '../test-staff.ts';

const TABLET = {
  id: 3,
  device_name: 'Chrome · Android',
  label: null,
  created_at: '2026-11-20T17:05:00.000Z',
  last_used_at: '2026-11-23T10:00:00.000Z',
  current: false,
};
const THIS_PC = {
  id: 5,
  device_name: 'Firefox · Windows',
  label: null,
  created_at: '2026-11-22T08:00:00.000Z',
  last_used_at: '2026-11-23T11:00:00.000Z',
  current: true,
};

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('devices page', () => {
  it('lists the signed-in devices, this one first and marked', async () => {
    fakeApi({ ...REFRESH, 'GET /api/admin/sessions': { status: 200, body: [TABLET, THIS_PC] } });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    expect(screen.getByRole('heading', { level: 1, name: 'Geräte' })).toBeInTheDocument();

    const items = await screen.findAllByRole('listitem', { name: /·/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Firefox · Windows', 'Chrome · Android']);
    const [thisDevice, tablet] = items as [HTMLElement, HTMLElement];
    expect(within(thisDevice).getByText('Dieses Gerät')).toBeInTheDocument();
    expect(within(tablet).queryByText('Dieses Gerät')).not.toBeInTheDocument();
    expect(within(tablet).getByText('Angemeldet seit')).toBeInTheDocument();
    expect(within(tablet).getByText('Zuletzt genutzt')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Geräte | Pizzeria Bella Napoli Restaurant'));
  });

  it('signs another device out and shows the list again', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/sessions': [
        { status: 200, body: [TABLET, THIS_PC] },
        { status: 200, body: [THIS_PC] },
      ],
      'DELETE /api/admin/sessions/3': { status: 204 },
    });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Chrome · Android abmelden' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Chrome · Android' })).not.toBeInTheDocument());
    const remove = calls.find((call) => call.method === 'DELETE');
    expect(remove?.path).toBe('/api/admin/sessions/3');
    expect(remove?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(useStaffSession.getState().account).not.toBeNull();
  });

  it('returns to the login after signing out this device', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/sessions': { status: 200, body: [TABLET, THIS_PC] },
      'DELETE /api/admin/sessions/5': { status: 204 },
    });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Firefox · Windows abmelden' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('staff_session')).toBeNull();
  });

  it('says so when signing out fails', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/sessions': { status: 200, body: [TABLET, THIS_PC] },
      'DELETE /api/admin/sessions/3': {
        status: 404,
        body: { code: 'session_not_found', message: 'Dieses Gerät ist nicht (mehr) angemeldet.' },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Chrome · Android abmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Gerät ist nicht (mehr) angemeldet.');
  });

  it('shows a named device by its name, with its browser and system smaller beside it', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/admin/sessions': { status: 200, body: [{ ...TABLET, label: 'Küche Tablet' }, THIS_PC] },
    });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    const kitchen = await screen.findByRole('listitem', { name: 'Küche Tablet' });
    expect(within(kitchen).getByRole('heading', { level: 2, name: 'Küche Tablet' })).toBeInTheDocument();
    expect(within(kitchen).getByText('Chrome · Android')).toHaveClass('admin-device-kind');
    expect(within(kitchen).getByRole('button', { name: 'Küche Tablet abmelden' })).toBeInTheDocument();
  });

  it('renames a device: the name is sent trimmed, the list shows it, and it is kept for this device’s next sign-in', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/sessions': [
        { status: 200, body: [TABLET, THIS_PC] },
        { status: 200, body: [TABLET, { ...THIS_PC, label: 'Büro PC' }] },
      ],
      'PATCH /api/admin/sessions/5': { status: 200, body: { ...THIS_PC, label: 'Büro PC' } },
    });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Firefox · Windows umbenennen' }));
    const field = screen.getByLabelText('Gerätename');
    expect(field).toHaveFocus();
    await user.type(field, '  Büro PC ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('listitem', { name: 'Büro PC' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Das Gerät heißt jetzt „Büro PC“.');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ label: 'Büro PC' });
    expect(JSON.parse(localStorage.getItem('staff_device_label') ?? 'null')).toBe('Büro PC');
  });

  it('refuses an empty or too long name before sending it, and shows the server’s refusal', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/sessions': { status: 200, body: [TABLET, THIS_PC] },
      'PATCH /api/admin/sessions/3': {
        status: 404,
        body: { code: 'session_not_found', message: 'Dieses Gerät ist nicht (mehr) angemeldet.' },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/devices' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Chrome · Android umbenennen' }));
    const field = screen.getByLabelText('Gerätename');
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie einen Namen mit 1 bis 60 Zeichen ein.'),
    );
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(field);
    await user.type(field, 'Kasse');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Gerät ist nicht (mehr) angemeldet.')).toBeInTheDocument();
  });
});
