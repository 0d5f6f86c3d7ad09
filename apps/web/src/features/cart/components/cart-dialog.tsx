import { LineHalves } from '../../../lib/line-halves.tsx';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '@base-ui/react/dialog';
import { lineDeposit, lineTotal, toCents, type CartItem } from '@pizzeria/domain';
import { CheckIcon, CloseIcon } from '../../../lib/icons.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useNumberFormat } from '../../../lib/use-number-format.ts';
import { useDelivery, type OrderType } from '../../delivery/index.ts';
import { openLoginDialog } from '../../auth/index.ts';
import { useSession } from '../../session/index.ts';
import { useCurrency } from '../../store/index.ts';
import { ClosedTodayNotice } from '../../store-status/index.ts';
import { discountsQueryOptions } from '../api/get-discounts.ts';
import { choosePostcodeFromCart, closeCart, openCart, requestLineEdit, useCartDialog } from '../cart-dialog-store.ts';
import {
  MAX_NOTE_LENGTH,
  clearCart,
  lastPlacedOrder,
  soldOutDish,
  soldOutToppingNames,
  useCart,
  useSoldOutLines,
} from '../cart-store.ts';
import { useCartTotals, type CartTotals } from '../use-cart-totals.ts';
import { PencilIcon } from './cart-icons.tsx';
import { FullTodayNotice } from './full-today-notice.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { ReorderNotice } from './reorder-notice.tsx';
import { SoldOutNotice } from './sold-out-notice.tsx';
import { VoucherField, VoucherTotalsLine } from './voucher-field.tsx';
import '../../../styles/segmented.css';
import './cart-dialog.css';

/** The cart (docs/product/shop.md, "The cart"): lines, note, delivery or pickup, totals and the way to checkout. */
export default function CartDialog() {
  const { t } = useTranslation('cart');
  const { t: tCommon } = useTranslation();
  const open = useCartDialog((state) => state.open);
  const items = useCart((state) => state.items);
  const ordered = useCart((state) => state.ordered) && items.length > 0;
  const repriced = useCart((state) => state.repriced);
  const totals = useCartTotals();
  const postcode = useDelivery((state) => state.postcode);
  const queryClient = useQueryClient();

  // docs/product/shop.md: opening the cart refreshes the discount. The order type and the fee come from the
  // delivery store, which restores them from local storage and keeps them there.
  useEffect(() => {
    if (open) void queryClient.refetchQueries(discountsQueryOptions());
  }, [open, queryClient]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? openCart() : closeCart())}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup cart-dialog">
          <div className="dialog-header cart-dialog-header">
            <div>
              <Dialog.Title className="dialog-title">{t('title')}</Dialog.Title>
              {items.length > 0 && <p className="cart-dialog-count">{t('items_count', { count: totals.itemCount })}</p>}
            </div>
            <Dialog.Close className="icon-button" aria-label={tCommon('close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="cart-dialog-scroll">
            {!ordered && <ClosedTodayNotice />}
            {!ordered && open && items.length > 0 && (
              <FullTodayNotice orderType={totals.orderType} postcode={postcode?.postcode ?? null} />
            )}
            {!ordered && repriced && (
              <p className="notice" role="status">
                {t('repriced')}
              </p>
            )}
            {!ordered && <ReorderNotice />}
            {ordered ? <OrderedCart /> : <OrderTypeSwitch />}
            {ordered ? null : items.length === 0 ? (
              <EmptyCart />
            ) : (
              <>
                <ul className="cart-lines" aria-label={t('lines_label')}>
                  {items.map((item) => (
                    <CartLine key={item.uniqueKey} item={item} />
                  ))}
                </ul>
                <OrderNote />
                <VoucherField totals={totals} />
              </>
            )}
          </div>
          {items.length > 0 && !ordered && <CartSummary totals={totals} />}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A cart already sent as an order: it says so, leads to the order, and lets a new one begin. */
function OrderedCart() {
  const { t } = useTranslation('cart');
  const [order] = useState(() => lastPlacedOrder());
  const [, navigate] = useLocation();
  const href = order ? `/order/${order.id}${order.token ? `?token=${encodeURIComponent(order.token)}` : ''}` : null;
  return (
    <div className="cart-ordered" role="status">
      <p className="cart-ordered-title">
        <CheckIcon width="20" height="20" />
        {t('ordered_title')}
      </p>
      <p className="cart-order-type-hint">{t('ordered_text')}</p>
      <div className="cart-ordered-actions">
        {href && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              closeCart();
              navigate(href);
            }}
          >
            {t('ordered_view')}
          </button>
        )}
        <button type="button" className="button button-primary" onClick={clearCart}>
          {t('ordered_new')}
        </button>
      </div>
    </div>
  );
}

function OrderTypeSwitch() {
  const { t } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const name = useId();
  const orderType = useDelivery((state) => state.orderType);
  const postcode = useDelivery((state) => state.postcode);
  const setOrderType = useDelivery((state) => state.setOrderType);
  const types: OrderType[] = ['delivery', 'pickup'];
  return (
    <div className="cart-order-type">
      <fieldset className="segmented">
        <legend className="sr-only">{t('order_type_label')}</legend>
        {types.map((type) => (
          <label key={type} className="segmented-option">
            <input
              type="radio"
              name={name}
              value={type}
              checked={orderType === type}
              onChange={() => setOrderType(type)}
            />
            <span>{t(type)}</span>
          </label>
        ))}
      </fieldset>
      {orderType === 'pickup' ? (
        <p className="cart-order-type-hint">{t('pickup_hint')}</p>
      ) : postcode ? (
        <div className="cart-postcode">
          <div>
            <p className="cart-postcode-title">{t('delivery_to', { postcode: postcode.postcode })}</p>
            <p className="cart-order-type-hint">
              {t('delivery_details', {
                fee: postcode.delivery_fee > 0 ? money(toCents(postcode.delivery_fee)) : t('free'),
                minimum: money(toCents(postcode.minimum_order_amount)),
              })}
            </p>
          </div>
          <button
            type="button"
            className="button button-secondary cart-small-button"
            aria-label={t('change_postcode_label')}
            onClick={choosePostcodeFromCart}
          >
            {t('change_postcode')}
          </button>
        </div>
      ) : (
        <div className="cart-postcode cart-postcode-missing">
          <p>{t('choose_postcode_prompt')}</p>
          <button type="button" className="button button-primary cart-small-button" onClick={choosePostcodeFromCart}>
            {t('choose_postcode')}
          </button>
        </div>
      )}
    </div>
  );
}

function EmptyCart() {
  const { t } = useTranslation('cart');
  return (
    <div className="cart-empty">
      <svg className="cart-empty-art" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
        <circle cx="48" cy="48" r="44" fill="var(--color-gold-soft)" />
        <circle cx="48" cy="50" r="28" fill="#f3c77a" stroke="#c98a3a" strokeWidth="4" />
        <circle cx="48" cy="50" r="21" fill="#e0643f" />
        <circle cx="40" cy="44" r="4" fill="#fff4d8" />
        <circle cx="55" cy="47" r="4.5" fill="#fff4d8" />
        <circle cx="46" cy="58" r="4" fill="#fff4d8" />
        <path d="M57 56c2 1 4 1 5-1M36 52c1 2 3 2 4 1" stroke="#2f6b34" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="cart-empty-title">{t('empty_title')}</p>
      <p className="cart-empty-text">{t('empty_text')}</p>
      <Dialog.Close className="button button-primary">{t('to_menu')}</Dialog.Close>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const setQuantity = useCart((state) => state.setQuantity);
  const remove = useCart((state) => state.remove);
  const soldOut = useCart((state) => soldOutDish(item, state.soldOut));
  // A topping sold out today: the line stays editable, its notice says which and leads to editing it.
  const toppingSoldOut = useCart((state) => soldOutToppingNames(item, state.soldOutToppings).length > 0);
  const [pathname, navigate] = useLocation();
  const name = item.displayName;
  const edit = () => {
    requestLineEdit(item.uniqueKey);
    // The product dialog lives on the menu page.
    if (pathname !== '/') navigate('/');
  };
  return (
    <li className="cart-line" data-sold-out={soldOut || toppingSoldOut || undefined}>
      <div className="cart-line-main">
        <p className="cart-line-name">{name}</p>
        {(soldOut || toppingSoldOut) && <SoldOutNotice item={item} />}
        {item.halves ? (
          <LineHalves
            halves={item.halves}
            className="cart-line"
            label={t('halves_label')}
            halfName={(name) => t('half_name', { name })}
            extraText={({ name, quantity }) => (quantity > 1 ? t('extra_quantity', { quantity, name }) : name)}
          />
        ) : (
          item.extras.length > 0 && (
            <ul className="cart-line-extras">
              {item.extras.map((extra) => (
                <li key={extra.id}>
                  {extra.quantity > 1
                    ? t('extra_quantity', { quantity: extra.quantity, name: extra.name })
                    : extra.name}
                  {extra.price > 0 && (
                    <span className="cart-line-extra-price"> +{money(extra.price * extra.quantity)}</span>
                  )}
                </li>
              ))}
            </ul>
          )
        )}
        {/* A sold-out dish can only go: its notice offers that. */}
        {!soldOut && (
          <div className="cart-line-actions">
            <button type="button" className="cart-text-button" aria-label={t('edit_label', { name })} onClick={edit}>
              <PencilIcon width="15" height="15" />
              {t('edit')}
            </button>
            <button
              type="button"
              className="cart-text-button"
              aria-label={t('remove_label', { name })}
              onClick={() => remove(item.uniqueKey)}
            >
              {t('remove')}
            </button>
          </div>
        )}
      </div>
      <div className="cart-line-side">
        <p className="cart-line-total">{money(lineTotal(item))}</p>
        {item.deposit > 0 && (
          <p className="cart-line-deposit">{t('line_deposit', { price: money(lineDeposit(item)) })}</p>
        )}
        {!soldOut && (
          <QuantityStepper
            size="sm"
            value={item.quantity}
            onChange={(quantity) => setQuantity(item.uniqueKey, quantity)}
            label={t('quantity_of', { name })}
            decreaseLabel={t('decrease', { name })}
            increaseLabel={t('increase', { name })}
            removeLabel={t('remove_label', { name })}
          />
        )}
      </div>
    </li>
  );
}

function OrderNote() {
  const { t } = useTranslation('cart');
  const id = useId();
  const note = useCart((state) => state.note);
  const setNote = useCart((state) => state.setNote);
  return (
    <div className="cart-note">
      <label className="field-label" htmlFor={id}>
        {t('note_label')}
      </label>
      <textarea
        id={id}
        className="input cart-note-input"
        rows={2}
        maxLength={MAX_NOTE_LENGTH}
        value={note}
        placeholder={t('note_placeholder')}
        aria-describedby={`${id}-counter`}
        onChange={(event) => setNote(event.target.value)}
      />
      <p id={`${id}-counter`} className="cart-note-counter">
        {t('note_counter', { count: note.length, max: MAX_NOTE_LENGTH })}
      </p>
    </div>
  );
}

function CartSummary({ totals }: { totals: CartTotals }) {
  const { t } = useTranslation('cart');
  const money = useMoney(useCurrency());
  const number = useNumberFormat();
  const postcode = useDelivery((state) => state.postcode);
  const reasonId = useId();
  const soldOut = useSoldOutLines();
  const delivery = totals.orderType === 'delivery';
  const blocked =
    totals.itemCount === 0
      ? t('checkout_blocked_empty')
      : soldOut.length > 0
        ? t('checkout_blocked_sold_out', {
            count: soldOut.length,
            names: soldOut.map((line) => line.displayName).join(', '),
          })
        : delivery && !postcode
          ? t('checkout_blocked_postcode')
          : totals.missingForMinimum > 0
            ? t('checkout_blocked_minimum')
            : null;
  return (
    <div className="cart-summary">
      {delivery && postcode && totals.missingForMinimum > 0 && (
        <p className="cart-minimum" role="status">
          {t('minimum_not_met', {
            postcode: postcode.postcode,
            minimum: money(totals.minimumOrder),
            missing: money(totals.missingForMinimum),
          })}
        </p>
      )}
      <dl className="cart-totals">
        <div>
          <dt>{t('subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div className="cart-totals-discount">
            <dt>
              {t(delivery ? 'discount_delivery' : 'discount_pickup', { percent: number(totals.discountPercent) })}
            </dt>
            <dd>−{money(totals.discount)}</dd>
          </div>
        )}
        <VoucherTotalsLine totals={totals} className="cart-totals-discount" />
        {totals.deposit > 0 && (
          <div>
            <dt>{t('deposit')}</dt>
            <dd>{money(totals.deposit)}</dd>
          </div>
        )}
        {delivery && postcode && (
          <div>
            <dt>{t('delivery_fee')}</dt>
            <dd>{totals.deliveryFee > 0 ? money(totals.deliveryFee) : t('free')}</dd>
          </div>
        )}
        <div className="cart-totals-total">
          <dt>
            {t('total')} <span className="cart-totals-vat">{t('vat_note')}</span>
          </dt>
          <dd>{money(totals.total)}</dd>
        </div>
      </dl>
      {blocked ? (
        <>
          <button type="button" className="button button-primary button-block" disabled aria-describedby={reasonId}>
            {t('checkout_total', { total: money(totals.total) })}
          </button>
          <p id={reasonId} className="cart-blocked-reason">
            {blocked}
          </p>
        </>
      ) : (
        <CheckoutLink label={t('checkout_total', { total: money(totals.total) })} />
      )}
    </div>
  );
}

/** Signed in: on to the checkout. Nobody signed in: the login modal, with its guest link (docs/product/shop.md). */
function CheckoutLink({ label }: { label: string }) {
  const { user } = useSession();
  if (user) {
    return (
      <Link href="/checkout" className="button button-primary button-block" onClick={closeCart}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="button button-primary button-block"
      onClick={() => {
        closeCart();
        openLoginDialog();
      }}
    >
      {label}
    </button>
  );
}
