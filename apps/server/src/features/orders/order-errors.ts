import {
  localeFor,
  ORDER_ERROR_TEXTS,
  type Language,
  type LocalizedText,
  type OrderErrorCode,
  type OrderStatus,
} from '@pizzeria/domain';
import { HttpError } from '../../plugins/errors.ts';

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
  return new HttpError(STATUS[code] ?? 422, code, message ?? ORDER_ERROR_TEXTS[code]);
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
  if ((event.kind === 'customer' || event.kind === 'guest') && status === 'cancelled') {
    // The customer's one step that may beat staff: calling the order off before anyone answered it.
    return {
      de: `Der Kunde hat diese Bestellung um ${time('de')} storniert.`,
      en: `The customer cancelled this order at ${time('en')}.`,
    };
  }
  const done = DONE[status];
  return {
    de: done.de(event.name ?? SOMEONE.de, time('de')),
    en: done.en(event.name ?? SOMEONE.en, time('en')),
  };
}
