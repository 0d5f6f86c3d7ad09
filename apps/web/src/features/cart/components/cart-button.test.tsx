import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, computeTotals, formatMoney } from '@pizzeria/domain';
import { changeLanguage } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { useDelivery } from '../../delivery/index.ts';
import { apiStub, catalogueQueryData, cola, margherita, postcode10999 } from '../../menu/test-catalogue.ts';
import { useCartDialog } from '../cart-dialog-store.ts';
import { restoreCart, useCart } from '../cart-store.ts';
import { CartBar } from './cart-bar.tsx';
import { CartButton } from './cart-button.tsx';

const pizza = buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 1 }], quantity: 1 });
const colas = buildCartItem(cola, { variantId: null, extras: [], quantity: 2 });
// With the delivery discount (5 %) and 10999's fee (2,50 €), the total is not the value of the goods.
const totals = computeTotals({ items: [pizza, colas], discountPercent: 5, deliveryFee: 250 });

beforeEach(async () => {
  await changeLanguage('de');
  localStorage.clear();
  restoreCart();
  useCartDialog.setState({ open: false, requested: false, editRequest: null });
  useDelivery.setState({ orderType: 'delivery', postcode: postcode10999 });
  useCart.setState({ items: [pizza, colas] });
  vi.stubGlobal('fetch', vi.fn(apiStub()));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart button and bar', () => {
  it('show the value of the goods, not the total with fee and discount, which the cart shows', () => {
    expect(totals.total).not.toBe(totals.subtotal);
    renderWithProviders(
      <>
        <CartButton />
        <CartBar />
      </>,
      { queryData: catalogueQueryData },
    );
    const value = formatMoney(totals.subtotal, 'de-DE', 'EUR');
    const button = screen.getByRole('button', { name: /^Warenkorb, / });
    expect(button).toHaveAccessibleName(`Warenkorb, 3 Artikel im Wert von ${value}`);
    // The text matchers see a no-break space as a space.
    const shown = value.replace(/\s/g, ' ');
    expect(button).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: /Warenkorb ansehen/ })).toHaveTextContent(shown);
    expect(document.body).not.toHaveTextContent(formatMoney(totals.total, 'de-DE', 'EUR').replace(/\s/g, ' '));
  });

  it('show an ordered cart as ordered, never as one waiting to be ordered', () => {
    useCart.setState({ ordered: true });
    renderWithProviders(
      <>
        <CartButton />
        <CartBar />
      </>,
      { queryData: catalogueQueryData },
    );
    const button = screen.getByRole('button', { name: 'Warenkorb: bestellt' });
    expect(button).toHaveTextContent('Bestellt');
    expect(button).not.toHaveTextContent('€');
    expect(screen.queryByRole('button', { name: /Warenkorb ansehen/ })).not.toBeInTheDocument();
  });

  it('says so in English', async () => {
    await changeLanguage('en');
    renderWithProviders(<CartButton />, { queryData: catalogueQueryData });
    expect(screen.getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
      `Cart, 3 items worth ${formatMoney(totals.subtotal, 'en-GB', 'EUR')}`,
    );
  });
});
