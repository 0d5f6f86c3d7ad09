import { defineTranslations } from '../../i18n/define.ts';
import { PAYMENT_ERROR_CODES, type PaymentErrorCode } from '@pizzeria/domain';

/**
 * Everything a buyer can be told about a payment (docs/product/shop.md: payment outcomes and messages): the server's codes,
 * and what the browser learns itself: PayPal's window was closed (`cancelled`), the capture waits for
 * PayPal (`pending`), the PayPal script failed (`error`).
 */
export const PAYMENT_MESSAGE_CODES = [...PAYMENT_ERROR_CODES, 'cancelled', 'pending', 'error'] as const;
export type PaymentMessageCode = (typeof PAYMENT_MESSAGE_CODES)[number];

const errorsDe = {
  payment_declined: 'Ihre Zahlungsart wurde abgelehnt. Bitte wählen Sie eine andere.',
  payment_insufficient_funds: 'Auf Ihrem Konto ist nicht genug Guthaben. Bitte wählen Sie eine andere Zahlungsquelle.',
  payment_card_expired: 'Ihre Karte ist abgelaufen. Bitte wählen Sie eine andere Zahlungsart.',
  payment_not_approved: 'Bitte schließen Sie zuerst die Zahlung mit PayPal ab.',
  payment_not_completed: 'Die Zahlung wurde nicht erfolgreich abgeschlossen.',
  payment_failed: 'Die Zahlung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  payment_error: 'Bei der Zahlung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  order_not_payable:
    'Für diese Bestellung ist keine Zahlung offen: Sie ist bezahlt, oder ihre Zahlung wird noch geprüft.',
  order_expired:
    'Diese Bestellung ist abgelaufen, weil sie nicht innerhalb von 30 Minuten bezahlt wurde. Wurde dennoch etwas abgebucht, erstatten wir es vollständig.',
} satisfies Record<PaymentErrorCode, string>;

const errorsEn = {
  payment_declined: 'Your payment method was declined. Please try another.',
  payment_insufficient_funds: 'There is not enough balance in your account. Please choose another funding source.',
  payment_card_expired: 'Your card has expired. Please use a different payment method.',
  payment_not_approved: 'Please complete the PayPal payment first.',
  payment_not_completed: 'Payment was not completed successfully.',
  payment_failed: 'Payment failed. Please try again.',
  payment_error: 'An error occurred during payment. Please try again.',
  order_not_payable: 'Nothing is left to pay for this order: it is paid, or its payment is still being checked.',
  order_expired:
    'This order has expired because it was not paid within 30 minutes. If anything was charged all the same, it is refunded in full.',
} satisfies Record<PaymentErrorCode, string>;

/** The server codes' texts, also part of the checkout's order errors (`checkout/locales.ts`). */
export const paymentErrorTexts = { de: errorsDe, en: errorsEn };

/** Texts of paying online (lazy chunks: the checkout and the order page register them). */
export const paymentsTexts = defineTranslations(
  {
    messages: {
      ...errorsDe,
      cancelled: 'Die Zahlung wurde abgebrochen.',
      pending: 'Ihre Zahlung wird noch geprüft. Bitte warten Sie auf die Bestätigung.',
      error: 'Bei der Zahlung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    } satisfies Record<PaymentMessageCode, string>,
    paypal: {
      label: 'Mit PayPal bezahlen',
      loading: 'PayPal wird geladen …',
      load_error: 'PayPal konnte nicht geladen werden. Bitte laden Sie die Seite neu oder bezahlen Sie bar.',
      processing: 'Ihre Zahlung wird abgeschlossen …',
      retry_hint: 'Sie können es mit dem PayPal-Button noch einmal versuchen oder stattdessen bar bezahlen.',
      pay_cash: 'Stattdessen bar bezahlen',
      pay_cash_busy: 'Wird auf Barzahlung umgestellt …',
    },
  },
  {
    messages: {
      ...errorsEn,
      cancelled: 'Payment was cancelled.',
      pending: 'Your payment is pending. Please wait for confirmation.',
      error: 'An error occurred during payment. Please try again.',
    },
    paypal: {
      label: 'Pay with PayPal',
      loading: 'Loading PayPal …',
      load_error: 'PayPal could not be loaded. Please reload the page or pay cash instead.',
      processing: 'Completing your payment …',
      retry_hint: 'You can try again with the PayPal button, or pay cash instead.',
      pay_cash: 'Pay cash instead',
      pay_cash_busy: 'Switching to cash …',
    },
  },
);
