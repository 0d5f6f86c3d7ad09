import { localeFor, type Language, type LocalizedText, type OrderErrorCode, type OrderStatus } from '@pizzeria/domain';
import { HttpError } from '../../plugins/errors.ts';

/** What each refusal says, in both languages (the client may also translate the code itself). */
const MESSAGES: Record<OrderErrorCode, LocalizedText> = {
  store_closed: {
    de: 'Das Restaurant hat gerade geschlossen. Bitte wählen Sie eine spätere Uhrzeit.',
    en: 'The restaurant is closed right now. Please choose a later time.',
  },
  invalid_time_slot: { de: 'Bitte wählen Sie eine gültige Uhrzeit.', en: 'Please select a valid time.' },
  slot_full: {
    de: 'Zu dieser Uhrzeit ist die Küche ausgebucht. Bitte wählen Sie eine andere Uhrzeit.',
    en: 'The kitchen is fully booked at that time. Please choose another time.',
  },
  postcode_not_delivered: {
    de: 'In diese Postleitzahl liefern wir leider nicht.',
    en: 'We do not deliver to this postcode.',
  },
  postcode_required: {
    de: 'Bitte geben Sie die Postleitzahl für die Lieferung an.',
    en: 'Please give the postcode for the delivery.',
  },
  below_minimum_order: {
    de: 'Der Mindestbestellwert für diese Postleitzahl ist noch nicht erreicht.',
    en: 'The minimum order for this postcode has not been reached yet.',
  },
  unknown_product: {
    de: 'Ein Artikel im Warenkorb steht nicht auf unserer Karte.',
    en: 'An item in the cart is not on our menu.',
  },
  product_unavailable: {
    de: 'Ein Artikel im Warenkorb ist gerade nicht verfügbar.',
    en: 'An item in the cart is not available right now.',
  },
  variant_required: {
    de: 'Bitte wählen Sie für jeden Artikel eine Größe bzw. Variante.',
    en: 'Please choose a size or variant for every item.',
  },
  invalid_variant: {
    de: 'Eine gewählte Variante gehört nicht zu ihrem Artikel.',
    en: 'A chosen variant does not belong to its item.',
  },
  invalid_topping: {
    de: 'Ein gewähltes Extra gibt es für diesen Artikel nicht.',
    en: 'A chosen extra is not offered for this item.',
  },
  topping_group_min: {
    de: 'Für einen Artikel fehlt noch eine Pflichtauswahl.',
    en: 'An item still needs a required choice.',
  },
  topping_group_max: {
    de: 'Für einen Artikel wurden zu viele Extras gewählt.',
    en: 'Too many extras were chosen for an item.',
  },
  invalid_quantity: {
    de: 'Die Menge muss zwischen 1 und 99 liegen.',
    en: 'The quantity must be between 1 and 99.',
  },
  note_too_long: {
    de: 'Die Anmerkung darf höchstens 500 Zeichen lang sein.',
    en: 'The note may be at most 500 characters long.',
  },
  address_required: {
    de: 'Bitte geben Sie eine Adresse an.',
    en: 'Please give an address.',
  },
  unknown_address: {
    de: 'Diese Adresse ist nicht gespeichert.',
    en: 'This address is not saved.',
  },
  payment_method_unavailable: {
    de: 'Diese Zahlungsart ist derzeit nicht verfügbar. Bitte zahlen Sie bar.',
    en: 'This payment method is not available at the moment. Please pay in cash.',
  },
  idempotency_key_required: {
    de: 'Der Header Idempotency-Key fehlt.',
    en: 'The Idempotency-Key header is missing.',
  },
  idempotency_key_reused: {
    de: 'Dieser Idempotency-Key wurde schon für eine andere Bestellung verwendet.',
    en: 'This Idempotency-Key was already used for a different order.',
  },
  order_already_decided: {
    de: 'Über diese Bestellung wurde bereits entschieden.',
    en: 'This order has already been decided.',
  },
  invalid_transition: {
    de: 'Diese Bestellung kann in ihrem jetzigen Zustand nicht so geändert werden.',
    en: 'This order cannot be changed like that in its current state.',
  },
  order_total_too_high: {
    de: 'Eine so große Bestellung nehmen wir online nicht an. Bitte rufen Sie uns dafür an.',
    en: 'We do not take an order this large online. Please call us for it.',
  },
  eta_required: {
    de: 'Bitte geben Sie an, in wie vielen Minuten die Bestellung fertig ist.',
    en: 'Please give the minutes until the order is ready.',
  },
  too_many_orders: {
    de: 'Von hier wurden gerade sehr viele Bestellungen aufgegeben. Bitte versuchen Sie es später erneut oder rufen Sie uns an.',
    en: 'Very many orders have just been placed from here. Please try again later or call us.',
  },
  payment_declined: {
    de: 'Ihre Zahlungsart wurde abgelehnt. Bitte wählen Sie eine andere.',
    en: 'Your payment method was declined. Please try another.',
  },
  payment_insufficient_funds: {
    de: 'Das Guthaben Ihres Kontos reicht für diese Zahlung nicht aus. Bitte wählen Sie eine andere Zahlungsart.',
    en: 'There is not enough balance in your account for this payment. Please choose another payment method.',
  },
  payment_card_expired: {
    de: 'Ihre Karte ist abgelaufen. Bitte wählen Sie eine andere Zahlungsart.',
    en: 'Your card has expired. Please use a different payment method.',
  },
  payment_not_approved: {
    de: 'Bitte schließen Sie zuerst die Zahlung mit PayPal ab.',
    en: 'Please complete the PayPal payment first.',
  },
  payment_not_completed: {
    de: 'Die Zahlung wurde nicht erfolgreich abgeschlossen.',
    en: 'Payment was not completed successfully.',
  },
  payment_failed: {
    de: 'Die Zahlung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    en: 'Payment failed. Please try again.',
  },
  payment_error: {
    de: 'Bei der Zahlung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    en: 'An error occurred during payment. Please try again.',
  },
  order_not_payable: {
    de: 'Für diese Bestellung ist keine Zahlung (mehr) offen.',
    en: 'There is no payment (left) to make for this order.',
  },
  order_expired: {
    de: 'Diese Bestellung wurde nicht rechtzeitig bezahlt und ist verfallen. Eine Zahlung dafür erstatten wir vollständig.',
    en: 'This order was not paid in time and has expired. Any payment for it is refunded in full.',
  },
  refund_not_possible: {
    de: 'Für diese Bestellung gibt es nichts zu erstatten.',
    en: 'There is nothing to refund for this order.',
  },
};

const STATUS: Partial<Record<OrderErrorCode, number>> = {
  idempotency_key_required: 400,
  idempotency_key_reused: 409,
  order_already_decided: 409,
  invalid_transition: 409,
  slot_full: 409,
  too_many_orders: 429,
  order_not_payable: 409,
  order_expired: 409,
  refund_not_possible: 409,
  payment_error: 503,
};

/**
 * An order refused with its stable code: 422 for a checkout that cannot be taken, 400/409 as listed.
 * `message` replaces the standard text when there is more to say (who decided the order, and when).
 */
export function orderError(code: OrderErrorCode, message?: LocalizedText): HttpError {
  return new HttpError(STATUS[code] ?? 422, code, message ?? MESSAGES[code]);
}

export const ORDER_NOT_FOUND = new HttpError(404, 'order_not_found', {
  de: 'Diese Bestellung gibt es nicht.',
  en: 'This order does not exist.',
});

/** What someone did to an order, in a sentence naming them and the time (already in the store's zone). */
const DONE: Record<
  Exclude<OrderStatus, 'pending_payment' | 'waiting'>,
  Record<Language, (who: string, time: string) => string>
> = {
  accepted: {
    de: (who, time) => `${who} hat diese Bestellung um ${time} angenommen.`,
    en: (who, time) => `${who} accepted this order at ${time}.`,
  },
  rejected: {
    de: (who, time) => `${who} hat diese Bestellung um ${time} abgelehnt.`,
    en: (who, time) => `${who} rejected this order at ${time}.`,
  },
  ready: {
    de: (who, time) => `${who} hat diese Bestellung um ${time} als fertig gemeldet.`,
    en: (who, time) => `${who} marked this order as ready at ${time}.`,
  },
  completed: {
    de: (who, time) => `${who} hat diese Bestellung um ${time} abgeschlossen.`,
    en: (who, time) => `${who} completed this order at ${time}.`,
  },
  cancelled: {
    de: (who, time) => `${who} hat diese Bestellung um ${time} storniert.`,
    en: (who, time) => `${who} cancelled this order at ${time}.`,
  },
  expired: {
    de: (_who, time) => `Diese Bestellung ist um ${time} verfallen, weil sie nicht bezahlt wurde.`,
    en: (_who, time) => `This order expired at ${time} because it was not paid.`,
  },
};

const SOMEONE: LocalizedText = { de: 'Jemand aus dem Team', en: 'A staff member' };

function clockTime(at: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}

/**
 * The message for a change that lost to an earlier one: who gave the order its current status, and at
 * what time in the store's zone (e.g. "Maria Rossi accepted this order at 18:07."). `event` is the
 * order's last history entry when it gave the current status; null when the history does not tell
 * (the standard message of the code applies then).
 */
export function whoChangedIt(
  status: OrderStatus,
  event: { kind: 'customer' | 'guest' | 'staff' | 'system'; at: Date; name: string | null } | null,
  timeZone: string,
): LocalizedText | null {
  if (status === 'pending_payment') {
    return { de: 'Diese Bestellung wartet noch auf die Zahlung.', en: 'This order is still waiting for its payment.' };
  }
  if (status === 'waiting') {
    return { de: 'Diese Bestellung ist noch nicht angenommen.', en: 'This order has not been accepted yet.' };
  }
  if (!event) return null;
  const time = (language: Language) => clockTime(event.at, language, timeZone);
  if (event.kind === 'system' && status !== 'expired') {
    return {
      de: `Diese Bestellung wurde um ${time('de')} automatisch abgelehnt, weil niemand rechtzeitig geantwortet hat.`,
      en: `This order was rejected automatically at ${time('en')} because nobody answered in time.`,
    };
  }
  const done = DONE[status];
  return {
    de: done.de(event.name ?? SOMEONE.de, time('de')),
    en: done.en(event.name ?? SOMEONE.en, time('en')),
  };
}
