import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, REFRESH } from '../test-staff.ts';

const STORE = '/api/admin/stores/13';
const DISCOUNTS = [
  { code: 'PICKUP_DISCOUNT', value: 10, version: 2 },
  { code: 'DELIVERY_DISCOUNT', value: 0, version: 5 },
];

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('discount page', () => {
  it('saves the pickup discount typed with a comma, with its own version', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${STORE}/discounts`]: { status: 200, body: DISCOUNTS },
      [`PUT ${STORE}/discounts/PICKUP_DISCOUNT`]: {
        status: 200,
        body: { code: 'PICKUP_DISCOUNT', value: 7.5, version: 3 },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/disscount' });
    expect(screen.getByRole('heading', { level: 1, name: 'Rabatte' })).toBeInTheDocument();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Rabatt bei Abholung' });
    const [delivery, pickup] = screen.getAllByRole('textbox', { name: 'Rabatt in Prozent' }) as [
      HTMLInputElement,
      HTMLInputElement,
    ];
    expect(delivery).toHaveValue('0');
    expect(pickup).toHaveValue('10');
    await user.clear(pickup);
    await user.type(pickup, '7,5');
    expect(pickup).toHaveAccessibleDescription(/^Beispiel: Bei 20,00 € Warenwert zieht der Shop 1,50\s€ ab\.$/);
    await user.click(screen.getByRole('button', { name: 'Rabatt bei Abholung speichern' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`${STORE}/discounts/PICKUP_DISCOUNT`);
    expect(JSON.parse(String(put?.body))).toEqual({ value: 7.5, version: 2 });
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  });

  it('says an impossible percentage is out of range while it is typed, instead of an example in euros', async () => {
    fakeApi({ ...REFRESH, [`GET ${STORE}/discounts`]: { status: 200, body: DISCOUNTS } });
    renderWithProviders(<AdminArea />, { route: '/disscount' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Rabatt bei Abholung' });
    const [, pickup] = screen.getAllByRole('textbox', { name: 'Rabatt in Prozent' }) as [
      HTMLInputElement,
      HTMLInputElement,
    ];
    await user.clear(pickup);
    await user.type(pickup, '150');
    // Still typing (no blur, no save): the field's error, not "takes 30,00 € off".
    await waitFor(() => expect(pickup).toHaveAccessibleDescription('Höchstens 100 %.'));
    expect(pickup).toHaveAttribute('aria-invalid', 'true');

    await user.clear(pickup);
    await user.type(pickup, '50');
    await waitFor(() =>
      expect(pickup).toHaveAccessibleDescription(/^Beispiel: Bei 20,00 € Warenwert zieht der Shop 10,00\s€ ab\.$/),
    );
    expect(pickup).not.toHaveAttribute('aria-invalid');

    await i18n.changeLanguage('en');
    await user.clear(pickup);
    await user.type(pickup, '100,5');
    await waitFor(() => expect(pickup).toHaveAccessibleDescription('At most 100 %.'));
  });

  it('refuses more than 100 percent, in English too', async () => {
    await i18n.changeLanguage('en');
    const { calls } = fakeApi({ ...REFRESH, [`GET ${STORE}/discounts`]: { status: 200, body: DISCOUNTS } });
    renderWithProviders(<AdminArea />, { route: '/disscount' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Delivery discount' });
    const [delivery] = screen.getAllByRole('textbox', { name: 'Discount in percent' }) as [HTMLInputElement];
    await user.clear(delivery);
    await user.type(delivery, '120');
    await user.click(screen.getByRole('button', { name: 'Save Delivery discount' }));
    expect(delivery).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
