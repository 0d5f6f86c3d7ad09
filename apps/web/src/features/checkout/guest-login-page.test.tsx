import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { buildCartItem } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { useCart } from '../cart/index.ts';
import { useDelivery } from '../delivery/index.ts';
import { postcodesQueryOptions } from '../delivery/api/get-postcodes.ts';
import { testPostcodes } from '../delivery/test-postcodes.ts';
import { margherita } from '../menu/test-catalogue.ts';
import { testStoreQuery } from '../store/test-store.ts';
import { EMPTY_GUEST_DETAILS, GUEST_DETAILS_KEY, useGuestDetails } from './guest-details-store.ts';
import GuestLoginPage from './guest-login-page.tsx';

const pizza = buildCartItem(margherita, { variantId: 42, extras: [], quantity: 2 });

function renderForm() {
  return renderWithProviders(
    <Switch>
      <Route path="/guest-login" component={GuestLoginPage} />
      <Route path="/checkout">
        <p>checkout reached</p>
      </Route>
      <Route path="/">
        <p>menu reached</p>
      </Route>
    </Switch>,
    { route: '/guest-login', queryData: [testStoreQuery, [postcodesQueryOptions().queryKey, testPostcodes]] },
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
  useCart.setState({ items: [pizza], note: '' });
  useDelivery.setState({ orderType: 'delivery', postcode: testPostcodes[0] ?? null });
  useGuestDetails.setState({ details: EMPTY_GUEST_DETAILS });
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('guest form (SPEC §5)', () => {
  it('alerts inline in German when fields are missing, and keeps what was typed', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Anna Muster');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte füllen Sie alle Felder aus');
    expect(screen.getByLabelText('Name')).toHaveValue('Anna Muster');
    expect(screen.getByLabelText('Telefon')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('checkout reached')).not.toBeInTheDocument();
  });

  it('alerts in English too', async () => {
    await i18n.changeLanguage('en');
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all the fields');
  });

  it('says when the phone number is not one, and takes one typed with spaces and a plus (issue 15)', async () => {
    useDelivery.setState({ orderType: 'pickup' });
    renderForm();
    const phone = screen.getByLabelText('Telefon');
    expect(screen.getByLabelText(/E-Mail/)).toHaveAttribute('type', 'email');
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Straße und Adresse'), 'Torstraße 1');
    await userEvent.type(phone, '0170 1234 5678 9012 3');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(phone).toHaveAccessibleDescription(/Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein/);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('checkout reached')).not.toBeInTheDocument();

    await userEvent.clear(phone);
    await userEvent.type(phone, '+49 170 1234 5678');
    expect(phone).toHaveValue('+49 170 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
    expect(useGuestDetails.getState().details.phone).toBe('0170 12345678');
  });

  it('prefills the chosen postcode, keeps the details in session storage and goes on to the checkout', async () => {
    renderForm();
    expect(screen.getByLabelText('Postleitzahl')).toHaveValue('10115');
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Telefon'), '030123456');
    await userEvent.type(screen.getByLabelText('Straße und Adresse'), 'Torstraße 1');
    await userEvent.selectOptions(screen.getByLabelText('Postleitzahl'), '10117');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
    expect(useDelivery.getState().postcode?.postcode).toBe('10117');
    expect(JSON.parse(sessionStorage.getItem(GUEST_DETAILS_KEY) ?? '{}')).toMatchObject({
      customer_name: 'Anna',
      phone: '030 123456',
      line1: 'Torstraße 1',
      postcode: '10117',
    });
  });

  it('does not ask for a postcode for pickup', async () => {
    useDelivery.setState({ orderType: 'pickup' });
    renderForm();
    expect(screen.queryByLabelText('Postleitzahl')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Telefon'), '030123456');
    await userEvent.type(screen.getByLabelText('Straße und Adresse'), 'Torstraße 1');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
  });

  it('alerts "your cart is empty" and goes back when the cart is empty', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    useCart.setState({ items: [] });
    renderForm();
    expect(alert).toHaveBeenCalledWith('Ihr Warenkorb ist leer');
    expect(alert).toHaveBeenCalledTimes(1);
    expect(back.mock.calls.length + (screen.queryByText('menu reached') ? 1 : 0)).toBe(1);
  });
});
