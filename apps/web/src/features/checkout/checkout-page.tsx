import './checkout.css';
import './register-texts.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import {
  STORE_ID,
  formatPhone,
  lineDeposit,
  lineTotal,
  normalizePhone,
  type Address,
  type CartItem,
  type Order,
  type OrderRequest,
  type PaymentMethod,
  type TimeSlots,
} from '@pizzeria/domain';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMoney } from '../../lib/use-money.ts';
import { useNumberFormat } from '../../lib/use-number-format.ts';
import { streetLine, useAddresses } from '../addresses/index.ts';
import {
  clearCart,
  isOrderPlaced,
  markOrderPlaced,
  openCart,
  useCart,
  useCartTotals,
  type CartTotals,
} from '../cart/index.ts';
import { useDelivery } from '../delivery/index.ts';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { orderQueryOptions } from '../orders/index.ts';
import {
  PaymentAlert,
  PayPalPayment,
  describePaymentFailure,
  payCash,
  usePaymentMethods,
  type PayableOrder,
  type PaymentProblem,
} from '../payments/index.ts';
import { useSession } from '../session/index.ts';
import { useCurrency, useStore } from '../store/index.ts';
import { usePlaceOrder } from './api/place-order.ts';
import { useTimeSlots } from './api/get-time-slots.ts';
import { useLiveTimeSlots } from './live-time-slots.ts';
import { checkoutAccess, useCheckoutArrival } from './checkout-arrival.ts';
import { missingGuestFields } from './guest-login-page.tsx';
import { useGuestDetails, type GuestDetails } from './guest-details-store.ts';
import { describeOrderFailure } from './order-error.ts';
import { TimeChoice, effectiveDay, requestedTimeFor } from './components/time-choice.tsx';
import { clearTimeSelection, useTimeSelection } from './time-selection.ts';

/** `/checkout` behind the guard of SPEC §2. */
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

interface Contact {
  name: string;
  phone: string;
  email: string | null;
  address: { line1: string; line2: string | null; zip: string } | null;
}

/**
 * The guest's contact; the postcode is the delivery area chosen last (the header's chip may change it).
 * A pickup has no address: the guest gave only a name and a phone number (issue 15).
 */
function guestContact(details: GuestDetails, delivery: boolean, postcode: string | null): Contact {
  return {
    name: details.customer_name,
    phone: formatPhone(normalizePhone(details.phone) ?? details.phone),
    email: details.email || null,
    address: delivery
      ? {
          line1: streetLine(details.street, details.house_number),
          line2: details.line2.trim() || null,
          zip: postcode ?? details.postcode,
        }
      : null,
  };
}

function addressContact(address: Address): Contact {
  return {
    name: address.customer_name,
    phone: formatPhone(address.phone),
    email: null,
    address: { line1: address.line1, line2: address.line2, zip: address.zip },
  };
}

function orderItems(items: CartItem[]): OrderRequest['items'] {
  return items.map((item) => ({
    product_id: item.id,
    variant_id: item.selectedVariant?.id ?? null,
    quantity: item.quantity,
    extras: item.extras.map((extra) => ({ id: extra.id, quantity: extra.quantity })),
  }));
}

export function CheckoutPage({ guest, customerAddressId }: { guest: boolean; customerAddressId: number | null }) {
  const { t } = useTranslation('checkout');
  usePageTitle(t('page_title'));
  const [, navigate] = useLocation();
  const items = useCart((state) => state.items);
  const note = useCart((state) => state.note);
  const totals = useCartTotals();
  const postcode = useDelivery((state) => state.postcode);
  const guestDetails = useGuestDetails((state) => state.details);
  const addresses = useAddresses(!guest);
  const [selection, setSelection] = useTimeSelection();
  // The days come with any day's slots; until they are known, today's are asked for (null).
  const [days, setDays] = useState<TimeSlots['days'] | undefined>(undefined);
  const day = effectiveDay(selection, days);
  const slots = useTimeSlots(totals.orderType, postcode?.postcode ?? null, day === days?.[0]?.date ? null : day);
  if (slots.data && slots.data.days !== days) setDays(slots.data.days);
  const offer = useLiveTimeSlots(slots.isPlaceholderData ? undefined : slots.data);
  const placeOrder = usePlaceOrder();
  const [timeInvalid, setTimeInvalid] = useState<false | 'time' | 'connection'>(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed] = useState(() => isOrderPlaced());
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const queryClient = useQueryClient();
  const paypal = usePaymentMethods().data?.paypal ?? null;
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [paymentProblem, setPaymentProblem] = useState<PaymentProblem | null>(null);
  /** The PayPal order placed here and not paid yet: PayPal again or cash. */
  const [unpaid, setUnpaid] = useState<PayableOrder | null>(null);
  const [payingCash, setPayingCash] = useState(false);
  const delivery = totals.orderType === 'delivery';
  // Held back only while the connection was away: once it is back and the choice is offered again, the
  // message goes, and the order button takes the time the customer meant.
  const shownTimeInvalid =
    timeInvalid === 'connection' && requestedTimeFor(selection, offer.slots) !== null ? false : timeInvalid;

  if (items.length === 0) return <CheckoutEmpty />;
  if (placed) return <AlreadyPlaced />;
  if (guest && missingGuestFields(guestDetails, delivery).length > 0) return <Redirect to="/guest-login" replace />;
  if (!guest && addresses.isPending) return <LoadingScreen variant="page" />;

  const chosenAddress = guest ? null : (addresses.data?.find((address) => address.id === customerAddressId) ?? null);
  const contact = guest
    ? guestContact(guestDetails, delivery, postcode?.postcode ?? null)
    : chosenAddress
      ? addressContact(chosenAddress)
      : null;
  const blockedByMinimum = delivery && totals.missingForMinimum > 0;
  const noTimes = offer.slots !== undefined && !offer.slots.asap_available && offer.slots.slots.length === 0;

  /** The order as the form says it, or null when the form is not complete (it then shows why). */
  const orderRequest = (paymentMethod: PaymentMethod): OrderRequest | null => {
    setFailure(null);
    const requestedTime = requestedTimeFor(selection, offer.slots);
    if (!requestedTime) {
      setTimeInvalid(offer.reconnecting ? 'connection' : 'time');
      return null;
    }
    if (!contact) return null;
    return {
      store_id: STORE_ID,
      order_type: totals.orderType,
      postcode: delivery ? (postcode?.postcode ?? null) : null,
      items: orderItems(items),
      note: note.trim() ? note : null,
      requested_time: requestedTime,
      payment_method: paymentMethod,
      ...(guest
        ? {
            address: {
              type: 'shipping' as const,
              customer_name: guestDetails.customer_name.trim(),
              phone: guestDetails.phone,
              email: guestDetails.email.trim() || null,
              line1: contact.address?.line1 ?? '',
              line2: contact.address?.line2 ?? null,
              city: '',
              zip: contact.address?.zip ?? '',
              country: 'DE',
            },
          }
        : { address_id: customerAddressId }),
    };
  };

  /** A retry of the same order keeps its key, so the server never creates it twice (DESIGN §4). */
  const idempotencyKey = (body: OrderRequest): string => {
    const serialised = JSON.stringify(body);
    if (attempt.current?.body !== serialised) attempt.current = { key: crypto.randomUUID(), body: serialised };
    return attempt.current.key;
  };

  const showOrderFailure = (error: unknown) => {
    const reason = describeOrderFailure(error);
    if (reason.kind === 'code') {
      setFailure(t(`errors.${reason.code}`));
      if (reason.timeProblem) {
        setTimeInvalid('time');
        setSelection({ ...selection, mode: null, slot: '' });
        void slots.refetch();
      }
    } else if (reason.kind === 'server') {
      setFailure(reason.message);
    } else {
      setFailure(t('place.network_error'));
    }
  };

  /** The order is the customer's now (paid, pending, or in cash): the cart is done, the order page follows it. */
  const openOrder = (order: Order) => {
    // Guests follow their order with its tracking token; customers with their own sign-in.
    const token = guest ? (order.tracking_token ?? null) : null;
    markOrderPlaced({ id: order.id, token });
    clearTimeSelection();
    queryClient.setQueryData(orderQueryOptions(order.id, token).queryKey, order);
    navigate(`/order/${order.id}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
  };

  const submit = () => {
    const body = orderRequest('cash');
    if (!body) return;
    // Placed for PayPal and not paid, the same order switched back to cash: that order is paid in cash
    // instead, never a second one beside it.
    if (unpaid && attempt.current?.body === JSON.stringify({ ...body, payment_method: 'paypal' })) {
      payCashInstead(unpaid);
      return;
    }
    placeOrder.mutate(
      { guest, body, idempotencyKey: idempotencyKey(body) },
      { onSuccess: openOrder, onError: showOrderFailure },
    );
  };

  const blocked = !contact || noTimes || blockedByMinimum;

  /** PayPal's click: the same checks as the order button; an invalid form keeps PayPal's window closed. */
  const validateForPayPal = () => !blocked && orderRequest('paypal') !== null;

  /** Places the order to pay (again with the same key after a cancelled window: the same order). */
  const placeForPayPal = async (): Promise<PayableOrder | null> => {
    const body = orderRequest('paypal');
    if (!body) return null;
    try {
      const order = await placeOrder.mutateAsync({ guest, body, idempotencyKey: idempotencyKey(body) });
      const payable = { id: order.id, token: guest ? (order.tracking_token ?? null) : null };
      setUnpaid(payable);
      return payable;
    } catch (error) {
      showOrderFailure(error);
      return null;
    }
  };

  const payCashInstead = (order: PayableOrder) => {
    setPayingCash(true);
    setPaymentProblem(null);
    payCash(order).then(
      (paid) => openOrder({ ...paid, tracking_token: order.token ?? undefined }),
      (error: unknown) => {
        setPayingCash(false);
        setPaymentProblem(describePaymentFailure(error));
      },
    );
  };

  const pending = placeOrder.isPending;
  // Without PayPal configured (any more), the order is paid in cash.
  const payByPayPal = method === 'paypal' && paypal !== null;

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
              days={days}
              day={day}
              onDayChange={(date) => {
                setSelection({ mode: null, slot: '', date });
                setTimeInvalid(false);
              }}
              closedNow={offer.closedNow}
              asapWithheld={offer.asapWithheld}
              reconnecting={offer.reconnecting}
              loading={slots.isPending || slots.isPlaceholderData}
              failed={slots.isError}
              onRetry={() => void slots.refetch()}
              orderType={totals.orderType}
              selection={selection}
              onChange={(next) => {
                setSelection(next);
                setTimeInvalid(false);
              }}
              invalid={shownTimeInvalid}
            />
          </section>
          <section className="card checkout-section" aria-labelledby="checkout-payment-title">
            <h2 id="checkout-payment-title">{t('payment.title')}</h2>
            <PaymentChoice
              delivery={delivery}
              paypalOffered={paypal !== null}
              method={payByPayPal ? 'paypal' : 'cash'}
              onChange={(next) => {
                setMethod(next);
                setFailure(null);
                setPaymentProblem(null);
              }}
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
            <CheckoutSummary items={items} note={note} totals={totals} postcodeName={postcode?.postcode ?? ''} />
            {failure && (
              <p className="form-error" role="alert">
                {failure}
              </p>
            )}
            <p className="sr-only" role="status">
              {pending ? t('place.processing') : ''}
            </p>
            {payByPayPal ? (
              <>
                <PaymentAlert
                  problem={paymentProblem}
                  onPayCash={unpaid ? () => payCashInstead(unpaid) : undefined}
                  payingCash={payingCash}
                />
                <p className="checkout-hint">{t('payment.paypal_place_hint')}</p>
                <PayPalPayment
                  paypal={paypal}
                  validate={validateForPayPal}
                  prepareOrder={placeForPayPal}
                  placesOrder
                  onPaid={(order, paid) => openOrder({ ...order, tracking_token: paid.token ?? undefined })}
                  onProblem={setPaymentProblem}
                  disabled={blocked || payingCash}
                />
              </>
            ) : (
              <button
                type="button"
                className="button button-primary button-block checkout-place"
                disabled={pending || blocked}
                aria-busy={pending || undefined}
                onClick={submit}
              >
                {pending ? t('place.processing') : t('place.submit')}
              </button>
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
}: {
  items: CartItem[];
  note: string;
  totals: CartTotals;
  postcodeName: string;
}) {
  const { t } = useTranslation('checkout');
  const { t: tCart } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const number = useNumberFormat();
  const delivery = totals.orderType === 'delivery';
  const repriced = useCart((state) => state.repriced);
  return (
    <>
      {repriced && (
        <p className="checkout-warning" role="status">
          {tCart('repriced')}
        </p>
      )}
      <ul className="checkout-lines" aria-label={t('summary.lines_label')}>
        {items.map((item) => (
          <li key={item.uniqueKey} className="checkout-line">
            <div>
              <p className="checkout-line-name">
                {t('summary.quantity_name', { quantity: item.quantity, name: item.displayName })}
              </p>
              {item.extras.length > 0 && (
                <ul className="checkout-line-extras">
                  {item.extras.map((extra) => (
                    <li key={extra.id}>
                      {extra.quantity > 1
                        ? t('summary.extra_quantity', { quantity: extra.quantity, name: extra.name })
                        : extra.name}
                      {extra.price > 0 && ` +${money(extra.price * extra.quantity)}`}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="checkout-line-amounts">
              <p className="checkout-line-total">{money(lineTotal(item))}</p>
              {item.deposit > 0 && (
                <p className="checkout-line-deposit">
                  {t('summary.line_deposit', { price: money(lineDeposit(item)) })}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {note.trim() && (
        <div className="checkout-note">
          <p className="checkout-note-label">{t('summary.note')}</p>
          <p>{note}</p>
        </div>
      )}
      {delivery && totals.missingForMinimum > 0 && (
        <p className="checkout-warning" role="status">
          {t('summary.minimum_not_met', {
            postcode: postcodeName,
            minimum: money(totals.minimumOrder),
            missing: money(totals.missingForMinimum),
          })}
        </p>
      )}
      <dl className="checkout-totals">
        <div>
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div className="checkout-totals-discount">
            <dt>
              {t(delivery ? 'summary.discount_delivery' : 'summary.discount_pickup', {
                percent: number(totals.discountPercent),
              })}
            </dt>
            <dd>−{money(totals.discount)}</dd>
          </div>
        )}
        {totals.deposit > 0 && (
          <div>
            <dt>{t('summary.deposit')}</dt>
            <dd>{money(totals.deposit)}</dd>
          </div>
        )}
        {delivery && (
          <div>
            <dt>{t('summary.delivery_fee')}</dt>
            <dd>{totals.deliveryFee > 0 ? money(totals.deliveryFee) : t('summary.free')}</dd>
          </div>
        )}
        <div className="checkout-totals-total">
          <dt>{t('summary.total')}</dt>
          <dd>{money(totals.total)}</dd>
        </div>
        {totals.vat.map((share) => (
          <div key={share.rate} className="checkout-totals-vat">
            <dt>{t('summary.vat', { rate: number(share.rate) })}</dt>
            <dd>{money(share.amount)}</dd>
          </div>
        ))}
      </dl>
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
