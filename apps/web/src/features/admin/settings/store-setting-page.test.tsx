import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreSettings } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, type FakeAnswer, type RecordedCall } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, staffTokens } from '../test-staff.ts';

const SETTINGS: StoreSettings = {
  name: 'Bella Napoli',
  address: 'Hauptstraße 1, 10115 Berlin',
  phone: '030 123456',
  email: 'info@example.com',
  legal_name: 'Bella Napoli GmbH',
  legal_representative: 'Maria Rossi',
  trade_register: 'HRB 12345',
  vat_id: 'DE123456789',
  timezone: 'Europe/Berlin',
  region: 'de-DE',
  preparation_minutes: 20,
  orders_per_slot: 4,
  preorder_days: 7,
  max_order_total: 300,
  store_hours: [{ day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittag' }],
  version: 7,
};
const PAUSE = { paused: false, until: null };
const AVAILABILITY = {
  pause: PAUSE,
  closures: [{ id: 4, starts_on: '2026-12-24', ends_on: '2026-12-26', reason: 'Weihnachten' }],
  status: {
    today_hours: [],
    local_time: '2026-11-23T12:00:00+01:00',
    timezone: 'Europe/Berlin',
    is_open: true,
    pause: PAUSE,
    closure: null,
  },
};
const STORE = '/api/admin/stores/13';
const BOARD_SETTINGS = {
  auto_pause_enabled: true,
  auto_pause_after_minutes: 3,
  auto_reject_after_minutes: 15,
  chime_louder_after_minutes: 2,
  print_on_accept: false,
};
const BASE: Record<string, FakeAnswer | FakeAnswer[]> = {
  'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
  [`GET ${STORE}/settings`]: { status: 200, body: SETTINGS },
  [`GET ${STORE}/availability`]: { status: 200, body: AVAILABILITY },
  [`GET ${STORE}/board-settings`]: { status: 200, body: BOARD_SETTINGS },
};

const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls
    .filter((call) => call.method === method && call.path === `${STORE}${path}`)
    .map((call) => JSON.parse(String(call.body)) as unknown);

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('store settings page', () => {
  it('saves a day with two times, one past midnight, with the store version; settings then send the new one', async () => {
    const { calls } = fakeApi({
      ...BASE,
      [`PUT ${STORE}/hours`]: { status: 200, body: { store_hours: [], version: 8 } },
      [`PUT ${STORE}/settings`]: { status: 200, body: { ...SETTINGS, version: 9 } },
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    expect(screen.getByRole('heading', { level: 1, name: 'Öffnungszeiten & Einstellungen' })).toBeInTheDocument();
    const user = userEvent.setup();

    const monday = await screen.findByRole('group', { name: 'Montag' });
    expect(within(screen.getByRole('group', { name: 'Sonntag' })).getByText('Geschlossen')).toBeInTheDocument();
    await user.click(within(monday).getByRole('button', { name: 'Zeit hinzufügen am Montag' }));
    const opens = within(monday).getAllByLabelText('Öffnet') as [HTMLElement, HTMLElement];
    const closes = within(monday).getAllByLabelText('Schließt') as [HTMLElement, HTMLElement];
    expect(opens).toHaveLength(2);
    fireEvent.input(opens[1], { target: { value: '17:30' } });
    fireEvent.input(closes[1], { target: { value: '01:00' } });
    expect(await within(monday).findByText('Endet am nächsten Tag.')).toBeInTheDocument();
    expect(closes[1]).toHaveAccessibleDescription('Endet am nächsten Tag.');
    await user.type(within(monday).getAllByLabelText('Bezeichnung (freiwillig)').at(-1) as HTMLElement, 'Abend');

    await user.click(screen.getByRole('button', { name: 'Öffnungszeiten speichern' }));
    await waitFor(() =>
      expect(sent(calls, 'PUT', '/hours')).toEqual([
        {
          store_hours: [
            { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittag' },
            { day_of_week: 1, open_time: '17:30', close_time: '01:00', label: 'Abend' },
          ],
          version: 7,
        },
      ]),
    );

    // Settings and hours share the store's version: the next save sends the one the hours save returned.
    const preorderDays = screen.getByLabelText('Vorbestellungen (Tage im Voraus)');
    await user.clear(preorderDays);
    await user.type(preorderDays, '3');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/settings')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/settings')[0]).toMatchObject({
      name: 'Bella Napoli',
      max_order_total: 300,
      preorder_days: 3,
      version: 8,
    });
  });

  it('copies a day to the whole week', async () => {
    const { calls } = fakeApi({
      ...BASE,
      [`PUT ${STORE}/hours`]: { status: 200, body: { store_hours: [], version: 8 } },
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zeiten vom Montag auf alle Wochentage übertragen' }));
    expect(within(screen.getByRole('group', { name: 'Sonntag' })).getByLabelText('Öffnet')).toHaveValue('11:30');
    expect(
      screen.getByText('Die Zeiten vom Montag gelten jetzt für alle Tage. Zum Übernehmen speichern.'),
    ).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Öffnungszeiten speichern' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/hours')).toHaveLength(1));
    const body = sent(calls, 'PUT', '/hours')[0] as { store_hours: { day_of_week: number }[] };
    expect(body.store_hours.map((slot) => slot.day_of_week)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('on a conflict keeps the typed name and loads the other version when asked', async () => {
    const theirs = { ...SETTINGS, name: 'Bella Napoli Mitte', version: 8 };
    const { calls } = fakeApi({
      ...BASE,
      [`PUT ${STORE}/settings`]: {
        status: 409,
        body: { code: 'version_conflict', message: 'Jemand hat das inzwischen geändert.', current: theirs },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Bella Napoli Kreuzberg');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Inzwischen geändert')).toBeInTheDocument();
    expect(sent(calls, 'PUT', '/settings')[0]).toMatchObject({ name: 'Bella Napoli Kreuzberg', version: 7 });
    expect(name).toHaveValue('Bella Napoli Kreuzberg');
    await user.click(screen.getByRole('button', { name: 'Deren Stand laden' }));
    expect(name).toHaveValue('Bella Napoli Mitte');
  });

  it('pauses online orders for 30 minutes and deletes a closure', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T11:00:00.000Z'));
    const { calls } = fakeApi({
      ...BASE,
      [`PUT ${STORE}/pause`]: { status: 204 },
      [`DELETE ${STORE}/closures/4`]: { status: 204 },
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    expect(await screen.findByText('Online-Bestellungen laufen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '30 Minuten pausieren' }));
    await waitFor(() =>
      expect(sent(calls, 'PUT', '/pause')).toEqual([{ paused: true, until: '2026-11-23T11:30:00.000Z' }]),
    );
    await user.click(screen.getByRole('button', { name: /^Schließtage .* löschen$/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  }, 20_000);

  it("changes the board's settings in the board's own dialog and shows what they now are", async () => {
    const { calls } = fakeApi({
      ...BASE,
      [`PUT ${STORE}/board-settings`]: { status: 200, body: { ...BOARD_SETTINGS, print_on_accept: true } },
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    const board = await screen.findByRole('region', { name: 'Bestelltafel' });
    expect(await within(board).findByText('Der Küchenbon wird nur auf Wunsch gedruckt.')).toBeInTheDocument();
    expect(board).toHaveTextContent('Online-Bestellungen pausieren, wenn 3 Minuten lang keine Bestelltafel offen ist.');
    await user.click(within(board).getByRole('button', { name: 'Einstellungen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bon beim Annehmen drucken' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(sent(calls, 'PUT', '/board-settings')).toEqual([{ ...BOARD_SETTINGS, print_on_accept: true }]),
    );
    expect(await within(board).findByText('Der Küchenbon wird beim Annehmen gedruckt.')).toBeInTheDocument();
  });
});
