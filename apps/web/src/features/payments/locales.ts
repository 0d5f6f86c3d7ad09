import { ORDER_ERROR_TEXTS, PAYMENT_ERROR_CODES, type PaymentErrorCode } from '@pizzeria/domain';
import { defineTranslations } from '../../i18n/define.ts';
import { inLanguage } from '../../i18n/in-language.ts';

/**
 * Everything a buyer can be told about a payment (docs/product/shop.md: payment outcomes and messages): the server's codes,
 * and what the browser learns itself: PayPal's window was closed (`cancelled`), the capture waits for
 * PayPal (`pending`), the PayPal script failed (`error`).
 */
export const PAYMENT_MESSAGE_CODES = [...PAYMENT_ERROR_CODES, 'cancelled', 'pending', 'error'] as const;
export type PaymentMessageCode = (typeof PAYMENT_MESSAGE_CODES)[number];

/** The server's payment codes, worded once in the domain with the other order refusals. */
const paymentErrors = (language: 'de' | 'en'): Record<PaymentErrorCode, string> => {
  const all = inLanguage(ORDER_ERROR_TEXTS, language);
  const words: Partial<Record<PaymentErrorCode, string>> = {};
  for (const code of PAYMENT_ERROR_CODES) words[code] = all[code];
  return words as Record<PaymentErrorCode, string>;
};

/** Texts of paying online (lazy chunks: the checkout and the order page register them). */
export const paymentsTexts = defineTranslations(
  {
    messages: {
      ...paymentErrors('de'),
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
      ...paymentErrors('en'),
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
