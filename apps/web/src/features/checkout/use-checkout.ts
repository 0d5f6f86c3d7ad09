import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import {
  STORE_ID,
  VOUCHER_REFUSAL_CODES,
  type Order,
  type OrderRequest,
  type PaymentMethod,
  type TimeSlots,
} from '@pizzeria/domain';
import { useAddresses } from '../addresses/index.ts';
import {
  isOrderPlaced,
  markOrderPlaced,
  refuseVoucher,
  useCart,
  useCartTotals,
  useSoldOutLines,
} from '../cart/index.ts';
import { productsQueryOptions, useLanguage } from '../menu/index.ts';
import { useDelivery } from '../delivery/index.ts';
import { orderQueryOptions } from '../orders/index.ts';
import {
  describePaymentFailure,
  payCash,
  usePaymentMethods,
  type PayableOrder,
  type PaymentProblem,
} from '../payments/index.ts';
import { usePlaceOrder } from './api/place-order.ts';
import { useTimeSlots } from './api/get-time-slots.ts';
import { useLiveTimeSlots } from './live-time-slots.ts';
import { missingGuestFields } from './guest-login-page.tsx';
import { useGuestDetails } from './guest-details-store.ts';
import { checkoutStage, unpaidOrder } from './checkout-stage.ts';
import { addressContact, guestContact, guestShippingAddress, orderItems } from './order-request.ts';
import { describeOrderFailure } from './order-error.ts';
import { effectiveDay, requestedTimeFor } from './components/time-choice.tsx';
import { clearTimeSelection, useTimeSelection } from './time-selection.ts';

/**
 * The checkout's state and what the customer can do: the contact, the time chosen, the payment method,
 * and placing the order (in cash, or for PayPal and then PayPal or cash). `gate` says whether the page
 * can be shown at all.
 */
export function useCheckout({ guest, customerAddressId }: { guest: boolean; customerAddressId: number | null }) {
  const { t } = useTranslation('checkout');
  const language = useLanguage();
  const soldOut = useSoldOutLines();
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
  const [stage, dispatch] = useReducer(checkoutStage, { step: 'idle' });
  const unpaid = unpaidOrder(stage);
  const delivery = totals.orderType === 'delivery';
  // Held back only while the connection was away: once it is back and the choice is offered again, the
  // message goes, and the order button takes the time the customer meant.
  const shownTimeInvalid =
    timeInvalid === 'connection' && requestedTimeFor(selection, offer.slots) !== null ? false : timeInvalid;

  const gate =
    items.length === 0
      ? 'empty'
      : placed
        ? 'placed'
        : guest && missingGuestFields(guestDetails, delivery).length > 0
          ? 'guest_details_missing'
          : !guest && addresses.isPending
            ? 'loading'
            : 'ready';

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
      // Only a voucher that takes something off: one that does not apply says why at its field.
      voucher_code: totals.voucher > 0 ? totals.voucherCode : null,
      ...(guest
        ? {
            address: guestShippingAddress(guestDetails, contact.address, postcode),
          }
        : { address_id: customerAddressId }),
    };
  };

  /** A retry of the same order keeps its key, so the server never creates it twice (docs/product/orders.md). */
  const idempotencyKey = (body: OrderRequest): string => {
    const serialised = JSON.stringify(body);
    if (attempt.current?.body !== serialised) attempt.current = { key: crypto.randomUUID(), body: serialised };
    return attempt.current.key;
  };

  const showOrderFailure = (error: unknown) => {
    const reason = describeOrderFailure(error);
    if (reason.kind === 'code' && (VOUCHER_REFUSAL_CODES as readonly string[]).includes(reason.code)) {
      // The voucher's words stand at its field; the rest of the form is kept as it is.
      refuseVoucher(reason.code as (typeof VOUCHER_REFUSAL_CODES)[number]);
    } else if (reason.kind === 'code') {
      setFailure(t(`errors.${reason.code}`));
      if (reason.timeProblem) {
        setTimeInvalid('time');
        setSelection({ ...selection, mode: null, slot: '' });
        void slots.refetch();
      }
    } else if (reason.kind === 'dish') {
      setFailure(reason.message);
      // Sold out since the menu was last read: reading it again marks the line in the cart and here.
      void queryClient.invalidateQueries({ queryKey: productsQueryOptions(language).queryKey });
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
    dispatch({ type: 'place' });
    placeOrder.mutate(
      { guest, body, idempotencyKey: idempotencyKey(body) },
      {
        onSuccess: (order) => {
          dispatch({ type: 'place_settled' });
          openOrder(order);
        },
        onError: (error) => {
          dispatch({ type: 'place_settled' });
          showOrderFailure(error);
        },
      },
    );
  };

  // A dish sold out today holds the order back until its line is removed (the summary names it).
  const blocked = !contact || noTimes || blockedByMinimum || soldOut.length > 0;

  /** PayPal's click: the same checks as the order button; an invalid form keeps PayPal's window closed. */
  const validateForPayPal = () => !blocked && orderRequest('paypal') !== null;

  /** Places the order to pay (again with the same key after a cancelled window: the same order). */
  const placeForPayPal = async (): Promise<PayableOrder | null> => {
    const body = orderRequest('paypal');
    if (!body) return null;
    dispatch({ type: 'place' });
    try {
      const order = await placeOrder.mutateAsync({ guest, body, idempotencyKey: idempotencyKey(body) });
      const payable = { id: order.id, token: guest ? (order.tracking_token ?? null) : null };
      dispatch({ type: 'placed_unpaid', order: payable });
      return payable;
    } catch (error) {
      dispatch({ type: 'place_settled' });
      showOrderFailure(error);
      return null;
    }
  };

  const payCashInstead = (order: PayableOrder) => {
    dispatch({ type: 'pay_cash', order });
    setPaymentProblem(null);
    payCash(order).then(
      (paid) => openOrder({ ...paid, tracking_token: order.token ?? undefined }),
      (error: unknown) => {
        dispatch({ type: 'pay_cash_failed' });
        setPaymentProblem(describePaymentFailure(error));
      },
    );
  };

  const pending = stage.step === 'placing';
  // Without PayPal configured (any more), the order is paid in cash.
  const payByPayPal = method === 'paypal' && paypal !== null;

  return {
    gate,
    items,
    note,
    totals,
    postcode,
    delivery,
    contact,
    days,
    day,
    slots,
    offer,
    selection,
    /** Another time, or another day (its times then to be chosen again). */
    chooseTime: (next: typeof selection) => {
      setSelection(next);
      setTimeInvalid(false);
    },
    chooseDay: (date: string) => {
      setSelection({ mode: null, slot: '', date });
      setTimeInvalid(false);
    },
    timeInvalid: shownTimeInvalid,
    paypal,
    payByPayPal,
    chooseMethod: (next: PaymentMethod) => {
      setMethod(next);
      setFailure(null);
      setPaymentProblem(null);
    },
    failure,
    pending,
    blocked,
    paymentProblem,
    setPaymentProblem,
    unpaid,
    payingCash: stage.step === 'paying_cash',
    submit,
    payCashInstead,
    validateForPayPal,
    placeForPayPal,
    openOrder,
  };
}
