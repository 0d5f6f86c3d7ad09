import type { LocalizedText } from './catalogue.ts';
import type { OrderErrorCode } from './orders.ts';
import type { VoucherRefusal } from '../vouchers.ts';

/**
 * Why a voucher code does not apply, in words: the cart and the checkout say it under the code field, and
 * the server refuses an order with it. Wordings that need a figure (the minimum) get it from the client.
 */
export const VOUCHER_REFUSAL_TEXTS: Record<VoucherRefusal, LocalizedText> = {
  voucher_unknown: {
    de: 'Diesen Gutscheincode gibt es nicht (oder nicht mehr).',
    en: 'This voucher code does not exist (or no longer does).',
  },
  voucher_not_yet_valid: {
    de: 'Dieser Gutschein gilt noch nicht.',
    en: 'This voucher is not valid yet.',
  },
  voucher_expired: {
    de: 'Dieser Gutschein ist abgelaufen.',
    en: 'This voucher has expired.',
  },
  voucher_minimum_not_reached: {
    de: 'Der Mindestbestellwert für diesen Gutschein ist noch nicht erreicht.',
    en: 'The minimum order for this voucher has not been reached yet.',
  },
  voucher_wrong_order_type: {
    de: 'Dieser Gutschein gilt nicht für diese Bestellart.',
    en: 'This voucher is not valid for this order type.',
  },
  voucher_used_up: {
    de: 'Dieser Gutschein ist bereits aufgebraucht.',
    en: 'This voucher has been used up.',
  },
  voucher_limit_reached: {
    de: 'Sie haben diesen Gutschein bereits so oft eingelöst, wie er gilt.',
    en: 'You have already redeemed this voucher as often as it allows.',
  },
  voucher_first_order_only: {
    de: 'Dieser Gutschein gilt nur für die erste Bestellung.',
    en: 'This voucher is only valid for a first order.',
  },
  voucher_not_combinable: {
    de: 'Dieser Gutschein ist nicht mit dem Rabatt kombinierbar, und der Rabatt ist höher. Sie erhalten den Rabatt.',
    en: 'This voucher does not combine with the discount, and the discount is larger. You get the discount.',
  },
};

/**
 * What the customer is told for each order refusal, in both languages: the one wording of each code.
 * The server answers with it and the checkout shows it (for the checkout's and the order page's own
 * words: docs/product/shop.md), so a new code without its text does not compile.
 * Only the lazy screens import it, so it stays out of the menu's first load.
 */
export const ORDER_ERROR_TEXTS: Record<OrderErrorCode, LocalizedText> = {
  store_closed: {
    de: 'Das Restaurant hat gerade geschlossen. Bitte wählen Sie eine andere Zeit.',
    en: 'The restaurant has just closed. Please choose another time.',
  },
  invalid_time_slot: {
    de: 'Diese Zeit ist nicht mehr möglich. Bitte wählen Sie eine andere Zeit.',
    en: 'This time is no longer possible. Please choose another time.',
  },
  slot_full: {
    de: 'Diese Zeit ist inzwischen ausgebucht. Bitte wählen Sie eine andere Zeit.',
    en: 'This time is fully booked now. Please choose another time.',
  },
  postcode_not_delivered: {
    de: 'In diese Postleitzahl liefern wir leider nicht.',
    en: 'Sorry, we do not deliver to this postcode.',
  },
  postcode_required: {
    de: 'Bitte wählen Sie die Postleitzahl für die Lieferung.',
    en: 'Please choose the postcode for delivery.',
  },
  below_minimum_order: {
    de: 'Der Mindestbestellwert für Ihre Postleitzahl ist noch nicht erreicht.',
    en: 'The minimum order for your postcode has not been reached yet.',
  },
  unknown_product: {
    de: 'Ein Gericht in Ihrem Warenkorb gibt es nicht mehr. Bitte prüfen Sie Ihren Warenkorb.',
    en: 'A dish in your cart no longer exists. Please check your cart.',
  },
  product_unavailable: {
    de: 'Ein Gericht in Ihrem Warenkorb ist gerade nicht verfügbar. Bitte entfernen Sie es.',
    en: 'A dish in your cart is not available right now. Please remove it.',
  },
  variant_required: {
    de: 'Bitte wählen Sie für jedes Gericht eine Größe.',
    en: 'Please choose a size for every dish.',
  },
  invalid_variant: {
    de: 'Eine gewählte Größe passt nicht mehr zum Gericht. Bitte bearbeiten Sie die Position.',
    en: 'A chosen size no longer fits its dish. Please edit the line.',
  },
  invalid_topping: {
    de: 'Ein gewähltes Extra gibt es für dieses Gericht nicht mehr. Bitte bearbeiten Sie die Position.',
    en: 'A chosen extra is no longer offered for its dish. Please edit the line.',
  },
  topping_sold_out: {
    de: 'Ein gewähltes Extra ist heute ausverkauft. Bitte bearbeiten Sie die Position.',
    en: 'A chosen extra is sold out today. Please edit the line.',
  },
  topping_group_min: {
    de: 'Bei einem Gericht fehlt noch eine Pflichtauswahl. Bitte bearbeiten Sie die Position.',
    en: 'A dish is missing a required choice. Please edit the line.',
  },
  topping_group_max: {
    de: 'Bei einem Gericht sind zu viele Extras gewählt. Bitte bearbeiten Sie die Position.',
    en: 'A dish has too many extras. Please edit the line.',
  },
  invalid_quantity: {
    de: 'Jede Position braucht eine Menge zwischen 1 und 99.',
    en: 'Every line needs a quantity between 1 and 99.',
  },
  note_too_long: {
    de: 'Die Anmerkung darf höchstens 500 Zeichen lang sein.',
    en: 'The note may be at most 500 characters long.',
  },
  address_required: {
    de: 'Bitte geben Sie eine Lieferadresse an.',
    en: 'Please give a delivery address.',
  },
  unknown_address: {
    de: 'Diese Adresse wurde nicht gefunden. Bitte wählen Sie eine andere.',
    en: 'This address was not found. Please choose another one.',
  },
  payment_method_unavailable: {
    de: 'Diese Zahlungsart ist gerade nicht möglich. Bitte wählen Sie Barzahlung.',
    en: 'This payment method is not possible right now. Please choose cash.',
  },
  idempotency_key_required: {
    de: 'Die Bestellung konnte nicht zugeordnet werden. Bitte versuchen Sie es erneut.',
    en: 'The order could not be matched. Please try again.',
  },
  idempotency_key_reused: {
    de: 'Diese Bestellung wurde schon mit anderen Angaben gesendet. Bitte laden Sie die Seite neu.',
    en: 'This order was already sent with other details. Please reload the page.',
  },
  order_already_decided: {
    de: 'Über diese Bestellung hat das Restaurant bereits entschieden.',
    en: 'The restaurant has already decided on this order.',
  },
  invalid_transition: {
    de: 'Diese Bestellung kann in ihrem jetzigen Zustand nicht so geändert werden.',
    en: 'This order cannot be changed like that in its current state.',
  },
  order_total_too_high: {
    de: 'So große Bestellungen nehmen wir online nicht an. Bitte rufen Sie uns dafür an.',
    en: 'We do not take orders this large online. Please call us for it.',
  },
  too_many_orders: {
    de: 'Von hier wurden gerade sehr viele Bestellungen aufgegeben. Bitte versuchen Sie es später erneut.',
    en: 'Very many orders have just been placed from here. Please try again later.',
  },
  eta_required: {
    de: 'Bitte geben Sie an, in wie vielen Minuten die Bestellung fertig ist.',
    en: 'Please give the minutes until the order is ready.',
  },
  payment_declined: {
    de: 'Ihre Zahlungsart wurde abgelehnt. Bitte wählen Sie eine andere.',
    en: 'Your payment method was declined. Please try another.',
  },
  payment_insufficient_funds: {
    de: 'Auf Ihrem Konto ist nicht genug Guthaben. Bitte wählen Sie eine andere Zahlungsquelle.',
    en: 'There is not enough balance in your account. Please choose another funding source.',
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
    de: 'Für diese Bestellung ist keine Zahlung offen: Sie ist bezahlt, oder ihre Zahlung wird noch geprüft.',
    en: 'Nothing is left to pay for this order: it is paid, or its payment is still being checked.',
  },
  order_expired: {
    de: 'Diese Bestellung ist abgelaufen, weil sie nicht innerhalb von 30 Minuten bezahlt wurde. Wurde dennoch etwas abgebucht, erstatten wir es vollständig.',
    en: 'This order has expired because it was not paid within 30 minutes. If anything was charged all the same, it is refunded in full.',
  },
  refund_not_possible: {
    de: 'Für diese Bestellung gibt es nichts zu erstatten.',
    en: 'There is nothing to refund for this order.',
  },
  invalid_half: {
    de: 'Diese zwei Hälften passen nicht zusammen. Bitte stellen Sie die Pizza neu zusammen.',
    en: 'These two halves do not go together. Please put the pizza together again.',
  },
  ...VOUCHER_REFUSAL_TEXTS,
};
