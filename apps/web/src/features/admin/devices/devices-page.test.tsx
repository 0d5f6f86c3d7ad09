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
  created_at: '2026-11-20T17:05:00.000Z',
  last_used_at: '2026-11-23T10:00:00.000Z',
  current: false,
};
const THIS_PC = {
  id: 5,
  device_name: 'Firefox · Windows',
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
});
