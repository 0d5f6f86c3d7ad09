import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, REFRESH } from '../test-staff.ts';

const STORE = '/api/admin/stores/13';
const MITTE = {
  id: 1,
  postcode: '10115',
  city: 'Berlin Mitte',
  delivery_fee: 2.5,
  minimum_order_amount: 15,
  delivery_time: 40,
  hidden: false,
  version: 3,
};

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('delivery areas page', () => {
  it('lists the areas with fee, minimum and time', async () => {
    fakeApi({ ...REFRESH, [`GET ${STORE}/delivery-areas`]: { status: 200, body: [{ ...MITTE, hidden: true }] } });
    renderWithProviders(<AdminArea />, { route: '/delivery-areas' });
    expect(screen.getByRole('heading', { level: 1, name: 'Liefergebiete' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: '10115' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2,50 €')).toBeInTheDocument();
    expect(within(row).getByText('15,00 €')).toBeInTheDocument();
    expect(within(row).getByText('40 Min.')).toBeInTheDocument();
    expect(within(row).getByText('Verborgen')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '10115 Berlin Mitte zeigen' })).toBeInTheDocument();
  });

  it('shows a taken postcode beside the field and keeps what was typed', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/delivery-areas`]: { status: 200, body: [MITTE] },
      [`POST ${STORE}/delivery-areas`]: {
        status: 409,
        body: { code: 'postcode_taken', message: 'Diese Postleitzahl gibt es schon.' },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/delivery-areas' });
    const user = userEvent.setup();
    await screen.findByRole('rowheader', { name: '10115' });
    await user.click(screen.getByRole('button', { name: 'Liefergebiet hinzufügen' }));
    const form = screen.getByRole('region', { name: 'Neues Liefergebiet' });
    await user.type(within(form).getByRole('textbox', { name: 'PLZ' }), '10115');
    await user.type(within(form).getByRole('textbox', { name: 'Ort' }), 'Mitte');
    const fee = within(form).getByRole('textbox', { name: 'Liefergebühr' });
    await user.clear(fee);
    await user.type(fee, '1,90');
    await user.click(within(form).getByRole('button', { name: 'Anlegen' }));

    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/delivery-areas'))).toBe(true),
    );
    const post = calls.find((call) => call.method === 'POST' && call.path.endsWith('/delivery-areas'));
    expect(JSON.parse(String(post?.body))).toEqual({
      postcode: '10115',
      city: 'Mitte',
      delivery_fee: 1.9,
      minimum_order_amount: 0,
      delivery_time: 45,
      hidden: false,
    });
    const postcode = within(form).getByRole('textbox', { name: 'PLZ' });
    await waitFor(() => expect(postcode).toHaveAccessibleDescription('Diese Postleitzahl gibt es schon.'));
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveValue('10115');
    expect(within(form).getByRole('textbox', { name: 'Liefergebühr' })).toHaveValue('1,90');
  });

  it('removes an area only after confirming, sending its version', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/delivery-areas`]: [
        { status: 200, body: [MITTE] },
        { status: 200, body: [] },
      ],
      [`POST ${STORE}/delivery-areas/1/archive`]: { status: 204 },
    });
    renderWithProviders(<AdminArea />, { route: '/delivery-areas' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '10115 Berlin Mitte entfernen' }));
    expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(false);
    const dialog = screen.getByRole('alertdialog', { name: 'Liefergebiet entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: '10115 Berlin Mitte entfernen' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(true));
    const archive = calls.find((call) => call.path.endsWith('/archive'));
    expect(JSON.parse(String(archive?.body))).toEqual({ version: 3 });
    expect(await screen.findByText('10115 entfernt.')).toBeInTheDocument();
  });
});
