import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { buildCartItem } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { CartButton, useCart, useCartDialog } from '../../cart/index.ts';
import { useDelivery } from '../../delivery/index.ts';
import { apiStub, catalogueQueryData, cola, postcode10999 } from '../../menu/test-catalogue.ts';
import { useSessionStore } from '../../session/index.ts';
import { useLoginDialog } from '../login-dialog-store.ts';
import { fakeApi, LOGIN_OK } from '../test-api.ts';
import { LoginDialogHost } from './login-dialog-host.tsx';

const colas = buildCartItem(cola, { variantId: null, extras: [], quantity: 2 });

beforeEach(async () => {
  await i18n.changeLanguage('de');
  sessionStorage.clear();
  useSessionStore.setState({ user: null, token: null, loading: false });
  useCart.setState({ items: [colas] });
  useCartDialog.setState({ open: false, requested: false, editRequest: null });
  useLoginDialog.setState({ open: false, requested: false });
  useDelivery.setState({ orderType: 'pickup', postcode: postcode10999 });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useCart.setState({ items: [] });
});

/** The shop's header cart, the login modal's host, and a stand-in for the checkout and guest screens. */
function renderShop() {
  renderWithProviders(
    <>
      <CartButton />
      <LoginDialogHost />
      <Route path="/checkout">checkout page</Route>
      <Route path="/guest-login">guest page</Route>
    </>,
    { queryData: catalogueQueryData },
  );
  return userEvent.setup();
}

async function checkoutFromCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Warenkorb/ }));
  const cart = await screen.findByRole('dialog', { name: 'Ihr Warenkorb' });
  await user.click(within(cart).getByRole('button', { name: /Zur Kasse/ }));
  return screen.findByRole('dialog', { name: 'Wie möchten Sie bestellen?' });
}

describe('login modal', () => {
  it('opens from the cart’s checkout when nobody is signed in, in place of the cart', async () => {
    vi.stubGlobal('fetch', vi.fn(apiStub()));
    const user = renderShop();
    const dialog = await checkoutFromCart(user);
    expect(useCartDialog.getState().open).toBe(false);
    expect(within(dialog).getByLabelText('E-Mail-Adresse')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(within(dialog).getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute(
      'href',
      '/register?next=checkout',
    );
  });

  it('logs in and goes on to the checkout', async () => {
    const { calls } = fakeApi({ ...LOGIN_OK });
    const user = renderShop();
    const dialog = await checkoutFromCart(user);
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'maria@example.com');
    await user.type(within(dialog).getByLabelText('Passwort'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSessionStore.getState().user?.customer_name).toBe('Maria Rossi');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/login');
  });

  it('shows a refusal inside the modal and stays open', async () => {
    fakeApi({ 'POST /api/login': { status: 401 } });
    const user = renderShop();
    const dialog = await checkoutFromCart(user);
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'maria@example.com');
    await user.type(within(dialog).getByLabelText('Passwort'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Anmelden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ungültige Anmeldedaten');
    expect(screen.queryByText('checkout page')).not.toBeInTheDocument();
  });

  it('lets a visitor continue as a guest', async () => {
    fakeApi({});
    const user = renderShop();
    const dialog = await checkoutFromCart(user);
    await user.click(within(dialog).getByRole('link', { name: 'Als Gast fortfahren' }));
    expect(await screen.findByText('guest page')).toBeInTheDocument();
    expect(useLoginDialog.getState().open).toBe(false);
  });

  it('is not in the way of a signed-in customer: the cart links straight to checkout', async () => {
    fakeApi({});
    useSessionStore.setState({ user: { customer_name: 'Maria Rossi' }, token: 'jwt', loading: false });
    const user = renderShop();
    await user.click(screen.getByRole('button', { name: /^Warenkorb/ }));
    const cart = await screen.findByRole('dialog', { name: 'Ihr Warenkorb' });
    expect(within(cart).getByRole('link', { name: /Zur Kasse/ })).toHaveAttribute('href', '/checkout');
    expect(useLoginDialog.getState().requested).toBe(false);
  });
});
