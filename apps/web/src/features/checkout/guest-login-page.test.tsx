import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { renderPage } from '../../lib/testing.tsx';
import { useCart } from '../cart/index.ts';
import { useDelivery, postcodesQueryOptions } from '../delivery/index.ts';
import { testPostcodes } from '../delivery/test-postcodes.ts';
import { margherita } from '../menu/test-catalogue.ts';
import { testStoreQuery } from '../store/test-store.ts';
import { EMPTY_GUEST_DETAILS, GUEST_DETAILS_KEY, useGuestDetails } from './guest-details-store.ts';
import GuestLoginPage from './guest-login-page.tsx';

const pizza = buildCartItem(margherita, { variantId: 42, extras: [], quantity: 2 });

function renderForm() {
  return renderPage(<GuestLoginPage />, {
    route: '/guest-login',
    exits: { '/checkout': 'checkout reached', '/': 'menu reached' },
    queryData: [testStoreQuery, [postcodesQueryOptions().queryKey, testPostcodes]],
  });
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

describe('guest form (docs/product/shop.md)', () => {
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

  it('says when the phone number is not one, and takes one typed with spaces and a plus', async () => {
    useDelivery.setState({ orderType: 'pickup' });
    renderForm();
    const phone = screen.getByLabelText('Telefon');
    expect(screen.getByLabelText(/E-Mail/)).toHaveAttribute('type', 'email');
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
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
    await userEvent.type(screen.getByLabelText('Straße'), 'Torstraße');
    await userEvent.type(screen.getByLabelText('Hausnummer'), '1');
    await userEvent.type(screen.getByLabelText(/Wohnung, Etage, Klingel/), '3. OG');
    await userEvent.selectOptions(screen.getByLabelText('Postleitzahl'), '10117');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
    expect(useDelivery.getState().postcode?.postcode).toBe('10117');
    expect(JSON.parse(sessionStorage.getItem(GUEST_DETAILS_KEY) ?? '{}')).toMatchObject({
      customer_name: 'Anna',
      phone: '030 123456',
      street: 'Torstraße',
      house_number: '1',
      line2: '3. OG',
      postcode: '10117',
    });
  });

  it('asks a pickup guest only for name and phone, the e-mail optional', async () => {
    useDelivery.setState({ orderType: 'pickup' });
    renderForm();
    for (const label of ['Postleitzahl', 'Straße', 'Hausnummer', /Wohnung/])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Telefon'), '030123456');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
  });

  it('asks a delivery guest for street and house number, in that order, and focuses the first one missing', async () => {
    renderForm();
    const street = screen.getByLabelText('Straße');
    const houseNumber = screen.getByLabelText('Hausnummer');
    expect(street.compareDocumentPosition(houseNumber) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(street).toBeRequired();
    expect(houseNumber).toBeRequired();
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Telefon'), '030123456');
    await userEvent.type(street, 'Torstraße');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte füllen Sie alle Felder aus');
    expect(houseNumber).toHaveAttribute('aria-invalid', 'true');
    expect(street).not.toHaveAttribute('aria-invalid');
    expect(houseNumber).toHaveFocus();
    expect(screen.queryByText('checkout reached')).not.toBeInTheDocument();

    await userEvent.type(houseNumber, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
  });

  it('focuses the first invalid field on a failed submit', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Telefon'), 'kein Telefon');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByLabelText('Telefon')).toHaveFocus();
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
