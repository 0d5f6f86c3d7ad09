import '../../styles/order-pages.css';
import './register-texts.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation } from 'wouter';
import { lineDeposit, lineTotal, type CartItem, type PaymentMethod } from '@pizzeria/domain';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMoney } from '../../lib/use-money.ts';
import { clearCart, openCart, useCart, useSoldOutLines, type CartTotals } from '../cart/index.ts';
import { SoldOutNotice, VoucherField, type VoucherContact } from '../cart/ui.ts';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { OrderSummaryView } from '../orders/ui.ts';
import { PaymentAlert, PayPalPayment } from '../payments/index.ts';
import { useSession } from '../session/index.ts';
import { useCurrency, useStore } from '../store/index.ts';
import { checkoutAccess, useCheckoutArrival } from './checkout-arrival.ts';
import { TimeChoice } from './components/time-choice.tsx';
import type { Contact } from './order-request.ts';
import { useCheckout } from './use-checkout.ts';

/** `/checkout` behind the guard of docs/product/shop.md. */
export default function CheckoutRoute() {
  const session = useSession();
  const arrival = useCheckoutArrival();
  if (session.loading) return <LoadingScreen variant="page" />;
  const access = checkoutAccess(arrival, session.user !== null);
  if (access.kind === 'redirect') return <Redirect to={access.to} replace />;
  return (
    <CheckoutPage
      customerAddressId={access.kind === 'customer' ? access.addressId : null}
      guest={access.kind === 'guest'}
    />
  );
}

export function CheckoutPage({ guest, customerAddressId }: { guest: boolean; customerAddressId: number | null }) {
  const { t } = useTranslation('checkout');
  usePageTitle(t('page_title'));
  const { t: tCart } = useTranslation('cart');
  const checkout = useCheckout({ guest, customerAddressId });
  const soldOut = useSoldOutLines();
  const soldOutReasonId = useId();
  const { items, note, totals, postcode, delivery, contact, offer, slots, paypal, payByPayPal, unpaid } = checkout;
  const pending = checkout.pending;

  if (checkout.gate === 'empty') return <CheckoutEmpty />;
  if (checkout.gate === 'placed') return <AlreadyPlaced />;
  if (checkout.gate === 'guest_details_missing') return <Redirect to="/guest-login" replace />;
  if (checkout.gate === 'loading') return <LoadingScreen variant="page" />;

  return (
    <div className="container page checkout-page">
      <header className="checkout-hero">
        <h1>{t('title')}</h1>
        <p className="checkout-intro">{t('intro')}</p>
      </header>
      <div className="checkout-layout">
        <div className="checkout-main">
          <section className="card checkout-section" aria-labelledby="checkout-details-title">
            <div className="checkout-section-head">
              <h2 id="checkout-details-title">{delivery ? t('details.delivery_title') : t('details.pickup_title')}</h2>
              <Link
                href={guest ? '/guest-login' : '/update-address'}
                className="button button-secondary checkout-small-button"
                aria-label={t('details.change_label')}
              >
                {t('details.change')}
              </Link>
            </div>
            <ContactDetails contact={contact} delivery={delivery} />
          </section>
          <section className="card checkout-section" aria-labelledby="checkout-time-title">
            <h2 id="checkout-time-title">{t('time.title')}</h2>
            <TimeChoice
              slots={offer.slots}
              days={checkout.days}
              day={checkout.day}
              onDayChange={checkout.chooseDay}
              closedNow={offer.closedNow}
              asapWithheld={offer.asapWithheld}
              reconnecting={offer.reconnecting}
              loading={slots.isPending || slots.isPlaceholderData}
              failed={slots.isError}
              onRetry={() => void slots.refetch()}
              orderType={totals.orderType}
              selection={checkout.selection}
              onChange={checkout.chooseTime}
              invalid={checkout.timeInvalid}
            />
          </section>
          <section className="card checkout-section" aria-labelledby="checkout-payment-title">
            <h2 id="checkout-payment-title">{t('payment.title')}</h2>
            <PaymentChoice
              delivery={delivery}
              paypalOffered={paypal !== null}
              method={payByPayPal ? 'paypal' : 'cash'}
              onChange={checkout.chooseMethod}
            />
          </section>
        </div>
        <aside className="checkout-aside">
          <section className="card checkout-section checkout-summary" aria-labelledby="checkout-summary-title">
            <div className="checkout-section-head">
              <h2 id="checkout-summary-title">{t('summary.title')}</h2>
              <button type="button" className="link-button" onClick={openCart}>
                {t('summary.edit_cart')}
              </button>
            </div>
            <CheckoutSummary
              items={items}
              note={note}
              totals={totals}
              postcodeName={postcode?.postcode ?? ''}
              voucherContact={guest && contact ? { phone: contact.phone, email: contact.email } : null}
            />
            {checkout.failure && (
              <p className="form-error" role="alert">
                {checkout.failure}
              </p>
            )}
            <p className="sr-only" role="status">
              {pending ? t('place.processing') : ''}
            </p>
            {payByPayPal && paypal ? (
              <>
                <PaymentAlert
                  problem={checkout.paymentProblem}
                  onPayCash={unpaid ? () => checkout.payCashInstead(unpaid) : undefined}
                  payingCash={checkout.payingCash}
                />
                <p className="checkout-hint">{t('payment.paypal_place_hint')}</p>
                <PayPalPayment
                  paypal={paypal}
                  validate={checkout.validateForPayPal}
                  prepareOrder={checkout.placeForPayPal}
                  placesOrder
                  onPaid={(order, paid) => checkout.openOrder({ ...order, tracking_token: paid.token ?? undefined })}
                  onProblem={checkout.setPaymentProblem}
                  disabled={checkout.blocked || checkout.payingCash}
                />
              </>
            ) : (
              <button
                type="button"
                className="button button-primary button-block checkout-place"
                disabled={pending || checkout.blocked}
                aria-busy={pending || undefined}
                aria-describedby={soldOut.length > 0 ? soldOutReasonId : undefined}
                onClick={checkout.submit}
              >
                {pending ? t('place.processing') : t('place.submit')}
              </button>
            )}
            {soldOut.length > 0 && (
              <p id={soldOutReasonId} className="checkout-warning">
                {tCart('checkout_blocked_sold_out', {
                  count: soldOut.length,
                  names: soldOut.map((line) => line.displayName).join(', '),
                })}
              </p>
            )}
            <p className="checkout-hint checkout-terms">{t('place.terms')}</p>
          </section>
        </aside>
      </div>
    </div>
  );
}

function ContactDetails({ contact, delivery }: { contact: Contact | null; delivery: boolean }) {
  const { t } = useTranslation('checkout');
  const { data: store } = useStore();
  if (!contact) {
    return (
      <p className="form-error" role="alert">
        {t('details.address_missing')} <Link href="/update-address">{t('details.change')}</Link>
      </p>
    );
  }
  return (
    <div className="checkout-contact">
      {delivery && contact.address ? (
        <address className="checkout-address">
          {contact.name}
          <br />
          {contact.address.line1}
          {contact.address.line2 ? `, ${contact.address.line2}` : ''}
          <br />
          {contact.address.zip}
        </address>
      ) : (
        <div>
          <p className="checkout-hint">{t('details.pickup_at')}</p>
          <address className="checkout-address">{store?.address}</address>
        </div>
      )}
      <dl className="checkout-contact-list">
        <div>
          <dt>{t('details.contact')}</dt>
          <dd>
            {!delivery && (
              <>
                {contact.name}
                <br />
              </>
            )}
            {contact.phone}
            {contact.email && (
              <>
                <br />
                {contact.email}
              </>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function PaymentChoice({
  delivery,
  paypalOffered,
  method,
  onChange,
}: {
  delivery: boolean;
  /** PayPal only when the server has its credentials (GET /payment-methods). */
  paypalOffered: boolean;
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className="checkout-choices">
      <legend className="sr-only">{t('payment.title')}</legend>
      <label className="checkout-choice">
        <input type="radio" name="payment" value="cash" checked={method === 'cash'} onChange={() => onChange('cash')} />
        <span className="checkout-choice-text">
          <span className="checkout-choice-title">{t('payment.cash')}</span>
          <span className="checkout-hint">
            {delivery ? t('payment.cash_hint_delivery') : t('payment.cash_hint_pickup')}
          </span>
        </span>
      </label>
      {paypalOffered && (
        <label className="checkout-choice">
          <input
            type="radio"
            name="payment"
            value="paypal"
            checked={method === 'paypal'}
            onChange={() => onChange('paypal')}
          />
          <span className="checkout-choice-text">
            <span className="checkout-choice-title">{t('payment.paypal')}</span>
            <span className="checkout-hint">{t('payment.paypal_hint')}</span>
          </span>
        </label>
      )}
    </fieldset>
  );
}

export function CheckoutSummary({
  items,
  note,
  totals,
  postcodeName,
  voucherContact = null,
}: {
  items: CartItem[];
  note: string;
  totals: CartTotals;
  postcodeName: string;
  /** A guest's phone and e-mail, for the voucher's limits per customer. */
  voucherContact?: VoucherContact | null;
}) {
  const { t } = useTranslation('checkout');
  const { t: tCart } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const repriced = useCart((state) => state.repriced);
  const soldOut = useSoldOutLines();
  return (
    <>
      {repriced && (
        <p className="checkout-warning" role="status">
          {tCart('repriced')}
        </p>
      )}
      {soldOut.map((item) => (
        <SoldOutNotice key={item.uniqueKey} item={item} />
      ))}
      <OrderSummaryView
        lines={items.map((item) => ({
          key: item.uniqueKey,
          quantity: item.quantity,
          name: item.displayName,
          extras: item.extras,
          halves: item.halves,
          total: lineTotal(item),
          deposit: lineDeposit(item),
        }))}
        note={note.trim() ? note : null}
        totals={totals}
      >
        {totals.orderType === 'delivery' && totals.missingForMinimum > 0 && (
          <p className="checkout-warning" role="status">
            {t('summary.minimum_not_met', {
              postcode: postcodeName,
              minimum: money(totals.minimumOrder),
              missing: money(totals.missingForMinimum),
            })}
          </p>
        )}
        <VoucherField totals={totals} contact={voucherContact} />
      </OrderSummaryView>
    </>
  );
}

function CheckoutEmpty() {
  const { t } = useTranslation('checkout');
  usePageTitle(t('page_title'));
  return (
    <div className="container page checkout-page">
      <div className="card checkout-empty">
        <h1>{t('empty.title')}</h1>
        <p>{t('empty.text')}</p>
        <Link href="/" className="button button-primary">
          {t('empty.to_menu')}
        </Link>
      </div>
    </div>
  );
}

function AlreadyPlaced() {
  const { t } = useTranslation('checkout');
  const [, navigate] = useLocation();
  return (
    <div className="container page checkout-page">
      <div className="card checkout-empty">
        <h1>{t('placed.title')}</h1>
        <p>{t('placed.text')}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            clearCart();
            navigate('/');
          }}
        >
          {t('placed.new_order')}
        </button>
      </div>
    </div>
  );
}
