import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, staffTokens } from '../test-staff.ts';
import { changedFields } from './audit-diff.ts';

const STORE = '/api/admin/stores/13';
const PRICE_CHANGE = {
  id: 41,
  at: '2026-11-23T10:15:00.000Z',
  actor: { kind: 'staff', id: 2, email: 'chef@example.com', name: 'Chef Koch' },
  entity: 'product',
  entity_id: '12',
  action: 'update',
  label: { de: 'Margherita', en: 'Margherita' },
  before: { name: { de: 'Margherita', en: '' }, price: 8.5, hidden: false, version: 3 },
  after: { name: { de: 'Margherita', en: '' }, price: 9.2, hidden: false, version: 4 },
};
const AUTO_PAUSE = {
  id: 40,
  at: '2026-11-23T09:00:00.000Z',
  actor: { kind: 'system', id: null, email: null },
  entity: 'store',
  entity_id: '13',
  action: 'auto_pause',
  before: null,
  after: { paused: true },
};
const page = (items: unknown[], total = items.length) => ({
  status: 200,
  body: { items, total, page: 1, page_size: 25 },
});

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('audit page', () => {
  it('lists who changed what, and the before/after shows only the changed fields', async () => {
    fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
      [`GET ${STORE}/audit/entities`]: { status: 200, body: ['product', 'store', 'coupon'] },
      [`GET ${STORE}/audit?page=1&page_size=25`]: page([PRICE_CHANGE, AUTO_PAUSE]),
    });
    renderWithProviders(<AdminArea />, { route: '/audit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Änderungsprotokoll' })).toBeInTheDocument();

    const [first, second] = within(await screen.findByRole('list', { name: 'Änderungen' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Chef Koch (chef@example.com)')).toBeInTheDocument();
    expect(within(first).getByText('Produkt · Margherita')).toBeInTheDocument();
    expect(within(first).getByText('Geändert')).toBeInTheDocument();
    expect(within(second).getByText('automatisch')).toBeInTheDocument();
    expect(within(second).getByText('Automatisch pausiert')).toBeInTheDocument();

    await userEvent.setup().click(within(first).getByText('Vorher/Nachher'));
    const rows = within(first).getAllByRole('row').slice(1);
    // The field in the form's words, the amounts as money; the version is left out.
    expect(rows.map((row) => row.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Preis8,50 €9,20 €']);
    // Entity names the page does not know are shown as the log spells them.
    expect(screen.getByRole('option', { name: 'coupon' })).toBeInTheDocument();
  });

  it('sends the filters and starts again at page 1', async () => {
    const { calls } = fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
      [`GET ${STORE}/audit/entities`]: { status: 200, body: ['product', 'delivery_area'] },
      [`GET ${STORE}/audit?page=1&page_size=25`]: page([PRICE_CHANGE], 60),
      [`GET ${STORE}/audit?page=2&page_size=25`]: {
        status: 200,
        body: { items: [AUTO_PAUSE], total: 60, page: 2, page_size: 25 },
      },
      [`GET ${STORE}/audit?entity=delivery_area&page=1&page_size=25`]: page([]),
      [`GET ${STORE}/audit?entity=delivery_area&action=archive&from=2026-11-01&page=1&page_size=25`]: page([]),
    });
    renderWithProviders(<AdminArea />, { route: '/audit' });
    const user = userEvent.setup();
    expect(await screen.findByText('Seite 1 von 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Seite 2 von 3')).toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Was' }), 'Liefergebiet');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aktion' }), 'Entfernt');
    await user.type(screen.getByLabelText('Von'), '2026-11-01');
    expect(await screen.findByText('Keine Einträge für diese Filter.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `${STORE}/audit?entity=delivery_area&action=archive&from=2026-11-01&page=1&page_size=25`,
      ),
    );
  });
});

describe('changedFields', () => {
  it('compares nested values as a whole, ignores the version, and lists everything of a creation', () => {
    expect(
      changedFields(
        { name: { de: 'A', en: '' }, price: 1, version: 1 },
        { name: { de: 'B', en: '' }, price: 1, version: 2 },
      ),
    ).toEqual([{ field: 'name', before: { de: 'A', en: '' }, after: { de: 'B', en: '' } }]);
    expect(changedFields(null, { postcode: '10115', version: 0 })).toEqual([
      { field: 'postcode', before: undefined, after: '10115' },
    ]);
  });
});
