// The page alone, without the shell: its frame and the other pages are tested elsewhere.
import '../../admin.css';
import '../../register-texts.ts';
import '../../forms/register-texts.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import { asSignedInStaff, REFRESH, signedInDevice } from '../../test-staff.ts';
import { TaxPage } from './tax-page.tsx';

const FOOD = { id: 1, name: 'Speisen', percentage: 7, product_count: 12, version: 1 };
const DRINKS = { id: 2, name: 'Getränke', percentage: 19, product_count: 3, version: 4 };
const REDUCED = { id: 3, name: 'Ermäßigt alt', percentage: 5, product_count: 0, version: 2 };

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VAT rates', () => {
  it('shows a shift manager the rates without a way to change them: that is the owner’s', async () => {
    signedInDevice('refresh-1', 'manager');
    fakeApi({ ...REFRESH, 'GET /api/admin/tax-rates': { status: 200, body: [FOOD, DRINKS] } });
    renderWithProviders(<TaxPage />, { route: '/tax' });
    expect(await screen.findByText('Speisen')).toBeInTheDocument();
    expect(screen.getByText('Mehrwertsteuersätze ändert nur der Inhaber.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speisen bearbeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speisen archivieren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Steuersatz anlegen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('lists the rates and refuses to archive one in use, saying why', async () => {
    fakeApi({ ...REFRESH, 'GET /api/admin/tax-rates': { status: 200, body: [FOOD, DRINKS] } });
    renderWithProviders(<TaxPage />, { route: '/tax' });
    expect(screen.getByRole('heading', { level: 1, name: 'Steuern' })).toBeInTheDocument();
    expect(screen.getAllByText(/gilt nur für Bestellungen ab jetzt/).length).toBeGreaterThan(0);
    expect(await screen.findByText('Von 12 Produkten verwendet')).toBeInTheDocument();
    expect(screen.getByText('7 %')).toBeInTheDocument();
    const archive = screen.getByRole('button', { name: 'Speisen archivieren' });
    expect(archive).toBeDisabled();
    expect(archive).toHaveAccessibleDescription(
      'Archivieren erst möglich, wenn die 12 Produkte einen anderen Satz haben.',
    );
  });

  it('sends a percentage typed with a comma, with the version it read', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/tax-rates': { status: 200, body: [FOOD, DRINKS] },
      'PUT /api/admin/tax-rates/1': { status: 200, body: { ...FOOD, percentage: 7.5, version: 2 } },
    });
    renderWithProviders(<TaxPage />, { route: '/tax' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Speisen bearbeiten' }));
    const form = screen.getByRole('form', { name: 'Speisen bearbeiten' });
    const rate = within(form).getByRole('textbox', { name: 'Satz' });
    expect(rate).toHaveValue('7');
    await user.clear(rate);
    await user.type(rate, '7,5');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await within(form).findByText('Gespeichert.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ name: 'Speisen', percentage: 7.5, version: 1 });
  });

  it('shows the server’s refusal when a product took the rate meanwhile', async () => {
    const message = '1 Produkt(e) verwenden diesen Steuersatz. Weisen Sie ihnen erst einen anderen zu.';
    fakeApi({
      ...REFRESH,
      'GET /api/admin/tax-rates': [
        { status: 200, body: [FOOD, REDUCED] },
        { status: 200, body: [FOOD, { ...REDUCED, product_count: 1 }] },
      ],
      'POST /api/admin/tax-rates/3/archive': { status: 409, body: { code: 'tax_rate_in_use', message } },
    });
    renderWithProviders(<TaxPage />, { route: '/tax' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ermäßigt alt archivieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ermäßigt alt archivieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, archivieren' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ermäßigt alt archivieren' })).toBeDisabled());
  });

  it('adds a rate in English, and a name taken is said beside the name', async () => {
    await i18n.changeLanguage('en');
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/tax-rates': { status: 200, body: [FOOD] },
      'POST /api/admin/tax-rates': {
        status: 409,
        body: { code: 'tax_rate_name_taken', message: 'A VAT rate is already called “Speisen”. Choose another name.' },
      },
    });
    renderWithProviders(<TaxPage />, { route: '/tax' });
    expect(screen.getByRole('heading', { level: 1, name: 'Taxes' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add VAT rate' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Speisen');
    await user.type(within(form).getByRole('textbox', { name: 'Rate' }), '7');
    await user.click(within(form).getByRole('button', { name: 'Add VAT rate' }));

    const name = within(form).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('already called')));
    expect(name).toHaveValue('Speisen');
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/admin/tax-rates');
    expect(JSON.parse(String(post?.body))).toEqual({ name: 'Speisen', percentage: 7 });
  });
});
