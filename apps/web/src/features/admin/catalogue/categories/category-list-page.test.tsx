import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff } from '../../test-staff.ts';
import { CATEGORIES_API, DRINKS, PIZZA, REFRESH, SALADS, sentJson } from './test-categories.ts';

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('category list', () => {
  it('shows the categories in menu order with their products and hidden badge, and links to their editor', async () => {
    fakeApi({ ...REFRESH, [`GET ${CATEGORIES_API}`]: { status: 200, body: [PIZZA, SALADS, DRINKS] } });
    renderWithProviders(<AdminArea />, { route: '/category-list' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kategorieliste' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Kategorien in der Reihenfolge der Speisekarte' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Pizza', 'Salate', 'Getränke']);
    const [pizza, salads, drinks] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pizza).getByText('2 Produkte')).toBeInTheDocument();
    expect(within(salads).getByText('1 Produkt')).toBeInTheDocument();
    expect(within(salads).getByText('Ausgeblendet')).toBeInTheDocument();
    expect(within(pizza).queryByText('Ausgeblendet')).not.toBeInTheDocument();
    expect(within(pizza).getByRole('link', { name: 'Pizza bearbeiten' })).toHaveAttribute('href', '/category?id=1');
    expect(within(salads).getByRole('button', { name: 'Salate einblenden' })).toBeEnabled();
    // Only an empty category can be removed, and the row says why.
    expect(within(pizza).getByRole('button', { name: 'Pizza entfernen' })).toBeDisabled();
    expect(within(pizza).getByRole('button', { name: 'Pizza entfernen' })).toHaveAccessibleDescription(
      'Nur leere Kategorien lassen sich entfernen.',
    );
    expect(within(drinks).getByRole('button', { name: 'Getränke entfernen' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Neue Kategorie' })).toHaveAttribute('href', '/category');
  });

  it('hides a category by saving its row with the version it was read at', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: [
        { status: 200, body: [PIZZA, SALADS] },
        { status: 200, body: [{ ...PIZZA, hidden: true, version: 4 }, SALADS] },
      ],
      [`PUT ${CATEGORIES_API}/1`]: { status: 200, body: { ...PIZZA, hidden: true, version: 4 } },
    });
    renderWithProviders(<AdminArea />, { route: '/category-list' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pizza ausblenden' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Pizza ist jetzt ausgeblendet.');
    expect(sentJson(calls.find((call) => call.method === 'PUT'))).toEqual({
      name: { de: 'Pizza', en: 'Pizza' },
      description: { de: '', en: '' },
      hidden: true,
      version: 3,
    });
    const pizza = screen.getByRole('listitem', { name: 'Pizza' });
    expect(await within(pizza).findByText('Ausgeblendet')).toBeInTheDocument();
  });

  it('asks before removing, and shows clearly why the server refused', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: { status: 200, body: [PIZZA, DRINKS] },
      [`POST ${CATEGORIES_API}/3/archive`]: {
        status: 409,
        body: {
          code: 'category_not_empty',
          message: 'In dieser Kategorie sind noch Produkte. Verschieben oder archivieren Sie sie zuerst.',
        },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/category-list' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Getränke entfernen' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Getränke entfernen?' });
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/archive'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Getränke: In dieser Kategorie sind noch Produkte. Verschieben oder archivieren Sie sie zuerst.',
    );
    expect(sentJson(calls.find((call) => call.path.endsWith('/archive')))).toEqual({ version: 1 });
    expect(screen.getByRole('listitem', { name: 'Getränke' })).toBeInTheDocument();
  });

  it('removes an empty category once confirmed', async () => {
    fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: [
        { status: 200, body: [PIZZA, DRINKS] },
        { status: 200, body: [PIZZA] },
      ],
      [`POST ${CATEGORIES_API}/3/archive`]: { status: 200, body: { ...DRINKS, version: 2 } },
    });
    renderWithProviders(<AdminArea />, { route: '/category-list' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Getränke entfernen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Entfernen' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Getränke wurde entfernt.');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Getränke' })).not.toBeInTheDocument());
  });

  it('starts an empty catalogue with a way to the first category, in English too', async () => {
    await i18n.changeLanguage('en');
    fakeApi({ ...REFRESH, [`GET ${CATEGORIES_API}`]: { status: 200, body: [] } });
    renderWithProviders(<AdminArea />, { route: '/category-list' });
    expect(screen.getByRole('heading', { level: 1, name: 'Category List' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No categories yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create the first category' })).toHaveAttribute('href', '/category');
  });
});
