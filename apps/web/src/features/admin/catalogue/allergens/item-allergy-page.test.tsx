// The page alone, without the shell: its frame and the other pages are tested elsewhere.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import '../../admin.css';
import '../../register-texts.ts';
import '../../forms/register-texts.ts';
import { asSignedInStaff } from '../../test-staff.ts';
import { ItemAllergyPage } from './item-allergy-page.tsx';
import { LISTS, MARGHERITA, REFRESH, SALAMI } from './test-declarations.ts';

const PRODUCT = '/api/admin/stores/13/products/4';
const PRODUCT_READS = {
  ...REFRESH,
  'GET /api/admin/allergens': { status: 200, body: LISTS },
  'GET /api/admin/stores/13/products?page_size=100': {
    status: 200,
    body: { items: [MARGHERITA], total: 1, page: 1, page_size: 100 },
  },
};

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sentBody = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) =>
  JSON.parse(String(calls.find((call) => call.method === method && call.path === path)?.body)) as unknown;

describe('assigning allergens', () => {
  it('sends the ticked codes in menu order with the version the product was read at', async () => {
    const saved = { ...MARGHERITA, allergen_codes: ['a', 'g'], additive_codes: ['1'], version: 6 };
    const { calls } = fakeApi({
      ...PRODUCT_READS,
      [`GET ${PRODUCT}`]: [
        { status: 200, body: MARGHERITA },
        { status: 200, body: saved },
      ],
      [`PUT ${PRODUCT}/declarations`]: { status: 200, body: saved },
    });
    renderWithProviders(<ItemAllergyPage />, { route: '/item-allergy?product=4' });
    expect(screen.getByRole('heading', { level: 1, name: 'Allergene zuordnen' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Zuordnung für Pizza Margherita' });
    expect(await within(form).findByRole('checkbox', { name: 'a Glutenhaltiges Getreide' })).toBeChecked();
    expect(within(form).getByText('Enthält: a · keine Zusatzstoffe')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(form).getByRole('checkbox', { name: 'g Milch' }));
    await user.click(within(form).getByRole('checkbox', { name: '1 mit Farbstoff' }));
    expect(within(form).getByText('Enthält: a, g · Zusatzstoffe: 1')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await within(form).findByText('Gespeichert.')).toBeInTheDocument();
    expect(sentBody(calls, 'PUT', `${PRODUCT}/declarations`)).toEqual({
      allergen_codes: ['a', 'g'],
      additive_codes: ['1'],
      version: 5,
    });
  });

  it('on a conflict keeps the ticks and loads the other version when asked', async () => {
    const theirs = { ...MARGHERITA, allergen_codes: ['c'], version: 6 };
    fakeApi({
      ...PRODUCT_READS,
      [`GET ${PRODUCT}`]: { status: 200, body: MARGHERITA },
      [`PUT ${PRODUCT}/declarations`]: {
        status: 409,
        body: { code: 'version_conflict', message: 'Jemand hat das inzwischen geändert.', current: theirs },
      },
    });
    renderWithProviders(<ItemAllergyPage />, { route: '/item-allergy?product=4' });
    const form = await screen.findByRole('form', { name: 'Zuordnung für Pizza Margherita' });
    const user = userEvent.setup();
    await user.click(await within(form).findByRole('checkbox', { name: 'g Milch' }));
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await within(form).findByText('Inzwischen geändert')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'g Milch' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Deren Stand laden' }));
    expect(within(form).getByRole('checkbox', { name: 'g Milch' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'c Eier' })).toBeChecked();
    expect(within(form).getByText('Enthält: c · keine Zusatzstoffe')).toBeInTheDocument();
  });

  it('assigns a topping’s codes in English too', async () => {
    await i18n.changeLanguage('en');
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/allergens': { status: 200, body: LISTS },
      'GET /api/admin/stores/13/toppings': { status: 200, body: [SALAMI] },
      'PUT /api/admin/stores/13/toppings/9/declarations': { status: 200, body: { ...SALAMI, version: 3 } },
    });
    renderWithProviders(<ItemAllergyPage />, { route: '/item-allergy?topping=9' });
    expect(screen.getByRole('radio', { name: 'Topping' })).toBeChecked();
    const form = await screen.findByRole('form', { name: 'Assignment for Salami' });
    expect(await within(form).findByText('No allergens given · Additives: 2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('checkbox', { name: '2 mit Konservierungsstoff' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(sentBody(calls, 'PUT', '/api/admin/stores/13/toppings/9/declarations')).toEqual({
        allergen_codes: [],
        additive_codes: [],
        version: 2,
      }),
    );
  });
});
