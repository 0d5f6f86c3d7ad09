import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, type FakeAnswer, type RecordedCall } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, staffTokens } from '../test-staff.ts';

const STORE = '/api/admin/stores/13';
const PAUSE = { paused: false, until: null };
const CLOSURE = { id: 4, starts_on: '2026-12-24', ends_on: '2026-12-26', reason: 'Weihnachten' };
const availability = (closures: unknown[]) => ({
  status: 200,
  body: {
    pause: PAUSE,
    closures,
    status: {
      today_hours: [],
      local_time: '2026-11-23T12:00:00+01:00',
      timezone: 'Europe/Berlin',
      is_open: true,
      pause: PAUSE,
      closure: null,
    },
  },
});
const HAS_ORDERS: FakeAnswer = {
  status: 409,
  body: {
    code: 'closure_has_orders',
    message: 'Für diese Tage gibt es schon Bestellungen. Trotzdem schließen?',
    orders: [
      {
        id: 812,
        status: 'accepted',
        promised_at: '2026-12-24T11:30:00.000Z',
        customer_name: 'Gabi Gast',
        phone: '+4915112345678',
      },
    ],
  },
};
const BASE: Record<string, FakeAnswer | FakeAnswer[]> = {
  'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
  [`GET ${STORE}/settings`]: { status: 404, body: { code: 'not_found', message: '–' } },
  [`GET ${STORE}/board-settings`]: { status: 404, body: { code: 'not_found', message: '–' } },
};

const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls
    .filter((call) => call.method === method && call.path === `${STORE}${path}`)
    .map((call) => JSON.parse(String(call.body)) as unknown);

async function fillClosure(user: ReturnType<typeof userEvent.setup>) {
  const section = await screen.findByRole('region', { name: 'Schließtage' });
  await user.type(within(section).getByLabelText('Von'), '2026-12-24');
  await user.type(within(section).getByLabelText('Bis einschließlich'), '2026-12-24');
  await user.type(within(section).getByLabelText(/^Grund/), 'Wasserschaden');
  await user.click(within(section).getByRole('button', { name: 'Schließtage eintragen' }));
}

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('closure days', () => {
  it('lists the orders on the days before closing them, and closes anyway only when asked to', async () => {
    const { calls } = fakeApi({
      ...BASE,
      [`GET ${STORE}/availability`]: availability([]),
      [`POST ${STORE}/closures`]: [HAS_ORDERS, { status: 201, body: { ...CLOSURE, ends_on: '2026-12-24' } }],
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    await fillClosure(user);

    const dialog = await screen.findByRole('alertdialog', { name: 'Trotzdem schließen?' });
    expect(within(dialog).getByText('Für diese Tage gibt es schon Bestellungen:')).toBeInTheDocument();
    const [order] = within(within(dialog).getByRole('list', { name: 'Bestellungen an diesen Tagen' })).getAllByRole(
      'listitem',
    );
    expect(order).toHaveTextContent(/Nr\. 812 · Do\., 24\. Dez\., \d\d:30 · Gabi Gast/);
    expect(order).toHaveTextContent('angenommen');
    // Not an error under the form: the dialog says it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem schließen' }));
    await waitFor(() =>
      expect(sent(calls, 'POST', '/closures')).toEqual([
        { starts_on: '2026-12-24', ends_on: '2026-12-24', reason: 'Wasserschaden' },
        { starts_on: '2026-12-24', ends_on: '2026-12-24', reason: 'Wasserschaden', confirm: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Schließtage eingetragen.')).toBeInTheDocument();
  }, 20_000);

  it('closes nothing when staff keep the days open', async () => {
    const { calls } = fakeApi({
      ...BASE,
      [`GET ${STORE}/availability`]: availability([]),
      [`POST ${STORE}/closures`]: HAS_ORDERS,
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    await fillClosure(user);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Nicht schließen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent(calls, 'POST', '/closures')).toHaveLength(1);
    expect(screen.getByLabelText(/^Grund/)).toHaveValue('Wasserschaden');
  }, 20_000);

  it('asks before deleting a closure, and deletes nothing when cancelled', async () => {
    const { calls } = fakeApi({
      ...BASE,
      [`GET ${STORE}/availability`]: availability([CLOSURE]),
      [`DELETE ${STORE}/closures/4`]: { status: 204 },
    });
    renderWithProviders(<AdminArea />, { route: '/store-setting' });
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: /^Schließtage 24\.12\.2026 – 26\.12\.2026 löschen$/ });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Schließtage 24.12.2026 – 26.12.2026 löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
