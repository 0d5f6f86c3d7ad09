import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, formatMoney, type VoucherCheck } from '@pizzeria/domain';
import { changeLanguage } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import { useDelivery } from '../../delivery/index.ts';
import { catalogueQueryData, margherita, postcode10999 } from '../../menu/test-catalogue.ts';
import { clearCart, restoreCart, useCart } from '../cart-store.ts';
import { useCartTotals } from '../use-cart-totals.ts';
import { CART_VOUCHER_KEY, applyVoucher, useCartVoucher } from '../voucher-store.ts';
import { VoucherField, VoucherTotalsLine, type VoucherContact } from './voucher-field.tsx';

const CHECK = 'POST /api/stores/13/vouchers/check';
/** `8,50 €` as the screen shows it (Intl puts a no-break space before the sign). */
const euro = (cents: number) => formatMoney(cents, 'de-DE', 'EUR').replace(/\s/g, ' ');

// 10,50 € with Rucola 1,20 €: 11,70 € of goods; the test catalogue's delivery discount is 5 %.
const pizza = buildCartItem(margherita, { variantId: 42, extras: [{ id: 108, quantity: 1 }], quantity: 1 });

const WILLKOMMEN: VoucherCheck = {
  id: 3,
  code: 'WILLKOMMEN',
  kind: 'amount',
  percentage: null,
  amount: 2.5,
  minimum_order_amount: 0,
  valid_from: null,
  valid_until: null,
  order_types: 'both',
  combines_with_discount: true,
  refusal: null,
};

function Cart({ contact = null }: { contact?: VoucherContact | null }) {
  const totals = useCartTotals();
  return (
    <>
      <VoucherField totals={totals} contact={contact} />
      <dl>
        <VoucherTotalsLine totals={totals} />
        <div>
          <dt>Gesamt</dt>
          <dd>{euro(totals.total)}</dd>
        </div>
      </dl>
    </>
  );
}

function renderCart(contact: VoucherContact | null = null) {
  return renderWithProviders(<Cart contact={contact} />, { queryData: catalogueQueryData });
}

async function redeem(code: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Gutscheincode eingeben' }));
  await user.type(screen.getByRole('textbox', { name: 'Gutscheincode' }), code);
  await user.click(screen.getByRole('button', { name: 'Einlösen' }));
  return user;
}

beforeEach(() => {
  localStorage.clear();
  restoreCart();
  useCart.setState({ items: [pizza] });
  useDelivery.setState({ orderType: 'delivery', postcode: postcode10999 });
});

afterEach(async () => {
  clearCart();
  await changeLanguage('de');
  vi.unstubAllGlobals();
});

describe('the voucher field', () => {
  it('checks the code for the order type and shows at once what it takes off', async () => {
    const { calls } = fakeApi({ [CHECK]: { status: 200, body: WILLKOMMEN } });
    renderCart();
    await redeem(' willkommen ');
    expect(await screen.findByText('Sie sparen 2,50 €.')).toBeInTheDocument();
    expect(screen.getByText('Gutschein WILLKOMMEN', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '−2,50 €',
    );
    // 11,70 € − 5 % (0,59 €) − 2,50 € + 2,50 € delivery.
    expect(screen.getByText('Gesamt').nextElementSibling).toHaveTextContent(euro(1170 - 59 - 250 + 250));
    const sent: unknown = JSON.parse(String(calls.find((call) => call.method === 'POST')?.body));
    expect(sent).toEqual({ code: 'WILLKOMMEN', order_type: 'delivery', phone: null, email: null });
    expect(JSON.parse(localStorage.getItem(CART_VOUCHER_KEY) ?? 'null')).toMatchObject({
      check: { code: 'WILLKOMMEN' },
    });
  });

  it('says in words that a code does not exist, and keeps what was typed', async () => {
    fakeApi({ [CHECK]: { status: 404, body: { code: 'voucher_unknown', message: 'Unbekannt' } } });
    renderCart();
    await redeem('GIBTSNICHT');
    expect(await screen.findByRole('alert')).toHaveTextContent('Diesen Gutscheincode gibt es nicht (oder nicht mehr).');
    expect(screen.getByRole('textbox', { name: 'Gutscheincode' })).toHaveValue('GIBTSNICHT');
    expect(useCartVoucher.getState().voucher).toBeNull();
  });

  it('says how much is missing to the minimum, and applies once the cart reaches it', async () => {
    fakeApi({ [CHECK]: { status: 200, body: { ...WILLKOMMEN, minimum_order_amount: 20 } } });
    renderCart();
    await redeem('WILLKOMMEN');
    expect(
      await screen.findByText(`Noch ${euro(2000 - 1170)} bis zum Mindestbestellwert von 20,00 € für diesen Gutschein.`),
    ).toBeInTheDocument();
    expect(screen.queryByText('Gutschein WILLKOMMEN', { selector: 'dt' })).not.toBeInTheDocument();
    act(() => useCart.setState({ items: [{ ...pizza, quantity: 2 }] }));
    expect(await screen.findByText('Sie sparen 2,50 €.')).toBeInTheDocument();
  });

  it('follows the order type chosen', async () => {
    fakeApi({ [CHECK]: { status: 200, body: { ...WILLKOMMEN, order_types: 'pickup' } } });
    renderCart();
    await redeem('WILLKOMMEN');
    expect(await screen.findByText('Dieser Gutschein gilt nicht für diese Bestellart.')).toBeInTheDocument();
    act(() => useDelivery.setState({ orderType: 'pickup' }));
    expect(await screen.findByText('Sie sparen 2,50 €.')).toBeInTheDocument();
  });

  it.each([
    [{ valid_until: '2020-01-01T00:00:00Z' }, 'Dieser Gutschein ist abgelaufen.'],
    [{ valid_from: '2999-01-01T00:00:00Z' }, 'Dieser Gutschein gilt noch nicht.'],
    [{ refusal: 'voucher_used_up' }, 'Dieser Gutschein ist bereits aufgebraucht.'],
    [{ refusal: 'voucher_limit_reached' }, 'Sie haben diesen Gutschein bereits so oft eingelöst, wie er gilt.'],
    [{ refusal: 'voucher_first_order_only' }, 'Dieser Gutschein gilt nur für die erste Bestellung.'],
    [
      // 2 % does not combine with the 5 % delivery discount, which is larger.
      { kind: 'percentage', percentage: 2, amount: null, combines_with_discount: false },
      'Dieser Gutschein ist nicht mit dem Rabatt kombinierbar, und der Rabatt ist höher. Sie erhalten den Rabatt.',
    ],
  ] as const)('says why it does not apply: %o', async (terms, words) => {
    fakeApi({ [CHECK]: { status: 200, body: { ...WILLKOMMEN, ...terms } } });
    renderCart();
    await redeem('WILLKOMMEN');
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.queryByText('Gutschein WILLKOMMEN', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('Gesamt').nextElementSibling).toHaveTextContent(euro(1170 - 59 + 250));
  });

  it('takes the larger of voucher and discount when they do not combine', async () => {
    fakeApi({ [CHECK]: { status: 200, body: { ...WILLKOMMEN, combines_with_discount: false } } });
    renderCart();
    await redeem('WILLKOMMEN');
    expect(await screen.findByText('Sie sparen 2,50 €.')).toBeInTheDocument();
    expect(screen.getByText('Gesamt').nextElementSibling).toHaveTextContent(euro(1170 - 250 + 250));
  });

  it('is removed with "Entfernen"', async () => {
    fakeApi({ [CHECK]: { status: 200, body: WILLKOMMEN } });
    renderCart();
    const user = await redeem('WILLKOMMEN');
    await screen.findByText('Sie sparen 2,50 €.');
    await user.click(screen.getByRole('button', { name: 'Gutschein WILLKOMMEN entfernen' }));
    expect(screen.getByRole('button', { name: 'Gutscheincode eingeben' })).toBeInTheDocument();
    expect(screen.queryByText('Gutschein WILLKOMMEN', { selector: 'dt' })).not.toBeInTheDocument();
    expect(localStorage.getItem(CART_VOUCHER_KEY)).toBeNull();
  });

  it('checks a kept code again with the guest’s phone and e-mail', async () => {
    applyVoucher(WILLKOMMEN);
    const { calls } = fakeApi({
      [CHECK]: { status: 200, body: { ...WILLKOMMEN, refusal: 'voucher_first_order_only' } },
    });
    renderCart({ phone: '030 123456', email: 'gast@example.org' });
    expect(await screen.findByText('Dieser Gutschein gilt nur für die erste Bestellung.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      code: 'WILLKOMMEN',
      order_type: 'delivery',
      phone: '030 123456',
      email: 'gast@example.org',
    });
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    fakeApi({ [CHECK]: { status: 200, body: { ...WILLKOMMEN, minimum_order_amount: 20 } } });
    renderWithProviders(<Cart />, { queryData: catalogueQueryData });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enter a voucher code' }));
    await user.type(screen.getByRole('textbox', { name: 'Voucher code' }), 'WILLKOMMEN');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(
      await screen.findByText('€8.30 more to reach the minimum order of €20.00 for this voucher.'),
    ).toBeInTheDocument();
  });
});
