import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminVoucher } from '@pizzeria/domain';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, REFRESH } from '../test-staff.ts';

const STORE = '/api/admin/stores/13';

const WILLKOMMEN: AdminVoucher = {
  id: 3,
  code: 'WILLKOMMEN',
  kind: 'amount',
  percentage: null,
  amount: 5,
  minimum_order_amount: 20,
  valid_from: '2026-12-01',
  valid_to: '2026-12-31',
  order_types: 'pickup',
  max_uses: 100,
  max_uses_per_customer: 1,
  first_order_only: true,
  active: true,
  uses: 3,
  created_at: '2026-11-20T10:00:00Z',
  version: 2,
};
const SOMMER: AdminVoucher = {
  ...WILLKOMMEN,
  id: 4,
  code: 'SOMMER',
  kind: 'percentage',
  percentage: 10,
  amount: null,
  minimum_order_amount: 0,
  valid_from: null,
  valid_to: null,
  order_types: 'both',
  max_uses: null,
  max_uses_per_customer: null,
  first_order_only: false,
  active: false,
  uses: 12,
};
const LIST = { vouchers: [WILLKOMMEN, SOMMER], combine_with_discount: false, store_version: 7 };

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rowOf(code: string): Promise<HTMLElement> {
  return screen.findByRole('rowheader', { name: code }).then((cell) => cell.closest('tr') as HTMLElement);
}

describe('the vouchers page', () => {
  it('lists each code with its value, conditions in short words, uses and switch', async () => {
    fakeApi({ ...REFRESH, [`GET ${STORE}/vouchers`]: { status: 200, body: LIST } });
    renderWithProviders(<AdminArea />, { route: '/vouchers' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gutscheine' })).toBeInTheDocument();
    const welcome = await rowOf('WILLKOMMEN');
    expect(within(welcome).getByText('5,00 €')).toBeInTheDocument();
    for (const words of [
      'ab 20,00 €',
      '01.12.2026 – 31.12.2026',
      'nur Abholung',
      'nur erste Bestellung',
      '1× pro Kunde',
    ])
      expect(within(welcome).getByText(words)).toBeInTheDocument();
    expect(within(welcome).getByText('3 / 100')).toBeInTheDocument();
    expect(within(welcome).getByRole('switch', { name: 'WILLKOMMEN aktiv' })).toBeChecked();
    const summer = await rowOf('SOMMER');
    expect(within(summer).getByText('10 %')).toBeInTheDocument();
    expect(within(summer).getByText('keine')).toBeInTheDocument();
    expect(within(summer).getByText('12')).toBeInTheDocument();
    expect(within(summer).getByRole('switch', { name: 'SOMMER aktiv' })).not.toBeChecked();
    const setting = screen.getByRole('switch', { name: 'Gutscheine mit dem Liefer-/Abholrabatt kombinieren' });
    expect(setting).not.toBeChecked();
    expect(setting).toHaveAccessibleDescription(/den größeren der beiden/);
  });

  it('switches a voucher on with its whole terms and version', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/vouchers`]: { status: 200, body: LIST },
      [`PUT ${STORE}/vouchers/4`]: { status: 200, body: { ...SOMMER, active: true, version: 3 } },
    });
    renderWithProviders(<AdminArea />, { route: '/vouchers' });
    const user = userEvent.setup();
    await user.click(within(await rowOf('SOMMER')).getByRole('switch', { name: 'SOMMER aktiv' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toMatchObject({ code: 'SOMMER', percentage: 10, active: true, version: 2 });
  });

  it('checks the dialog as people type, each error in words under its field', async () => {
    const { calls } = fakeApi({ ...REFRESH, [`GET ${STORE}/vouchers`]: { status: 200, body: LIST } });
    renderWithProviders(<AdminArea />, { route: '/vouchers' });
    const user = userEvent.setup();
    await rowOf('WILLKOMMEN');
    await user.click(screen.getByRole('button', { name: 'Gutschein anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Gutschein' });
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await user.type(code, 'SO MMER');
    await user.click(within(dialog).getByRole('radio', { name: 'Betrag' }));
    await user.type(within(dialog).getByLabelText('Gültig ab'), '2026-12-31');
    await user.type(within(dialog).getByLabelText('Gültig bis'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(code).toHaveAccessibleDescription(/Nur Buchstaben, Ziffern und Bindestriche/);
    expect(within(dialog).getByRole('textbox', { name: 'Betrag von der Ware' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The dates are checked against each other once every field is right.
    await user.clear(code);
    await user.type(code, 'SOMMER');
    await user.type(within(dialog).getByRole('textbox', { name: 'Betrag von der Ware' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(within(dialog).getByLabelText('Gültig bis')).toHaveAccessibleDescription(
      /Der letzte Tag darf nicht vor dem ersten liegen/,
    );
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/vouchers'))).toBe(false);
  });

  it('sends a new voucher and shows a taken code beside the field, keeping what was typed', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/vouchers`]: { status: 200, body: LIST },
      [`POST ${STORE}/vouchers`]: {
        status: 409,
        body: { code: 'voucher_code_taken', message: 'Diesen Code gibt es schon.' },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/vouchers' });
    const user = userEvent.setup();
    await rowOf('WILLKOMMEN');
    await user.click(screen.getByRole('button', { name: 'Gutschein anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Gutschein' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'SOMMER');
    await user.click(within(dialog).getByRole('radio', { name: 'Betrag' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Betrag von der Ware' }), '2,50');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Einlösungen pro Kunde' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Einlösungen insgesamt' }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST' && call.path.endsWith('/vouchers'));
    expect(JSON.parse(String(post?.body))).toEqual({
      code: 'SOMMER',
      kind: 'amount',
      percentage: null,
      amount: 2.5,
      minimum_order_amount: 0,
      valid_from: null,
      valid_to: null,
      order_types: 'both',
      max_uses: 50,
      max_uses_per_customer: null,
      first_order_only: false,
      active: true,
    });
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Diesen Code gibt es schon\./));
    expect(code).toHaveValue('SOMMER');
  });

  it('removes a voucher only after confirming', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/vouchers`]: [
        { status: 200, body: LIST },
        { status: 200, body: { ...LIST, vouchers: [SOMMER] } },
      ],
      [`DELETE ${STORE}/vouchers/3`]: { status: 204 },
    });
    renderWithProviders(<AdminArea />, { route: '/vouchers' });
    const user = userEvent.setup();
    await user.click(within(await rowOf('WILLKOMMEN')).getByRole('button', { name: 'WILLKOMMEN entfernen' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('alertdialog', { name: 'Gutschein WILLKOMMEN entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: 'WILLKOMMEN entfernen' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('WILLKOMMEN entfernt.')).toBeInTheDocument();
  });

  it('saves the one setting with the store version, and says a conflict in words', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/vouchers`]: { status: 200, body: LIST },
      [`PUT ${STORE}/vouchers/settings`]: {
        status: 409,
        body: { code: 'version_conflict', message: 'Conflict', current: {} },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/vouchers' });
    const user = userEvent.setup();
    await rowOf('WILLKOMMEN');
    await user.click(screen.getByRole('switch', { name: 'Gutscheine mit dem Liefer-/Abholrabatt kombinieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Jemand hat die Einstellungen des Restaurants inzwischen geändert.',
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ combine_with_discount: true, version: 7 });
  });
});
